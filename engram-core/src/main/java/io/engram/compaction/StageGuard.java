package io.engram.compaction;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.Supplier;

/**
 * Runs the parts of one compaction that read a transcript nobody foresaw, so that a part that fails degrades
 * instead of failing the compaction, and says so: its fallback stands in (an empty view, a section that says it
 * could not be written) and a sentence naming the part and the failure is kept for the ladder's steps and the
 * summary's preamble. A user's compaction never fails on what a transcript holds.
 */
final class StageGuard {
  // A failed stage is told in one short line: its exception's class and message within 200 characters, and where.
  private static final int DETAIL_CHARS = 200;

  private final List<String> failures = new ArrayList<>();

  /**
   * The result of {@code work}, or {@code fallback} when it throws; {@code part} names it for people. A caller's
   * stop ({@link CancellationException}) is no failure of the part: it is passed on.
   */
  <T> T attempt(String part, Supplier<T> work, Supplier<T> fallback) {
    try {
      return work.get();
    } catch (CancellationException stopped) {
      throw stopped;
    } catch (RuntimeException | StackOverflowError e) {
      failures.add(part + " failed (" + describe(e) + ")");
      return fallback.get();
    }
  }

  /** What failed, in order: one sentence each. */
  List<String> failures() {
    return List.copyOf(failures);
  }

  /** An exception as one short line: its class and message, and where in Engram it was thrown. */
  static String describe(Throwable e) {
    String where = "";
    for (StackTraceElement frame : e.getStackTrace()) {
      if (frame.getClassName().startsWith("io.engram.")) {
        where = " at " + frame.getClassName().substring(frame.getClassName().lastIndexOf('.') + 1) + "."
            + frame.getMethodName();
        break;
      }
    }
    String message = e.getMessage() == null ? "" : ": " + e.getMessage().replaceAll("\\s+", " ");
    String line = e.getClass().getSimpleName() + message;
    return (line.length() > DETAIL_CHARS ? line.substring(0, DETAIL_CHARS) + "..." : line) + where;
  }
}
