package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CompactionPromptTest {

  @Test
  void standardPromptAsksForAnalysisThenTheNineSectionsInOrder() {
    String p = CompactionPrompt.standard("");
    assertThat(p).contains("<analysis>", "<summary>").doesNotContain("Additional Instructions");
    int last = -1;
    for (SummarySection s : SummarySection.values()) {
      int at = p.indexOf(s.number() + ". " + s.title() + ":");
      assertThat(at).as(s.title()).isGreaterThan(last);
      last = at;
    }
  }

  @Test
  void theExampleInThePromptParsesIntoAllSections() {
    String p = CompactionPrompt.standard(null);
    String example = p.substring(p.indexOf("<example>"), p.indexOf("</example>"));
    assertThat(SummarySections.parse(example).missingRequired()).isEmpty();
  }

  @Test
  void customInstructionsAreAppendedLast() {
    String p = CompactionPrompt.standard("  focus on the parser tests \n");
    assertThat(p).endsWith("\n\nAdditional Instructions:\nfocus on the parser tests\n");
  }

  @Test
  void degradedPromptQuotesTheScoreAndAdviceBeforeTheInstructions() {
    CompactionScore failed =
        new CompactionScore(75, 70, 60, 100, 74.5, 0.3, 0.3, new CompactionScore.Evidence(List.of(SummarySection.PENDING_TASKS),
            Map.of(KeyKind.FILE_NAMES, 50.0), Map.of(KeyKind.FILE_NAMES, List.of("pom.xml")), List.of("then")));
    String p = CompactionPrompt.degraded("focus on X", failed);
    assertThat(p)
        .startsWith(CompactionPrompt.standard(""))
        .contains("scored 74.5 out of 100", "compress less", "Add the missing sections: 7. Pending Tasks",
            "\"pom.xml\"")
        .endsWith("Additional Instructions:\nfocus on X\n");
  }
}
