package io.engram.extract;

import io.engram.config.MemorySettings;
import io.engram.transcript.TranscriptCheckpoint;
import io.engram.config.EngramSettings;
import io.engram.fs.FileLock;
import io.engram.memory.MemoryListing;
import io.engram.memory.ProjectMemory;
import io.engram.model.Answered;
import io.engram.model.ModelRouter;
import io.engram.model.Purpose;
import io.engram.recall.Embedder;
import io.engram.review.Inbox;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptPosition;
import io.engram.transcript.TranscriptReader;
import io.engram.transcript.TranscriptTail;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The per-turn extraction pass: reads the messages of a session's transcript that
 * no earlier pass read, leaves out the turns in which the agent itself wrote memory, asks the model
 * extractor (or the offline {@link RuleBasedExtractor}, also the fallback) for candidates, and writes them
 * into the project's memory with provenance through a write boundary that refuses feedback from tool
 * output and merges updates into the existing memory.
 *
 * <p>{@link #run(Path, String, boolean)} reads a transcript file from where the last pass over it stopped
 * (a byte offset, checked against the bytes before it), so a pass costs what was appended since.
 *
 * <p>Where a session got to is kept in the session's ledger (section {@code extraction}); the pass
 * holds that session's extraction lock while it runs, so two hooks never read the same turns twice. When the
 * stored point no longer matches the transcript (a different file under the same id), the pass starts
 * again from the first message; re-read knowledge is then skipped as already known.
 */
public final class ExtractionPass {
  private final EngramSettings settings;
  private final ModelRouter router;
  private final ProjectMemory store;
  private final ExtractionStateFile states;
  private final Path engramHome;
  private final Clock clock;
  private final Optional<Supplier<Embedder>> embedder;

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
    this(settings, router, store, engramHome, clock, Optional.empty());
  }

  /**
   * A pass whose offline rules weigh corrections with the model that reads each turn's sentence vector by {@code
   * embedder}'s model of its script, where the settings turn that on ({@code extraction.vectorCorrectionMin}, ...).
   */
  public ExtractionPass(EngramSettings settings, ModelRouter router, ProjectMemory store, Path engramHome, Clock clock,
      Optional<Supplier<Embedder>> embedder) {
    this.embedder = Objects.requireNonNull(embedder, "embedder");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.router = Objects.requireNonNull(router, "router");
    this.store = Objects.requireNonNull(store, "store");
    this.states = new ExtractionStateFile(Objects.requireNonNull(engramHome, "engramHome"));
    this.engramHome = engramHome;
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** Reads the new turns of {@code transcript} and writes what they teach; with {@code dryRun} writes nothing. */
  public ExtractionReport run(Transcript transcript, boolean dryRun) throws IOException {
    String id = transcript.sessionId();
    try (FileLock held = states.lock(id)) {
      Optional<ExtractionState> previous = states.read(id).filter(s -> matches(s, transcript));
      int from = previous.map(ExtractionState::processedMessages).orElse(0);
      return pass(transcript, from, 0, previous, Optional.empty(), dryRun);
    }
  }

  /**
   * Reads the lines of the transcript {@code file} that no earlier pass over it read, by byte offset, and
   * writes what they teach: the cost grows with what was appended since the last pass, not with the file.
   * When the recorded point no longer holds (the file was replaced or truncated) the whole file is read
   * and the pass goes on from the last message it recognises, as {@link #run(Transcript, boolean)} does.
   *
   * @return the report; empty when the file's first records belong to another session than {@code sessionId}
   *     (nothing written); later records may carry the id of a session that resumed it
   */
  public Optional<ExtractionReport> run(Path file, String sessionId, boolean dryRun) throws IOException {
    return run(file, sessionId, dryRun, true);
  }

  /**
   * {@link #run(Path, String, boolean)} with the file read as session {@code sessionId} whatever id its records
   * carry (the {@code extract} command, whose user names the session or takes the file's own): the same pass, in the
   * same bounded pieces, never declined.
   */
  public ExtractionReport runAs(Path file, String sessionId, boolean dryRun) throws IOException {
    return run(file, sessionId, dryRun, false).orElseThrow();
  }

  private Optional<ExtractionReport> run(Path file, String sessionId, boolean dryRun, boolean ownersOnly)
      throws IOException {
    try (FileLock held = states.lock(sessionId)) {
      Optional<ExtractionState> stored = states.read(sessionId);
      Optional<TranscriptCheckpoint> point = stored.flatMap(ExtractionState::readPoint).filter(p -> p.holdsIn(file));
      TranscriptPosition at = point.map(TranscriptCheckpoint::position).orElse(TranscriptPosition.START);
      Optional<ExtractionState> previous = point.isPresent() ? stored : Optional.empty();
      List<ExtractionReport> pieces = new ArrayList<>();
      while (true) {
        TranscriptTail tail = TranscriptReader.readFrom(file, at, settings.extraction().maxReadBytes());
        Transcript read = tail.transcript();
        // Whose the file is, its first records say; records after them may carry the id of a session that
        // resumed this one, and are read under this one's id.
        if (ownersOnly && at.equals(TranscriptPosition.START) && !read.messages().isEmpty()
            && !read.sessionId().equals(sessionId)) {
          return Optional.empty();
        }
        Transcript window = read.withSessionId(sessionId);
        int from = 0;
        if (at.equals(TranscriptPosition.START)) {
          // Read from the start (first pass, or the file was replaced): go on after the last message recognised.
          previous = stored.filter(s -> matches(s, window));
          from = previous.map(ExtractionState::processedMessages).orElse(0);
        }
        int base = at.equals(TranscriptPosition.START) ? 0 : previous.map(ExtractionState::processedMessages).orElse(0);
        TranscriptCheckpoint end = TranscriptCheckpoint.of(file, tail.to());
        pieces.add(pass(window, from, base, previous, Optional.of(end), dryRun));
        previous = Optional.of(new ExtractionState(sessionId, base + window.messages().size(),
            lastUuid(window, previous), clock.instant(), previous.map(ExtractionState::runs).orElse(0) + 1,
            Optional.of(end)));
        if (tail.bytesRead() == 0 || tail.to().byteOffset() >= java.nio.file.Files.size(file)) {
          return Optional.of(ExtractionReport.joined(pieces));
        }
        at = tail.to();
      }
    }
  }

  private static Optional<String> lastUuid(Transcript window, Optional<ExtractionState> previous) {
    int n = window.messages().size();
    return n == 0 ? previous.flatMap(ExtractionState::lastUuid) : window.messages().get(n - 1).uuid();
  }


  /**
   * Extracts from the messages {@code [from, size)} of {@code transcript}, whose first message is message
   * {@code base} of the session, and records the session's new state.
   */
  private ExtractionReport pass(Transcript transcript, int from, int base, Optional<ExtractionState> previous,
      Optional<TranscriptCheckpoint> end, boolean dryRun) throws IOException {
    String id = transcript.sessionId();
    int to = transcript.messages().size();
    TranscriptTurns mapping = TranscriptTurns.watching(
        List.of(store.location().projectDir(), store.location().userDir()));
    // The session-wide rules (what the session did repeatedly) see the messages of this read before the
    // new ones; a pass by offset reads only what was appended, so they see that piece.
    PassInput input = PassInput.read(mapping, transcript, from, to).shifted(base);
    ExtractionReport report = extract(transcript, dryRun, base + from, base + to, input);
    if (!dryRun) {
      states.write(new ExtractionState(id, base + to, lastUuid(transcript, previous), clock.instant(),
          previous.map(ExtractionState::runs).orElse(0) + 1, end),
          java.time.Duration.ofMillis(settings.extraction().ledgerWaitMillis()));
    }
    return report;
  }

  private ExtractionReport extract(Transcript transcript, boolean dryRun, int from, int to, PassInput input)
      throws IOException {
    List<TurnText> texts = input.texts();
    int fresh = input.fresh().size();
    ExtractionReport.MessagesRead read = new ExtractionReport.MessagesRead(from, to, fresh, input.skipped());
    if (fresh == 0 || !settings.extraction().enabled()) {
      return new ExtractionReport(transcript.sessionId(), dryRun, read,
          settings.extraction().enabled() ? "none" : "disabled", Optional.empty(), List.of());
    }
    MemoryListing listing = store.list();
    List<ExistingMemory> existing = listing.memories().stream()
        .map(m -> new ExistingMemory(m.name(), m.memory().description())).toList();
    String index = store.indexText().text();
    int cap = input.cap(settings.extraction().maxMemoriesPerTurn());
    RuleBasedExtractor offline = new RuleBasedExtractor(settings.extraction(), embedder);
    Answered<List<MemoryCandidate>> answered = router.run(Purpose.EXTRACTION, true,
        model -> new ModelExtractor(model, index, cap, settings.extraction()).extract(texts, input.from(), existing),
        () -> offline.extract(texts, input.from(), existing));
    // the rules said what they ran without (the correction model's embedding model): told where a fallback is told
    Optional<String> fallback = answered.fallbackReason();
    if (!offline.withoutVectors().isEmpty()) {
      String without = String.join("; ", offline.withoutVectors());
      fallback = Optional.of(fallback.map(f -> f + "; " + without).orElse(without));
    }
    List<ExtractionOutcome> outcomes =
        new CandidateWriter(store, transcript.sessionId(), transcript.agent(), dryRun, cap, texts, inbox())
            .write(answered.value());
    return new ExtractionReport(transcript.sessionId(), dryRun, read, answered.engineId(), fallback, outcomes);
  }

  /** The review inbox the pass proposes to, when {@code memory.review} is {@code PROPOSE}. */
  private Optional<Inbox> inbox() {
    return settings.memory().review() == MemorySettings.Review.PROPOSE
        ? Optional.of(Inbox.of(engramHome, store.location().projectKey(), settings.memory(), clock)) : Optional.empty();
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

  /** True once a pass recorded where it got to in session {@code sessionId}. */
  public static boolean hasRun(Path engramHome, String sessionId) throws IOException {
    return new ExtractionStateFile(engramHome).read(sessionId).isPresent();
  }

  private static boolean matches(ExtractionState state, Transcript transcript) {
    int n = state.processedMessages();
    if (n > transcript.messages().size()) {
      return false;
    }
    return n == 0 || state.lastUuid().isEmpty() || state.lastUuid().equals(transcript.messages().get(n - 1).uuid());
  }
}
