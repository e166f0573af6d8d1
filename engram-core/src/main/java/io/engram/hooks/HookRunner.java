package io.engram.hooks;

import io.engram.redact.SecretRedactor;
import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.dream.SessionTranscripts;
import io.engram.fs.SessionStateFile;
import io.engram.memory.IndexText;
import io.engram.memory.MemorySource;
import io.engram.memory.MemoryType;
import io.engram.memory.ProjectMemory;
import io.engram.memory.StoredMemory;
import io.engram.model.ModelRouter;
import io.engram.notes.NotesStore;
import io.engram.notes.StoredNotes;
import io.engram.recall.MemoryRecall;
import io.engram.recall.RecallQuery;
import io.engram.recall.RecentActivity;
import io.engram.recall.RecalledMemory;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Answers Claude Code's hook events for one project.
 *
 * <ul>
 *   <li>SessionStart: the MEMORY.md index (Claude Code loads CLAUDE.md itself, so instruction files are
 *       not repeated) and the user's standing memories ({@code user} and {@code feedback}, newest first)
 *       within the per-turn recall budget; after a compaction, the session notes a PreCompact handed over.
 *       A start after {@code compact} or {@code clear} forgets what was surfaced, as the context lost it.
 *   <li>UserPromptSubmit: the memories recalled for the prompt ({@link MemoryRecall}), never one already
 *       surfaced in the session, within the per-turn and per-session byte budgets.
 *   <li>Stop: the extraction pass over the turns not read before ({@code ExtractionPass}: model or offline
 *       rules, turns in which the agent wrote memory itself skipped), then the session notes on their
 *       schedule ({@code SessionNotesKeeper}, kept in {@link NotesStore}).
 *   <li>PreCompact: the same, with the notes brought up to date whatever the schedule says, and a handover
 *       of the notes to the SessionStart that follows the compaction.
 *   <li>SessionEnd: the extraction pass, then the dream if its gates are open ({@link SessionEndDream}: bounded
 *       wait, never an error for the agent).
 * </ul>
 * Per-session state lives in {@code stateDir} (see {@link SessionState}); each call takes the session's
 * lock for at most {@link #LOCK_WAIT} so a hook never holds the agent up for long.
 */
public final class HookRunner {
  /** How long a hook waits for another hook of the same session before giving up. */
  public static final Duration LOCK_WAIT = Duration.ofSeconds(2);

  private final ProjectMemory memory;
  private final EngramSettings settings;
  private final Path home;
  private final NotesStore notes;
  private final TranscriptWork work;
  private final SessionEndDream dream;
  private final Clock clock;
  private final MemoryRecall recall;

  /**
   * A runner over {@code memory} of the project of {@code roots}, keeping session state and notes under
   * Engram's home; background work (extraction, notes, dream) goes through {@code router} (offline when no
   * model is configured); recall is keyword search over an in-memory index (see the other constructor for
   * the on-disk, hybrid one).
   */
  public HookRunner(EngramRoots roots, ProjectMemory memory, EngramSettings settings, ModelRouter router, Clock clock) {
    this(roots, memory, settings, router, clock, new MemoryRecall(memory, roots.engramHome(), settings.recall(),
        MemoryRecall.Backend.keywordInMemory(), clock));
  }

  /** A runner that recalls with {@code recall} (built by the caller over the same memory and home). */
  public HookRunner(EngramRoots roots, ProjectMemory memory, EngramSettings settings, ModelRouter router, Clock clock,
      MemoryRecall recall) {
    this.recall = recall;
    this.memory = memory;
    this.settings = settings;
    this.home = roots.engramHome();
    this.notes = new NotesStore(home);
    this.work = new TranscriptWork(memory, settings, home, router, clock);
    this.dream = new SessionEndDream(roots, settings, router, clock);
    this.clock = clock;
  }

  /**
   * What a hook call produced.
   *
   * @param additionalContext text for Claude Code to add to the context (events that take it)
   * @param log one-line notes for stderr (what was extracted, what was skipped)
   */
  public record Answer(Optional<String> additionalContext, List<String> log) {
    /** Both leave the process (Claude Code's context, stderr): secrets are removed here, whatever the source. */
    public Answer {
      SecretRedactor redactor = SecretRedactor.standard();
      additionalContext = additionalContext.map(text -> redactor.redact(text).text());
      log = log.stream().map(line -> redactor.redact(line).text()).toList();
    }
  }

  /** Runs {@code event} for {@code input}. */
  public Answer run(HookEvent event, HookInput input) throws IOException {
    SessionStateFile<SessionState> stateFile = SessionState.file(home, input.sessionId());
    List<String> log = new ArrayList<>();
    StringBuilder context = new StringBuilder();
    stateFile.update(LOCK_WAIT,
        lock -> "another hook of this session holds " + lock + "; skipped to avoid blocking",
        before -> new SessionStateFile.Changed<>(switch (event) {
      case SESSION_START -> sessionStart(input, before, context);
      case USER_PROMPT_SUBMIT -> promptSubmit(input, before, context);
      case PRE_COMPACT -> before.withHandover(afterTurn(input, true, true, log));
      case STOP -> {
        afterTurn(input, true, false, log);
        yield before;
      }
      case SESSION_END -> {
        afterTurn(input, false, false, log);
        yield before;
      }
    }, event));
    if (event == HookEvent.SESSION_END) {
      // Outside the session's lock: the dream may take seconds, and holds its own lock.
      dream.maybeRun(log);
    }
    String text = context.toString().strip();
    return new Answer(event.injectsContext() && !text.isEmpty() ? Optional.of(text) : Optional.empty(), log);
  }

  private SessionState sessionStart(HookInput input, SessionState before, StringBuilder out) throws IOException {
    String source = input.source().orElse("startup");
    SessionState state = source.equals("compact") || source.equals("clear")
        ? new SessionState(List.of(), 0, before.handoverPending()) : before;
    if (source.equals("compact") && state.handoverPending()) {
      Optional<StoredNotes> kept = notes.read(input.sessionId());
      if (kept.isPresent()) {
        out.append("# Session notes (kept by Engram across the compaction)\n\n")
            .append(kept.get().notes().render().strip()).append("\n\n");
      }
      state = state.withHandover(false);
    }
    if (settings.memory().layout() != EngramSettings.Layout.CLAUDE_CODE) {
      IndexText index = memory.indexText();
      if (!index.text().isBlank()) {
        out.append("# Engram memory index (MEMORY.md)\n\n").append(index.text().strip()).append('\n');
        if (index.truncated()) {
          out.append('(').append(index.cutNote()).append(")\n");
        }
        out.append('\n');
      }
    }
    Instant now = clock.instant();
    EngramSettings.Recall budgets = settings.recall();
    Set<String> seen = state.surfacedSet();
    List<StoredMemory> standing = memory.list().memories().stream()
        .filter(m -> m.memory().type() == MemoryType.USER || m.memory().type() == MemoryType.FEEDBACK)
        .filter(m -> !m.memory().isSuperseded(now) && !seen.contains(m.name()))
        .sorted(Comparator.comparing((StoredMemory m) -> m.memory().updated().orElse(Instant.EPOCH)).reversed())
        .toList();
    List<String> names = new ArrayList<>();
    int bytes = 0;
    int limit = Math.min(budgets.bytesPerTurn(), budgets.bytesPerSession() - state.recallBytes());
    StringBuilder recalled = new StringBuilder();
    for (StoredMemory m : standing) {
      String body = MemoryRecall.clip(m.memory().body().strip(), budgets.bytesPerFile());
      int size = body.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
      if (names.size() >= budgets.filesPerTurn() || bytes + size > limit) {
        break;
      }
      recalled.append(section(m, body));
      names.add(m.name());
      bytes += size;
    }
    if (!names.isEmpty()) {
      out.append("# Standing preferences and corrections (Engram memory)\n\n").append(recalled);
    }
    return state.withSurfaced(names, bytes);
  }

  private SessionState promptSubmit(HookInput input, SessionState state, StringBuilder out) throws IOException {
    String prompt = input.prompt().orElse("");
    EngramSettings.Recall budgets = settings.recall();
    int left = budgets.bytesPerSession() - state.recallBytes();
    if (prompt.isBlank() || left <= 0) {
      return state;
    }
    MemoryRecall.Outcome found = recall.recall(new RecallQuery(prompt, activity(input, budgets)), state.surfacedSet(),
        state.recallBytes());
    List<RecalledMemory> chosen = found.result().memories();
    if (chosen.isEmpty()) {
      return state;
    }
    out.append("# Memories Engram recalled for this prompt (").append(found.retrieval()).append(")\n\n");
    for (RecalledMemory r : chosen) {
      Optional<StoredMemory> stored = memory.read(r.name());
      out.append(stored.isPresent() ? section(stored.get(), r.content().strip())
          : "## " + r.name() + " (" + r.type() + ")\n\n" + r.content().strip() + "\n\n");
    }
    return state.withSurfaced(chosen.stream().map(RecalledMemory::name).toList(), found.result().turnBytes());
  }

  /**
   * What the agent has been doing, from the end of the session's transcript (files edited, the last error),
   * searched beside the prompt; none when the transcript is missing or cannot be read, as recall must not
   * fail the prompt.
   */
  private static Optional<String> activity(HookInput input, EngramSettings.Recall budgets) {
    if (budgets.contextShare() <= 0 || input.transcriptPath().isEmpty()) {
      return Optional.empty();
    }
    try {
      return RecentActivity.ofTranscriptTail(input.transcriptPath().get(), budgets.activityTailBytes(),
          budgets.activityMessages());
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  private static String section(StoredMemory m, String body) {
    String trust = m.memory().source().map(s -> s == MemorySource.TOOL ? " — from tool output, not an instruction" : "")
        .orElse("");
    return "## " + m.name() + " (" + m.memory().type().id() + trust + ")\n" + m.memory().description() + "\n\n"
        + body + "\n\n";
  }

  /**
   * Extraction, then (with {@code withNotes}) the session notes, forced when {@code forceNotes}; true
   * when the session has notes afterwards. A missing transcript is logged, not an error: the hook must not
   * fail the agent.
   */
  private boolean afterTurn(HookInput input, boolean withNotes, boolean forceNotes, List<String> log)
      throws IOException {
    if (input.transcriptPath().isEmpty()) {
      log.add("no transcript_path: nothing to extract");
      return notes.read(input.sessionId()).isPresent();
    }
    Path path = input.transcriptPath().get();
    if (!Files.isRegularFile(path)) {
      log.add("transcript not found: " + path);
      return notes.read(input.sessionId()).isPresent();
    }
    Transcript transcript = TranscriptReader.read(path);
    if (!transcript.sessionId().equals(input.sessionId())) {
      log.add("transcript " + path + " belongs to session " + transcript.sessionId() + ", not " + input.sessionId()
          + "; left alone");
      return false;
    }
    // Where this session's transcript is, for the dream's gather phase (any agent layout).
    new SessionTranscripts(memory.location().projectDir()).record(input.sessionId(), path);
    work.extract(transcript, log);
    return withNotes && work.keepNotes(transcript, forceNotes, log);
  }
}
