package io.engram.hooks;

import io.engram.redact.SecretRedactor;
import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.dream.SessionTranscripts;
import io.engram.fs.SessionStateFile;
import io.engram.memory.ProjectMemory;
import io.engram.model.ModelRouter;
import io.engram.notes.NotesStore;
import io.engram.recall.Embedder;
import io.engram.recall.MemoryRecall;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Answers Claude Code's hook events for one project.
 *
 * <ul>
 *   <li>SessionStart: see {@link SessionStartContext}.
 *   <li>UserPromptSubmit: see {@link PromptRecall} (the memories {@link MemoryRecall} finds for the prompt, never
 *       one already surfaced in the session, within the budgets and the character cap {@code hooks.contextCharCap};
 *       those that do not fit are named, with how to read them).
 *   <li>Stop: the extraction pass over the turns not read before ({@code ExtractionPass}), then the session
 *       notes on their schedule ({@code SessionNotesKeeper}, kept in {@link NotesStore}).
 *   <li>PreCompact: the notes brought up to date whatever the schedule says and handed over to the
 *       SessionStart after the compaction (the answer is known then), then the extraction pass.
 *   <li>SessionEnd: the extraction pass, then the dream when its gates are open ({@link DreamAtSessionEnd}).
 *   <li>Stop also acts on the context level, PreCompact and the SessionStart after a compaction hand the
 *       prepared compaction over (first in the context, so that it arrives whole), and UserPromptSubmit
 *       tells the agent how full the window is, at the top of its context ({@link WindowLevels}).
 *   <li>PostToolUse: the instruction files below the project that the file read brings in
 *       ({@link InstructionsOnRead}); nothing else is opened.
 * </ul>
 * A resumed session writes new session ids into the transcript it resumes; the work follows the transcript
 * (its state is kept under the transcript's first session id) rather than refusing it. Per-session hook
 * state lives in the session's ledger ({@link HookState}: what was sent, shared with recall's other callers, and the
 * handover); it is locked only for the moment it is read and written, never while a model works, so a prompt's recall never waits for the
 * previous turn's extraction.
 */
public final class HookRunner {
  private final ProjectMemory memory;
  private final EngramSettings settings;
  private final Path home;
  private final NotesStore notes;
  private final TranscriptWork work;
  private final DreamAtSessionEnd dream;
  private final PromptRecall prompts;
  private final SessionStartContext start;
  private final InstructionsOnRead instructionsOnRead;
  private final WindowLevels levels;
  private final Optional<Executor> afterAnswer;
  private final Clock clock;
  private final Duration lockWait;

  /**
   * A runner over {@code memory} of the project of {@code roots}, keeping session state and notes under Engram's home;
   * background work (extraction, notes, dream) goes through {@code router} (offline when no model is configured);
   * recall is keyword search over an in-memory index. For this package's tests: everything else asks {@code
   * io.engram.Engram#hooks} (CoreArchitectureTest holds every module's main code to that).
   */
  HookRunner(EngramRoots roots, ProjectMemory memory, EngramSettings settings, ModelRouter router, Clock clock) {
    this(roots, memory, settings, router, clock, new MemoryRecall(memory, roots.engramHome(), settings.recall(),
        MemoryRecall.Backend.keywordInMemory(), clock), Optional.empty(), Optional.empty());
  }

  /**
   * The runner {@code io.engram.Engram} builds, the only one outside this package: it recalls with {@code recall}
   * (over the same memory and home); its session-end dream merges near-duplicates by meaning with {@code
   * dreamEmbedder}, as {@code engram dream} does (the dream runs after the hook has answered, so loading the model
   * costs the agent nothing). With {@code afterAnswer} (a resident process runs it once the agent has its answer),
   * SessionStart and UserPromptSubmit leave to it the writes the answer does not need: the sync of the session's hook
   * state (renamed into place before the answer, so the next call and other processes see it, and only a power loss
   * in between could cost a repeated memory) and the entry of the injection ledger (a failure there is the
   * executor's to report).
   */
  public HookRunner(EngramRoots roots, ProjectMemory memory, EngramSettings settings, ModelRouter router, Clock clock,
      MemoryRecall recall, Optional<Supplier<Embedder>> dreamEmbedder, Optional<Executor> afterAnswer) {
    this.afterAnswer = afterAnswer;
    this.clock = clock;
    this.lockWait = Duration.ofMillis(settings.hooks().sessionLockWaitMillis());
    this.prompts = new PromptRecall(memory, settings.recall(), recall);
    this.memory = memory;
    this.settings = settings;
    this.home = roots.engramHome();
    this.notes = new NotesStore(home);
    this.work = new TranscriptWork(memory, settings, home, router, clock, dreamEmbedder);
    this.dream = new DreamAtSessionEnd(roots, settings, router, clock, dreamEmbedder);
    this.start = new SessionStartContext(memory, settings, notes, clock);
    this.instructionsOnRead = new InstructionsOnRead(roots, settings);
    this.levels = new WindowLevels(roots, memory.location(), settings, router, clock);
  }

