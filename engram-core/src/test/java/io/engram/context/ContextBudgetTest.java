package io.engram.context;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.config.ContextSettings;
import io.engram.tokens.TokenCounter;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ContextBudgetTest {
  private static final TokenCounter WORDS = text -> text.isBlank() ? 0 : text.strip().split("\\s+").length;

  @Test
  void splitsTheWindowFiveTwentyFortyFiveThirty() {
    ContextBudget b = ContextBudget.of(200_000, ContextSettings.DEFAULTS);
    assertThat(b.systemTokens()).isEqualTo(10_000);
    assertThat(b.summaryTokens()).isEqualTo(40_000);
    assertThat(b.fileTokens()).isEqualTo(90_000);
    assertThat(b.messageTokens()).isEqualTo(60_000);
  }

  @Test
  void sharesAboveOneAreRejected() {
    ContextSettings bad = new ContextSettings(
        200_000, Map.of(), 0.6, 0.8, 0.92, 0.5, 0.5, 0.45, 0.3, 1.0, Map.of(), ContextSettings.TurnsLeft.DEFAULTS);
    assertThatThrownBy(() -> ContextBudget.of(1000, bad)).hasMessageContaining("more than 1");
  }

  private static List<TranscriptMessage> conversation() {
    return List.of(
        TranscriptMessage.text(Role.USER, "please fix the parser"),                       // 0 user
        TranscriptMessage.text(Role.ASSISTANT, "looking at it now with care"),            // 1
        TranscriptMessage.of(Role.ASSISTANT, List.of(new ContentBlock.ToolUse("t1", "Bash",
            com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode().put("command", "make")))),
        TranscriptMessage.of(Role.USER, List.of(new ContentBlock.ToolResult("t1", "make failed badly", true))),
        TranscriptMessage.text(Role.ASSISTANT, "some long chatter that is not so important at all"), // 4
        TranscriptMessage.text(Role.USER, "also keep the tests green"));                  // 5 user
  }

  @Test
  void priorityIsUserMessagesThenErrorsThenNewestFirst() {
    assertThat(ContextBudget.priorityOrder(conversation())).containsExactly(5, 0, 2, 3, 4, 1);
  }

  @Test
  void recentMessagesKeepPriorityWithinTheBudgetAndReturnInOriginalOrder() {
    List<TranscriptMessage> messages = conversation();
    // user messages cost 4 + 5, the tool call + error 2 + 3: 14 tokens fit, the chatter (10) does not
    ContextBudget budget = new ContextBudget(100, 0, 0, 0, 15);
    assertThat(budget.recentMessages(messages, WORDS))
        .containsExactly(messages.get(0), messages.get(2), messages.get(3), messages.get(5));
  }

  @Test
  void aToolResultNeverComesWithoutItsCall() {
    List<TranscriptMessage> messages = conversation();
    ContextBudget tight = new ContextBudget(100, 0, 0, 0, 12); // users (9) fit, call+error (5) do not
    assertThat(tight.recentMessages(messages, WORDS)).containsExactly(messages.get(0), messages.get(5));
  }
}
