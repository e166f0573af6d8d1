package io.engram.bench.cli;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.cli.global.GlobalOptions;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.cli.session.TranscriptFile;
import io.engram.config.ContextSettings;
import io.engram.tokens.JtokkitTokenCounter;
import io.engram.tokens.TokenCalibration;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.TranscriptReader;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Benchmark of reading and token-counting a transcript, against a baseline measured in the same run.
 *
 * <p>Baseline: read the file line by line and parse each line into a Jackson tree, nothing else (the
 * least any JSONL reader must do). Measured: {@link TranscriptReader#read(Path)} (the model, with
 * subagents), and the same plus counting every message with the corrected o200k counter. Each is run
 * {@code --warmup} times, then {@code --iterations} times, taking turns within each round; the median of each is reported. With several files,
 * the token correction is also fitted over all of them (see {@link TokenCalibration}). Registered as
 * {@code bench transcript}; {@link #run(List, int, int, ContextSettings)} is the entry point.
 */
@Command(
    name = "transcript",
    mixinStandardHelpOptions = true,
    description = {
      "Time reading and token counting of a transcript against raw line parsing.",
      "The baseline parses each line with Jackson and nothing more. Also fits the token correction over all"
          + " the files given."})
final class TranscriptBench implements Runnable {
  private static final ObjectMapper BASELINE_MAPPER = new ObjectMapper();

  @Spec CommandSpec spec;

  @Mixin TranscriptFile transcript;

  @Parameters(index = "1..*", arity = "0..*", paramLabel = "MORE",
      description = "More transcripts: only the first is timed, the token correction is fitted over all.")
  List<Path> more = List.of();

  @Option(names = "--iterations", defaultValue = "10", description = "Measured runs (default ${DEFAULT-VALUE}).")
  int iterations;

  @Option(names = "--warmup", defaultValue = "5", description = "Unmeasured warm-up runs (default ${DEFAULT-VALUE}).")
  int warmup;

  @Mixin JsonOption json;

  /**
   * The result; its JSON is one flat object, the timings' fields inline.
   *
   * @param file the timed file
   * @param bytes its size
   * @param timings the medians and their ratios to the baseline
   * @param messages messages read
   * @param tokens corrected tokens counted
   * @param calibration the token correction fitted over every given file, if they allow a fit
   */
  record Result(
      String file,
      long bytes,
      @JsonUnwrapped Timings timings,
      int messages,
      long tokens,
      Optional<TokenCalibration.Fit> calibration) {}

  /**
   * The measured medians.
   *
   * @param baselineMillis median time of line reading + Jackson tree parsing
   * @param readMillis median time of {@link TranscriptReader#read(Path)}
   * @param readAndCountMillis median time of reading and counting every message's tokens
   * @param readRatio read time over baseline time
   * @param readAndCountRatio read + count time over baseline time
   */
  record Timings(double baselineMillis, double readMillis, double readAndCountMillis, double readRatio,
      double readAndCountRatio) {}

  @Override
  public void run() {
    List<Path> files = new ArrayList<>(List.of(transcript.path()));
    files.addAll(more);
    Result result = run(files, warmup, iterations, GlobalOptions.of(spec).settings().context());
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, result);
      return;
    }
    out.printf("file:            %s (%d bytes, %d messages, %d tokens)%n",
        result.file(), result.bytes(), result.messages(), result.tokens());
    Timings t = result.timings();
    out.printf("baseline:        %8.1f ms  (lines + Jackson tree per line)%n", t.baselineMillis());
    out.printf("read:            %8.1f ms  ratio %.2f%n", t.readMillis(), t.readRatio());
    out.printf("read + count:    %8.1f ms  ratio %.2f%n", t.readAndCountMillis(), t.readAndCountRatio());
    result.calibration().ifPresent(c -> out.printf(
        "token correction %.3f over %d requests; mean abs error: raw %.1f%%, overhead only %.1f%%, calibrated %.1f%%%n",
        c.factor(), c.samples(), c.errorRaw(), c.errorOverheadOnly(), c.errorCalibrated()));
    out.flush();
  }

  /** Runs the benchmark on {@code files.get(0)} and fits the correction over all {@code files}. */
  static Result run(List<Path> files, int warmup, int iterations, ContextSettings settings) {
    if (iterations < 1 || warmup < 0) {
      throw new IllegalArgumentException("iterations must be at least 1 and warmup at least 0");
    }
    Path file = files.get(0);
    try {
      long bytes = Files.size(file);
      Transcript transcript = TranscriptReader.read(file);
      String model = transcript.messages().stream().flatMap(m -> m.model().stream()).findFirst().orElse("");
      JtokkitTokenCounter counter = JtokkitTokenCounter.forModel(model, settings);
      long tokens = count(transcript, counter);
      double[] medians = interleavedMedians(warmup, iterations, List.of(
          () -> baseline(file),
          () -> TranscriptReader.read(file).messages().size(),
          () -> count(TranscriptReader.read(file), counter)));
      double baseline = medians[0];
      double read = medians[1];
      double readAndCount = medians[2];
      List<TokenCalibration.Sample> samples = new ArrayList<>();
      JtokkitTokenCounter raw = new JtokkitTokenCounter();
      for (Path f : files) {
        samples.addAll(TokenCalibration.samples(TranscriptReader.read(f), raw));
      }
      Optional<TokenCalibration.Fit> fit =
          samples.size() >= 3 ? Optional.of(TokenCalibration.fit(samples)) : Optional.empty();
      return new Result(file.toString(), bytes,
          new Timings(baseline, read, readAndCount, read / baseline, readAndCount / baseline),
          transcript.messages().size(), tokens, fit);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static long count(Transcript transcript, JtokkitTokenCounter counter) {
    long tokens = 0;
    for (TranscriptMessage m : transcript.messages()) {
      tokens += counter.count(m.promptText());
    }
    return tokens;
  }

  private static long baseline(Path file) throws IOException {
    long nodes = 0;
    try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        if (!line.isBlank()) {
          try {
            JsonNode node = BASELINE_MAPPER.readTree(line);
            nodes += node.size();
          } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            nodes--;
          }
        }
      }
    }
    return nodes;
  }

  /** Work whose result is kept so the JIT cannot drop it. */
  @FunctionalInterface
  private interface Work {
    long run() throws IOException;
  }

  private static long sink;

  // The contestants take turns within each round, so a load spike on the shared machine hits all alike.
  private static double[] interleavedMedians(int warmup, int iterations, List<Work> contestants)
      throws IOException {
    double[][] millis = new double[contestants.size()][iterations];
    for (int round = 0; round < warmup + iterations; round++) {
      for (int c = 0; c < contestants.size(); c++) {
        long start = System.nanoTime();
        sink += contestants.get(c).run();
        if (round >= warmup) {
          millis[c][round - warmup] = (System.nanoTime() - start) / 1e6;
        }
      }
    }
    double[] medians = new double[contestants.size()];
    for (int c = 0; c < medians.length; c++) {
      double[] m = millis[c];
      Arrays.sort(m);
      medians[c] = iterations % 2 == 1 ? m[iterations / 2] : (m[iterations / 2 - 1] + m[iterations / 2]) / 2;
    }
    return medians;
  }
}
