package io.engram.instructions;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class ReadmeSummaryTest {
  private static Optional<String> summary(String readme) {
    return ReadmeSummary.of(List.of(readme.split("\n", -1)));
  }

  @Test
  void aLineThatOnlyPointsElsewhereIsNotTheProjectsDescription() {
    assertThat(summary("# Shop\n\nSee the presentation here: [Shop (legacy slides)](https://x.org/s)\n\n"
        + "A shop for [Spring](https://spring.io) fans.\n")).contains("A shop for Spring fans.");
    assertThat(summary("Demo: https://demo.example.org\n\nDocs | [API](api.md) | [Guide](guide.md)\n\n"
        + "Checks links in Markdown files.\n")).contains("Checks links in Markdown files.");
    assertThat(summary("Read more at [our site](https://x.org).\n\nA library.\n")).contains("A library.");
  }

  @Test
  void aLeadInOnItsOwnLineBeforeALinkIsSkippedAndAParagraphLosesItsTrailingLeadIn() {
    // The shape of a real Spring sample's README: the lead-in and its link on two lines of one paragraph.
    assertThat(summary("# Sample [![Build](https://x/b.svg)](https://x)\n\n## Understanding it with a few diagrams\n\n"
        + "See the presentation here:  \n[Sample Application (legacy slides)](https://x.org/slides)\n\n"
        + "> **Note:** These slides are old.\n\n## Run locally\n\nSample is a [Spring Boot](https://spring.io) application"
        + " built using [Maven](https://m) or [Gradle](https://g). You can build a JAR file and run it from the command"
        + " line (it should work with Java 17 or newer):\n\n```bash\n./mvnw package\n```\n"))
        .contains("Sample is a Spring Boot application built using Maven or Gradle.");
  }

  @Test
  void badgesTitlesTablesOfContentsAndCodeAreSkipped() {
    assertThat(summary("Title\n=====\n\n![logo](logo.png)\n\nTable of contents\n\n```\nnot this\n```\n\n"
        + "> a quote\n\nThe real description\nover two lines.\n\nMore.\n"))
        .contains("The real description over two lines.");
  }

  @Test
  void aOneWordLabelIsNoDescription() {
    assertThat(summary("WIP\n\nEngram remembers.\n")).contains("Engram remembers.");
    assertThat(summary("# Only a title\n")).isEmpty();
  }

  @Property(tries = 300)
  void aSummaryNeverHoldsALinksAddressOrAnImage(@ForAll("readmes") String readme) {
    summary(readme).ifPresent(s -> assertThat(s).doesNotContain("](", "https://", "![", "```")
        .hasSizeLessThanOrEqualTo(400).isNotBlank());
  }

  @Provide
  Arbitrary<String> readmes() {
    Arbitrary<String> line = Arbitraries.of("# Title", "", "[![b](https://x/b.svg)](https://x)",
        "See the docs: [docs](https://x.org/docs)", "A tool that does [things](https://x.org/t) well.",
        "```", "- item", "plain words in a sentence", "https://bare.example.org", "Title", "=====", "<p>html</p>",
        "![img](i.png) text after an image");
    return line.list().ofMaxSize(12).map(l -> String.join("\n", l));
  }
}
