package io.engram.levels;

import io.engram.compaction.CompactionResult;
import io.engram.compaction.RestartContext;
import io.engram.compaction.SessionCompaction;
import io.engram.config.EngramSettings;
import io.engram.context.ContextLevel;
import io.engram.context.ContextReading;
import io.engram.context.ContextTally;
import io.engram.context.LevelAction;
import io.engram.context.LevelActions;
import io.engram.context.LevelAdvice;
import io.engram.fs.SessionStateFile;
import io.engram.instructions.LoadedInstructions;
import io.engram.memory.MemoryLocation;
import io.engram.model.ModelRouter;
import io.engram.notes.NotesUpdate;
import io.engram.notes.SessionNotesKeeper;
import io.engram.notes.StoredNotes;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What a session does as its window fills, the one entry point the hooks, {@code engram compact --when-due}
 * and the MCP {@code compact} tool share: after a turn it reads how full the window is ({@link ContextReading})
 * and, the first time the current segment reaches a level, does what {@link LevelActions} says: the session
 * notes brought up to date ({@link SessionNotesKeeper}, forced), a compaction computed and kept
 * ({@link SessionCompaction}, as an automatic one; again at the critical level, so it covers the turns since),
 * and a notice kept for the agent's next prompt with the turns left. The notice and the prepared summary are
 * handed out once each.
 */
public final class ContextLevelKeeper {
  /** How long a call waits for another call of the same session. */

  private final EngramSettings settings;
  private final Path home;
  private final SessionNotesKeeper notes;
  private final SessionCompaction compaction;
  private final PreparedStore prepared;
  private final LevelActions policy;
  private final Clock clock;

