package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.engram.config.CompactionSettings;
import io.engram.tokens.TokenCounter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CompactionScorerTest {
  static final TokenCounter WORDS = t -> t.isBlank() ? 0 : t.strip().split("\\s+").length;

  static final KeyInformation ORIGINAL =
      new KeyInformation(
          Map.of(
              KeyKind.FILE_NAMES, List.of("src/main/java/App.java", "pom.xml"),
              KeyKind.ERROR_MESSAGES, List.of("NullPointerException in App.main"),
              KeyKind.USER_INSTRUCTIONS, List.of("use records", "add a test for the parser", "keep it fast",
                  "no mocks"),
              KeyKind.TECHNICAL_KEYWORDS, List.of("FileScore", "max_tokens", "io.engram.compaction",
                  "mvn -q test", "JSON")));

  @Test
  void handComputedScoreOfAPartialSummary() {
    String summary =
        """
        <analysis>pom.xml no mocks FileScore JSON</analysis>
        <summary>
        1. Primary Request and Intent: use records, then add a test for the parser.
        2. Key Technical Concepts: FileScore and max_tokens.
        3. Files and Code Sections: App.java
        4. Errors and fixes: NullPointerException in App.main fixed.
        6. All user messages: "use records" "keep it fast"
        8. Current Work: next step is `mvn -q test`
        </summary>
        """;
    CompactionScore s = new CompactionScorer(CompactionSettings.DEFAULTS, ORIGINAL, 160, WORDS).score(summary);

    // Present with content: 1 (a statement), 2 (any item), 3 (a file name), 6 (a user message). 4 says no
    // sentence ("NullPointerException in App.main fixed" has no function words), 8 neither; 5 and 7 are
    // missing: 4 of 8, SC = 50.
    assertThat(s.sections()).isEqualTo(50.0);
    assertThat(s.evidence().missingSections()).containsExactly(SummarySection.ERRORS_AND_FIXES, SummarySection.PROBLEM_SOLVING,
        SummarySection.PENDING_TASKS, SummarySection.CURRENT_WORK);
    // files 1/2 (pom.xml only in the analysis), errors 1/1, instructions 3/4, keywords 3/5.
    assertThat(s.evidence().preservation())
        .containsEntry(KeyKind.FILE_NAMES, 50.0)
        .containsEntry(KeyKind.ERROR_MESSAGES, 100.0)
        .containsEntry(KeyKind.USER_INSTRUCTIONS, 75.0)
        .containsEntry(KeyKind.TECHNICAL_KEYWORDS, 60.0);
    assertThat(s.evidence().lost().get(KeyKind.USER_INSTRUCTIONS)).containsExactly("no mocks");
    assertThat(s.evidence().lost().get(KeyKind.TECHNICAL_KEYWORDS)).containsExactly("io.engram.compaction", "JSON");
    // KP = (50 + 100 + 75 + 60) / 4 = 71.25.
    assertThat(s.keyInformation()).isCloseTo(71.25, within(1e-9));
    // With nothing expected of the state of the work, CC needs statements: 7 is missing (0 of 40), 8 says no
    // sentence (0 of 30), there is no next step (0 of 30): CC = 0, whatever continuity words stand about.
    assertThat(s.continuity()).isEqualTo(0.0);
    assertThat(s.evidence().continuityMissing()).hasSize(3);
    // the kept text (section bodies, no headings, no analysis) is 9+3+1+4+5+6 = 28 words of 160:
    // ratio 0.175, inside the band: CR = 100.
    assertThat(s.ratio()).isCloseTo(28 / 160.0, within(1e-9));
    assertThat(s.compression()).isEqualTo(100.0);
    // 0.3*50 + 0.4*71.25 + 0.2*0 + 0.1*100 = 15 + 28.5 + 0 + 10 = 53.5.
    assertThat(s.total()).isCloseTo(53.5, within(1e-9));
  }

  @Test
  void overCompressedSummaryGetsHalfTheCompressionScore() {
    CompactionScore s = new CompactionScorer(CompactionSettings.DEFAULTS, KeyInformation.none(), 1000, WORDS)
        .score("## Current Work\nediting");
    assertThat(s.ratio()).isLessThan(0.15);
    assertThat(s.compression()).isEqualTo(50.0);
    // SC 0 ("editing" says nothing), KP 100 (nothing to lose, no name made up), CC 0, CR 50: 0 + 40 + 0 + 5.
    assertThat(s.total()).isCloseTo(45.0, within(1e-9));
  }

  @Test
  void weightsComeFromTheSettings() {
    CompactionSettings onlyKeyInfo = CompactionSettings.DEFAULTS.with("weightSections", 0)
        .with("weightKeyInfo", 1).with("weightContinuity", 0).with("weightCompression", 0)
        .with("maxTechnicalKeywords", 40).with("summaryMinTokens", 1500);
    CompactionScore s = new CompactionScorer(onlyKeyInfo, ORIGINAL, 10, WORDS).score("nothing here");
    assertThat(s.total()).isEqualTo(s.keyInformation());
  }

  @Test
  void emptyOriginalGivesRatioOne() {
    CompactionScore s = new CompactionScorer(CompactionSettings.DEFAULTS, KeyInformation.none(), 0, WORDS)
        .score("text");
    assertThat(s.ratio()).isEqualTo(1.0);
  }

  @Test
  void aKindTheOriginalHasNoneOfIsKeptWholeOnlyByASummaryThatMakesNoneUp() {
    // A transcript with nothing to keep (no file changed, no error, no user message, no keyword) that names
    // Parser.java and gqc.6; the last stretch was about them.
    Continuity state = new Continuity(List.of(), Map.of("gqc.6", 3.0, "parser.java", 3.0, "quoted", 1.5),
        Map.of(), java.util.Set.of("gqc.6", "parser.java"));
    String own = DegradationLadderTest.summary("Parser.java.", "- None.",
        "The gqc.6 parser in Parser.java reads a quoted field.", "Finish gqc.6 in Parser.java.");
    String madeUp = DegradationLadderTest.summary("ReleaseNotes.java, LayoutGrid.java and ReviewPage.java.",
        "- The notes of rel.4 and rel.5 are still to be written.",
        "The grid_cells and render_page of LayoutGrid.java were changed.",
        "Finish ReviewPage.java.");
    CompactionScorer scorer = new CompactionScorer(CompactionSettings.DEFAULTS, KeyInformation.none(), state, 60, WORDS);

    assertThat(scorer.score(own).keyInformation()).isEqualTo(100);
    CompactionScore other = scorer.score(madeUp);
    // Its names are none of the transcript's: nothing of it is what the transcript had, whatever its sections say.
    assertThat(other.keyInformation()).isZero();
    assertThat(other.total()).isLessThan(70);
  }

  @Test
  void noneIsWhatPendingTasksSaysWhenNothingIsOpen() {
    String summary = "<summary>\n7. Pending Tasks:\n- None explicitly pending\n</summary>";
    Continuity nothingOpen = new Continuity(List.of(), Map.of("parser", 1.0));
    Continuity oneOpen = new Continuity(List.of("add a test for the parser"), Map.of("parser", 1.0));
    assertThat(new CompactionScorer(CompactionSettings.DEFAULTS, ORIGINAL, nothingOpen, 160, WORDS)
        .score(summary).evidence().missingSections()).doesNotContain(SummarySection.PENDING_TASKS);
    assertThat(new CompactionScorer(CompactionSettings.DEFAULTS, ORIGINAL, oneOpen, 160, WORDS)
        .score(summary).evidence().missingSections()).contains(SummarySection.PENDING_TASKS);
  }
}
