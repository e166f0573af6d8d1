package io.engram.bench;

import io.engram.Engram;
import io.engram.config.EngramRoots;
import io.engram.hooks.HookEvent;
import io.engram.hooks.HookInput;
import io.engram.hooks.HookRunner;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Stop hook's whole transcript work (extraction, session notes, context levels; offline, in process) on
 * transcripts of growing size, against a baseline measured in the same run: reading the same file's lines once.
 *
 * <p>For each size (default 1, 10 and 100 MB) a transcript is grown from the lines of {@code --data} (a Claude
 * Code session, repeated with fresh uuids, message and tool ids until the size is reached, in a temporary
 * directory), then timed: the first Stop, which reads the whole file; and a Stop after one more turn of the
 * session was appended, which reads only that turn. Each reports the peak heap in use during it (the sum of the
 * heap pools' peaks, after a collection). Linear growth shows as a steady milliseconds-per-megabyte of the first
 * Stop and an append Stop that costs the same whatever the file's size.
 *
 * <p>Usage: {@code java -cp engram-bench/target/benchmarks.jar io.engram.bench.TranscriptPassBench --data
 * SESSION.jsonl [--sizes 1,10,100]}.
 */
public final class TranscriptPassBench {
  private static final long MB = 1 << 20;
  private static final Pattern IDS = Pattern.compile("\"(uuid|parentUuid|id|tool_use_id|sourceToolUseID)\":\"([^\"]+)\"");

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

  /** Times the Stop hook on transcripts of each of {@code sizes} bytes grown from {@code source}; prints a table. */
  static void run(Path source, List<Long> sizes, PrintStream out) throws IOException {
    List<String> lines = Files.readAllLines(source, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).toList();
    out.printf("Stop hook on transcripts grown from %s (%d lines)%n", source.getFileName(), lines.size());
    out.printf("%8s %9s %14s %8s %10s %13s %16s %14s%n", "MB", "read ms", "first Stop ms", "ms/MB", "Stop/read",
        "first heap MB", "+1 turn Stop ms", "+1 turn heap MB");
    for (long size : sizes) {
      try (ScratchDirectory dir = ScratchDirectory.create("engram-transcript-bench")) {
        row(dir.path(), lines, size, out);
      }
    }
  }

  private static void row(Path dir, List<String> lines, long size, PrintStream out) throws IOException {
    Path file = dir.resolve("session.jsonl");
    int copies = grow(file, lines, size, 0);
    long readStart = System.nanoTime();
    long counted = countLines(file);
    long readNanos = System.nanoTime() - readStart;
    Path project = Files.createDirectories(dir.resolve("project"));
    EngramRoots roots = new EngramRoots(dir.resolve("home"), dir.resolve("user"), project);
    HookRunner runner = Engram.builder(roots).build().hooks();
    String session = sessionOf(lines);
    HookInput stop = HookInput.parse("{\"session_id\":\"" + session + "\",\"transcript_path\":\""
        + file.toString().replace("\\", "\\\\") + "\",\"cwd\":\"" + project.toString().replace("\\", "\\\\") + "\"}");
    Measured first = measured(() -> runner.run(HookEvent.STOP, stop));
    appendTurn(file, lines, copies);
    Measured next = measured(() -> runner.run(HookEvent.STOP, stop));
    double mb = (double) Files.size(file) / MB;
    out.printf("%8.1f %9.0f %14.0f %8.1f %10.1f %13.0f %16.0f %14.0f   (%d lines)%n", (double) size / MB,
        readNanos / 1e6, first.millis, first.millis / mb, first.millis * 1e6 / Math.max(1, readNanos),
        first.heapMb, next.millis, next.heapMb, counted);
  }

  /** One pass's time and the peak heap in use during it. */
  private record Measured(double millis, double heapMb) {}

  private interface Pass {
    void run() throws IOException;
  }

  private static Measured measured(Pass pass) throws IOException {
    System.gc();
    List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
        .filter(p -> p.getType() == MemoryType.HEAP)
        .toList();
    heap.forEach(MemoryPoolMXBean::resetPeakUsage);
    long start = System.nanoTime();
    pass.run();
    long nanos = System.nanoTime() - start;
    long peak = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
    return new Measured(nanos / 1e6, peak / (double) MB);
  }

  private static String sessionOf(List<String> lines) {
    Matcher m = Pattern.compile("\"sessionId\":\"([^\"]+)\"").matcher(String.join("\n", lines));
    return m.find() ? m.group(1) : "session";
  }

  /**
   * Appends copies of the source lines, each with its ids made fresh, until the file holds at least {@code size}
   * bytes; returns the copies written so far.
   */
  private static int grow(Path file, List<String> lines, long size, int copiesBefore) throws IOException {
    long written = Files.exists(file) ? Files.size(file) : 0;
    int copy = copiesBefore;
    try (OutputStream out = Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
      while (written < size) {
        for (String line : lines) {
          byte[] bytes = (fresh(line, copy) + "\n").getBytes(StandardCharsets.UTF_8);
          out.write(bytes);
          written += bytes.length;
          if (written >= size) {
            break;
          }
        }
        copy++;
      }
    }
    return copy;
  }

  /** Appends one turn of the session: its first line a person typed and the lines up to the next, ids made fresh. */
  private static void appendTurn(Path file, List<String> lines, int copy) throws IOException {
    int start = -1;
    int end = lines.size();
    for (int i = 0; i < lines.size(); i++) {
      boolean typed = lines.get(i).contains("\"type\":\"user\"") && !lines.get(i).contains("\"tool_result\"")
          && !lines.get(i).contains("\"isMeta\":true");
      if (typed && start < 0) {
        start = i;
      } else if (typed) {
        end = i;
        break;
      }
    }
    StringBuilder turn = new StringBuilder();
    for (String line : lines.subList(Math.max(0, start), end)) {
      turn.append(fresh(line, copy + 1)).append('\n');
    }
    Files.writeString(file, turn, StandardOpenOption.APPEND);
  }

  private static String fresh(String line, int copy) {
    if (copy == 0) {
      return line;
    }
    return IDS.matcher(line).replaceAll(m -> Matcher.quoteReplacement(
        "\"" + m.group(1) + "\":\"" + m.group(2) + "-" + copy + "\""));
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

}
