package io.engram.dream;

import static io.engram.testing.AdversarialText.shape;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.engram.config.EngramSettings;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import java.util.stream.Stream;
import io.engram.testing.AdversarialText;
import io.engram.testing.AdversarialText.Shape;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import io.engram.memory.Memory;
import io.engram.memory.MemoryFormat;
import io.engram.memory.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every scan the dream runs over memory text takes time linear in the text: each adversarial input (one long
 * token, long runs of the characters a pattern starts or ends with, repeated near-matches, fences of falling
 * length, long slashed words) is scanned within {@link AdversarialText#BUDGET} of processor time at 128 K
 * characters, and about doubles with each doubling of the text. A pattern that retries from every position of a
 * run is quadratic: it grows fourfold at each doubling and takes seconds here.
 */
class LinearScansTest {
  /** The scans, by family: each takes a memory body (or a line of MEMORY.md) as the dream gives it. */
  private static final Map<String, Consumer<String>> SCANS = Map.ofEntries(
      Map.entry("quotations, code and URLs (MarkdownProse)", MarkdownProse::split),
      Map.entry("path references", PathReferences::of),
      Map.entry("statements and their typed values", Statement::of),
      Map.entry("relative dates", t -> RelativeDates.absolutize(t, LocalDate.of(2026, 5, 1))),
      Map.entry("sentences of a merge", BodyMerge::sentences),
      Map.entry("sentence keys of a merge", BodyMerge::normalize),
      Map.entry("fenced code", t -> FencedCode.replaceClosed(t, "\n")),
      Map.entry("specifics", Specifics::of),
      Map.entry("mentions", Specifics::mentions),
      Map.entry("shingles", Shingles::of),
      Map.entry("index links", IndexPruner::target),
      // Two halves of the input merged: the merge reads the whole input, as the other scans do.
      Map.entry("merged body", t -> NearDuplicates.merge(List.of(
          new MemoryText("a", t.substring(0, t.length() / 2), Instant.EPOCH),
          new MemoryText("b", t.substring(t.length() / 2) + " more", Instant.EPOCH.plusSeconds(1))))),
      Map.entry("contradictions", t -> Contradictions.between(new MemoryText("a", t, Instant.EPOCH),
          new MemoryText("b", "port 8080 " + t, Instant.EPOCH.plusSeconds(1)))));

  /** Inputs for the dream's own patterns, beyond the shared ones ({@link AdversarialText#shapes}). */
  static Shape[] dreamTexts() {
    List<Shape> out = new ArrayList<>();
    for (String unit : List.of("/", "[", ")", "!", ".", ":1", "@a", "*", "port ", "\"a ", "«a", "www.", "next ",
        "Redis ", "\\")) {
      out.add(shape("run of '" + unit + "'", n -> unit.repeat(n / unit.length()) + "x"));
    }
    out.addAll(List.of(
        shape("spaces after a key", n -> "port" + " ".repeat(n) + "x"),
        shape("repeated copulas", n -> "ports is is" + " is".repeat(n / 3) + " x"),
        shape("an unclosed link", n -> "[a](" + "b".repeat(n)),
        shape("a long code fence run", n -> "`".repeat(8) + "a".repeat(n)),
        shape("a long scheme", n -> "a".repeat(n) + "://x"),
        shape("alternating fences", n -> "```\n".repeat(n / 8) + "~~~\n".repeat(n / 8)),
        shape("blockquote lines", n -> "> quote\n".repeat(n / 8)),
        shape("fences of falling length", LinearScansTest::fallingFences),
        shape("long slashed words", n -> ("a/".repeat(499) + " ").repeat(n / 999)),
        shape("long located words", n -> ("a:1".repeat(330) + " ").repeat(n / 991)),
        shape("a random base64 blob", LinearScansTest::base64)));
    return out.toArray(Shape[]::new);
  }

  /** Lines of backticks, each shorter than the one before: no fence closes another. */
  private static String fallingFences(int size) {
    StringBuilder out = new StringBuilder(size);
    for (int k = 1440; k >= 3 && out.length() < size; k--) {
      out.append("`".repeat(k)).append('\n');
    }
    return out.toString();
  }

  private static String base64(int size) {
    Random random = new Random(7);
    String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    StringBuilder blob = new StringBuilder(size);
    for (int i = 0; i < size; i++) {
      blob.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return blob.toString();
  }

  @TestFactory
  Stream<DynamicTest> everyScanOfMemoryTextIsLinearOnAdversarialInput() {
    Shape[] extra = dreamTexts();
    return SCANS.entrySet().stream().sorted(Map.Entry.comparingByKey()).map(scan -> DynamicTest.dynamicTest(
        scan.getKey(), () -> AdversarialText.eachScansInTime(scan.getValue(), extra)));
  }

  @Test
  void fencedCodeIsReplacedAsThePatternWould() {
    assertThat(FencedCode.replaceClosed("a\n```java\nx = 1\n```\nb", "\n")).isEqualTo("a\n\n\nb");
    // A closing fence is at least as long as the opening one, of the same character, indented three at most.
    assertThat(FencedCode.replaceClosed("````\n```\n~~~~\n   `````x\nb", "")).isEqualTo("\nb");
    assertThat(FencedCode.replaceClosed("```\n    ```\nb", "")).isEqualTo("```\n    ```\nb");
    // An unclosed fence stays; a later pair still closes.
    assertThat(FencedCode.replaceClosed("`````\n```\nx\n```", "-")).isEqualTo("`````\n-");
    assertThat(FencedCode.replaceClosed("no fences", "-")).isEqualTo("no fences");
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
    // The planning budget (15 s by default) is a wall-clock bound, which a CI host at a load of 30 ran past at a linear
    // cost; what is checked here is the cost's order: a scan quadratic in the 200 KB token takes hours, not 2 minutes.
    EngramSettings roomy = DreamFixture.withDream("timeBudgetSeconds", 600);
    DreamFixture f = new DreamFixture(root, roomy);
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
    DreamResult r = assertTimeoutPreemptively(Duration.ofSeconds(120),
        () -> f.dream().run(new DreamOptions(true, false), DreamProgress.NONE));
    assertThat(r.outcome()).isIn(DreamResult.Outcome.APPLIED, DreamResult.Outcome.NOTHING_TO_DO);
    assertThat(ConsolidationLock.status(f.memoryDir(), roomy.dream()).free()).isTrue();
  }
}
