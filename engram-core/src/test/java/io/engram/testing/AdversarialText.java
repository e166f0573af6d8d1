package io.engram.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * Texts shaped to make a backtracking pattern slow or overflow its stack (long runs of one class, repeated
 * near-matches, deep repetition), each built at three lengths, and a check that a scan is linear in them: the
 * longest text ({@link #SIZE} characters) is scanned well within {@link #BUDGET} of processor time, and a scan
 * that takes measurable time does not grow more than {@link #MAX_STEP} times at both doublings, from a quarter
 * of the length to half and from half to the whole. A linear scan doubles at each step; a pattern that retries
 * from every position of a run grows fourfold at each and takes seconds at this length, so both checks fail it.
 * A scan that allocates a little per character can jump once, when its garbage outgrows a cache or the young
 * generation on a loaded machine; it does not jump at both steps.
 */
public final class AdversarialText {
  /** Characters in the longest text of each shape; the others have half and a quarter of them. */
  public static final int SIZE = 1 << 17;

  /**
   * Processor time a scan of the longer text may take. A linear scan of 128 K characters takes milliseconds
   * (the slowest about 200 on a machine loaded with other builds); one that retries from every position of a
   * run does about 8 billion steps, several seconds.
   */
  public static final Duration BUDGET = Duration.ofSeconds(1);

  /** How many times longer a scan may take when the text doubles, at one of the two steps: linear is 2, quadratic 4. */
  public static final double MAX_STEP = 3;

  /** Below this (processor time on the longest text) growth is not judged: timer noise and the JIT dominate. */
  public static final Duration GROWTH_FLOOR = Duration.ofMillis(40);

  /** Wall time after which a scan counts as never ending (a quadratic one takes seconds to minutes). */
  public static final Duration WALL_LIMIT = Duration.ofSeconds(20);

  private AdversarialText() {}

  /** One shape of adversarial text: what it is, and the text of (about) a given length. */
  public record Shape(String name, IntFunction<String> text) {}

  /** A shape named {@code name}, built by {@code text} for a length. */
  public static Shape shape(String name, IntFunction<String> text) {
    return new Shape(name, text);
  }

  /** The shared shapes, plus the {@code extra} ones a family adds for its own patterns. */
  public static List<Shape> shapes(Shape... extra) {
    List<Shape> t = new ArrayList<>(List.of(
        shape("one long token", n -> "a".repeat(n)),
        shape("one long base64 line", n -> "QUJDRGVmZ2g0NTY3".repeat(n / 16)),
        shape("words and spaces", n -> "ab ".repeat(n / 3)),
        shape("url near-misses", n -> "http:".repeat(n / 5)),
        shape("scheme run", n -> "a://".repeat(n / 4)),
        shape("dotted chain", n -> "a.".repeat(n / 2)),
        shape("version-like chain", n -> "1.".repeat(n / 2)),
        shape("path chain", n -> "a/".repeat(n / 2)),
        shape("snake chain", n -> "a_".repeat(n / 2)),
        shape("dash chain", n -> "a-".repeat(n / 2)),
        shape("camel run", n -> "aB".repeat(n / 2)),
        shape("spaces", n -> " ".repeat(n - 1) + "x"),
        shape("newlines", n -> "\n".repeat(n)),
        shape("backticks", n -> "`".repeat(n)),
        shape("open fences", n -> "```a\n".repeat(n / 5)),
        shape("open brackets", n -> "- [".repeat(n / 3)),
        shape("open parentheses", n -> "a a(\n".repeat(n / 5)),
        shape("colons and ats", n -> "a:b@".repeat(n / 4)),
        shape("key-value near-misses", n -> "passwordtoken".repeat(n / 13)),
        shape("dates near-misses", n -> "jan 1 2026-01-".repeat(n / 14)),
        shape("rule words", n -> "always never remember use x instead ".repeat(n / 36)),
        shape("cjk run", n -> "我".repeat(n)),
        shape("angle brackets", n -> "<<<".repeat(n / 3)),
        shape("dollar prompts", n -> "$ ".repeat(n / 2))));
    t.addAll(List.of(extra));
    return t;
  }

  /**
   * Runs {@code scan} on each shape at a quarter of {@link #SIZE}, at half and at {@link #SIZE}, and fails naming
   * the shape when the longest scan takes more than {@link #BUDGET} of processor time (measured on the scanning
   * thread, so a busy machine does not fail a linear scan), grows more than {@link #MAX_STEP} times at both
   * doublings, or does not end within {@link #WALL_LIMIT} at all.
   */
  public static void eachScansInTime(Consumer<String> scan, Shape... extra) {
    scansInTime(scan, shapes(extra));
  }

  /**
   * {@link #eachScansInTime} on {@code only} these shapes, for a scan whose shared shapes another test already runs
   * (the same scan's other test, so that the shared shapes are not measured twice).
   */
  public static void scansInTime(Consumer<String> scan, List<Shape> only) {
    ExecutorService pool = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "adversarial-scan");
      t.setDaemon(true);
      return t;
    });
    try {
      // Warm the code up on a small text first, so that the budget measures the scan, not the JIT.
      scan.accept("Warm up: use pnpm, not npm. https://example.com/a `./mvnw test` 2026-01-02.");
      long slowest = 0;
      String slowestShape = "";
      for (Shape s : only) {
        // Processor time at a quarter, half and the whole of SIZE. The whole first: most scans take next to nothing
        // on it, below the floor where growth is judged, and need no shorter runs (three quarters of the work).
        long[] t = {0, 0, cpuNanos(pool, scan, s, SIZE)};
        if (t[2] >= GROWTH_FLOOR.toNanos()) {
          t[0] = cpuNanos(pool, scan, s, SIZE >> 2);
          t[1] = cpuNanos(pool, scan, s, SIZE >> 1);
        }
        // One sample can hold a JIT recompilation or a burst of allocation (a split of 128 K characters into 40,000
        // words took 22 to 109 ms of processor time in four runs of one JVM): before judging growth or the budget,
        // the best of up to five runs of each length is taken. Only a scan that would fail is run again, so a linear
        // one costs one run of each length; a quadratic scan grows fourfold at each step and stays over the budget
        // whatever the sample.
        for (int again = 0; again < 4 && t[2] >= GROWTH_FLOOR.toNanos()
            && (smallerStep(t) > MAX_STEP || t[2] >= BUDGET.toNanos()); again++) {
          for (int k = 0; k < 3; k++) {
            t[k] = Math.min(t[k], cpuNanos(pool, scan, s, SIZE >> (2 - k)));
          }
        }
        long whole = t[2];
        if (whole > slowest) {
          slowest = whole;
          slowestShape = String.format("%s (%.1f ms; %.1f ms on half, %.1f ms on a quarter)", s.name(), whole / 1e6,
              t[1] / 1e6, t[0] / 1e6);
        }
        assertThat(Duration.ofNanos(whole)).as("processor time scanning %s (%d characters)", s.name(), SIZE)
            .isLessThan(BUDGET);
        if (whole >= GROWTH_FLOOR.toNanos()) {
          assertThat(smallerStep(t))
              .as("growth of the processor time scanning %s at each doubling from %d to %d characters (%.1f, %.1f and"
                  + " %.1f ms)", s.name(), SIZE / 4, SIZE, t[0] / 1e6, t[1] / 1e6, whole / 1e6)
              .isLessThanOrEqualTo(MAX_STEP);
        }
      }
      System.out.println("adversarial texts of " + SIZE + " characters: the slowest scan is of " + slowestShape);
    } finally {
      pool.shutdownNow();
    }
  }

  /** The smaller of the two doublings' growth in {@code times} (a quarter, half and the whole length). */
  private static double smallerStep(long[] times) {
    return Math.min((double) times[1] / Math.max(1, times[0]), (double) times[2] / Math.max(1, times[1]));
  }

  /** Processor nanoseconds {@code scan} takes on {@code shape} at {@code length}, on the pool's thread. */
  private static long cpuNanos(ExecutorService pool, Consumer<String> scan, Shape shape, int length) {
    String text = shape.text().apply(length);
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    Future<Long> run = pool.submit(() -> {
      long start = threads.getCurrentThreadCpuTime();
      scan.accept(text);
      return threads.getCurrentThreadCpuTime() - start;
    });
    try {
      return run.get(WALL_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException timeout) {
      run.cancel(true);
      throw new AssertionError("scanning " + shape.name() + " (" + text.length() + " characters) did not end within "
          + WALL_LIMIT.toSeconds() + " s");
    } catch (ExecutionException failed) {
      throw new AssertionError("scanning " + shape.name() + " (" + text.length() + " characters) failed: "
          + failed.getCause(), failed.getCause());
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw new AssertionError(interrupted);
    }
  }
}
