package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A compaction that hit a usage limit or an API error hands on Claude Code's framing around the harness's words, not a
 * summary: there is nothing to score, and the lab leaves it out rather than score the words as a summary.
 */
class NoSummaryHandedOnTest {
  private static final String BEFORE = "This session is being continued from a previous conversation that ran out of"
      + " context. The summary below covers the earlier portion of the conversation.\n\n";
  private static final String AFTER = "\n\nIf you need specific details from before compaction (like exact code"
      + " snippets, error messages, or content you generated), read the full transcript at:"
      + " /home/p/.claude/projects/-w/2c615517.jsonl\nPlease continue the conversation from where we left it off without"
      + " asking the user any further questions. Continue with the last task that you were asked to work on.";

  @Test
  void aUsageLimitInPlaceOfTheSummaryIsNoSummary() {
    assertThat(ClaudeCodeFraming.noSummary(BEFORE + "You've hit your limit · resets Apr 24, 6am (Asia/Taipei)" + AFTER))
        .contains("You've hit your limit · resets Apr 24, 6am (Asia/Taipei)");
    assertThat(ClaudeCodeFraming.noSummary(BEFORE + "API Error: 529 {\"type\":\"error\",\"error\":{\"type\":"
        + "\"overloaded_error\",\"message\":\"Overloaded\"}}" + AFTER)).get().asString().startsWith("API Error: 529");
  }

  @Test
  void theFramingAloneIsNoSummary() {
    assertThat(ClaudeCodeFraming.noSummary(BEFORE + AFTER)).contains("");
  }

  @Test
  void aSummaryIsOneEvenWhenItTellsOfALimitOrAnApiError() {
    assertThat(ClaudeCodeFraming.noSummary(BEFORE + "Summary:\n1. Primary Request and Intent:\n   Retry the upload"
        + " when the API answers 529.\n4. Errors and fixes:\n   API Error: 529 Overloaded, retried with backoff." + AFTER))
        .isEmpty();
    assertThat(ClaudeCodeFraming.noSummary(BEFORE + "Analysis:\nThe session hit an API error twice.\n\nSummary:\n"
        + "API Error: 529 was answered by a retry." + AFTER)).isEmpty();
    assertThat(ClaudeCodeFraming.noSummary("The person asked to raise the usage limit; you've hit your limit is the"
        + " message the tests expect.")).isEmpty();
  }
}
