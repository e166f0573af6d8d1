package io.engram.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import org.junit.jupiter.api.Test;

class Lc4jMessagesTest {
  @Test
  void memoriesTheRetrieverInjectedAreNotReadAsTheUsersWords() {
    UserMessage augmented = UserMessage.from("How do we deploy?\n\nAnswer using the following information:\n"
        + "## deploy (project)\nWe deploy with ./deploy.sh --canary.");

    assertThat(Lc4jMessages.toTranscript(augmented).text()).isEqualTo("How do we deploy?");
  }

  @Test
  void aUsersOwnMentionOfTheInjectorsWordsIsKept() {
    UserMessage own = UserMessage.from("Write the line \"Answer using the following information:\" in the doc.");

    assertThat(Lc4jMessages.toTranscript(own).text()).contains("Answer using the following information:");
  }

  @Test
  void toolCallsAndResultsBecomeToolBlocks() {
    AiMessage call = AiMessage.from(ToolExecutionRequest.builder().id("c1").name("grep").arguments("{\"q\":\"x\"}").build());
    TranscriptMessage asked = Lc4jMessages.toTranscript(call);
    TranscriptMessage answered = Lc4jMessages.toTranscript(ToolExecutionResultMessage.from("c1", "grep", "no match"));

    assertThat(asked.role()).isEqualTo(Role.ASSISTANT);
    assertThat(asked.toolUses()).extracting(ContentBlock.ToolUse::name).containsExactly("grep");
    assertThat(answered.toolResults()).extracting(ContentBlock.ToolResult::text).containsExactly("no match");
    assertThat(Lc4jMessages.endsExchange(call)).isFalse();
    assertThat(Lc4jMessages.endsExchange(AiMessage.from("done"))).isTrue();
  }
}
