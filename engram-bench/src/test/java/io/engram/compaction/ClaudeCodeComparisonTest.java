package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramSettings;
import io.engram.context.ContextWindow;
import io.engram.model.ModelRouter;
import io.engram.testing.TestResources;
import io.engram.tokens.JtokkitTokenCounter;
import io.engram.tokens.TokenCounter;
import io.engram.transcript.Role;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The offline compactor against Claude Code's own compaction of the same messages: the two long
 * fixture sessions hold a real compaction; the messages before the boundary are compacted again here and both
 * summaries are measured on the same key information. Floors come from measurement (docs/BENCHMARKS.md)
 * so that a regression fails.
 */
class ClaudeCodeComparisonTest {
  private static final TokenCounter TOKENS = new JtokkitTokenCounter();

  /** One summary's figures. */
  record Figures(double fileNamesOfClaude, double fileNames, double errors, double userMessages, int tokens,
      double reduction, double score) {
    String row(String who) {
      return String.format(Locale.ROOT, "| %s | %.0f%% | %.0f%% | %.0f%% | %.0f%% | %,d | %.1f%% | %.1f |", who,
          fileNamesOfClaude, fileNames, errors, userMessages, tokens, reduction, score);
    }
  }

  @ParameterizedTest
  @CsvSource({
    "258c7280-ae70-4798-800f-63464d01a85d, 1.0, 95",
    "ae4a77f8-aedd-4bc1-888f-c94edc91af04, 1.0, 95"
  })
  void offlineCompactionKeepsAtLeastWhatClaudeCodeKept(String session, double fileFloor, double scoreFloor)
      throws IOException {
    Transcript t = TranscriptReader.read(TestResources.path("transcripts/claude-code/" + session + ".jsonl"));
    List<TranscriptMessage> before = t.segments().get(0).messages();
    String claude = claudeSummary(t);
    EngramSettings settings = EngramSettings.DEFAULTS;
    ContextWindow window = ContextWindow.forModel("claude-opus-4-5", settings.context());
    CompactionResult ours = new Compactor(settings, TOKENS, ModelRouter.offline())
        .compact(CompactionInput.of(before, window));

    Conversation c = Conversation.of(before, 0, settings.compaction().maxTechnicalKeywords());
    long originalTokens = before.stream().mapToLong(m -> TOKENS.count(m.promptText())).sum();
    CompactionScorer scorer = new CompactionScorer(settings.compaction(), c.key(), (int) originalTokens, TOKENS);
    List<String> claudeFiles = KeyInformation.fileNamesIn(claude);
    Figures theirs = figures(claude, claudeFiles, c, scorer, originalTokens);
    Figures record = figures(t.segments().get(1).summary().orElseThrow().text(), claudeFiles, c, scorer,
        originalTokens);
    Figures mine = figures(ours.summary(), claudeFiles, c, scorer, originalTokens);
    System.out.println(session + " (" + before.size() + " messages, " + originalTokens + " tokens, "
        + c.userMessages().size() + " user messages, " + c.key().of(KeyKind.ERROR_MESSAGES).size() + " errors, "
        + claudeFiles.size() + " files named by Claude Code)");
    System.out.println(theirs.row("Claude Code (compaction agent)"));
    System.out.println(record.row("Claude Code (isCompactSummary record)"));
    System.out.println(mine.row("Engram offline"));

    assertThat(ours.answeredBy().engine()).isEqualTo("offline");
    assertThat(mine.userMessages()).isEqualTo(100.0);
    assertThat(ours.scoring().readded()).isEmpty();
    String summary = collapse(ours.summary());
    assertThat(summary).contains(collapse(c.lastRequest()));
    c.openTodos().forEach(todo -> assertThat(summary).contains(collapse(todo)));
    assertThat(mine.fileNamesOfClaude()).isGreaterThanOrEqualTo(fileFloor * 100);
    assertThat(mine.fileNames()).isGreaterThanOrEqualTo(theirs.fileNames());
    assertThat(mine.errors()).isGreaterThanOrEqualTo(theirs.errors());
    assertThat(mine.score()).isGreaterThanOrEqualTo(scoreFloor);
    // Claude Code's size, not the seed's 70-80% shorter: at most 1.25x its summary of the same span.
    assertThat(mine.tokens()).isLessThanOrEqualTo((int) (theirs.tokens() * 1.25));
  }

