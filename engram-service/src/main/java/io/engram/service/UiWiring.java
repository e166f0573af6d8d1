package io.engram.service;

import io.engram.service.wiring.RecallWiring;
import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.dream.Dream;
import io.engram.instructions.InstructionLoader;
import io.engram.memory.MemoryFileCache;
import io.engram.memory.MemoryStores;
import io.engram.memory.ProjectMemory;
import io.engram.modeladapters.ModelFactory;
import io.engram.model.CostGovernor;
import io.engram.recall.MemoryRecall;
import io.engram.tokens.JtokkitTokenCounter;
import io.engram.ui.UiProject;
import io.engram.ui.WebUi;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
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

  /** The session id the UI's model calls are counted under. */
  static final String SESSION = "web-ui";

  private UiWiring() {}

  /**
   * The UI over the projects {@code roots} locates, with the settings {@code settings} reads; login codes are
   * made for callers whose {@code Authorization} header {@code serviceAuthorization} accepts.
   */
  public static WebUi webUi(Function<Path, EngramRoots> roots, Settings settings, Map<String, String> environment,
      Predicate<String> serviceAuthorization, Consumer<String> log) {
    MemoryFileCache parsed = new MemoryFileCache();
    UiProject.Opener opener = dir -> {
      EngramRoots r = roots.apply(dir);
      EngramSettings s = settings.get();
      return new OpenedProject(r, s, MemoryStores.open(r, s, Clock.systemUTC(), Dream.sessionCounter(), parsed),
          environment);
    };
    return new WebUi(opener, serviceAuthorization, EngramSettings.Ui.DEFAULTS, Clock.systemUTC(), log);
  }

  /** One project opened for one request. */
  private record OpenedProject(EngramRoots roots, EngramSettings settings, ProjectMemory memory,
      Map<String, String> environment) implements UiProject {
    @Override
    public Path directory() {
      return roots.projectDir();
    }

    @Override
    public Path engramHome() {
      return roots.engramHome();
    }

    // As engram dream builds it: the configured model (this UI's own session in the usage ledger), and vectors for
    // near-duplicates by meaning unless recall.vectors is NEVER.
    @Override
    public Dream dream() {
      return new Dream(roots, settings, ModelFactory.router(settings, roots.engramHome(), environment, SESSION),
          Clock.systemUTC(), RecallWiring.embedder(roots.engramHome(), settings.recall(), RecallWiring.Caller.SERVICE));
    }

    @Override
    public InstructionLoader instructions() {
      return new InstructionLoader(settings.instructions(), roots, new JtokkitTokenCounter());
    }

    @Override
    public CostGovernor usage() {
      return new CostGovernor(roots.engramHome(), settings.governor());
    }

    @Override
    public MemoryRecall search(int results) {
      return RecallWiring.search(roots, settings, memory, results);
    }
  }
}