  /**
   * What a hook call produced.
   *
   * @param additionalContext text for Claude Code to add to the context (events that take it), never longer
   *     than {@code hooks.contextCharCap}
   * @param log one-line notes for stderr (what was extracted, what was skipped)
   * @param warnings what the person should see (a damaged MEMORY.md), for the agents that show a hook's message;
   *     each is in {@code log} as well
   */
  public record Answer(Optional<String> additionalContext, List<String> log, List<String> warnings) {
    /** All three leave the process (the agent's context, stderr, the screen): secrets are removed here. */
    public Answer {
      SecretRedactor redactor = SecretRedactor.standard();
      additionalContext = additionalContext.map(text -> redactor.redact(text).text());
      log = log.stream().map(line -> redactor.redact(line).text()).toList();
      warnings = warnings.stream().map(line -> redactor.redact(line).text()).toList();
    }

    /** An answer with nothing for the person to see. */
    public Answer(Optional<String> additionalContext, List<String> log) {
      this(additionalContext, log, List.of());
    }
  }

  /** Runs {@code event} for {@code input}. */
  public Answer run(HookEvent event, HookInput input) throws IOException {
    return run(event, input, answer -> { });
  }

  /**
   * Runs {@code event} for {@code input}; {@code answered} is handed the answer for the agent as soon as it
   * is known, before the rest of the work: for PreCompact once the notes are handed over (the extraction
   * follows), for the other events at the end. The returned answer carries the log of all the work.
   */
  public Answer run(HookEvent event, HookInput input, Consumer<Answer> answered) throws IOException {
    List<String> log = new ArrayList<>();
    if (event == HookEvent.POST_TOOL_USE) {
      Answer answer = new Answer(instructionsOnRead.due(input, log), log);
      answered.accept(answer);
      return answer;
    }
    if (event == HookEvent.SESSION_START) {
      instructionsOnRead.startedAgain(input.sessionId(), input.source().orElse("startup"));
    }
    HookState.Stored stateFile = HookState.file(home, input.sessionId());
    if (event.injectsContext()) {
      List<InjectedContext> made = new ArrayList<>(1); // what went in, for the ledger once answered
      List<String> warnings = new ArrayList<>();
      SessionStateFile.Change<HookState, Optional<String>> inject = before -> {
        InjectedContext out = new InjectedContext(settings.hooks().contextCharCap(), howToRead());
        made.clear();
        made.add(out);
        warnings.clear();
        HookState after;
        if (event == HookEvent.SESSION_START) {
          levels.handover(input, log).ifPresent(h -> addHandover(out, h));
          after = start.fill(input, before, out, warnings);
        } else {
          levels.notice(input.sessionId(), log).ifPresent(n -> out.addWhole(n + "\n\n"));
          after = prompts.fill(input, before, out);
        }
        String text = out.render();
        return new SessionStateFile.Changed<>(after, text.isBlank() ? Optional.<String>empty() : Optional.of(text));
      };
      Optional<String> context = afterAnswer.isPresent()
          ? stateFile.update(lockWait, HookRunner::busy, inject, afterAnswer.get())
          : stateFile.update(lockWait, HookRunner::busy, inject);
      log.addAll(warnings);
      Answer answer = new Answer(context, log, warnings);
      answered.accept(answer);
      if (context.isPresent() && !made.isEmpty()) {
        InjectionLedger.Entry entry = new InjectionLedger.Entry(clock.instant(), event.hookName(),
            context.get().length(), made.get(0).sentItems(), made.get(0).leftOutNames());
        if (afterAnswer.isPresent()) {
          afterAnswer.get().execute(() -> InjectionLedger.appendOrThrow(home, input.sessionId(), entry,
              settings.hooks().injectionLedgerMaxBytes()));
        } else {
          record(input.sessionId(), entry, log);
        }
      }
      return answer;
    }
    Optional<SessionTranscript> transcript = transcriptOf(input, stateFile, log);
    switch (event) {
      case PRE_COMPACT -> {
        boolean kept = transcript.isPresent() ? work.keepNotes(transcript.get(), true, log)
            : notes.read(input.sessionId()).isPresent();
        stateFile.update(lockWait, HookRunner::busy, before -> new SessionStateFile.Changed<>(before.withHandover(kept), 0));
        levels.compactionStarting(input.sessionId(), log);
        answered.accept(new Answer(Optional.empty(), log));
        if (transcript.isPresent()) {
          work.extract(transcript.get(), log);
        }
      }
      case STOP -> {
        if (transcript.isPresent()) {
          work.extract(transcript.get(), log);
          work.keepNotes(transcript.get(), false, log);
        }
        levels.afterStop(input, transcript, log);
        answered.accept(new Answer(Optional.empty(), log));
      }
      case SESSION_END -> {
        if (transcript.isPresent()) {
          work.extract(transcript.get(), log);
        }
        dream.runIfDue(log);
        answered.accept(new Answer(Optional.empty(), log));
      }
      default -> throw new IllegalStateException("unhandled hook event " + event);
    }
    return new Answer(Optional.empty(), log);
  }

