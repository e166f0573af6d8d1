package io.engram.notes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class SessionNotesTest {

  private static final SessionNotes SAMPLE =
      new SessionNotes(
          "Adding the retry policy to HttpClient.",
          "- `src/http/Client.java`: `send()`\n- `src/http/Retry.java` (new)",
          "NPE in send() when headers were null; fixed with a default map.\nUser: don't retry POSTs.",
          List.of("Read the client code", "Wrote Retry with backoff\n(3 attempts, jitter)", "Tests green"));

  @Test
  void rendersTheFourSectionsInTemplateOrder() {
    String md = SAMPLE.render();
    assertThat(md)
        .startsWith("## Current State\nAdding the retry policy")
        .containsSubsequence("## Current State", "## Files and Functions", "## Errors & Corrections", "## Worklog")
        .contains("- Wrote Retry with backoff\n  (3 attempts, jitter)\n- Tests green\n");
  }

  @Test
  void parseReadsWhatRenderWrote() {
    assertThat(SessionNotes.parse(SAMPLE.render())).isEqualTo(SAMPLE);
  }

  @Test
  void emptyNotesRenderAllHeadingsAndParseBack() {
    assertThat(SessionNotes.EMPTY.render()).isEqualTo(
        "## Current State\n\n## Files and Functions\n\n## Errors & Corrections\n\n## Worklog\n");
    assertThat(SessionNotes.parse(SessionNotes.EMPTY.render())).isEqualTo(SessionNotes.EMPTY);
  }

  @Test
  void parseIgnoresATitleAndToleratesMissingSectionsAndStarBullets() {
    SessionNotes n = SessionNotes.parse("# Session notes\r\n\r\n## Worklog\r\n* one\r\n* two\r\n");
    assertThat(n.worklog()).containsExactly("one", "two");
    assertThat(n.currentState()).isEmpty();
  }

  @Test
  void unknownOrRepeatedSectionIsAnErrorNamingTheLine() {
    assertThatThrownBy(() -> SessionNotes.parse("## Current State\nx\n## Plans\ny"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("line 3")
        .hasMessageContaining("## Plans");
    assertThatThrownBy(() -> SessionNotes.parse("## Worklog\n- a\n## Worklog\n- b"))
        .hasMessageContaining("appears twice");
  }

  @Test
  void headingsInsideCodeFencesAreText() {
    SessionNotes n = SessionNotes.parse("## Current State\n```\n## Plans\n```\n## Worklog\n- a");
    assertThat(n.currentState()).contains("## Plans");
    assertThat(n.worklog()).containsExactly("a");
  }

  @Test
  void aWorklogLineOfUnicodeWhitespaceIsBlankLikeAnyOtherSoRenderThenParseIsIdentity() {
    // jqwik's shrunk counter-example: a line holding only U+2028 survived the constructor, not the parse.
    SessionNotes n = SessionNotes.EMPTY.withWorklog(List.of("word\n\u2028\nword", "Ran tests\n\u3000\nAll green"));
    assertThat(n.worklog()).containsExactly("word\nword", "Ran tests\nAll green");
    assertThat(SessionNotes.parse(n.render())).isEqualTo(n);
  }

  @Test
  void sectionTextThatLooksLikeAHeadingIsDemotedSoItRoundTrips() {
    SessionNotes n = SessionNotes.EMPTY.with(NotesSection.CURRENT_STATE, "## Worklog\nnot really");
    assertThat(n.currentState()).startsWith("### Worklog");
    assertThat(SessionNotes.parse(n.render())).isEqualTo(n);
  }

  @Test
  void plusWorklogEntryAppendsNewestLast() {
    assertThat(SAMPLE.plusWorklogEntry("Pushed").worklog()).last().isEqualTo("Pushed");
  }

  @Property(tries = 300)
  void renderThenParseIsIdentity(@ForAll("notes") SessionNotes notes) {
    assertThat(SessionNotes.parse(notes.render())).isEqualTo(notes);
  }

  @Property(tries = 300)
  void parseNeverFailsOnTextWithoutSecondLevelHeadings(@ForAll("markdownish") String text) {
    String safe = text.replaceAll("(?m)^## ", "#### ");
    assertThat(SessionNotes.parse(safe)).isNotNull();
  }

  @Provide
  Arbitrary<SessionNotes> notes() {
    Arbitrary<String> text = markdownish();
    return net.jqwik.api.Combinators.combine(text, text, text, text.list().ofMaxSize(6)).as(SessionNotes::new);
  }

  @Provide
  Arbitrary<String> markdownish() {
    Arbitrary<String> pieces =
        Arbitraries.of("word", "## Worklog", "## Other", "- item", "* x", "```", "\n", "\r\n", "  ", "中文", "#", "-",
            "\r", "\u0085", "\u2028", "\u3000");
    return Arbitraries.oneOf(
        pieces.list().ofMaxSize(20).map(l -> String.join("", l)), Arbitraries.strings().ofMaxLength(60));
  }
}
