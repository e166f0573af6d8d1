package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class VerbatimGuaranteeTest {
  static final SummarySections SUMMARY =
      SummarySections.parse(
          """
          6. All user messages:
             - "fix   the
               parser"
          7. Pending Tasks:
             - write docs
          8. Current Work:
             Working on the parser; the user asked to add tests.
          """);

  @Test
  void keepsWhatIsAlreadyThereAndReaddsWhatIsNot() {
    VerbatimGuarantee.Result r =
        VerbatimGuarantee.enforce(
            SUMMARY,
            List.of("fix the parser", "add tests for\nthe ladder", "add tests for\nthe ladder"),
            "add tests for\nthe ladder",
            List.of("write docs", "Run the full build"));
    // The last request is quoted once, with the user messages: word for word anywhere is enough.
    assertThat(r.readded()).containsExactly("add tests for\nthe ladder", "Run the full build");
    assertThat(r.sections().get(SummarySection.USER_MESSAGES).orElseThrow())
        .endsWith("User messages re-added verbatim:\n- add tests for\n  the ladder");
    assertThat(r.sections().get(SummarySection.CURRENT_WORK).orElseThrow())
        .startsWith("Working on the parser").doesNotContain("add tests for");
    assertThat(r.sections().get(SummarySection.PENDING_TASKS).orElseThrow())
        .endsWith("Open todos re-added verbatim:\n- Run the full build");
  }

  @Test
  void enforcingTwiceAddsNothingMore() {
    VerbatimGuarantee.Result once =
        VerbatimGuarantee.enforce(SUMMARY, List.of("A new message"), "A new message", List.of("todo one"));
    VerbatimGuarantee.Result twice =
        VerbatimGuarantee.enforce(
            SummarySections.parse(once.sections().render()), List.of("A new message"), "A new message",
            List.of("todo one"));
    assertThat(twice.readded()).isEmpty();
    assertThat(twice.sections().sections()).isEqualTo(once.sections().sections());
  }

  @Test
  void rewordedMessageIsNotVerbatim() {
    VerbatimGuarantee.Result r = VerbatimGuarantee.enforce(SUMMARY, List.of("Fix the parser"), "", List.of());
    assertThat(r.readded()).containsExactly("Fix the parser");
  }

  @Test
  void missingSectionIsOpened() {
    VerbatimGuarantee.Result r =
        VerbatimGuarantee.enforce(SummarySections.parse("nothing"), List.of(), " ", List.of("todo"));
    assertThat(r.sections().get(SummarySection.PENDING_TASKS)).contains("Open todos re-added verbatim:\n- todo");
  }
}
