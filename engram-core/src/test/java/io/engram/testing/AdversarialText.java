package io.engram.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * One-megabyte texts shaped to make a backtracking pattern slow or overflow its stack (long runs of one
 * class, repeated near-matches, deep repetition), and a check that a scan of each finishes well under a
 * second: a pattern that retries from every position of a run takes minutes on these.
 */
public final class AdversarialText {
  /** Characters in each text. */
  public static final int SIZE = 1 << 20;

  /** Processor time each scan of one text may take; a linear scan of a megabyte takes tens of milliseconds. */
  public static final Duration BUDGET = Duration.ofMillis(900);

  /** Wall time after which a scan counts as never ending (a quadratic one takes minutes). */
  public static final Duration WALL_LIMIT = Duration.ofSeconds(20);

  private AdversarialText() {}

  /** The texts, by what they are, plus the {@code extra} ones a family adds for its own patterns. */
  public static Map<String, String> texts(String... extra) {
    Map<String, String> t = new LinkedHashMap<>();
    t.put("one long token", "a".repeat(SIZE));
    t.put("one long base64 line", "QUJDRGVmZ2g0NTY3".repeat(SIZE / 16));
    t.put("words and spaces", "ab ".repeat(SIZE / 3));
    t.put("url near-misses", "http:".repeat(SIZE / 5));
    t.put("scheme run", "a://".repeat(SIZE / 4));
    t.put("dotted chain", "a.".repeat(SIZE / 2));
    t.put("version-like chain", "1.".repeat(SIZE / 2));
    t.put("path chain", "a/".repeat(SIZE / 2));
    t.put("snake chain", "a_".repeat(SIZE / 2));
    t.put("dash chain", "a-".repeat(SIZE / 2));
    t.put("camel run", "aB".repeat(SIZE / 2));
    t.put("spaces", " ".repeat(SIZE - 1) + "x");
    t.put("newlines", "\n".repeat(SIZE));
    t.put("backticks", "`".repeat(SIZE));
    t.put("open fences", "```a\n".repeat(SIZE / 5));
    t.put("open brackets", "- [".repeat(SIZE / 3));
    t.put("open parentheses", "a a(\n".repeat(SIZE / 5));
    t.put("colons and ats", "a:b@".repeat(SIZE / 4));
    t.put("key-value near-misses", "passwordtoken".repeat(SIZE / 13));
    t.put("dates near-misses", "jan 1 2026-01-".repeat(SIZE / 14));
    t.put("rule words", "always never remember use x instead ".repeat(SIZE / 36));
    t.put("cjk run", "我".repeat(SIZE));
    t.put("angle brackets", "<<<".repeat(SIZE / 3));
    t.put("dollar prompts", "$ ".repeat(SIZE / 2));
    for (int i = 0; i + 1 < extra.length; i += 2) {
      t.put(extra[i], extra[i + 1]);
    }
    return t;
  }

  /**
   * Runs {@code scan} on each text and fails naming the text when one takes more than {@link #BUDGET} of
   * processor time (measured on the scanning thread, so a busy machine does not fail a linear scan), or
   * does not end within {@link #WALL_LIMIT} at all.
   */
  public static void eachScansInTime(Consumer<String> scan, String... extra) {
    ExecutorService pool = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "adversarial-scan");
      t.setDaemon(true);
      return t;
    });
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    try {
      // Warm the code up on a small text first, so that the budget measures the scan, not the JIT.
      scan.accept("Warm up: use pnpm, not npm. https://example.com/a `./mvnw test` 2026-01-02.");
      for (Map.Entry<String, String> e : texts(extra).entrySet()) {
        Future<Long> run = pool.submit(() -> {
          long start = threads.getCurrentThreadCpuTime();
          scan.accept(e.getValue());
          return threads.getCurrentThreadCpuTime() - start;
        });
        long cpuNanos;
        try {
          cpuNanos = run.get(WALL_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException timeout) {
          run.cancel(true);
          throw new AssertionError("scanning " + e.getKey() + " (" + e.getValue().length()
              + " characters) did not end within " + WALL_LIMIT.toSeconds() + " s");
        } catch (ExecutionException failed) {
          throw new AssertionError("scanning " + e.getKey() + " failed: " + failed.getCause(), failed.getCause());
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw new AssertionError(interrupted);
        }
        assertThat(Duration.ofNanos(cpuNanos))
            .as("processor time scanning %s (%d characters)", e.getKey(), e.getValue().length())
            .isLessThan(BUDGET);
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
