package io.engram;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.history.PastSessions;
import io.engram.instructions.InstructionLoader;
import io.engram.memory.ProjectMemory;
import io.engram.model.ModelRouter;
import io.engram.recall.MemoryRecall;
import io.engram.recall.SearchIndex;
import io.engram.tokens.JtokkitTokenCounter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Function;

/**
 * The parts of an {@link Engram} made the first time they are asked for and kept: the model client of the builder's
 * session, recall, past sessions and the instruction files' loader. A command that only lists memories builds no
 * model client and no recall. Thread-safe.
 */
final class MadeOnFirstUse {
  private final EngramRoots roots;
  private final EngramSettings settings;
  private final ProjectMemory memory;
  private final String session;
  private final Function<String, ModelRouter> models;
  private final Engram.RecallFactory recalls;
  private final Function<Path, SearchIndex> sessionIndexes;
  private ModelRouter router;
  private MemoryRecall recall;
  private InstructionLoader instructions;
  private PastSessions history;

  MadeOnFirstUse(EngramRoots roots, EngramSettings settings, ProjectMemory memory, String session,
      Function<String, ModelRouter> models, Engram.RecallFactory recalls, Function<Path, SearchIndex> sessionIndexes) {
    this.roots = roots;
    this.settings = settings;
    this.memory = memory;
    this.session = session;
    this.models = models;
    this.recalls = recalls;
    this.sessionIndexes = sessionIndexes;
  }

  synchronized MemoryRecall recall() {
    if (recall == null) {
      recall = recalls.open(memory, router())
          .waitingForTheSession(Duration.ofMillis(settings.hooks().sessionLockWaitMillis()));
    }
    return recall;
  }

  synchronized ModelRouter router() {
    if (router == null) {
      router = models.apply(session);
    }
    return router;
  }

  ModelRouter router(String sessionId) {
    return sessionId.equals(session) ? router() : models.apply(sessionId);
  }

  synchronized PastSessions history() {
    if (history == null) {
      history = new PastSessions(memory, roots, sessionIndexes, settings.recall());
    }
    return history;
  }

  synchronized InstructionLoader instructions() {
    if (instructions == null) {
      instructions = new InstructionLoader(settings.instructions(), roots, new JtokkitTokenCounter());
    }
    return instructions;
  }
}
