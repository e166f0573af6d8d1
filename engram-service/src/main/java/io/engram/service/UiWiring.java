package io.engram.service;

import io.engram.Engram;
import io.engram.config.UiSettings;
import io.engram.recall.MemoryRecall;
import io.engram.service.wiring.RecallWiring;
import io.engram.ui.UiProject;
import io.engram.ui.WebUi;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Builds the web UI the resident service mounts: each request's project is its {@link Engram}, built as for every
 * other surface (the settings as the file says now, topic files parsed once while unchanged), its model use booked
 * on the UI's own session; a person's search goes through {@link RecallWiring#search}.
 */
public final class UiWiring {
  /** Opens the Engram of a project directory for one request. */
  @FunctionalInterface
  public interface Projects {
    /** The Engram of the project at {@code directory}, its model use booked on {@code session}. */
    Engram open(Path directory, String session) throws IOException;
  }

  /** The session id the UI's model calls are counted under. */
  static final String SESSION = "web-ui";

  private UiWiring() {}

  /**
   * The UI over the projects {@code projects} opens; login codes are made for callers whose {@code Authorization}
   * header {@code serviceAuthorization} accepts.
   */
  public static WebUi webUi(Projects projects, Predicate<String> serviceAuthorization, Consumer<String> log) {
    UiProject.Opener opener = dir -> new OpenedProject(projects.open(dir, SESSION));
    return new WebUi(opener, serviceAuthorization, UiSettings.DEFAULTS, Clock.systemUTC(), log);
  }

  /** One project opened for one request. */
  private record OpenedProject(Engram engram) implements UiProject {
    @Override
    public MemoryRecall search(int results) {
      return RecallWiring.search(engram.roots(), engram.settings(), engram.memory(), results);
    }
  }
}
