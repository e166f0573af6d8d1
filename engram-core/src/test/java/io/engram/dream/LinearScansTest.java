package io.engram.dream;

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
 * Every scan the dream runs over memory text takes time linear in the text: a 1 MB adversarial input (one
 * long token, long runs of the characters a pattern starts or ends with, repeated near-matches, fences of
 * falling length, long slashed words) is scanned well under a second of processor time ({@link
 * AdversarialText#BUDGET}). A pattern that retries from every position of a run is quadratic and takes
 * minutes here.
 */
class LinearScansTest {
  private static final int SIZE = AdversarialText.SIZE;

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
      // Two halves of the input merged: the merge reads 1 MB in all, as the other scans do.
      Map.entry("merged body", t -> NearDuplicates.merge(List.of(
          new MemoryText("a", t.substring(0, t.length() / 2), Instant.EPOCH),
          new MemoryText("b", t.substring(t.length() / 2) + " more", Instant.EPOCH.plusSeconds(1))))),
      Map.entry("contradictions", t -> Contradictions.between(new MemoryText("a", t, Instant.EPOCH),
          new MemoryText("b", "port 8080 " + t, Instant.EPOCH.plusSeconds(1)))));

  /** Inputs for the dream's own patterns, beyond the shared ones ({@link AdversarialText#texts}). */
  static String[] dreamTexts() {
    List<String> out = new ArrayList<>();
    for (String unit : List.of("/", "[", ")", "!", ".", ":1", "@a", "*", "port ", "\"a ", "«a", "www.", "next ",
        "Redis ", "\\")) {
      out.add("run of '" + unit + "'");
      out.add(unit.repeat(SIZE / unit.length()) + "x");
    }
    out.addAll(List.of(
        "spaces after a key", "port" + " ".repeat(SIZE) + "x",
        "repeated copulas", "ports is is" + " is".repeat(SIZE / 3) + " x",
        "an unclosed link", "[a](" + "b".repeat(SIZE),
        "a long code fence run", "`".repeat(8) + "a".repeat(SIZE),
        "a long scheme", "a".repeat(SIZE) + "://x",
        "alternating fences", "```\n".repeat(SIZE / 8) + "~~~\n".repeat(SIZE / 8),
        "blockquote lines", "> quote\n".repeat(SIZE / 8),
        "fences of falling length", fallingFences(),
        "long slashed words", ("a/".repeat(499) + " ").repeat(SIZE / 999),
        "long located words", ("a:1".repeat(330) + " ").repeat(SIZE / 991),
        "a random base64 blob", base64()));
    return out.toArray(String[]::new);
  }

  /** Lines of backticks, each shorter than the one before: no fence closes another. */
  private static String fallingFences() {
    StringBuilder out = new StringBuilder(SIZE);
    for (int k = 1440; k >= 3 && out.length() < SIZE; k--) {
      out.append("`".repeat(k)).append('\n');
    }
    return out.toString();
  }

  private static String base64() {
    Random random = new Random(7);
    String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    StringBuilder blob = new StringBuilder(SIZE);
    for (int i = 0; i < SIZE; i++) {
      blob.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return blob.toString();
  }

  @TestFactory
  Stream<DynamicTest> everyScanOfMemoryTextIsLinearOnAdversarialInput() {
    String[] extra = dreamTexts();
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
