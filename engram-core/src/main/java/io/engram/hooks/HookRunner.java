package io.engram.hooks;

import io.engram.config.EngramSettings;
import io.engram.dream.SessionTranscripts;
import io.engram.extract.CandidateAction;
import io.engram.extract.CandidateSource;
import io.engram.extract.ExistingMemory;
import io.engram.extract.Extractor;
import io.engram.extract.MemoryCandidate;
import io.engram.extract.TranscriptTurns;
import io.engram.extract.TurnText;
import io.engram.memory.IndexText;
import io.engram.memory.Memory;
import io.engram.memory.MemorySource;
import io.engram.memory.ProjectMemory;
import io.engram.memory.MemoryType;
import io.engram.memory.StoredMemory;
import io.engram.recall.MemoryRecall;
import io.engram.recall.RecalledMemory;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
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
 * Answers Claude Code's hook events for one project (SPEC.md section 10).
 *
 * <ul>
 *   <li>SessionStart: the MEMORY.md index (Claude Code loads CLAUDE.md itself, so instruction files are
 *       not repeated) and the user's standing memories ({@code user} and {@code feedback}, newest first)
 *       within the per-turn recall budget; after a compaction, the session notes a PreCompact handed over.
 *       A start after {@code compact} or {@code clear} forgets what was surfaced, as the context lost it.
 *   <li>UserPromptSubmit: the memories recalled for the prompt ({@link MemoryRecall}), never one already
 *       surfaced in the session, within the per-turn and per-session byte budgets.
 *   <li>PreCompact: extraction of the new turns, and, when the session has notes, a handover to the
 *       SessionStart that follows the compaction.
 *   <li>Stop and SessionEnd: offline extraction of the transcript's turns not read before into the store
 *       ({@link TranscriptTurns} maps them; turns in which the agent wrote memory itself are skipped).
 * </ul>
 * Per-session state lives in {@code stateDir} (see {@link SessionState}); each call takes the session's
 * lock for at most {@link #LOCK_WAIT} so a hook never holds the agent up for long.
 */
public final class HookRunner {
  /** How long a hook waits for another hook of the same session before giving up. */
  public static final Duration LOCK_WAIT = Duration.ofSeconds(2);

  private final ProjectMemory memory;
  private final List<Path> memoryDirs;
  private final EngramSettings settings;
  private final Path home;
  private final Extractor extractor;
  private final Clock clock;
  private final MemoryRecall recall;

  /**
   * A runner over {@code memory}, keeping session state and notes under Engram's {@code home}; recall is
   * keyword search over an in-memory index (see the other constructor for the on-disk, hybrid one).
   */
  public HookRunner(ProjectMemory memory, EngramSettings settings, Path home, Extractor extractor, Clock clock) {
    this(memory, settings, home, extractor, clock,
        new MemoryRecall(memory, home, settings.recall(), MemoryRecall.Backend.keywordInMemory(), clock));
  }

  /** A runner that recalls with {@code recall} (built by the caller over the same memory and home). */
  public HookRunner(
      ProjectMemory memory, EngramSettings settings, Path home, Extractor extractor, Clock clock, MemoryRecall recall) {
    this.recall = recall;
    this.memory = memory;
    this.memoryDirs = List.of(memory.location().projectDir(), memory.location().userDir());
    this.settings = settings;
    this.home = home;
    this.extractor = extractor;
    this.clock = clock;
  }

  /**
   * What a hook call produced.
   *
   * @param additionalContext text for Claude Code to add to the context (events that take it)
   * @param log one-line notes for stderr (what was extracted, what was skipped)
   */
  public record Answer(Optional<String> additionalContext, List<String> log) {
    public Answer {
      log = List.copyOf(log);
    }
  }

  /** Where the session notes of {@code sessionId} are kept: {@code <home>/sessions/<id>/notes.md}. */
  public static Path notesFile(Path home, String sessionId) {
    return home.resolve("sessions").resolve(SessionState.safeName(sessionId)).resolve("notes.md");
  }

  /** Runs {@code event} for {@code input}. */
  public Answer run(HookEvent event, HookInput input) throws IOException {
    Path stateFile = SessionState.file(home.resolve("hooks").resolve("sessions"), input.sessionId());
    List<String> log = new ArrayList<>();
    StringBuilder context = new StringBuilder();
    SessionState.update(stateFile, LOCK_WAIT, before -> switch (event) {
      case SESSION_START -> sessionStart(input, before, context);
      case USER_PROMPT_SUBMIT -> promptSubmit(input, before, context);
      case PRE_COMPACT -> extract(input, before, log).withHandover(Files.isRegularFile(notesFile(home, input.sessionId())));
      case STOP, SESSION_END -> extract(input, before, log);
    });
    String text = context.toString().strip();
    return new Answer(event.injectsContext() && !text.isEmpty() ? Optional.of(text) : Optional.empty(), log);
  }

  private SessionState sessionStart(HookInput input, SessionState before, StringBuilder out) throws IOException {
    String source = input.source().orElse("startup");
    SessionState state = source.equals("compact") || source.equals("clear")
        ? new SessionState(List.of(), 0, before.extractedThroughLine(), before.handoverPending()) : before;
    if (source.equals("compact") && state.handoverPending()) {
      Path notes = notesFile(home, input.sessionId());
      if (Files.isRegularFile(notes)) {
        out.append("# Session notes (kept by Engram across the compaction)\n\n").append(Files.readString(notes).strip())
            .append("\n\n");
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
    MemoryRecall.Outcome found = recall.recall(prompt, state.surfacedSet(), state.recallBytes());
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

  private static String section(StoredMemory m, String body) {
    String trust = m.memory().source().map(s -> s == MemorySource.TOOL ? " — from tool output, not an instruction" : "")
        .orElse("");
    return "## " + m.name() + " (" + m.memory().type().id() + trust + ")\n" + m.memory().description() + "\n\n"
        + body + "\n\n";
  }

  private SessionState extract(HookInput input, SessionState state, List<String> log) throws IOException {
    if (input.transcriptPath().isEmpty()) {
      log.add("no transcript_path: nothing to extract");
      return state;
    }
    Path path = input.transcriptPath().get();
    if (!Files.isRegularFile(path)) {
      log.add("transcript not found: " + path);
      return state;
    }
    // Where this session's transcript is, for the dream's gather phase (any agent layout).
    new SessionTranscripts(memoryDirs.get(0)).record(input.sessionId(), path);
    Transcript transcript = TranscriptReader.read(path);
    List<TranscriptMessage> messages = transcript.messages();
    int from = 0;
    while (from < messages.size() && messages.get(from).lineNumber() <= state.extractedThroughLine()) {
      from++;
    }
    List<TurnText> turns = TranscriptTurns.watching(memoryDirs).texts(transcript, from, messages.size());
    int last = messages.stream().mapToInt(TranscriptMessage::lineNumber).max().orElse(0);
    if (turns.isEmpty() || !settings.extraction().enabled()) {
      return state.withExtractedThrough(last);
    }
    List<ExistingMemory> existing = memory.list().memories().stream()
        .map(m -> new ExistingMemory(m.name(), m.memory().description())).toList();
    int written = 0;
    for (MemoryCandidate c : extractor.extract(turns, existing)) {
      if (write(c, input.sessionId())) {
        written++;
        log.add((c.action() == CandidateAction.CREATE ? "remembered " : "updated ") + c.type().label() + " memory '"
            + c.name() + "'");
      }
    }
    log.add("extracted " + written + " memor" + (written == 1 ? "y" : "ies") + " from " + turns.size()
        + " new messages (lines " + (state.extractedThroughLine() + 1) + "-" + last + ")");
    return state.withExtractedThrough(last);
  }

  private boolean write(MemoryCandidate c, String sessionId) throws IOException {
    MemoryType type = MemoryType.parse(c.type().label()).orElseThrow();
    String body = c.body().strip() + "\n";
    String description = c.description();
    if (c.action() == CandidateAction.UPDATE) {
      Optional<StoredMemory> old = memory.read(c.name());
      if (old.isPresent()) {
        String oldBody = old.get().memory().body();
        if (oldBody.contains(c.body().strip())) {
          return false;
        }
        body = oldBody.stripTrailing() + "\n\n" + body;
        description = old.get().memory().description();
        type = old.get().memory().type();
      }
    }
    Memory m = Memory.builder(c.name(), type).description(description).body(body)
        .source(c.source() == CandidateSource.USER ? MemorySource.USER : MemorySource.TOOL).session(sessionId).build();
    memory.write(m);
    return true;
  }
}
