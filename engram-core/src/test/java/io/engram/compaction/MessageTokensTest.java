package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.tokens.JtokkitTokenCounter;
import io.engram.tokens.TokenCounter;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class MessageTokensTest {
  private final TokenCounter real = new JtokkitTokenCounter();
  private final AtomicInteger calls = new AtomicInteger();
  private final TokenCounter counting = text -> {
    calls.incrementAndGet();
    return real.count(text);
  };

  private static TranscriptMessage output(String id, String text) {
    return TranscriptMessage.of(Role.USER, List.of(new ContentBlock.ToolResult(id, text, false)));
  }

  private static TranscriptMessage call(String id) {
    return TranscriptMessage.of(Role.ASSISTANT,
        List.of(new ContentBlock.Text("Reading it."), new ContentBlock.ToolUse(id, "Read",
            new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode().put("file_path", "a.txt"))));
  }

  @Test
  void aMessageIsCountedOnceHoweverOftenItIsAskedFor() {
    MessageTokens tokens = new MessageTokens(counting);
    TranscriptMessage m = call("t1");
    int first = tokens.of(m);
    int second = tokens.of(m);
    assertThat(second).isEqualTo(first).isEqualTo(real.count(m.promptText()));
    assertThat(calls).hasValue(1);
  }

  @Test
  void aToolOutputAloneInItsMessageCostsWhatTheMessageCostsAndIsCountedOnce() {
    MessageTokens tokens = new MessageTokens(counting);
    TranscriptMessage m = output("t1", "line one\nline two\n".repeat(20));
    ContentBlock.ToolResult r = m.toolResults().get(0);
    assertThat(tokens.of(m)).isEqualTo(tokens.output(r)).isEqualTo(real.count(m.promptText()));
    assertThat(calls).hasValue(1);
  }

  @Test
  void twoEqualOutputsAreTwoOutputs() {
    MessageTokens tokens = new MessageTokens(counting);
    tokens.of(output("t1", "same text"));
    tokens.of(output("t1", "same text"));
    assertThat(calls).hasValue(2);
  }

  @Test
  void pruningCountsEachMessageOnceAndOnlyThePrunedOnesAgain() {
    List<TranscriptMessage> part = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      part.add(call("t" + i));
      part.add(output("t" + i, ("output " + i + " of a long listing\n").repeat(200)));
    }
    PrunedConversation pruned = PrunedConversation.of(part, 1_000, 4, new MessageTokens(counting));
    int prunedOutputs = pruned.pruning().pruned().size();
    assertThat(prunedOutputs).isPositive();
    // Each message once, then each message whose output was replaced by a placeholder once more.
    assertThat(calls.get()).isEqualTo(part.size() + prunedOutputs);
    long expected = pruned.messages().stream().mapToLong(m -> real.count(m.promptText())).sum();
    assertThat(pruned.tokens()).isEqualTo(expected);
  }
}
