package io.engram.dream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.engram.config.EngramSettings;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import io.engram.memory.Memory;
import io.engram.memory.MemoryFormat;
import io.engram.memory.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every scan the dream runs over memory text takes time linear in the text: a 1 MB adversarial input (one
 * long token, long runs of the characters a pattern starts or ends with, repeated near-matches) is scanned
 * in a few seconds of processor time at most (most scans take well under one; merging two such texts is the
 * slowest). A pattern that retries from every position of a run is quadratic and takes minutes here, so the
 * bound still tells the two apart. Processor time is measured on the scanning thread, so a busy machine (other
 * test JVMs on the same cores) stretches the wall time of a linear scan without failing it.
 */
class LinearScansTest {
  private static final int SIZE = 1 << 20;
  private static final Duration LIMIT = Duration.ofSeconds(5);
  /** Wall time after which a scan counts as never ending, whatever the machine's load. */
  private static final Duration WALL_LIMIT = Duration.ofSeconds(60);

  /** The scans, by family: each takes a memory body (or a line of MEMORY.md) as the dream gives it. */
  private static final Map<String, Function<String, Object>> SCANS = Map.ofEntries(
      Map.entry("quotations, code and URLs (MarkdownProse)", MarkdownProse::split),
      Map.entry("path references", PathReferences::of),
      Map.entry("typed values (ports, versions, commands, paths)", TypedValues::of),
      Map.entry("statements", Statement::of),
      Map.entry("relative dates", t -> RelativeDates.absolutize(t, LocalDate.of(2026, 5, 1))),
      Map.entry("sentences of a merge", BodyMerge::sentences),
      Map.entry("sentence keys of a merge", BodyMerge::normalize),
      Map.entry("specifics", Specifics::of),
      Map.entry("mentions", Specifics::mentions),
      Map.entry("shingles", Shingles::of),
      Map.entry("index links", IndexPruner::target),
      // Two halves of the input merged: the merge reads 1 MB in all, as the other scans do.
      Map.entry("merged body", t -> NearDuplicates.merge(List.of(
          new MemoryText("a", t.substring(0, t.length() / 2), Instant.EPOCH),
          new MemoryText("b", t.substring(t.length() / 2) + " more", Instant.EPOCH.plusSeconds(1))))),
      Map.entry("contradictions", t -> Contradictions.between(new MemoryText("a", t, Instant.EPOCH),
          new MemoryText("b", "port 8080 " + t, Instant.EPOCH.plusSeconds(1)))));

  /** Inputs that make a backtracking pattern retry from every position of a run. */
  static List<String> adversarial() {
    List<String> out = new ArrayList<>();
    for (String unit : List.of("a", "a.", "a-", "a/", "/", "[", "(", ")", "!", ".", "`a", ":1", "1.", "@a", "*",
        "port ", " ", "~", "\"a ", "«a", "http", "www.", "next ", "Redis ", "aB", "a_", "\\")) {
      out.add(unit.repeat(SIZE / unit.length()) + "x");
    }
    out.add("port" + " ".repeat(SIZE) + "x");
    out.add("ports is is" + " is".repeat(SIZE / 3) + " x");
    out.add("[a](" + "b".repeat(SIZE));
    out.add("`".repeat(8) + "a".repeat(SIZE));
    out.add("a".repeat(SIZE) + "://x");
    out.add("```\n".repeat(SIZE / 8) + "~~~\n".repeat(SIZE / 8));
    out.add("> quote\n".repeat(SIZE / 8));
    Random random = new Random(7);
    String base64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    StringBuilder blob = new StringBuilder(SIZE);
    for (int i = 0; i < SIZE; i++) {
      blob.append(base64.charAt(random.nextInt(base64.length())));
    }
    out.add(blob.toString());
    return out;
  }

  @Test
  void everyScanOfMemoryTextIsLinearOnAdversarialInput() throws Exception {
    List<String> inputs = adversarial();
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    ExecutorService pool = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "dream-scan");
      t.setDaemon(true);
      return t;
    });
    try {
      for (Map.Entry<String, Function<String, Object>> scan : SCANS.entrySet()) {
        for (String input : inputs) {
          String what = scan.getKey() + " on 1 MB of '"
              + input.substring(0, Math.min(12, input.length())).replace("\n", "\\n") + "...'";
          Future<Long> run = pool.submit(() -> {
            long start = threads.getCurrentThreadCpuTime();
            scan.getValue().apply(input);
            return threads.getCurrentThreadCpuTime() - start;
          });
          long cpuNanos;
          try {
            cpuNanos = run.get(WALL_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
          } catch (TimeoutException never) {
            run.cancel(true);
            throw new AssertionError(what + " did not end within " + WALL_LIMIT.toSeconds() + " s");
          }
          assertThat(Duration.ofNanos(cpuNanos)).as("processor time of %s", what).isLessThan(LIMIT);
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aLongTokenIsStillScannedForWhatItHolds() {
    String token = "a".repeat(200_000);
    assertThat(MarkdownProse.verbatim("see https://example.com/" + token + " now")).hasSize(1);
    assertThat(Specifics.of("Tests need Redis on port 6379 " + token)).contains("redis", "6379");
    assertThat(Statement.of("The API runs on port 8080.\n" + token).get(0).text).isEqualTo("The API runs on port 8080.");
    assertThat(TypedValues.of("The API runs on port 8080.")).isNotEmpty();
  }

  @Test
  void aStoreWithA200KbSingleTokenMemoryDreamsInSeconds(@TempDir Path root) throws Exception {
    DreamFixture f = new DreamFixture(root);
    f.memory("redis", MemoryType.PROJECT, "Tests need Redis on port 6379.", DreamFixture.NOW.minusSeconds(86_400));
    // Written as a file, as a pasted log or blob would be: the store's own write path may refuse its size.
    Random random = new Random(11);
    StringBuilder blob = new StringBuilder();
    for (int i = 0; i < 200_000; i++) {
      blob.append((char) ('a' + random.nextInt(26)));
    }
    for (String name : List.of("pasted-blob", "pasted-run")) {
      String body = name.equals("pasted-blob") ? blob.toString() : "a".repeat(200_000);
      Memory m = Memory.builder(name, MemoryType.PROJECT).description("pasted").body(body + "\n").build();
      Files.writeString(f.memoryDir().resolve(name + ".md"), MemoryFormat.format(m));
    }
    DreamResult r = assertTimeoutPreemptively(Duration.ofSeconds(20),
        () -> f.dream().run(new DreamOptions(true, false), DreamProgress.NONE));
    assertThat(r.outcome()).isIn(DreamResult.Outcome.APPLIED, DreamResult.Outcome.NOTHING_TO_DO);
    assertThat(ConsolidationLock.status(f.memoryDir(), EngramSettings.DEFAULTS.dream()).free()).isTrue();
  }
}
