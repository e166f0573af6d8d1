package io.engram.extract;

import static io.engram.extract.Fixtures.rulesOnly;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A program's console or a tool's output pasted into a turn is the program speaking, not the person. */
class PastedConsoleLinesTest {

  @Test
  void aBrowserConsoleWarningIsNotARule() {
    String pasted = "settings.js? [sm]:159 请注意 showLoading 与 hideLoading 必须配对使用\n"
        + "_callee2$ @ settings.js? [sm]:159\n";
    assertThat(CodeLines.blank(pasted)).isBlank();
    assertThat(rulesOnly(pasted)).isEmpty();
  }

  @Test
  void aToolsOutputUnderItsGlyphIsBlankedWithTheIndentedLinesThatFollowIt() {
    String turn = "claude问答时报错：Ran 4 stop hooks\n"
        + "  ⎿  bash ~/.claude/hooks/verify-no-secrets.sh\n"
        + "  ⎿  Stop hook error: Failed with non-blocking status code: bash:\n"
        + "  /c/Users/me/.claude/hooks/verify-no-secrets.sh: No such file or directory\n"
        + "Never commit the hooks folder.";
    String blanked = CodeLines.blank(turn);
    assertThat(blanked).startsWith("claude问答时报错：Ran 4 stop hooks").doesNotContain("No such file")
        .endsWith("Never commit the hooks folder.").hasSameSizeAs(turn);
    // one memory, the person's rule: "No such file or directory" is no "No X" of theirs
    assertThat(rulesOnly(turn)).singleElement()
        .satisfies(m -> assertThat(m.body()).contains("Never commit the hooks folder"));
    assertThat(rulesOnly(turn.substring(0, turn.indexOf("Never")))).isEmpty();
  }

  @Test
  void aStackFrameIsBlankedButAPathNamedInARuleIsNot() {
    assertThat(CodeLines.blank("    at render (src/App.tsx:12:3)")).isBlank();
    assertThat(CodeLines.blank("TypeError: x is undefined main.js:1:20")).isBlank();
    String rule = "Never edit src/generated/api.ts by hand, regenerate it.";
    assertThat(CodeLines.blank(rule)).isEqualTo(rule);
  }
}
