package io.engram.bench;

import io.engram.extract.ExtractionEvaluation;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Prints precision and recall of the offline extractor on a labelled set, per split, next to a
 * keyword baseline measured in the same run ({@link ExtractionEvaluation#printTable}).
 *
 * <p>Usage: {@code java -cp engram-bench/target/benchmarks.jar io.engram.bench.ExtractionBench
 * labelled-turns.jsonl [--misses] [--transcripts DIR]}; with {@code --transcripts} the real examples are
 * first replayed through the extraction pass's view of their transcripts.
 */
public final class ExtractionBench {
  private ExtractionBench() {}

  /** Entry point; the first argument is the labelled set. */
  public static void main(String[] args) throws IOException {
    if (args.length < 1) {
      System.err.println("usage: ExtractionBench LABELLED.jsonl [--misses] [--transcripts DIR]");
      System.exit(2);
    }
    List<String> options = List.of(args).subList(1, args.length);
    int dir = options.indexOf("--transcripts");
    if (dir >= 0 && dir + 1 >= options.size()) {
      System.err.println("--transcripts needs a directory");
      System.exit(2);
    }
    Optional<Path> transcripts = dir >= 0 ? Optional.of(Path.of(options.get(dir + 1))) : Optional.empty();
    ExtractionEvaluation.printTable(Path.of(args[0]), transcripts, options.contains("--misses"), System.out);
  }
}
