package io.engram.bench.cli;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.engram.cli.global.GlobalOptions;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.cli.session.TranscriptFile;
import io.engram.compaction.CompactionResult;
import io.engram.compaction.SessionCompaction;
import io.engram.config.EngramSettings;
import io.engram.instructions.LoadedInstructions;
import io.engram.model.ModelRouter;
import io.engram.tokens.JtokkitTokenCounter;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Benchmark of offline compaction: read + compact every message of a transcript (as if the session had
 * never compacted: the largest input it offers), against a baseline
 * measured in the same run: reading the transcript and counting every message's tokens (what any
 * compaction must do at least). Rounds alternate baseline and compaction; medians are reported.
 */
@Command(
    name = "compaction-speed",
    mixinStandardHelpOptions = true,
    description = "Time offline compaction of a transcript against reading + token counting it.")
final class CompactionSpeedBench implements Runnable {
  private static long sink;

  @Spec CommandSpec spec;

  @Mixin TranscriptFile transcript;

  @Option(names = "--iterations", defaultValue = "5", description = "Measured runs (default ${DEFAULT-VALUE}).")
  int iterations;

  @Option(names = "--warmup", defaultValue = "2", description = "Unmeasured warm-up runs (default ${DEFAULT-VALUE}).")
  int warmup;

  @Mixin JsonOption json;

  /** The result: what the compaction produced, then the medians in milliseconds and their ratio (one flat object). */
  record Result(String file, int messages, long tokensBefore, long tokensAfter, double reductionPercent,
      double score, @JsonUnwrapped Medians medians) {}

  /** Median milliseconds of the baseline (read and count tokens) and of read plus compaction, and their ratio. */
  record Medians(double baselineMillis, double compactMillis, double ratio) {}

  @Override
  public void run() {
    if (iterations < 1 || warmup < 0) {
      throw new IllegalArgumentException("iterations must be at least 1 and warmup at least 0");
    }
    GlobalOptions global = GlobalOptions.of(spec);
    Result r = run(transcript.path(), warmup, iterations, global.settings(), global.roots().engramHome());
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, r);
      return;
    }
    out.printf(Locale.ROOT, "file: %s (%d messages compacted)%n", r.file(), r.messages());
    out.printf(Locale.ROOT, "baseline (read + count tokens): %8.1f ms%n", r.medians().baselineMillis());
    out.printf(Locale.ROOT, "read + offline compaction:      %8.1f ms  ratio %.2f%n", r.medians().compactMillis(),
        r.medians().ratio());
    out.printf(Locale.ROOT, "tokens %,d -> %,d (%.1f%% shorter), score %.1f%n", r.tokensBefore(), r.tokensAfter(),
        r.reductionPercent(), r.score());
    out.flush();
  }

  static Result run(Path file, int warmup, int iterations, EngramSettings settings, Path home) {
    SessionCompaction compaction =
        new SessionCompaction(settings, ModelRouter.offline(), home, LoadedInstructions::empty);
    double[] base = new double[iterations];
    double[] compact = new double[iterations];
    CompactionResult last = null;
    int messages = 0;
    for (int round = 0; round < warmup + iterations; round++) {
      long t0 = System.nanoTime();
      long counted = baseline(file, settings);
      long t1 = System.nanoTime();
      Transcript t = read(file);
      // The whole session, as if it had never compacted: the largest input the transcript offers.
      Transcript whole = Transcript.ofMessages(t.sessionId(),
          t.messages().stream().filter(m -> !m.isCompactSummary()).toList());
      last = compact(compaction, whole);
      long t2 = System.nanoTime();
      messages = whole.messages().size();
      sink += counted;
      if (round >= warmup) {
        base[round - warmup] = (t1 - t0) / 1e6;
        compact[round - warmup] = (t2 - t1) / 1e6;
      }
    }
    double b = median(base);
    double c = median(compact);
    return new Result(file.toString(), messages, last.sizes().tokensBefore(), last.sizes().tokensAfter(),
        last.sizes().reductionPercent(), last.scoring().score().map(s -> s.total()).orElse(0.0),
        new Medians(b, c, c / b));
  }

  private static CompactionResult compact(SessionCompaction compaction, Transcript whole) {
    try {
      return compaction.compact(whole, SessionCompaction.Request.userRequested("")
          .withNotes(SessionCompaction.Notes.NONE));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static long baseline(Path file, EngramSettings settings) {
    Transcript t = read(file);
    JtokkitTokenCounter counter = JtokkitTokenCounter.forModel(model(t), settings.context());
    long tokens = 0;
    for (TranscriptMessage m : t.messages()) {
      tokens += counter.count(m.promptText());
    }
    return tokens;
  }

  private static Transcript read(Path file) {
    try {
      return TranscriptReader.read(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String model(Transcript t) {
    return t.messages().stream().flatMap(m -> m.model().stream()).reduce((a, b) -> b).orElse("");
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
