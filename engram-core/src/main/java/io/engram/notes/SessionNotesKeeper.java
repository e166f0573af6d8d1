package io.engram.notes;

import io.engram.config.EngramSettings;
import io.engram.config.NotesSettings;
import io.engram.extract.TranscriptTurns;
import io.engram.fs.FileLock;
import io.engram.memory.MemoryLocation;
import io.engram.model.Answered;
import io.engram.model.ModelRouter;
import io.engram.model.Purpose;
import io.engram.model.StructuredOutput;
import io.engram.redact.Redaction;
import io.engram.redact.SecretRedactor;
import io.engram.tokens.JtokkitTokenCounter;
import io.engram.transcript.CompactionBoundary;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.TranscriptPosition;
import io.engram.transcript.TranscriptReader;
import io.engram.transcript.TranscriptTail;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The background pass that keeps a session's notes: asks {@link NotesSchedule}
 * whether to write, then updates the notes incrementally from the messages they do not cover yet, with
 * the configured model or offline ({@link ModelRouter}, purpose {@link Purpose#SESSION_NOTES}), fits them
 * into {@link NotesBudget} and stores them with {@link NotesStore}.
 *
 * <p>Context size comes from the provider's recorded usage where the transcript has it, else from the
 * calibrated token counter of the session's model. After a compaction the growth baseline is reset to
 * the context size just after it, so the notes resume once the new context grows again. Stored notes
 * that do not describe the transcript (they cover more messages than it has, or another last message)
 * are archived beside the new ones ({@link NotesStore#archive}), never overwritten.
 */
public final class SessionNotesKeeper {
  private final EngramSettings settings;
  private final ModelRouter router;
  private final NotesStore store;
  private final TranscriptTurns turns;
  private final Clock clock;

  /**
   * A keeper.
   *
   * @param settings thresholds, caps and token corrections
   * @param router the model or offline engine
   * @param store where notes are kept
   * @param turns the transcript mapping (for turn boundaries in the worklog)
   * @param clock for the update time
   */
  public SessionNotesKeeper(
      EngramSettings settings, ModelRouter router, NotesStore store, TranscriptTurns turns, Clock clock) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.router = Objects.requireNonNull(router, "router");
    this.store = Objects.requireNonNull(store, "store");
    this.turns = Objects.requireNonNull(turns, "turns");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /**
   * The keeper every surface uses (the CLI's {@code notes}, the hooks): notes kept under {@code
   * engramHome}, and turns in which the agent wrote into the project's or the user's memory directory
   * marked as such.
   */
  public static SessionNotesKeeper forProject(EngramSettings settings, ModelRouter router, Path engramHome,
      MemoryLocation memory, Clock clock) {
    return new SessionNotesKeeper(settings, router, new NotesStore(engramHome),
        TranscriptTurns.watching(List.of(memory.projectDir(), memory.userDir())), clock);
  }

  /** Updates the notes of {@code transcript}'s session with all of its messages, if the schedule says so (or {@code force}). */
  public NotesUpdate update(Transcript transcript, boolean force) throws IOException {
    return update(transcript, transcript.messages().size(), force);
  }

  /**
   * Updates the notes of session {@code sessionId} from its transcript {@code file}, if the schedule says so
   * (or {@code force}), reading only the lines after where the last such update read ({@link NotesProgress}):
   * the window's size, the tool calls, the worklog entries and the offline engine's ledger are carried over,
   * so a pass costs what was appended since, in pieces of at most {@code extraction.maxReadBytes}. A model
   * gets the notes (with a worklog entry per turn since they were written) and the messages of the last piece.
   */
  public NotesUpdate update(Path file, String sessionId, boolean force) throws IOException {
    try (FileLock held = store.lock(sessionId)) {
      Optional<StoredNotes> stored = store.read(sessionId);
      Optional<NotesProgress> kept = store.readProgress(sessionId).filter(p -> p.checkpoint().holdsIn(file));
      NotesProgress progress = kept.orElse(NotesProgress.START);
      int covered = stored.map(p -> p.state().coveredMessages()).orElse(0);
      // Notes kept with no reading of this file: still its notes when it holds their last message in place.
      boolean matched = kept.isPresent() || covered == 0;
      Optional<String> coveredUuid = stored.flatMap(p -> p.state().lastUuid());
      OfflineNotes engine = new OfflineNotes(turns, settings.notes().offline());
      List<TranscriptMessage> lastPiece = List.of();
      int lastBase = progress.messagesRead();
      TranscriptPosition at = progress.checkpoint().position();
      long size = java.nio.file.Files.size(file);
      while (true) {
        TranscriptTail tail = TranscriptReader.readFrom(file, at, settings.extraction().maxReadBytes());
        Transcript window = tail.transcript();
        int base = progress.messagesRead();
        int local = covered - 1 - base;
        if (!matched && local >= 0 && local < window.messages().size()) {
          matched = coveredUuid.isEmpty() || coveredUuid.equals(window.messages().get(local).uuid());
        }
        progress = progress.after(window, tail.to(), file, covered, engine, settings.context());
        lastPiece = window.messages();
        lastBase = base;
        if (tail.bytesRead() == 0 || tail.to().byteOffset() >= size) {
          break;
        }
        at = tail.to();
      }
      boolean continues = stored.isPresent() && matched && covered <= progress.messagesRead();
      return decideAndWrite(sessionId, force, stored.filter(p -> continues), stored.isPresent() && !continues,
          progress, lastPiece.subList(Math.min(lastPiece.size(), Math.max(0, covered - lastBase)), lastPiece.size()));
    }
  }

  private NotesUpdate decideAndWrite(String id, boolean force, Optional<StoredNotes> previous, boolean archive,
      NotesProgress progress, List<TranscriptMessage> fresh) throws IOException {
    int covered = previous.map(p -> p.state().coveredMessages()).orElse(0);
    long tokens = progress.context().tokens();
    OptionalLong baseline = previous.map(p -> OptionalLong.of(progress.lowestSize() < 0 ? p.state().tokensAtLastUpdate()
        : Math.min(p.state().tokensAtLastUpdate(), progress.lowestSize()))).orElse(OptionalLong.empty());
    int toolCalls = progress.toolCalls();
    NotesAction action = new NotesSchedule(settings.notes()).decide(tokens, baseline, toolCalls);
    SessionNotes before = previous.map(StoredNotes::notes).orElse(SessionNotes.EMPTY);
    Optional<Long> base = baseline.isPresent() ? Optional.of(baseline.getAsLong()) : Optional.empty();
    NotesUpdate.Growth growth = new NotesUpdate.Growth(tokens, base, toolCalls, covered, progress.messagesRead());
    if (action == NotesAction.WAIT && !force) {
      store.writeProgress(id, progress);
      return new NotesUpdate(id, action, false, growth, before, Optional.empty(), Optional.empty(),
          waitReason(tokens, baseline, toolCalls));
    }
    boolean overruled = action == NotesAction.WAIT;
    NotesAction done = overruled ? (previous.isPresent() ? NotesAction.UPDATE : NotesAction.START) : action;
    List<String> entries = progress.pending().stream().filter(e -> e.message() >= covered)
        .map(NotesProgress.PendingEntry::text).toList();
    SessionNotes logged = before;
    for (String entry : entries) {
      logged = logged.plusWorklogEntry(entry);
    }
    SessionNotes withEntries = logged;
    Answered<SessionNotes> answered = router.run(Purpose.SESSION_NOTES, true,
        model -> StructuredOutput.ask(model,
                NotesPrompt.request(withEntries, fresh, settings.notes()), NotesPrompt.Answer.class)
            .value().applyTo(withEntries),
        () -> new OfflineNotes(turns, settings.notes().offline()).update(before, progress.ledger(), entries));
    SessionNotes fitted = new NotesBudget(settings.notes(),
        JtokkitTokenCounter.forModel(progress.context().model(), settings.context())).fit(redacted(answered.value()));
    int updates = previous.map(p -> p.state().updates()).orElse(0) + 1;
    if (archive) {
      store.archive(id, clock.instant());
    }
    Optional<String> lastUuid = progress.lastUuid().isEmpty() ? Optional.empty() : Optional.of(progress.lastUuid());
    store.write(new StoredNotes(fitted,
        new NotesState(id, progress.messagesRead(), lastUuid, tokens, updates, clock.instant(), answered.engineId())));
    store.writeProgress(id, progress.written());
    return new NotesUpdate(id, done, force, growth, fitted, Optional.of(answered.engineId()), answered.fallbackReason(),
        overruled ? "forced: " + waitReason(tokens, baseline, toolCalls) : doneReason(done, tokens, baseline, toolCalls));
  }

  /**
   * Updates the notes as if the transcript ended after its first {@code end} messages (a hook that
   * runs mid-session sees exactly that).
   */
  public NotesUpdate update(Transcript transcript, int end, boolean force) throws IOException {
    if (end < 0 || end > transcript.messages().size()) {
      throw new IllegalArgumentException("update point " + end + " outside 0.." + transcript.messages().size());
    }
    String id = transcript.sessionId();
    try (FileLock held = store.lock(id)) {
      Optional<StoredNotes> stored = store.read(id);
      Optional<StoredNotes> previous = stored.filter(p -> covers(p.state(), transcript, end));
      int from = previous.map(p -> p.state().coveredMessages()).orElse(0);
      ContextSize size = new ContextSize(settings.context());
      long tokens = size.at(transcript, end);
      OptionalLong baseline = previous.map(p -> OptionalLong.of(baseline(p.state(), transcript, end, size)))
          .orElse(OptionalLong.empty());
      int toolCalls = transcript.messages().subList(from, end).stream()
          .filter(m -> !m.isSidechain()).mapToInt(m -> m.toolUses().size()).sum();
      NotesAction action = new NotesSchedule(settings.notes()).decide(tokens, baseline, toolCalls);
      SessionNotes before = previous.map(StoredNotes::notes).orElse(SessionNotes.EMPTY);
      Optional<Long> base = baseline.isPresent() ? Optional.of(baseline.getAsLong()) : Optional.empty();
      NotesUpdate.Growth growth = new NotesUpdate.Growth(tokens, base, toolCalls, from, end);
      if (action == NotesAction.WAIT && !force) {
        return new NotesUpdate(id, action, false, growth, before, Optional.empty(), Optional.empty(),
            waitReason(tokens, baseline, toolCalls));
      }
      boolean overruled = action == NotesAction.WAIT;
      NotesAction done = overruled ? (previous.isPresent() ? NotesAction.UPDATE : NotesAction.START) : action;
      Answered<SessionNotes> answered = compute(before, transcript, from, end);
      String model = lastModel(transcript.messages(), end);
      SessionNotes fitted = new NotesBudget(settings.notes(), JtokkitTokenCounter.forModel(model, settings.context()))
          .fit(redacted(answered.value()));
      int updates = previous.map(p -> p.state().updates()).orElse(0) + 1;
      Optional<String> lastUuid = end == 0 ? Optional.empty() : transcript.messages().get(end - 1).uuid();
      if (stored.isPresent() && previous.isEmpty()) {
        store.archive(id, clock.instant());
      }
      store.write(new StoredNotes(fitted,
          new NotesState(id, end, lastUuid, tokens, updates, clock.instant(), answered.engineId())));
      return new NotesUpdate(id, done, force, growth, fitted, Optional.of(answered.engineId()),
          answered.fallbackReason(),
          overruled ? "forced: " + waitReason(tokens, baseline, toolCalls) : doneReason(done, tokens, baseline, toolCalls));
    }
  }

  /** The stored notes of a session, for compaction: the notes and the messages they cover. */
  public Optional<StoredNotes> read(String sessionId) throws IOException {
    return store.read(sessionId);
  }

  private Answered<SessionNotes> compute(SessionNotes before, Transcript transcript, int from, int end) {
    List<TranscriptMessage> fresh = transcript.messages().subList(from, end);
    return router.run(Purpose.SESSION_NOTES, true,
        model -> StructuredOutput.ask(model,
                NotesPrompt.request(before, fresh, settings.notes()), NotesPrompt.Answer.class)
            .value().applyTo(before),
        () -> new OfflineNotes(turns, settings.notes().offline()).update(before, transcript, from, end));
  }

  /** True when the stored state still describes this transcript (it covers no more than exists, and the uuid matches). */
  /** Notes quote user text and tool errors: secrets and private spans go before anything is written. */
  private static SessionNotes redacted(SessionNotes notes) {
    String text = notes.render();
    Redaction r = SecretRedactor.standard().redact(text);
    return r.count() == 0 && r.text().equals(text) ? notes : SessionNotes.parse(r.text());
  }

  private static boolean covers(NotesState state, Transcript transcript, int end) {
    int covered = state.coveredMessages();
    if (covered > end) {
      return false;
    }
    if (covered == 0 || state.lastUuid().isEmpty()) {
      return true;
    }
    return state.lastUuid().equals(transcript.messages().get(covered - 1).uuid());
  }

  private static long baseline(NotesState state, Transcript transcript, int end, ContextSize size) {
    long base = state.tokensAtLastUpdate();
    for (CompactionBoundary b : transcript.boundaries()) {
      if (b.messageIndex() >= state.coveredMessages() && b.messageIndex() < end) {
        base = Math.min(base, size.at(transcript, b.messageIndex() + 1));
      }
    }
    return base;
  }

  private String waitReason(long tokens, OptionalLong baseline, int toolCalls) {
    NotesSettings n = settings.notes();
    if (baseline.isEmpty()) {
      return String.format("context holds %,d tokens; notes start at %,d", tokens, n.startTokens());
    }
    return String.format("context grew %,d tokens and %d tool calls since the last update; an update needs %,d and %d",
        tokens - baseline.getAsLong(), toolCalls, n.updateGrowthTokens(), n.updateToolCalls());
  }

  private static String doneReason(NotesAction action, long tokens, OptionalLong baseline, int toolCalls) {
    return action == NotesAction.START
        ? String.format("context holds %,d tokens: notes started", tokens)
        : String.format("context grew %,d tokens with %d tool calls: notes updated", tokens - baseline.getAsLong(), toolCalls);
  }

  private static String lastModel(List<TranscriptMessage> messages, int end) {
    for (int i = end - 1; i >= 0; i--) {
      if (messages.get(i).model().isPresent()) {
        return messages.get(i).model().get();
      }
    }
    return "";
  }
}
