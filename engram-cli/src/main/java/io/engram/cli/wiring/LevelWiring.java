package io.engram.cli.wiring;

import io.engram.cli.global.GlobalOptions;
import io.engram.levels.ContextLevelKeeper;
import io.engram.memory.MemoryStores;
import java.io.IOException;
import java.time.Clock;

/** Builds the {@link ContextLevelKeeper} the command line uses, over the same memory, notes and model as the hooks. */
public final class LevelWiring {
  private LevelWiring() {}

  /** The keeper for the project of {@code global}, its model routed on session {@code sessionId}'s ledger. */
  public static ContextLevelKeeper keeper(GlobalOptions global, String sessionId) throws IOException {
    return new ContextLevelKeeper(global.settings(), Models.router(global, sessionId), global.roots().engramHome(),
        MemoryStores.locate(global.roots(), global.settings()), global.instructionLoader()::load, Clock.systemUTC());
  }
}
