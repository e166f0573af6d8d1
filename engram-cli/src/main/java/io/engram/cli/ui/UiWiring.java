package io.engram.cli.ui;

import io.engram.cli.wiring.RecallWiring;
import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.dream.Dream;
import io.engram.memory.MemoryFileCache;
import io.engram.memory.MemoryStores;
import io.engram.memory.ProjectMemory;
import io.engram.recall.MemoryRecall;
import io.engram.ui.UiProject;
import io.engram.ui.WebUi;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Builds the web UI the resident service mounts: each request's project opened as the command line opens it
 * (the settings as the file says now, the memory through {@link MemoryStores} with the dream's session counter,
 * recall through {@link RecallWiring#search}), topic files parsed once while unchanged.
 */
public final class UiWiring {
  /** The settings as they are now; reading them may fail. */
  @FunctionalInterface
  public interface Settings {
    /** The settings in force. */
    EngramSettings get() throws IOException;
  }

  private UiWiring() {}

  /**
   * The UI over the projects {@code roots} locates, with the settings {@code settings} reads; login codes are
   * made for callers whose {@code Authorization} header {@code serviceAuthorization} accepts.
   */
  public static WebUi webUi(Function<Path, EngramRoots> roots, Settings settings,
      Predicate<String> serviceAuthorization, Consumer<String> log) {
    MemoryFileCache parsed = new MemoryFileCache();
    UiProject.Opener opener = dir -> {
      EngramRoots r = roots.apply(dir);
      EngramSettings s = settings.get();
      return new OpenedProject(r, s, MemoryStores.open(r, s, Clock.systemUTC(), Dream.sessionCounter(), parsed));
    };
    return new WebUi(opener, serviceAuthorization, EngramSettings.Ui.DEFAULTS, Clock.systemUTC(), log);
  }

  /** One project opened for one request. */
  private record OpenedProject(EngramRoots roots, EngramSettings settings, ProjectMemory memory) implements UiProject {
    @Override
    public Path directory() {
      return roots.projectDir();
    }

    @Override
    public MemoryRecall search(int results) {
      return RecallWiring.search(roots, settings, memory, results);
    }
  }
}
