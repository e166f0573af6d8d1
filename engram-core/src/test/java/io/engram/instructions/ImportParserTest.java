package io.engram.instructions;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.instructions.ImportParser.ImportRef;
import java.util.List;
import org.junit.jupiter.api.Test;

class ImportParserTest {

  private static List<String> paths(String markdown) {
    return ImportParser.parse(markdown).stream().map(ImportRef::path).toList();
  }

  @Test
  void findsRelativeAbsoluteAndHomeImports() {
    assertThat(paths("@a.md\n\nsee @./b.md, @../c.md and @/abs/d.md or @~/e.md"))
        .containsExactly("a.md", "./b.md", "../c.md", "/abs/d.md", "~/e.md");
  }

  @Test
  void importsInsideInlineCodeAreIgnored() {
    assertThat(paths("use `@not-an-import.md` but @yes.md")).containsExactly("yes.md");
    assertThat(paths("``code with `@x.md` inside``")).isEmpty();
  }

  @Test
  void importsInsideFencedCodeBlocksAreIgnored() {
    assertThat(paths("```\n@fenced.md\n```\n~~~md\n@tilde.md\n~~~\n")).isEmpty();
  }

  @Test
  void importsInsideIndentedCodeBlocksAreIgnored() {
    assertThat(paths("para\n\n    @indented.md\n")).isEmpty();
  }

  @Test
  void importsInsideHtmlAreIgnored() {
    assertThat(paths("<div>\n@html-block.md\n</div>\n\ntext <span>@x.md</span>")).isEmpty();
  }

  @Test
  void emailAddressesAndDecoratorsInsideWordsAreNotImports() {
    assertThat(paths("mail me@example.com or foo@bar.md")).isEmpty();
  }

  @Test
  void importsInListsQuotesHeadingsAndEmphasisAreFound() {
    assertThat(paths("# Title @h.md\n\n- item @li.md\n\n> quote @q.md\n\n*stress @em.md*"))
        .containsExactly("h.md", "li.md", "q.md", "em.md");
  }

  @Test
  void trailingPunctuationAndFragmentsAreDropped() {
    assertThat(paths("Read @guide.md. Then @other.md#section, then (@paren.md)")).containsExactly(
        "guide.md", "other.md");
  }

  @Test
  void escapedSpacesArePartOfThePath() {
    assertThat(paths("@my\\ notes.md")).containsExactly("my notes.md");
  }

  @Test
  void aBareAtSignIsNotAnImport() {
    assertThat(paths("@ alone, @@, and @")).isEmpty();
  }

  @Test
  void linesAreReportedOneBased() {
    assertThat(ImportParser.parse("intro\n\nfirst\nsecond @x.md\n"))
        .containsExactly(new ImportRef("x.md", 4));
  }
}
