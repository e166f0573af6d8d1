package io.engram.transcript;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import org.junit.jupiter.api.Test;

class MessageListReaderTest {

  @Test
  void readsOpenAiShapedMessagesWithToolCalls() throws IOException {
    Transcript t = MessageListReader.read(TranscriptReaderTest.resource("openai-messages.json"));
    assertThat(t.sessionId()).isEqualTo("openai-messages");
    assertThat(t.messages()).extracting(TranscriptMessage::role)
        .containsExactly(Role.SYSTEM, Role.USER, Role.ASSISTANT, Role.USER, Role.ASSISTANT);
    ContentBlock.ToolUse call = t.messages().get(2).toolUses().get(0);
    assertThat(call.name()).isEqualTo("Read");
    assertThat(call.inputText("file_path")).isEqualTo("README.md");
    assertThat(t.messages().get(3).toolResults()).singleElement()
        .isEqualTo(new ContentBlock.ToolResult("call_1", "# Demo project", false));
    assertThat(t.messages().get(4).text()).isEqualTo("It is a demo project.");
    assertThat(t.problems()).extracting(ReadProblem::place, ReadProblem::number)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(ReadProblem.Place.MESSAGE, 6),
            org.assertj.core.groups.Tuple.tuple(ReadProblem.Place.MESSAGE, 7));
    assertThat(t.problems().get(0).message()).contains("wizard");
    assertThat(FileActivity.of(t.messages())).singleElement()
        .satisfies(f -> assertThat(f.reads()).isEqualTo(1));
  }

  @Test
  void readsAnthropicShapedMessagesWithASystemPrompt() throws IOException {
    Transcript t = MessageListReader.read(TranscriptReaderTest.resource("anthropic-messages.json"));
    assertThat(t.messages()).hasSize(4);
    assertThat(t.messages().get(0).role()).isEqualTo(Role.SYSTEM);
    assertThat(t.userMessages()).extracting(TranscriptMessage::text).containsExactly("Run the tests");
    assertThat(ErrorFix.of(t.messages())).singleElement().satisfies(e -> {
      assertThat(e.error()).isEqualTo("1 failing");
      assertThat(e.fix()).isEmpty();
    });
  }

  @Test
  void keepsArgumentsThatAreNotJsonAsText() {
    Transcript t = MessageListReader.parse(
        "[{\"role\":\"assistant\",\"tool_calls\":[{\"id\":\"c\",\"function\":{\"name\":\"Bash\","
            + "\"arguments\":\"ls -la\"}}]}]", "x");
    assertThat(t.messages().get(0).toolUses().get(0).inputText("arguments")).isEqualTo("ls -la");
  }

  @Test
  void rejectsTextThatIsNotAMessageList() {
    assertThatThrownBy(() -> MessageListReader.parse("{\"foo\": 1}", "conv"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("conv").hasMessageContaining("messages");
    assertThatThrownBy(() -> MessageListReader.parse("[1, 2", "conv"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not valid JSON");
  }
}