  @org.junit.jupiter.api.Test
  void bothSummariesAreHeldToTheSameYardsticksInOneRun(@org.junit.jupiter.api.io.TempDir java.nio.file.Path home)
      throws IOException {
    Transcript a = TranscriptReader.read(
        TestResources.path("transcripts/claude-code/258c7280-ae70-4798-800f-63464d01a85d.jsonl"));
    Transcript b = TranscriptReader.read(
        TestResources.path("transcripts/claude-code/ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl"));
    ClaudeCodeComparison comparison = new ClaudeCodeComparison(EngramSettings.DEFAULTS, home);
    for (Transcript[] pair : List.of(new Transcript[] {a, b}, new Transcript[] {b, a})) {
      Transcript t = pair[0];
      Transcript before = Transcript.ofMessages(t.sessionId(), t.segments().get(0).messages());
      List<TranscriptMessage> next = t.segments().get(1).messages().stream()
          .filter(m -> !m.isCompactSummary()).toList();
      ClaudeCodeComparison.Figures f = comparison.compare(before, claudeSummary(t), "", AfterCompaction.of(next),
          java.util.Optional.of(claudeSummary(pair[1])));
      System.out.println(t.sessionId() + ": " + f.engram() + "\n" + f.claude() + "\n" + f.baselines());
      assertThat(f.engram().chars()).isLessThanOrEqualTo((int) (f.claude().chars() * 1.25));
      assertThat(f.engram().filesKept()).isGreaterThanOrEqualTo(f.claude().filesKept());
      assertThat(f.claude().score()).isGreaterThanOrEqualTo(80);
      assertThat(List.of(f.baselines().keywordDump(), f.baselines().userMessagesAlone(),
          f.baselines().otherSession().orElseThrow())).allSatisfy(score -> assertThat(score).isLessThan(70));
      assertThat(f.engram().nextStepText()).isNotBlank();
    }
  }

  private static Figures figures(String summary, List<String> claudeFiles, Conversation c, CompactionScorer scorer,
      long originalTokens) {
    CompactionScore score = scorer.score(summary);
    long kept = claudeFiles.stream().filter(f -> summary.contains(FileTypes.baseName(f))).count();
    String flat = collapse(summary);
    long users = c.userMessages().stream().filter(u -> flat.contains(collapse(u))).count();
    int tokens = TOKENS.count(summary);
    return new Figures(
        claudeFiles.isEmpty() ? 100 : 100.0 * kept / claudeFiles.size(),
        score.evidence().preservation().get(KeyKind.FILE_NAMES),
        score.evidence().preservation().get(KeyKind.ERROR_MESSAGES),
        c.userMessages().isEmpty() ? 100 : 100.0 * users / c.userMessages().size(),
        tokens, 100.0 * (originalTokens - tokens) / originalTokens, score.total());
  }

  /** The compaction agent's answer, else the summary record that opened the second segment. */
  static String claudeSummary(Transcript t) {
    for (Transcript sub : t.subagents()) {
      if (sub.agentId().orElse("").contains("acompact")) {
        List<TranscriptMessage> ms = sub.messages();
        for (int i = ms.size() - 1; i >= 0; i--) {
          if (ms.get(i).role() == Role.ASSISTANT && !ms.get(i).text().isBlank()) {
            return ms.get(i).text();
          }
        }
      }
    }
    return t.segments().get(1).summary().orElseThrow().text();
  }

  private static String collapse(String text) {
    return text.strip().replaceAll("\\s+", " ");
  }
}
