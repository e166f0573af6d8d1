package io.engram.hooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class HookInputTest {
  @Test
  void readsTheCommonAndPerEventFields() {
    HookInput in = HookInput.parse("{\"session_id\":\"abc\",\"transcript_path\":\"/t.jsonl\",\"cwd\":\"/p\","
        + "\"hook_event_name\":\"PreCompact\",\"trigger\":\"manual\",\"custom_instructions\":\"focus on tests\",\"extra\":1}");
    assertThat(in.sessionId()).isEqualTo("abc");
    assertThat(in.transcriptPath()).hasValueSatisfying(p -> assertThat(p.toString()).isEqualTo("/t.jsonl"));
    assertThat(in.trigger()).contains("manual");
    assertThat(in.customInstructions()).contains("focus on tests");
    assertThat(in.prompt()).isEmpty();
  }

  @Test
  void postToolUseCarriesTheToolAndItsFile() {
    HookInput read = HookInput.parse("{\"session_id\":\"s\",\"tool_name\":\"Read\","
        + "\"tool_input\":{\"file_path\":\"/p/src/A.java\",\"limit\":20},\"tool_response\":{\"file\":{}}}");
    assertThat(read.tool()).hasValueSatisfying(t -> {
      assertThat(t.name()).isEqualTo("Read");
      assertThat(t.file()).contains(java.nio.file.Path.of("/p/src/A.java"));
    });
    HookInput notebook = HookInput.parse("{\"session_id\":\"s\",\"tool_name\":\"NotebookEdit\","
        + "\"tool_input\":{\"notebook_path\":\"/p/a.ipynb\"}}");
    assertThat(notebook.tool().flatMap(HookInput.ToolCall::file)).contains(java.nio.file.Path.of("/p/a.ipynb"));
    assertThat(HookInput.parse("{\"session_id\":\"s\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"ls\"}}")
        .tool().flatMap(HookInput.ToolCall::file)).isEmpty();
    assertThat(HookInput.parse("{\"session_id\":\"s\"}").tool()).isEmpty();
    assertThatThrownBy(() -> HookInput.parse("{\"session_id\":\"s\",\"tool_name\":\"Read\",\"tool_input\":3}"))
        .hasMessageContaining("tool_input");
    assertThatThrownBy(() -> HookInput.parse("{\"session_id\":\"s\",\"tool_name\":\"Read\","
        + "\"tool_input\":{\"file_path\":7}}")).hasMessageContaining("file_path");
  }

  @Test
  void malformedInputIsAnErrorThatSaysWhatIsWrong() {
    assertThatThrownBy(() -> HookInput.parse("")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("JSON object");
    assertThatThrownBy(() -> HookInput.parse("[1]")).hasMessageContaining("JSON object");
    assertThatThrownBy(() -> HookInput.parse("{\"cwd\":\"/p\"}")).hasMessageContaining("session_id");
    assertThatThrownBy(() -> HookInput.parse("{\"session_id\":7}")).hasMessageContaining("\"session_id\" must be a string");
    assertThatThrownBy(() -> HookInput.parse("{\"session_id\":\"s\",\"prompt\":{}}")).hasMessageContaining("prompt");
    assertThatThrownBy(() -> HookInput.parse("{\"session_id\":")).hasMessageContaining("not JSON");
  }

  @Property(tries = 300)
  void anyTextEitherParsesOrFailsWithIllegalArgument(@ForAll String text) {
    try {
      HookInput.parse(text);
    } catch (IllegalArgumentException expected) {
      assertThat(expected.getMessage()).isNotBlank();
    }
  }

  @Test
  void eventNamesFollowClaudeCode() {
    assertThat(HookEvent.parse("userpromptsubmit")).contains(HookEvent.USER_PROMPT_SUBMIT);
    assertThat(HookEvent.parse("Nope")).isEmpty();
    assertThat(HookEvent.SESSION_START.injectsContext()).isTrue();
    assertThat(HookEvent.STOP.injectsContext()).isFalse();
    assertThat(HookEvent.POST_TOOL_USE.injectsContext()).isTrue();
    assertThat(HookEvent.POST_TOOL_USE.matcher()).contains("Read|Edit|Write|MultiEdit|NotebookEdit");
    assertThat(HookEvent.STOP.matcher()).isEmpty();
  }

  @Test
  void aPathThatCannotExistIsRefusedByNameInOneLine() {
    assertThatThrownBy(() -> HookInput.parse("{\"session_id\":\"s\",\"cwd\":\"a\\u0000\\nb\"}"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("\"cwd\" is not a usable path")
        .hasMessageNotContaining("\n");
    assertThatThrownBy(() -> HookInput.parse(
        "{\"session_id\":\"s\",\"tool_name\":\"Read\",\"tool_input\":{\"file_path\":\"x\\u0000\"}}"))
        .hasMessageContaining("\"file_path\"");
  }
}
