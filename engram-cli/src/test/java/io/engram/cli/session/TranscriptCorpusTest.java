package io.engram.cli.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.engram.cli.CommandRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command that reads a session (compact, notes, extract, stats) answers on every transcript of a corpus of
 * real sessions, with no internal error: the folder named by {@code ENGRAM_TRANSCRIPT_CORPUS} (every {@code
 * .jsonl} under it); skipped when it is not set. Each command runs on a fresh home, so one file's state never
 * hides another's failure.
 */
class TranscriptCorpusTest {
  @TempDir Path work;

  @Test
  void everyCommandAnswersOnEveryTranscriptOfTheCorpus() throws IOException {
    String corpus = System.getenv("ENGRAM_TRANSCRIPT_CORPUS");
    assumeTrue(corpus != null && Files.isDirectory(Path.of(corpus)), "ENGRAM_TRANSCRIPT_CORPUS names no folder");
    List<Path> files;
    try (Stream<Path> walk = Files.walk(Path.of(corpus))) {
      files = walk.filter(p -> p.toString().endsWith(".jsonl") && Files.isRegularFile(p)).sorted().toList();
    }
    List<String> failures = new ArrayList<>();
    int n = 0;
    for (Path file : files) {
      Path home = Files.createDirectories(work.resolve("home-" + n++));
      for (List<String> args : List.of(List.of("compact", "--no-session-notes"), List.of("notes", "--force"),
          List.of("extract", "--dry-run"), List.of("stats"))) {
        List<String> all = new ArrayList<>(args);
        all.add(file.toString());
        CommandRun run = CommandRun.in(home, work, all.toArray(String[]::new));
        boolean emptyFile = run.exitCode() == 1 && run.err().contains("holds no messages");
        if ((run.exitCode() != 0 && !emptyFile) || run.err().contains("internal error")) {
          failures.add(args.get(0) + " " + file + " -> " + run.exitCode() + ": "
              + run.err().lines().limit(3).reduce("", (a, b) -> a + " | " + b));
        }
      }
      io.engram.fs.FileTrees.delete(home);
    }
    System.out.println("transcript corpus: " + files.size() + " files, " + failures.size() + " failures");
    assertThat(failures).as("commands that failed").isEmpty();
  }
}
