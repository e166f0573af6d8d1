package io.engram.extract;

import io.engram.config.EngramSettings;
import io.engram.memory.MemoryStore;
import io.engram.memory.MemoryStores;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Precision and recall of an {@link Extractor} on whole sessions labelled by hand ({@link SessionLabels}):
 * each transcript goes through what the extraction pass does (the turns of {@link TranscriptTurns}, the
 * extractor, the write boundary in a dry run on an empty store), and what would be written is matched
 * against the labels.
 *
 * <p>A written memory matching a required label is a hit, one matching an optional label is neutral (left
 * out of precision), any other is a false positive, named when it matches a must-not entry. Each label and
 * each memory is matched at most once. Precision is hits over written minus neutral; recall is hits over
 * required labels. {@link #printTable} sets the offline rules beside the keyword baseline, per session.
 */
public final class SessionEvaluation {
  // The table's session column (its row format's %-50s): a longer id is cut to fit it, marked with an ellipsis.
  private static final int SESSION_COLUMN = 50;

  private SessionEvaluation() {}

  /** Counts over sessions. */
  record Tally(int sessions, int written, int neutral, int required, int hits) {
    double precision() {
      int judged = written - neutral;
      return judged == 0 ? 1.0 : (double) hits / judged;
    }

    double recall() {
      return required == 0 ? 1.0 : (double) hits / required;
    }

    double f1() {
      double p = precision();
      double r = recall();
      return p + r == 0 ? 0 : 2 * p * r / (p + r);
    }

    Tally plus(Tally o) {
      return new Tally(sessions + o.sessions, written + o.written, neutral + o.neutral, required + o.required,
          hits + o.hits);
    }
  }

  /** A written memory that matched no label, and the must-not entry it matched, if any. */
  record FalsePositive(ExtractionOutcome outcome, Optional<String> forbidden) {}

  /** The result for one session. */
  record SessionResult(String transcript, Tally tally, List<String> hits, List<String> missed,
      List<FalsePositive> falsePositives) {}

  /** What the pass would write for {@code transcript} with {@code extractor}, on an empty store. */
  static List<ExtractionOutcome> written(Extractor extractor, Transcript transcript, EngramSettings settings)
      throws IOException {
    Path scratch = Files.createTempDirectory("engram-session-evaluation");
    try {
      MemoryStore empty = MemoryStores.directory(scratch.resolve("memory"), settings.memory(), Clock.systemUTC());
      PassInput input = PassInput.read(TranscriptTurns.watching(List.of(scratch.resolve("memory"))), transcript, 0,
          transcript.messages().size());
      if (input.texts().isEmpty()) {
        return List.of();
      }
      List<MemoryCandidate> candidates = extractor.extract(input.texts(), 0, List.of());
      int cap = input.cap(settings.extraction().maxMemoriesPerTurn());
      return new CandidateWriter(empty, transcript.sessionId(), transcript.agent(), true, cap, input.texts(), Optional.empty()).write(candidates).stream()
          .filter(o -> o.kind() != ExtractionOutcome.Kind.SKIPPED)
          .toList();
    } finally {
      try (Stream<Path> all = Files.walk(scratch)) {
        for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }
  }

  /** Matches what was written against the labels of one session. */
  static SessionResult score(SessionLabels labels, List<ExtractionOutcome> written) {
    List<ExtractionOutcome> left = new ArrayList<>(written);
    List<String> hits = new ArrayList<>();
    List<String> missed = new ArrayList<>();
    int neutral = 0;
    for (SessionLabels.Expected e : labels.memories()) {
      Optional<ExtractionOutcome> match = left.stream().filter(e::matches).findFirst();
      match.ifPresent(left::remove);
      if (e.required()) {
        (match.isPresent() ? hits : missed).add(e.id());
      } else if (match.isPresent()) {
        neutral++;
      }
    }
    List<FalsePositive> fps = left.stream()
        .map(o -> new FalsePositive(o, labels.forbidden().stream().filter(f -> f.matches(o))
            .map(SessionLabels.Forbidden::what).findFirst()))
        .toList();
    int required = (int) labels.memories().stream().filter(SessionLabels.Expected::required).count();
    return new SessionResult(labels.transcript(), new Tally(1, written.size(), neutral, required, hits.size()),
        hits, missed, fps);
  }

  /** Scores {@code extractor} on every labelled session; transcripts are read from {@code transcriptsDir}. */
  static List<SessionResult> evaluate(Extractor extractor, List<SessionLabels> sessions, Path transcriptsDir,
      EngramSettings settings) throws IOException {
    List<SessionResult> out = new ArrayList<>();
    for (SessionLabels s : sessions) {
      Path file = transcriptsDir.resolve(s.transcript());
      if (!Files.isRegularFile(file)) {
        throw new IOException("session labels " + s.file() + ": transcript " + file + " not found");
      }
      out.add(score(s, written(extractor, TranscriptReader.read(file), settings)));
    }
    return List.copyOf(out);
  }

  static Tally total(List<SessionResult> results) {
    return results.stream().map(SessionResult::tally).reduce(new Tally(0, 0, 0, 0, 0), Tally::plus);
  }

  /**
   * Writes, for the sessions labelled in {@code labelsDir} (their transcripts in {@code transcriptsDir}),
   * the offline rules' and the keyword baseline's written memories, hits, false positives, precision and
   * recall per session and in total; with {@code misses}, every false positive and missed label of the rules.
   *
   * @throws IOException when a label file or a transcript cannot be read
   */
  public static void printTable(Path labelsDir, Path transcriptsDir, boolean misses, PrintStream out)
      throws IOException {
    List<SessionLabels> sessions = SessionLabels.readAll(labelsDir);
    EngramSettings settings = EngramSettings.DEFAULTS;
    List<SessionResult> rules = evaluate(new RuleBasedExtractor(settings.extraction()), sessions, transcriptsDir,
        settings);
    List<SessionResult> baseline = evaluate(new KeywordBaselineExtractor(), sessions, transcriptsDir, settings);
    out.printf("%-50s %-9s %7s %7s %5s %4s %4s %9s %7s%n", "session", "extractor", "written", "neutral", "labels",
        "hits", "FP", "precision", "recall");
    for (int i = 0; i < sessions.size(); i++) {
      row(out, rules.get(i).transcript(), "rules", rules.get(i).tally());
      row(out, baseline.get(i).transcript(), "baseline", baseline.get(i).tally());
      if (misses) {
        SessionResult r = rules.get(i);
        r.missed().forEach(id -> out.printf("  FN %s%n", id));
        r.falsePositives().forEach(fp -> out.printf("  FP %s %s | %s%s%n", fp.outcome().type().id(),
            fp.outcome().name(), fp.outcome().description(), fp.forbidden().map(w -> "  [must not: " + w + "]")
                .orElse("")));
      }
    }
    Tally r = total(rules);
    Tally b = total(baseline);
    row(out, "all (" + sessions.size() + " sessions)", "rules", r);
    row(out, "all (" + sessions.size() + " sessions)", "baseline", b);
    out.printf("F1 rules %.3f, baseline %.3f%s%n", r.f1(), b.f1(),
        b.f1() > 0 ? String.format(", ratio %.2f", r.f1() / b.f1()) : "");
  }

  private static void row(PrintStream out, String session, String extractor, Tally t) {
    out.printf("%-50s %-9s %7d %7d %5d %4d %4d %9.3f %7.3f%n", clip(session), extractor, t.written(), t.neutral(),
        t.required(), t.hits(), t.written() - t.neutral() - t.hits(), t.precision(), t.recall());
  }

  private static String clip(String s) {
    return s.length() <= SESSION_COLUMN ? s : s.substring(0, SESSION_COLUMN - 1) + "…";
  }
}
