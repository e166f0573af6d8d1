package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Claude Code hands on its session memory as the summary in a layout of its own: read as the nine sections, its
 * current state is the work in progress, the pending tasks and the next step, and the template's italic lines count for
 * nothing.
 */
class SessionMemoryLayoutTest {
  private static final String MEMORY = """
      This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
      # Session Title
      _A short and distinctive 5-10 word descriptive title for the session. Super info dense, no filler_

      Importer skips blank rows

      # Current State
      _What is actively being worked on right now? Pending tasks not yet completed. Immediate next steps._

      Blank rows are skipped in read_rows(); the last test still fails. Next: fix test_trailing_blank in tests/test_importer.py.

      # Task specification
      _What did the user ask to build? Any design decisions or other explanatory context_

      The user asked the importer to skip blank rows and keep the tests green.

      # Files and Functions
      _What are the important files? In short, what do they contain and why are they relevant?_

      - `src/importer.py` - read_rows() now skips blank rows

      # Workflow
      _What bash commands are usually run and in what order? How to interpret their output if not obvious?_

      # Errors & Corrections
      _Errors encountered and how they were fixed. What did the user correct? What approaches failed and should not be tried again?_

      - test_trailing_blank failed with AssertionError: expected 3 rows, got 4.

      # Codebase and System Documentation
      _What are the important system components? How do they work/fit together?_

      The importer reads CSV rows through read_rows() and hands them to the loader.

      # Learnings
      _What has worked well? What has not? What to avoid? Do not duplicate items from other sections_

      Strip before testing a row for blankness.

      # Key results
      _If the user asked a specific output such as an answer to a question, a table, or other document, repeat the exact result here_

      # Worklog
      _Step by step, what was attempted, done? Very terse summary for each step_

      1. Read src/importer.py. 2. Skipped blank rows. 3. Ran pytest: one failure left.
      """;

  @Test
  void theCurrentStateIsTheWorkInProgressThePendingTasksAndTheNextStep() {
    SummarySections s = SummarySections.parse(MEMORY);

    for (SummarySection section : java.util.List.of(SummarySection.CURRENT_WORK, SummarySection.PENDING_TASKS,
        SummarySection.NEXT_STEP)) {
      assertThat(s.get(section)).get().asString().contains("Next: fix test_trailing_blank");
    }
    assertThat(s.get(SummarySection.PRIMARY_REQUEST)).get().asString().startsWith("The user asked the importer");
    assertThat(s.get(SummarySection.KEY_CONCEPTS)).get().asString().contains("read_rows()");
    assertThat(s.get(SummarySection.FILES_AND_CODE)).get().asString().contains("src/importer.py");
    assertThat(s.get(SummarySection.ERRORS_AND_FIXES)).get().asString().contains("AssertionError");
    assertThat(s.get(SummarySection.PROBLEM_SOLVING)).get().asString().contains("Strip before testing")
        .contains("Ran pytest");
    assertThat(s.get(SummarySection.USER_MESSAGES)).isEmpty();
    assertThat(s.preamble()).contains("Importer skips blank rows");
  }

  @Test
  void theTemplatesItalicLinesAreNoPartOfAnySection() {
    SummarySections s = SummarySections.parse(MEMORY);

    assertThat(String.join("\n", s.sections().values()) + s.preamble()).doesNotContain("What is actively being worked")
        .doesNotContain("Super info dense").doesNotContain("Step by step");
  }

  @Test
  void aSummaryOfTheNineSectionsWithACurrentStateHeadingKeepsItsOwnReading() {
    String nine = """
        1. Primary Request and Intent:
           Skip blank rows in the importer.
        # Current State
        _draft_
        7. Pending Tasks:
           Fix test_trailing_blank.
        """;
    SummarySections s = SummarySections.parse(nine);

    assertThat(s.get(SummarySection.PENDING_TASKS)).contains("Fix test_trailing_blank.");
    assertThat(s.get(SummarySection.CURRENT_WORK)).get().asString().contains("_draft_");
  }
}
