package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.testing.TestResources;
import java.io.IOException;
import java.nio.file.Files;
import java.util.EnumSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SummarySectionsTest {

  @Test
  void splitsTheSeedFormatAndKeepsAnalysisApart() {
    String text =
        """
        <analysis>
        1. Primary Request and Intent: this is analysis, not the summary
        </analysis>

        <summary>
        1. Primary Request and Intent:
           Build the parser.

        2. Key Technical Concepts:
           - jqwik

        3. Files and Code Sections:
           - SummarySections.java

        4. Errors and fixes:
           - none

        5. Problem Solving:
           Solved.

        6. All user messages:
           - "build it"

        7. Pending Tasks:
           1. Current work on tests
           2. Errors: to check later

        8. Current Work:
           Writing tests.

        9. Optional Next Step:
           Run them.
        </summary>
        """;
    SummarySections s = SummarySections.parse(text);
    assertThat(s.analysis()).contains("this is analysis");
    assertThat(s.sections()).containsOnlyKeys(SummarySection.values());
    assertThat(s.get(SummarySection.PRIMARY_REQUEST)).contains("Build the parser.");
    assertThat(s.get(SummarySection.PENDING_TASKS).orElseThrow())
        .contains("1. Current work on tests")
        .contains("2. Errors: to check later");
    assertThat(s.get(SummarySection.ERRORS_AND_FIXES)).contains("- none");
    assertThat(s.missingRequired()).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "## 4. Errors and Fixes",
        "### Errors & fixes:",
        "**4. Errors and fixes:**",
        "4) errors and fixes:",
        "# Errors and corrections",
        "  4. **Errors and fixes**",
        "Errors and fixes:",
        "__Errors and Fixes__",
        "**Errors:**",
        "4. Errors"
      })
  void recognisesHeadingStyles(String heading) {
    SummarySections s = SummarySections.parse("intro\n" + heading + "\nthe body\n");
    assertThat(s.get(SummarySection.ERRORS_AND_FIXES)).contains("the body");
    assertThat(s.preamble()).isEqualTo("intro");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Errors and fixes were many",
        "Errors and fixes",
        "- Errors and fixes: none",
        "123. Errors and fixes:",
        "Errors: none",
        "Files:",
        "The current work is done"
      })
  void proseAndListItemsAreNotHeadings(String line) {
    SummarySections s = SummarySections.parse(line + "\n");
    assertThat(s.sections()).isEmpty();
    assertThat(s.preamble()).isEqualTo(line);
  }

  @Test
  void inlineTextAfterTheColonBelongsToTheSection() {
    SummarySections s =
        SummarySections.parse("1. Primary Request and Intent: fix the bug\nmore detail\n7. Pending Tasks: none");
    assertThat(s.get(SummarySection.PRIMARY_REQUEST)).contains("fix the bug\nmore detail");
    assertThat(s.get(SummarySection.PENDING_TASKS)).contains("none");
  }

  @Test
  void emptySectionIsFoundButNotPresent() {
    SummarySections s = SummarySections.parse("## Current Work\n\n## Pending Tasks\n- a");
    assertThat(s.get(SummarySection.CURRENT_WORK)).contains("");
    assertThat(s.present(SummarySection.CURRENT_WORK)).isFalse();
    assertThat(s.presentRequired()).containsExactly(SummarySection.PENDING_TASKS);
  }

  @Test
  void unclosedSummaryTagRunsToTheEnd() {
    SummarySections s = SummarySections.parse("<summary>\n8. Current Work:\nediting");
    assertThat(s.get(SummarySection.CURRENT_WORK)).contains("editing");
  }

  @Test
  void aSummaryTagQuotedAfterTheFirstHeadingsDoesNotHideThem() {
    // No block of its own: section 6 quotes a message that opened a summary tag and never closed it.
    SummarySections s = SummarySections.parse("""
        1. Primary Request and Intent:
        port the exporter to the new API
        3. Files and Code Sections:
        - src/export.ts
        6. All user messages:
        - "write it as <summary> then the list"
        8. Current Work:
        editing src/export.ts
        9. Optional Next Step:
        run `npm test`
        """);
    assertThat(s.get(SummarySection.PRIMARY_REQUEST)).contains("port the exporter to the new API");
    assertThat(s.get(SummarySection.FILES_AND_CODE)).contains("- src/export.ts");
    assertThat(s.get(SummarySection.CURRENT_WORK)).contains("editing src/export.ts");
    assertThat(s.get(SummarySection.NEXT_STEP)).contains("run `npm test`");
  }

  @Test
  void aClosingTagInsideAQuotedMessageDoesNotEndTheSummary() {
    // A task notification quoted in section 6 carries a summary tag of its own.
    SummarySections s = SummarySections.parse("""
        <summary>
        6. All user messages:
        - <task-notification><summary>Agent "check" completed</summary></task-notification>
        7. Pending Tasks:
        - [in progress] gqc.6
        8. Current Work:
        closing annotations
        9. Optional Next Step:
        run `mix test`
        </summary>
        """);
    assertThat(s.get(SummarySection.PENDING_TASKS)).contains("- [in progress] gqc.6");
    assertThat(s.get(SummarySection.CURRENT_WORK)).contains("closing annotations");
    assertThat(s.get(SummarySection.NEXT_STEP)).contains("run `mix test`");
  }

  @Test
  void aQuotedSummaryBeforeTheRealOneIsNotTakenForIt() {
    SummarySections s = SummarySections.parse("""
        The notification said <summary>Agent done</summary>.
        7. Pending Tasks:
        - [open] gqc.7
        """);
    assertThat(s.get(SummarySection.PENDING_TASKS)).contains("- [open] gqc.7");
  }

  @Test
  void headingsAndTagsInsideCodeBlocksAreBodyText() {
    SummarySections s = SummarySections.parse("""
        <summary>
        3. Files and Code Sections:
        ```
        </summary>
        7. Pending Tasks:
        ```
        8. Current Work:
        editing
        </summary>
        """);
    assertThat(s.get(SummarySection.PENDING_TASKS)).isEmpty();
    assertThat(s.get(SummarySection.FILES_AND_CODE).orElseThrow()).contains("7. Pending Tasks:");
    assertThat(s.get(SummarySection.CURRENT_WORK)).contains("editing");
  }

  @Test
  void aFenceQuotedInsideALongerFenceNeitherClosesItNorHidesTheHeadingsAfterIt() {
    String quoted = "## Notes\n```go\ncwd, _ := os.Getwd()\n```\n1. **Paths** are relative";
    String fence = MarkdownFence.around(quoted);
    SummarySections s = SummarySections.parse("<summary>\n3. Files and Code Sections:\n- CLAUDE.md:\n  " + fence
        + "\n" + quoted + "\n  " + fence + "\n4. Errors and fixes:\nnone\n8. Current Work:\nediting\n</summary>");
    assertThat(fence).isEqualTo("````");
    assertThat(s.get(SummarySection.FILES_AND_CODE).orElseThrow()).contains("1. **Paths** are relative");
    assertThat(s.get(SummarySection.ERRORS_AND_FIXES)).contains("none");
    assertThat(s.get(SummarySection.CURRENT_WORK)).contains("editing");
  }

  @Test
  void aFenceOpenedAfterAListItemsMarkerClosesOnItsOwnLineAndHidesNoHeadingAfterIt() {
    // Read as text, the item's "- ```cs" left its closing line to open a fence that ran to the next one, across the
    // headings of sections 4 to 8.
    String text = """
        3. Files and Code Sections:
           - `Dialogue/DialogueSystem.cs` (rewritten)
             - ```cs
               public DialogueSystem(World world) { }
               ```
        4. Errors and fixes:
           - Missing using: added `using System.Linq;`
        8. Current Work:
           Verifying the promotions.
           ```cs
           var runner = new DialogueRunner();
           ```
        9. Optional Next Step:
           Start task 6.
        """;
    SummarySections s = SummarySections.parse(text);
    assertThat(s.get(SummarySection.FILES_AND_CODE).orElseThrow()).contains("public DialogueSystem(World world)");
    assertThat(s.get(SummarySection.ERRORS_AND_FIXES).orElseThrow()).contains("Missing using");
    assertThat(s.get(SummarySection.CURRENT_WORK).orElseThrow()).contains("var runner = new DialogueRunner();");
    assertThat(s.get(SummarySection.NEXT_STEP)).contains("Start task 6.");
  }

  @Test
  void aFenceThatNeverClosesInAQuotedMessageHidesNoSectionAfterIt() {
    String text = "<summary>\n6. All user messages:\n- here is the log:\n  ```\n  line one\n  [... cut ...]\n"
        + "7. Pending Tasks:\n- [in progress] read the log\n8. Current Work:\nreading\n</summary>\n";
    SummarySections s = SummarySections.parse(text);
    assertThat(s.get(SummarySection.PENDING_TASKS)).contains("- [in progress] read the log");
    assertThat(s.get(SummarySection.CURRENT_WORK)).contains("reading");
    assertThat(s.render()).containsOnlyOnce("</summary>");
  }

  @Test
  void renderRoundTrips() {
    SummarySections s = SummarySections.parse("## Current Work\nediting\n## Key Concepts\n- DP");
    SummarySections again = SummarySections.parse(s.render());
    assertThat(again.sections()).isEqualTo(s.sections());
    assertThat(s.render()).startsWith("<summary>\n2. Key Technical Concepts:\n- DP");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "transcripts/claude-code/258c7280-ae70-4798-800f-63464d01a85d/subagents/agent-acompact-fffbd0.jsonl",
        "transcripts/claude-code/ae4a77f8-aedd-4bc1-888f-c94edc91af04/subagents/agent-acompact-946d2b.jsonl"
      })
  void claudeCodesOwnSummariesHaveAllNineSections(String file) throws IOException {
    String summary = lastAssistantText(file);
    SummarySections s = SummarySections.parse(summary);
    assertThat(s.sections().keySet()).isEqualTo(EnumSet.allOf(SummarySection.class));
    assertThat(s.analysis()).isNotBlank();
    assertThat(s.missingRequired()).isEmpty();
  }

  @Property(tries = 300)
  void randomTextNeverBreaksTheParser(@ForAll("summaryish") String text) {
    SummarySections s = SummarySections.parse(text);
    assertThat(s.sections().size()).isLessThanOrEqualTo(SummarySection.values().length);
    assertThat(s.presentRequired().size() + s.missingRequired().size()).isEqualTo(8);
    SummarySections.parse(s.render());
  }

  @Provide
  Arbitrary<String> summaryish() {
    Arbitrary<String> pieces =
        Arbitraries.oneOf(
            Arbitraries.strings().ofMaxLength(40),
            Arbitraries.of(
                "<summary>", "</summary>", "<analysis>", "</analysis>", "<SUMMARY>", "\n", "\r\n", "#", "**",
                "1.", "12)", ":", "(", ")", "Errors and fixes", "Current Work", "files", "İ", "\u0000"));
    return pieces.list().ofMaxSize(30).map(l -> String.join("", l));
  }

  @ParameterizedTest
  @ValueSource(strings = {"258c7280-ae70-4798-800f-63464d01a85d.jsonl", "ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl"})
  void theSummaryClaudeCodeHandsOnIsReadWithoutItsFraming(String file) throws IOException {
    String handedOn = compactSummary("transcripts/claude-code/" + file);
    assertThat(handedOn).startsWith("This session is being continued").contains("\nAnalysis:\n")
        .contains("If you need specific details from before compaction");
    SummarySections s = SummarySections.parse(handedOn);
    assertThat(s.sections().keySet()).isEqualTo(EnumSet.allOf(SummarySection.class));
    assertThat(s.preamble()).startsWith("Let me chronologically analyze the conversation")
        .doesNotContain("This session is being continued");
    assertThat(String.join("\n", s.sections().values()))
        .doesNotContain("If you need specific details", "without asking the user any further questions", ".jsonl");
  }

  @ParameterizedTest
  @ValueSource(strings = {
    "Please continue the conversation from where we left it off without asking the user any further questions."
        + " Continue with the last task that you were asked to work on.",
    "Please continue the conversation from where we left off without asking the user any further questions."
        + " Continue with the last task that you were asked to work on.",
    "Continue the conversation from where it left off without asking the user any further questions. Resume"
        + " directly \u2014 do not acknowledge the summary, do not recap what was happening, do not preface with"
        + " \"I'll continue\" or similar. Pick up the last task as if the break never happened."})
  void everyWordingOfTheLinesClaudeCodeAppendsIsTakenOff(String goOn) {
    String text = "This session is being continued from a previous conversation that ran out of context. The"
        + " conversation is summarized below:\nAnalysis:\nLet me go through it.\n\nSummary:\n"
        + "8. Current Work:\nEditing Parser.java.\n\n9. Optional Next Step:\nRun ParserTest.\n\n"
        + "If you need specific details from before compaction (like exact code snippets, error messages, or content"
        + " you generated), read the full transcript at: C:\\Users\\dev\\.claude\\projects\\D--app\\1b2c.jsonl\n"
        + goOn + "   \n";
    SummarySections s = SummarySections.parse(text);
    assertThat(s.get(SummarySection.NEXT_STEP)).contains("Run ParserTest.");
    assertThat(s.preamble()).isEqualTo("Let me go through it.");
  }

  @Test
  void theRenderedAnalysisCannotTakeTheHeadingsOfTheSummary() {
    String text = """
        Analysis:
        Let me analyze the conversation chronologically:
        7. **Remaining Tasks**: TST-2 blocked by DOM-3
        Current state: 76 tests pass, 2 fail.

        Summary:
        7. Pending Tasks:
           - Fix the two failing Settings tests

        8. Current Work:
           Reading Settings.java.
        """;
    SummarySections s = SummarySections.parse(text);
    assertThat(s.get(SummarySection.PENDING_TASKS)).contains("- Fix the two failing Settings tests");
    assertThat(s.get(SummarySection.CURRENT_WORK)).contains("Reading Settings.java.");
    assertThat(s.preamble()).contains("TST-2", "76 tests pass");
  }

  @Test
  void anAnalysisTagNeverClosedEndsAtTheSummaryLineAndTakesNoSectionWithIt() {
    String text = """
        This session is being continued from a previous conversation that ran out of context. The summary below covers the earlier portion of the conversation.

        <analysis>
        Analyzing the conversation chronologically:
        **Message 1**: the user hands over a plan of 6 phases.

        Summary:
        1. Primary Request and Intent:
           Carry out phases 3 and 6 of the git workflow plan.

        7. Pending Tasks:
           - Unit tests for the hooks

        9. Optional Next Step:
           Run pytest tests/test_hooks.py.
        """;
    SummarySections s = SummarySections.parse(text);
    assertThat(s.get(SummarySection.PRIMARY_REQUEST)).contains("Carry out phases 3 and 6 of the git workflow plan.");
    assertThat(s.get(SummarySection.NEXT_STEP)).contains("Run pytest tests/test_hooks.py.");
    assertThat(s.preamble()).contains("plan of 6 phases");
  }

  @Test
  void aClosedAnalysisTagIsStillReadAsATag() {
    String text = "<analysis>\nSummary:\nthe model's own scratch line\n</analysis>\n\n<summary>\n"
        + "9. Optional Next Step:\nRun the tests.\n</summary>\n";
    SummarySections s = SummarySections.parse(text);
    assertThat(s.analysis()).contains("the model's own scratch line");
    assertThat(s.get(SummarySection.NEXT_STEP)).contains("Run the tests.");
  }

  @Test
  void aSummaryThatQuotesTheAppendedLinesKeepsThemWhereTheyAreNotAtTheEnd() {
    String text = "Summary:\n9. Optional Next Step:\nThe user asked: \"Please continue the conversation from where we"
        + " left off without asking the user any further questions.\" Then run the tests.\n";
    SummarySections s = SummarySections.parse(text);
    assertThat(s.get(SummarySection.NEXT_STEP).orElseThrow()).contains("Please continue the conversation");
    String onItsOwnLine = "9. Optional Next Step:\nPlease continue the conversation from where we left off without"
        + " asking the user any further questions.\nThen run the tests.";
    assertThat(SummarySections.parse(onItsOwnLine).get(SummarySection.NEXT_STEP).orElseThrow())
        .contains("Please continue the conversation", "Then run the tests.");
  }

  private static String compactSummary(String file) throws IOException {
    ObjectMapper mapper = new ObjectMapper();
    for (String line : Files.readAllLines(TestResources.path(file))) {
      JsonNode record = mapper.readTree(line);
      if (record.path("isCompactSummary").asBoolean()) {
        JsonNode content = record.path("message").path("content");
        return content.isTextual() ? content.asText() : content.path(0).path("text").asText();
      }
    }
    throw new AssertionError("no compaction summary in " + file);
  }

  private static String lastAssistantText(String file) throws IOException {
    ObjectMapper mapper = new ObjectMapper();
    String text = "";
    for (String line : Files.readAllLines(TestResources.path(file))) {
      JsonNode record = mapper.readTree(line);
      if ("assistant".equals(record.path("type").asText())) {
        for (JsonNode block : record.path("message").path("content")) {
          if ("text".equals(block.path("type").asText())) {
            text = block.path("text").asText();
          }
        }
      }
    }
    return text;
  }

}
