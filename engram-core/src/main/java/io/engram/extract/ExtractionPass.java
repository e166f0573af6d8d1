package io.engram.extract;

import io.engram.config.EngramSettings;
import io.engram.fs.FileLock;
import io.engram.memory.MemoryListing;
import io.engram.memory.ProjectMemory;
import io.engram.model.Answered;
import io.engram.model.ModelRouter;
import io.engram.model.Purpose;
import io.engram.transcript.Transcript;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The per-turn extraction pass: reads the messages of a session's transcript that
 * no earlier pass read, leaves out the turns in which the agent itself wrote memory, asks the model
 * extractor (or the offline {@link RuleBasedExtractor}, also the fallback) for candidates, and writes them
 * into the project's memory with provenance through a write boundary that refuses feedback from tool
 * output and merges updates into the existing memory.
 *
 * <p>Where a session got to is kept in {@code <home>/sessions/<id>/extraction-state.json}; the pass
 * holds that session's lock while it runs, so two hooks never read the same turns twice. When the
 * stored point no longer matches the transcript (a different file under the same id), the pass starts
 * again from the first message; re-read knowledge is then skipped as already known.
 */
public final class ExtractionPass {
  private final EngramSettings settings;
  private final ModelRouter router;
  private final ProjectMemory store;
  private final ExtractionStateFile states;
  private final Clock clock;

  /**
   * A pass.
   *
   * @param settings the extraction settings (enabled, per-turn cap)
   * @param router the model or offline engine
   * @param store the project's memory (project and user stores)
   * @param engramHome where per-session state is kept
   * @param clock for the state's time stamp
   */
  public ExtractionPass(EngramSettings settings, ModelRouter router, ProjectMemory store, Path engramHome, Clock clock) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.router = Objects.requireNonNull(router, "router");
    this.store = Objects.requireNonNull(store, "store");
    this.states = new ExtractionStateFile(Objects.requireNonNull(engramHome, "engramHome"));
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** Reads the new turns of {@code transcript} and writes what they teach; with {@code dryRun} writes nothing. */
  public ExtractionReport run(Transcript transcript, boolean dryRun) throws IOException {
    String id = transcript.sessionId();
    try (FileLock held = states.lock(id)) {
      Optional<ExtractionState> previous = states.read(id).filter(s -> matches(s, transcript));
      int from = previous.map(ExtractionState::processedMessages).orElse(0);
      int to = transcript.messages().size();
      TranscriptTurns mapping = TranscriptTurns.watching(
          List.of(store.location().projectDir(), store.location().userDir()));
      List<TranscriptTurn> turns = mapping.split(transcript, from, to);
      List<SkippedRange> skipped = new ArrayList<>();
      List<TurnText> texts = new ArrayList<>();
      int humanTurns = 0;
      for (TranscriptTurn turn : turns) {
        if (turn.memoryWritten()) {
          skipped.add(new SkippedRange(turn.startIndex(), turn.endIndex(), "the agent wrote memory in this turn"));
          continue;
        }
        humanTurns += turn.humanInput() ? 1 : 0;
        texts.addAll(mapping.texts(turn, id));
      }
      ExtractionReport report = extract(transcript, dryRun, from, to, texts, skipped, humanTurns);
      if (!dryRun) {
        Optional<String> lastUuid = to == 0 ? Optional.empty() : transcript.messages().get(to - 1).uuid();
        states.write(new ExtractionState(id, to, lastUuid, clock.instant(),
            previous.map(ExtractionState::runs).orElse(0) + 1));
      }
      return report;
    }
  }

  private ExtractionReport extract(Transcript transcript, boolean dryRun, int from, int to, List<TurnText> texts,
      List<SkippedRange> skipped, int humanTurns) throws IOException {
    ExtractionReport.MessagesRead read = new ExtractionReport.MessagesRead(from, to, texts.size(), skipped);
    if (texts.isEmpty() || !settings.extraction().enabled()) {
      return new ExtractionReport(transcript.sessionId(), dryRun, read,
          settings.extraction().enabled() ? "none" : "disabled", Optional.empty(), List.of());
    }
    MemoryListing listing = store.list();
    List<ExistingMemory> existing = listing.memories().stream()
        .map(m -> new ExistingMemory(m.name(), m.memory().description())).toList();
    String index = store.indexText().text();
    int cap = settings.extraction().maxMemoriesPerTurn() * Math.max(1, humanTurns);
    Answered<List<MemoryCandidate>> answered = router.run(Purpose.EXTRACTION, true,
        model -> new ModelExtractor(model, index, cap).extract(texts, existing),
        () -> new RuleBasedExtractor(settings.extraction()).extract(texts, existing));
    List<ExtractionOutcome> outcomes =
        new CandidateWriter(store, transcript.sessionId(), dryRun, cap).write(answered.value());
    return new ExtractionReport(transcript.sessionId(), dryRun, read, answered.engineId(), answered.fallbackReason(),
        outcomes);
  }

  /** The stored state of {@code sessionId}, if a pass ran for it. */
  Optional<ExtractionState> state(String sessionId) throws IOException {
    return states.read(sessionId);
  }

  /**
   * How many leading messages of {@code transcript} the per-turn pass has already read for its session:
   * 0 when no pass ran, or when the recorded point does not belong to this version of the transcript.
   * Later readers of the same transcript (the dream's gather phase) start there, so knowledge the pass
   * already wrote is not extracted and merged a second time.
   */
  public static int alreadyRead(Path engramHome, Transcript transcript) throws IOException {
    return new ExtractionStateFile(engramHome).read(transcript.sessionId())
        .filter(s -> matches(s, transcript))
        .map(ExtractionState::processedMessages)
        .orElse(0);
  }

  private static boolean matches(ExtractionState state, Transcript transcript) {
    int n = state.processedMessages();
    if (n > transcript.messages().size()) {
      return false;
    }
    return n == 0 || state.lastUuid().isEmpty() || state.lastUuid().equals(transcript.messages().get(n - 1).uuid());
  }
}
