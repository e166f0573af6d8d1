package io.engram.instructions;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class ImportParserPropertyTest {

  @Property(tries = 500)
  void randomMarkdownNeverCrashesTheParser(@ForAll("markdown") String markdown) {
    List<ImportParser.ImportRef> refs = ImportParser.parse(markdown);
    assertThat(refs).allSatisfy(r -> {
      assertThat(r.path()).isNotEmpty().doesNotContain("\n");
      assertThat(r.line()).isPositive();
    });
  }

  @Property(tries = 300)
  void anyUnicodeStringNeverCrashesTheParser(@ForAll String text) {
    assertThat(ImportParser.parse(text)).isNotNull();
  }

  @Property(tries = 200)
  void nothingInsideAFencedBlockIsEverAnImport(@ForAll("markdown") String body) {
    String fence = "`".repeat(3 + (int) body.chars().filter(c -> c == '`').count());
    String fenced = fence + "\n" + body.replace("\n" + fence.charAt(0), "\n ") + "\n" + fence + "\n";
    assertThat(ImportParser.parse(fenced)).isEmpty();
  }

  @Provide
  Arbitrary<String> markdown() {
    Arbitrary<String> pieces = Arbitraries.of(
        "@", "@a.md", "@./b.md", "@~/c.md", "@/d.md", "@../e", "`", "``", "```", "~~~", "    ", "\t", "\n",
        "\n\n", "# ", "- ", "> ", "* ", "_", "**", "[", "]", "(", ")", "<div>", "</div>", "<", ">", "\\",
        "\\ ", "#", "x", "text ", "é", "\u0000", "\r\n", "|", "---", "1. ", "![", "&amp;", "@@");
    return pieces.list().ofMaxSize(60).map(l -> String.join("", l));
  }
}
