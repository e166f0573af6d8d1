package io.engram.hooks;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.instructions.InstructionLoader;
import io.engram.levels.ContextLevelKeeper;
import io.engram.memory.MemoryLocation;
import io.engram.model.ModelRouter;
import io.engram.tokens.JtokkitTokenCounter;
import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * The context levels in Claude Code's hooks ({@link ContextLevelKeeper}): after a Stop the window is read and
 * acted on (notes at 60%, a prepared compaction at 80% and again at 92%); the next UserPromptSubmit tells the
 * agent, once, how full the window is and how many turns are left; a PreCompact marks the prepared summary for
 * the restart, and the SessionStart after the compaction hands it over. Claude Code runs {@code /compact}
 * itself, so that is what the notice asks for.
 */
final class WindowLevels {
  private final ContextLevelKeeper keeper;

  WindowLevels(EngramRoots roots, MemoryLocation memory, EngramSettings settings, ModelRouter router, Clock clock) {
    InstructionLoader instructions = new InstructionLoader(settings.instructions(), roots, new JtokkitTokenCounter());
    this.keeper = new ContextLevelKeeper(settings, router, roots.engramHome(), memory, instructions::load, clock);
  }

  /**
   * After a Stop: acts on the window of the session's transcript, as the hook read it, when it is the
   * session's own. A state that stays locked is a log line: the levels are acted on at the next Stop.
   */
  void afterStop(HookInput input, Optional<SessionTranscript> read, List<String> log) throws IOException {
    Optional<SessionTranscript> transcript = read.filter(t -> t.sessionId().equals(input.sessionId()));
    if (transcript.isPresent()) {
      try {
        keeper.afterTurn(transcript.get().file(), transcript.get().sessionId(), "/compact")
            .ifPresent(outcome -> log.addAll(outcome.log()));
      } catch (IOException e) {
        log.add("context level not acted on: " + e.getMessage());
      }
    }
  }

  /** The notice for the prompt being submitted, once; a locked state only delays it to the next prompt. */
  Optional<String> notice(String sessionId, List<String> log) {
    try {
      return keeper.takeNotice(sessionId);
    } catch (IOException e) {
      log.add("context level notice left for the next prompt: " + e.getMessage());
      return Optional.empty();
    }
  }

  /** Before Claude Code compacts: the prepared summary waits for the restart. */
  void compactionStarting(String sessionId, List<String> log) {
    try {
      if (keeper.compactionStarting(sessionId)) {
        log.add("the compaction Engram prepared is handed to the session's restart");
      }
    } catch (IOException e) {
      log.add("prepared compaction not handed over: " + e.getMessage());
    }
  }

  /** At a SessionStart after a compaction: the prepared summary, once. */
  Optional<String> handover(HookInput input, List<String> log) {
    if (input.source().filter("compact"::equals).isEmpty()) {
      return Optional.empty();
    }
    try {
      return keeper.takeHandover(input.sessionId());
    } catch (IOException e) {
      log.add("prepared compaction not handed over: " + e.getMessage());
      return Optional.empty();
    }
  }
}
