package io.engram.bench;

import io.engram.extract.ExtractionEvaluation;
import io.engram.extract.SessionEvaluation;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Prints precision and recall of the offline extractor next to a keyword baseline measured in the same run,
 * on data given by path.
 *
 * <p>Usage: {@code java -cp engram-bench/target/benchmarks.jar io.engram.bench.ExtractionBench --data PATH
 * [--transcripts DIR] [--misses]}. With a directory of session labels (one JSON file per transcript), every
 * labelled transcript in {@code --transcripts} goes through what the extraction pass does and what it would
 * write is scored per session ({@link SessionEvaluation#printTable}). With a labelled-turns file (JSONL), the
 * scores are per split ({@link ExtractionEvaluation#printTable}); {@code --transcripts} then replays the real
 * examples through the pass's view of their transcripts. {@code --misses} lists every false positive and
 * missed label.
 */
public final class ExtractionBench {
  private static final String USAGE = "usage: ExtractionBench --data LABELS.jsonl|LABELS-DIR [--transcripts DIR] [--misses]";

  private ExtractionBench() {}

  /** Entry point. */
  public static void main(String[] args) throws IOException {
    int status = run(List.of(args), System.out, System.err);
    if (status != 0) {
      System.exit(status);
    }
  }

  /** Runs the bench; 0 when it printed its table, 2 on a usage error (said on {@code err}). */
  static int run(List<String> args, PrintStream out, PrintStream err) throws IOException {
    Optional<Path> data = Optional.empty();
    Optional<Path> transcripts = Optional.empty();
    boolean misses = false;
    List<String> rest = new ArrayList<>(args);
    while (!rest.isEmpty()) {
      String a = rest.remove(0);
      switch (a) {
        case "--misses" -> misses = true;
        case "--data", "--transcripts" -> {
          if (rest.isEmpty()) {
            err.println(a + " needs a path\n" + USAGE);
            return 2;
          }
          Path p = Path.of(rest.remove(0));
          if (a.equals("--data")) {
            data = Optional.of(p);
          } else {
            transcripts = Optional.of(p);
          }
        }
        default -> {
          if (a.startsWith("-") || data.isPresent()) {
            err.println("unknown argument '" + a + "'\n" + USAGE);
            return 2;
          }
          data = Optional.of(Path.of(a));
        }
      }
    }
    if (data.isEmpty() || !Files.exists(data.get())) {
      err.println((data.isEmpty() ? "--data is required" : "no such file or directory: " + data.get()) + "\n" + USAGE);
      return 2;
    }
    if (Files.isDirectory(data.get())) {
      if (transcripts.isEmpty()) {
        err.println("session labels need --transcripts DIR (where their transcripts are)\n" + USAGE);
        return 2;
      }
      SessionEvaluation.printTable(data.get(), transcripts.get(), misses, out);
    } else {
      ExtractionEvaluation.printTable(data.get(), transcripts, misses, out);
    }
    return 0;
  }
}