  /**
   * A keeper.
   *
   * @param settings the levels, turn estimates, notes and compaction settings
   * @param router the configured model or the offline engine, for the notes and the compaction
   * @param engramHome where the session's state, notes and prepared compaction are kept
   * @param memory the memory directories (turns that wrote memory are marked in the notes)
   * @param instructions the instruction files a compaction re-injects
   * @param clock for the times written
   */
  public ContextLevelKeeper(EngramSettings settings, ModelRouter router, Path engramHome, MemoryLocation memory,
      Supplier<LoadedInstructions> instructions, Clock clock) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.home = Objects.requireNonNull(engramHome, "engramHome");
    this.notes = SessionNotesKeeper.forProject(settings, router, engramHome, memory, clock);
    this.compaction = new SessionCompaction(settings, router, engramHome, instructions);
    this.prepared = new PreparedStore(engramHome);
    this.policy = new LevelActions(settings.context());
    this.clock = clock;
  }

  /**
   * What one pass did.
   *
   * @param advice how full the window is and what its level calls for
   * @param actedBefore the highest level the segment had been acted on before this pass
   * @param done the actions carried out by this pass, in order (empty when the level was acted on already)
   * @param notice what the agent is told at its next prompt, when this pass set it
   * @param prepared the compaction this pass computed, if it did
   * @param log one line per thing done or failed
   */
  public record Outcome(LevelAdvice advice, ContextLevel actedBefore, List<LevelAction> done, Optional<String> notice,
      Optional<PreparedCompaction> prepared, List<String> log) {
    public Outcome {
      done = List.copyOf(done);
      log = List.copyOf(log);
    }
  }

  /**
   * Acts on {@code transcript}'s window after a turn; {@code compactCommand} is how the agent's user compacts
   * ({@code /compact} in Claude Code), for the notice. A notes or compaction failure is a log line, not an
   * error: the turn must not fail for it.
   *
   * @throws IOException when the session's state stays locked by another call or cannot be written
   */
  public Outcome afterTurn(Transcript transcript, String compactCommand) throws IOException {
    return act(ContextReading.of(transcript, settings.context()), transcript.sessionId(), compactCommand,
        new Window() {
          @Override
          public boolean refreshNotes(List<String> log) {
            return ContextLevelKeeper.this.refreshNotes(transcript.sessionId(), transcript.messages().size(),
                force -> notes.update(transcript, force), log);
          }

          @Override
          public Transcript whole() {
            return transcript;
          }
        });
  }

  /**
   * Acts on the window of session {@code sessionId} after a turn, from its transcript {@code file}, reading only
   * the lines after where the last such pass read ({@link LevelProgress}: the window's running size is carried
   * over); the whole file is read only to prepare a compaction, once per level and segment. Empty when the file
   * holds no message yet.
   */
  public Optional<Outcome> afterTurn(Path file, String sessionId, String compactCommand) throws IOException {
    ContextTally tally = LevelProgress.file(home, sessionId).update(lockWait(), lock -> busy(sessionId, lock), before -> {
      LevelProgress after = before.readOn(file, settings.extraction().maxReadBytes(), settings.context());
      return new SessionStateFile.Changed<>(after, after.tally());
    });
    if (tally.messages() == 0) {
      return Optional.empty();
    }
    return Optional.of(act(tally.reading(settings.context()), sessionId, compactCommand, new Window() {
      @Override
      public boolean refreshNotes(List<String> log) {
        return ContextLevelKeeper.this.refreshNotes(sessionId, tally.messages(),
            force -> notes.update(file, sessionId, force), log);
      }

      @Override
      public Transcript whole() throws IOException {
        return TranscriptReader.read(file).withSessionId(sessionId);
      }
    }));
  }

  /** What acting on a window needs beyond its reading: the notes brought up to date, the transcript whole. */
  private interface Window {
    boolean refreshNotes(List<String> log);

    Transcript whole() throws IOException;
  }

  /** One way of updating the notes, forced or on their schedule. */
  private interface NotesPass {
    NotesUpdate update(boolean force) throws IOException;
  }

  private Outcome act(ContextReading reading, String id, String compactCommand, Window window) throws IOException {
    LevelAdvice advice = policy.advise(reading);
    ContextLevel before = LevelState.file(home, id).read().actedIn(reading.segment());
    if (advice.level().compareTo(before) <= 0) {
      return new Outcome(advice, before, List.of(), Optional.empty(), Optional.empty(), List.of());
    }
    List<String> log = new ArrayList<>();
    List<LevelAction> done = new ArrayList<>();
    Optional<PreparedCompaction> made = Optional.empty();
    String notice = "";
    for (LevelAction action : advice.actions()) {
      switch (action) {
        case REFRESH_NOTES -> {
          if (window.refreshNotes(log)) {
            done.add(action);
          }
        }
        case PREPARE_COMPACTION, COMPACT -> {
          // At the critical level the one compaction made now serves both.
          if (made.isEmpty() && (action == LevelAction.COMPACT || !advice.calls(LevelAction.COMPACT))) {
            made = prepare(window, reading, advice, log);
          }
          if (made.isPresent()) {
            done.add(action);
          }
        }
        case TELL_AGENT -> {
          notice = LevelNotice.text(advice, made.isPresent(), compactCommand);
          done.add(action);
        }
      }
    }
    String told = notice;
    LevelState.file(home, id).update(lockWait(), lock -> busy(id, lock),
        s -> new SessionStateFile.Changed<>(s.actedOn(reading.segment(), advice.level(), told), 0));
    log.add(advice.headline() + ": " + done.stream().map(a -> a.name().toLowerCase(java.util.Locale.ROOT)
        .replace('_', ' ')).toList());
    return new Outcome(advice, before, done, told.isEmpty() ? Optional.empty() : Optional.of(told), made, log);
  }

  /** The notice waiting for the agent's next prompt, handed out once. */
  public Optional<String> takeNotice(String sessionId) throws IOException {
    return LevelState.file(home, sessionId).update(lockWait(), lock -> busy(sessionId, lock), s ->
        new SessionStateFile.Changed<>(s.withoutNotice(), s.notice().isEmpty() ? Optional.<String>empty()
            : Optional.of(s.notice())));
  }

  /**
   * A compaction is starting (Claude Code's PreCompact): the summary prepared for the segment being compacted
   * is kept for the restart, and a notice not yet told is dropped. True when there is a summary.
   */
  public boolean compactionStarting(String sessionId) throws IOException {
    Optional<PreparedCompaction> ready = prepared.read(sessionId);
    return LevelState.file(home, sessionId).update(lockWait(), lock -> busy(sessionId, lock), s -> {
      boolean handover = ready.isPresent() && ready.get().segment() == s.segment();
      // A notice about the window being compacted would be stale after it.
      return new SessionStateFile.Changed<>(s.withHandover(handover).withoutNotice(), handover);
    });
  }

  /**
   * After the compaction (Claude Code's SessionStart with source compact): the prepared summary, once, naming the
   * file with the restart text (restored files fenced, messages kept by priority) for the agent to read.
   */
  public Optional<String> takeHandover(String sessionId) throws IOException {
    boolean pending = LevelState.file(home, sessionId).update(lockWait(), lock -> busy(sessionId, lock),
        s -> new SessionStateFile.Changed<>(s.withHandover(false), s.handoverPending()));
    Path restart = prepared.restartFile(sessionId);
    return pending ? prepared.read(sessionId).map(p -> LevelNotice.handover(p,
        java.nio.file.Files.isRegularFile(restart) ? Optional.of(restart) : Optional.empty())) : Optional.empty();
  }

  /**
   * The prepared compaction when it still describes {@code transcript} exactly (same segment, same last
   * message): a compaction asked for now can use it as it is.
   */
  public Optional<PreparedCompaction> preparedFor(Transcript transcript) {
    return prepared.read(transcript.sessionId()).filter(p -> p.segment() == transcript.segments().size() - 1
        && p.messages() == transcript.messages().size() && p.lastUuid().equals(lastUuid(transcript)));
  }

  private boolean refreshNotes(String sessionId, int messages, NotesPass pass, List<String> log) {
    try {
      Optional<StoredNotes> kept = notes.read(sessionId);
      if (kept.isPresent() && kept.get().state().coveredMessages() == messages) {
        return true; // written this turn already
      }
      // Notes kept so far are brought up to date whatever their schedule says; notes not started yet start on
      // their own schedule, since a small window reaches its levels before there is anything worth noting.
      NotesUpdate update = pass.update(kept.isPresent());
      if (update.written()) {
        log.add("session notes brought up to date (" + update.reason() + ")");
      }
      return update.written();
    } catch (IOException | RuntimeException e) {
      log.add("session notes not refreshed: " + e.getMessage());
      return false;
    }
  }

  private Optional<PreparedCompaction> prepare(Window window, ContextReading reading, LevelAdvice advice,
      List<String> log) {
    try {
      Transcript transcript = window.whole();
      CompactionResult result = compaction.compact(transcript, SessionCompaction.Request.userRequested("")
          .asAutomatic());
      PreparedCompaction p = prepared.write(transcript.sessionId(), reading.segment(), transcript.messages().size(),
          lastUuid(transcript), advice.percent(), clock.instant(), result,
          RestartContext.render(result, transcript, settings.context()));
      log.add("compaction prepared at " + advice.percent() + "% (" + p.engine() + "): "
          + prepared.file(transcript.sessionId()));
      return Optional.of(p);
    } catch (IOException | RuntimeException e) {
      log.add("compaction not prepared: " + e.getMessage());
      return Optional.empty();
    }
  }

  private static String lastUuid(Transcript transcript) {
    List<TranscriptMessage> all = transcript.messages();
    return all.isEmpty() ? "" : all.get(all.size() - 1).uuid().orElse("");
  }

  private static String busy(String sessionId, Path lock) {
    return "another call of session " + sessionId + " holds " + lock + "; the context level was not acted on";
  }

  private Duration lockWait() {
    return Duration.ofMillis(settings.hooks().sessionLockWaitMillis());
  }
}
