package io.engram.dream;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

class DreamDiffTest {

  @Test
  void changedLineShowsWithThreeLinesOfContext() {
    String before = "1\n2\n3\n4\n5\n6\n7\n8\n9\n";
    String after = "1\n2\n3\n4\nfive\n6\n7\n8\n9\n";
    assertThat(DreamDiff.unified("t.md", Optional.of(before), Optional.of(after)))
        .isEqualTo("--- a/t.md\n+++ b/t.md\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n");
  }

  @Test
  void createdAndTrashedFilesAreDiffedAgainstDevNull() {
    assertThat(DreamDiff.unified("new.md", Optional.empty(), Optional.of("a\nb\n")))
        .isEqualTo("--- /dev/null\n+++ b/new.md\n@@ -0,0 +1,2 @@\n+a\n+b\n");
    assertThat(DreamDiff.unified("old.md", Optional.of("x\n"), Optional.empty()))
        .isEqualTo("--- a/old.md\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n");
  }

  @Test
  void missingFinalNewlineIsMarked() {
    assertThat(DreamDiff.unified("f.md", Optional.of("a\nb"), Optional.of("a\nb\n")))
        .isEqualTo("--- a/f.md\n+++ b/f.md\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n");
  }

  @Test
  void unchangedFileHasNoDiff() {
    assertThat(DreamDiff.unified("same.md", Optional.of("x\n"), Optional.of("x\n"))).isEmpty();
  }

  @Test
  void farApartChangesMakeSeparateHunks() {
    StringBuilder a = new StringBuilder();
    for (int i = 1; i <= 20; i++) {
      a.append(i).append('\n');
    }
    String b = a.toString().replace("\n2\n", "\ntwo\n").replace("\n19\n", "\nnineteen\n");
    String diff = DreamDiff.unified("n.md", Optional.of(a.toString()), Optional.of(b));
    assertThat(diff).contains("@@ -1,5 +1,5 @@").contains("@@ -16,5 +16,5 @@");
  }

  @Test
  void planRendersEverySummaryAndFile() {
    DreamPlan plan =
        new DreamPlan(
            List.of(
                new DreamChange.Create("new.md", "hello\n", "new knowledge"),
                new DreamChange.Trash("old.md", "bye\n", "expired")));
    assertThat(DreamDiff.render(plan))
        .isEqualTo(
            "# create new.md: new knowledge\n--- /dev/null\n+++ b/new.md\n@@ -0,0 +1 @@\n+hello\n"
                + "# trash old.md: expired\n--- a/old.md\n+++ /dev/null\n@@ -1 +0,0 @@\n-bye\n");
  }

  @Property(tries = 300)
  void applyingTheDiffToBeforeGivesAfter(
      @ForAll @Size(max = 25) List<@StringLength(max = 2) String> aLines,
      @ForAll @Size(max = 25) List<@StringLength(max = 2) String> bLines,
      @ForAll boolean aEol,
      @ForAll boolean bEol) {
    String a = text(aLines, aEol);
    String b = text(bLines, bEol);
    String diff = DreamDiff.unified("p.md", Optional.of(a), Optional.of(b));
    assertThat(apply(a, diff)).isEqualTo(b);
  }

  private static String text(List<String> lines, boolean eol) {
    List<String> clean = new ArrayList<>();
    for (String l : lines) {
      clean.add(l.replace("\n", "").replace("\r", "").replace("\u2028", "").replace("\u2029", "").replace("\u0085", ""));
    }
    String joined = String.join("\n", clean);
    return clean.isEmpty() ? "" : eol || joined.endsWith("\n") || joined.isEmpty() ? joined + "\n" : joined;
  }

  /** A strict patch applier: every context and deleted line must match. */
  static String apply(String before, String diff) {
    if (diff.isEmpty()) {
      return before;
    }
    List<String> old = DreamDiff.lines(before);
    List<String> out = new ArrayList<>();
    String[] d = diff.split("\n", -1);
    int oldPos = 0;
    int k = 2;
    while (k < d.length && d[k].startsWith("@@")) {
      String[] ranges = d[k].split(" ");
      int oldStart = Integer.parseInt(ranges[1].substring(1).split(",")[0]);
      int oldCount = ranges[1].contains(",") ? Integer.parseInt(ranges[1].split(",")[1]) : 1;
      int copyTo = oldCount == 0 ? oldStart : oldStart - 1;
      while (oldPos < copyTo) {
        out.add(old.get(oldPos++));
      }
      k++;
      while (k < d.length && !d[k].startsWith("@@") && !(k == d.length - 1 && d[k].isEmpty())) {
        String line = d[k];
        String body = line.substring(1);
        if (k + 1 < d.length && d[k + 1].startsWith("\\")) {
          body = body + "\n" + d[k + 1];
          k++;
        }
        if (line.charAt(0) == ' ' || line.charAt(0) == '-') {
          assertThat(old.get(oldPos)).isEqualTo(body);
          oldPos++;
        }
        if (line.charAt(0) == ' ' || line.charAt(0) == '+') {
          out.add(body);
        }
        k++;
      }
    }
    while (oldPos < old.size()) {
      out.add(old.get(oldPos++));
    }
    StringBuilder text = new StringBuilder();
    for (String l : out) {
      text.append(l.endsWith("\n\\ No newline at end of file") ? l.substring(0, l.indexOf('\n')) : l + "\n");
    }
    return text.toString();
  }
}
