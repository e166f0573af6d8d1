package io.engram.cli.wiring;

import io.engram.Engram;
import io.engram.cli.global.GlobalOptions;
import io.engram.model.CostGovernor;
import io.engram.model.ModelRouter;
import io.engram.modeladapters.ModelFactory;
import io.engram.config.EngramSettings;
import java.nio.file.Path;
import java.util.Map;

/**
 * The one place a command obtains the configured model: a {@link ModelRouter} built from the
 * settings of the resolved home and the environment ({@code ENGRAM_MODEL}, {@code ANTHROPIC_API_KEY},
 * {@code OPENAI_BASE_URL}, {@code OPENAI_API_KEY}).
 */
public final class Models {
  private Models() {}

  /** The router for {@code sessionId}; offline when nothing is configured, never failing on a bad configuration. */
  public static ModelRouter router(GlobalOptions global, String sessionId) {
    return router(global, global.environment(), sessionId);
  }

  /** The router for work started from the command line itself. */
  public static ModelRouter router(GlobalOptions global) {
    return router(global, Engram.COMMAND_LINE_SESSION);
  }

  static ModelRouter router(GlobalOptions global, Map<String, String> env, String sessionId) {
    return router(global.settings(), global.roots().engramHome(), env, sessionId);
  }

  /** The router for {@code sessionId} of a process that has no command line (the resident service). */
  public static ModelRouter router(EngramSettings settings, Path engramHome, Map<String, String> env,
      String sessionId) {
    return ModelFactory.router(settings, engramHome, env, sessionId);
  }

  /** The governor over the usage ledger in the resolved home. */
  public static CostGovernor governor(GlobalOptions global) {
    return new CostGovernor(global.roots().engramHome(), global.settings().governor());
  }
}
