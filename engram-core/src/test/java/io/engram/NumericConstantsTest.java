package io.engram;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.engram.testing.RepositoryRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every number the product holds as a constant is either a setting ({@code io.engram.config.EngramSettings}, declared
 * once with its default, range and help) or a definition whose comment says why it has that value: the source of
 * every module but the lab ({@code engram-bench}, whose numbers are the benchmarks' own) is read, and a numeric
 * constant with no comment on its line or the line before fails, as does a length written as a bare number in a call
 * that cuts a text or a list, or in a comparison with a length, a size or a count ({@link InlineLengths}).
 */
class NumericConstantsTest {
  private static final String LAB = "engram-bench";

  @Test
  void everyNumericConstantOfTheProductSaysWhyItHasItsValue() throws IOException {
    List<UnexplainedConstants.Constant> all = productConstants();
    // Far fewer would mean the scan stopped finding them, not that they went.
    assertThat(all).as("numeric constants found in the product's sources").hasSizeGreaterThan(50);
    assertThat(all.stream().filter(c -> !c.explained()).map(Object::toString).toList())
        .as("numeric constants with no comment: make a tunable one a setting of io.engram.config.EngramSettings,"
            + " and say on or above any other why it has its value (a format's, a protocol's, an algorithm's)")
        .isEmpty();
  }

  @Test
  void aConstantWithNoCommentIsFoundAndOneWithACommentIsNot() {
    String source = """
        final class Planted {
          static final int UNEXPLAINED = 30;
          // The protocol's own code.
          static final int ABOVE = -32700;
          private static final double ON_ITS_LINE = 0.5; // the standard b of BM25
          /** The seed's ratio. */
          public static final long JAVADOC = 4L;
          static final java.time.Duration WAIT = java.time.Duration.ofSeconds(2);
          final static float SWAPPED = 1f;
          static final String NOT_A_NUMBER = "x";
          static final int[] NOT_ONE_NUMBER = {1};
        }
        """;
    List<UnexplainedConstants.Constant> found = UnexplainedConstants.in(Path.of("Planted.java"), source);

    assertThat(found).extracting(UnexplainedConstants.Constant::name)
        .containsExactly("UNEXPLAINED", "ABOVE", "ON_ITS_LINE", "JAVADOC", "WAIT", "SWAPPED");
    assertThat(found).filteredOn(c -> !c.explained()).extracting(Object::toString)
        .containsExactly("Planted.java:2 UNEXPLAINED", "Planted.java:8 WAIT", "Planted.java:9 SWAPPED");
  }

  @Test
  void anInterfacesConstantsAreFoundThoughTheyDoNotSayStaticFinal() {
    String source = """
        interface Port {
          int UNEXPLAINED = 4;
          /** The port's contract. */
          double EXPLAINED = 2.0;
          int count();
        }
        """;

    assertThat(UnexplainedConstants.in(Path.of("Port.java"), source)).extracting(Object::toString, c -> c.explained())
        .containsExactly(tuple("Port.java:2 UNEXPLAINED", false),
            tuple("Port.java:4 EXPLAINED", true));
  }

  @Test
  void aCommentExplainsOnlyTheConstantRightBelowIt() {
    String source = """
        // Two bounds, one comment.
        static final int FIRST = 1;
        static final int SECOND = 2;
        """;

    assertThat(UnexplainedConstants.in(Path.of("Grouped.java"), source)).filteredOn(c -> !c.explained())
        .extracting(UnexplainedConstants.Constant::name).containsExactly("SECOND");
  }

  @Test
  void noLengthIsWrittenAsABareNumberInACallThatCuts() throws IOException {
    assertThat(productLengths(InlineLengths::in))
        .as("lengths written as numbers in a call that cuts: make a tunable one a setting of"
            + " io.engram.config.EngramSettings, and any other a named constant that says why")
        .isEmpty();
  }

  @Test
  void aLengthInACuttingCallIsFoundAndANamedOneOrAStringIsNot() {
    String source = """
        final class Planted {
          String a(String s) { return Terms.clip(s, 150); }
          String b(String s) { return s.substring(0, LIMIT); }
          String c(String s) { return s.substring(0, 3) + "substring(0, 40)"; }
          // s.substring(0, 40) in a comment
          String d(java.util.List<String> l) { return l.stream().limit(1_000).toList().toString(); }
          double e(double x) { return Math.max(10, x); }
        }
        """;

    assertThat(InlineLengths.in(Path.of("Planted.java"), source)).extracting(Object::toString)
        .containsExactly("Planted.java:2 clip", "Planted.java:6 limit");
  }

  @Test
  void noLengthIsComparedWithABareNumber() throws IOException {
    assertThat(productLengths(InlineLengths::compared))
        .as("lengths written as numbers in a comparison with a length, a size or a count: make a tunable one a setting"
            + " of io.engram.config.EngramSettings, and any other a named constant that says why")
        .isEmpty();
  }

  @Test
  void aLengthInAComparisonIsFoundAndANamedOneOrAStringIsNot() {
    String source = """
        final class Planted {
          boolean a(String s) { return s.length() > 30; }
          boolean b(java.util.List<String> l) { return l.size() >= 12; }
          boolean c(int letters) { return letters>=12; }
          boolean d(String s) { return 128 < s.trim().length(); }
          boolean e(int[] a, int lineCount) { return a.length == 26 || lineCount != 1_000; }
          boolean f(String s) { return s.length() > LIMIT && s.length() <= 3 && 2 < s.length(); }
          boolean g(String s) { return "s.length() > 40".isEmpty(); }
          // s.length() > 40 in a comment
          boolean h(int status, String s) { return status >= 200 && count(s) > 40 && (s.length() << 12) > 0; }
        }
        """;

    assertThat(InlineLengths.compared(Path.of("Planted.java"), source)).extracting(Object::toString)
        .containsExactly("Planted.java:2 length()", "Planted.java:3 size()", "Planted.java:4 letters",
            "Planted.java:5 length()", "Planted.java:6 length");
  }

  @Test
  void theScanReadsEveryProductModuleAndNotTheLab() throws IOException {
    List<Path> files = productConstants().stream().map(UnexplainedConstants.Constant::file).distinct().toList();

    assertThat(files).anyMatch(f -> f.startsWith("engram-core")).anyMatch(f -> f.startsWith("engram-mcp"))
        .anyMatch(f -> f.startsWith("engram-cli")).noneMatch(f -> f.startsWith(LAB));
  }

  private static List<UnexplainedConstants.Constant> productConstants() throws IOException {
    List<UnexplainedConstants.Constant> all = new ArrayList<>();
    for (Path module : productModules()) {
      all.addAll(UnexplainedConstants.inModule(module));
    }
    return all;
  }

  // What a scan of InlineLengths finds in the product's sources, one line each.
  private static List<String> productLengths(BiFunction<Path, String, List<InlineLengths.Literal>> scan)
      throws IOException {
    List<String> found = new ArrayList<>();
    for (Path module : productModules()) {
      UnexplainedConstants.inModule(module, scan).forEach(l -> found.add(l.toString()));
    }
    return found;
  }

  // Every module of the repository but the lab.
  private static List<Path> productModules() throws IOException {
    try (Stream<Path> modules = Files.list(RepositoryRoot.find())) {
      return modules.filter(m -> m.getFileName().toString().startsWith("engram-")
          && !m.getFileName().toString().equals(LAB) && Files.isRegularFile(m.resolve("pom.xml"))).sorted().toList();
    }
  }
}
