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
  }
}
