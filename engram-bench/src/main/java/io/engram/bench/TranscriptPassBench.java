package io.engram.bench;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.extract.ExtractionPass;
import io.engram.extract.ExtractionReport;
import io.engram.memory.MemoryStores;
import io.engram.memory.ProjectMemory;
import io.engram.model.ModelRouter;
import io.engram.transcript.TranscriptPosition;
import io.engram.transcript.TranscriptReader;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The per-turn transcript pass (the Stop hook's extraction, offline rules) on transcripts of growing size,
 * against a baseline measured in the same run: reading the same file's lines once.
 *
 * <p>For each size (default 1, 10 and 100 MB) a transcript is grown from the lines of {@code --data} (a
 * Claude Code session, repeated until the size is reached), then timed: the first pass, which reads the
 * whole file; and a pass after one more megabyte was appended, which reads only that megabyte. Linear
 * growth shows as a steady milliseconds-per-megabyte of the first pass and a constant append pass.
 *
 * <p>Usage: {@code java -cp engram-bench/target/benchmarks.jar io.engram.bench.TranscriptPassBench --data
 * SESSION.jsonl [--sizes 1,10,100]}.
 */
public final class TranscriptPassBench {
  private static final long MB = 1 << 20;

  private TranscriptPassBench() {}

  /** Entry point. */
  public static void main(String[] args) throws IOException {
    List<String> a = List.of(args);
    int data = a.indexOf("--data");
    if (data < 0 || data + 1 >= a.size()) {
      System.err.println("usage: TranscriptPassBench --data SESSION.jsonl [--sizes 1,10,100]");
      System.exit(2);
    }
    int sizesAt = a.indexOf("--sizes");
    String sizes = sizesAt >= 0 && sizesAt + 1 < a.size() ? a.get(sizesAt + 1) : "1,10,100";
    List<Long> bytes = java.util.Arrays.stream(sizes.split(",")).map(s -> Long.parseLong(s.strip()) * MB).toList();
    run(Path.of(a.get(data + 1)), bytes, System.out);
  }

  /** Times the passes on transcripts of each of {@code sizes} bytes grown from {@code source}; prints a table. */
  static void run(Path source, List<Long> sizes, PrintStream out) throws IOException {
    List<String> lines = Files.readAllLines(source, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).toList();
    out.printf("transcript pass on transcripts grown from %s (%d lines)%n", source.getFileName(), lines.size());
    out.printf("%8s %12s %14s %10s %12s %14s%n", "MB", "read ms", "first pass ms", "ms/MB", "pass/read",
        "+1 MB pass ms");
    for (long size : sizes) {
      Path dir = Files.createTempDirectory("engram-transcript-bench");
      try {
        row(dir, lines, size, out);
      } finally {
        delete(dir);
      }
    }
  }

  private static void row(Path dir, List<String> lines, long size, PrintStream out) throws IOException {
    Path file = dir.resolve("session.jsonl");
    grow(file, lines, size);
    String sessionId = TranscriptReader.readFrom(file, TranscriptPosition.START, MB).transcript().sessionId();
    long readStart = System.nanoTime();
    long counted = countLines(file);
    long readNanos = System.nanoTime() - readStart;
    Path project = Files.createDirectories(dir.resolve("project"));
    EngramRoots roots = new EngramRoots(dir.resolve("home"), dir.resolve("user"), project);
    ProjectMemory store = MemoryStores.open(roots, EngramSettings.DEFAULTS, Clock.systemUTC());
    ExtractionPass pass = new ExtractionPass(EngramSettings.DEFAULTS, ModelRouter.offline(), store,
        roots.engramHome(), Clock.systemUTC());
    long firstStart = System.nanoTime();
    ExtractionReport first = pass.run(file, sessionId, false).orElseThrow();
    long firstNanos = System.nanoTime() - firstStart;
    grow(file, lines, Files.size(file) + MB);
    long appendStart = System.nanoTime();
    pass.run(file, sessionId, false).orElseThrow();
    long appendNanos = System.nanoTime() - appendStart;
    double mb = (double) size / MB;
    out.printf("%8.1f %12.0f %14.0f %10.1f %12.1f %14.0f   (%d lines, %d messages)%n", mb, readNanos / 1e6,
        firstNanos / 1e6, firstNanos / 1e6 / mb, (double) firstNanos / Math.max(1, readNanos), appendNanos / 1e6,
        counted, first.read().toMessage());
  }

  /** Appends the source lines, over and over, until the file holds at least {@code size} bytes. */
  private static void grow(Path file, List<String> lines, long size) throws IOException {
    long written = Files.exists(file) ? Files.size(file) : 0;
    try (OutputStream out = Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
      while (written < size) {
        for (String line : lines) {
          byte[] bytes = (line + "\n").getBytes(StandardCharsets.UTF_8);
          out.write(bytes);
          written += bytes.length;
          if (written >= size) {
            break;
          }
        }
      }
    }
  }

  private static long countLines(Path file) throws IOException {
    long n = 0;
    try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      while (r.readLine() != null) {
        n++;
      }
    }
    return n;
  }

  private static void delete(Path dir) throws IOException {
    List<Path> all = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.forEach(all::add);
    }
    all.sort(Comparator.reverseOrder());
    for (Path p : all) {
      Files.deleteIfExists(p);
    }
  }
}