  // The prepared summary goes in whole when it fits; otherwise as many lines as fit in two thirds of the room,
  // leaving some for the session notes and the standing memories.
  private static void addHandover(InjectedContext out, String handover) {
    if (!out.addWhole(handover.strip() + "\n\n")) {
      out.addLines(handover.strip() + "\n\n", out.room() * 2 / 3, "the summary Engram prepared was cut here to stay"
          + " under Claude Code's 10,000-character limit");
    }
  }

  // The ledger is for people looking later: failing to write it is a log line, never a failed hook.
  private void record(String sessionId, InjectionLedger.Entry entry, List<String> log) {
    try {
      InjectionLedger.append(home, sessionId, entry, settings.hooks().injectionLedgerMaxBytes());
    } catch (IOException | RuntimeException e) {
      log.add("engram: could not record what was injected: " + e.getMessage());
    }
  }

  private static String busy(Path lock) {
    return "another hook of this session holds " + lock + "; skipped to avoid blocking";
  }

  /** How the agent gets a memory Engram left out for room. */
  private String howToRead() {
    return "Read one with `engram show NAME` (or the file NAME.md in " + memory.location().projectDir()
        + "), search with `engram recall \"WORDS\"`, or use the Engram MCP tool `recall`.";
  }

  /**
   * The session's transcript, when it can be read and is this session's (or one this session resumed);
   * otherwise a log line says why, and there is nothing to do. A missing transcript is never an error: the
   * hook must not fail the agent. Only the file's head (whose it is) and, for a resumed session not seen
   * before, its end are read here; the passes read what they have not read yet.
   */
  private Optional<SessionTranscript> transcriptOf(HookInput input, HookState.Stored stateFile,
      List<String> log) throws IOException {
    if (input.transcriptPath().isEmpty()) {
      log.add("no transcript_path: nothing to extract");
      return Optional.empty();
    }
    Path path = input.transcriptPath().get();
    Optional<String> unreadable = TranscriptReader.whyNotATranscript(path);
    if (unreadable.isPresent()) {
      log.add(unreadable.get());
      return Optional.empty();
    }
    long scan = settings.extraction().maxReadBytes();
    String owner = ResumedTranscript.owner(path, scan).orElse(SessionTranscript.stem(path));
    if (!owner.equals(input.sessionId())) {
      boolean known = owner.equals(stateFile.read().resumedSession());
      if (!known && !ResumedTranscript.holds(path, input.sessionId(), scan)) {
        log.add("transcript " + path + " belongs to session " + owner + ", not " + input.sessionId()
            + ", and holds no record of it; left alone");
        return Optional.empty();
      }
      log.add("session " + input.sessionId() + " resumed session " + owner + " in " + path
          + "; its work continues where that session's stopped");
      if (!known) {
        stateFile.update(lockWait, HookRunner::busy,
            before -> new SessionStateFile.Changed<>(before.resuming(owner), 0));
      }
    }
    // Where this session's transcript is, for the dream's gather phase (any agent layout).
    try {
      new SessionTranscripts(memory.location().projectDir()).record(owner, path);
    } catch (IOException e) {
      log.add("transcript path not kept for the dream: " + e.getMessage());
    }
    return Optional.of(new SessionTranscript(path, owner));
  }
}
