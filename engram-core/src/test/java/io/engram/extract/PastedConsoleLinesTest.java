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

  @Test
  void aLintersReportLineIsBlankedThoughItSaysNever() {
    String report = "B:\\app\\src\\components\\Scene.vue\n"
        + "  2329:40  warning  'event' is defined but never used                      no-unused-vars\n"
        + "  2337:11  warning  'found' is assigned a value but never used  no-unused-vars\n";
    assertThat(CodeLines.blank(report)).doesNotContain("never used").hasSameSizeAs(report);
    assertThat(rulesOnly(report)).isEmpty();
    assertThat(CodeLines.blank("src/a.py:208: UserWarning: The parameter 'pretrained' is deprecated")).isBlank();
  }

  @Test
  void aBuildToolsLeveledLogAndADeployLogsStepAreBlanked() {
    assertThat(CodeLines.blank("[ERROR] For more information, please read: http://cwiki.apache.org/x")).isBlank();
    assertThat(CodeLines.blank("==> Docs on specifying a port: https://render.com/docs/web-services#port-binding"))
        .isBlank();
    String rule = "Never use the [ERROR] level for retries: log them as warnings.";
    assertThat(CodeLines.blank(rule)).isEqualTo(rule);
  }

  @Test
  void aTaggedErrorMessageIsBlankedUpToTheBlankLineAfterIt() {
    String turn = "[ app.json 文件内容错误] miniprogram/app.json: 在该目录下未找到 app.json。\n"
        + "如果你不理解 miniprogramRoot 字段的含义，请在 project.config.json 中将 miniprogramRoot 设为空字符串。\n"
        + "详见文档：https://developers.weixin.qq.com/miniprogram/dev/devtools/projectconfig.html\n"
        + "\n"
        + "以后不要改 project.config.json";
    String blanked = CodeLines.blank(turn);
    assertThat(blanked).doesNotContain("详见文档").endsWith("以后不要改 project.config.json").hasSameSizeAs(turn);
    assertThat(rulesOnly(turn)).singleElement()
        .satisfies(m -> assertThat(m.body()).contains("不要改 project.config.json").doesNotContain("weixin"));
    String rule = "Never log at [error] level for retries.";
    assertThat(CodeLines.blank(rule)).isEqualTo(rule);
  }

  @Test
  void aLogRecordStampedToTheSecondIsBlankedAndItsDateIsNoDeadline() {
    String turn = "我现在看不到任何进度回调和下载日志。只看到了下面的日志：\n"
        + "2025-09-27 10:18:54.702 27745-13396 OpenGLRenderer  com.pichs.download.demo  D  gpu complete is not signaled\n"
        + "```2025-09-27 11:25:21.421  9660-9660  TopResumed  com.pichs.download.demo  I  execute start\n";
    String blanked = CodeLines.blank(turn);
    assertThat(blanked).doesNotContain("2025-09-27").startsWith("我现在看不到").hasSameSizeAs(turn);
    assertThat(rulesOnly(turn)).isEmpty();
    // a date a person writes has no seconds: it is still theirs
    String deadline = "2025-09-27 10:00 前必须发布，之后冻结代码";
    assertThat(CodeLines.blank(deadline)).isEqualTo(deadline);
  }

  @Test
  void aProgramsPointerToItsDocsAfterAMessageIsTheProgramSpeaking() {
    String pasted = "Error: Route \"/api/items/[id]\" used `params.id`. `params` should be awaited first. Learn more: "
        + "https://nextjs.org/docs/messages/sync-dynamic-apis\n"
        + "For more information, see https://radix-ui.com/primitives/docs/components/dialog\n"
        + "info Visit https://yarnpkg.com/en/docs/cli/run for documentation about this command.";
    assertThat(CodeLines.blank(pasted)).isBlank();
    assertThat(rulesOnly(pasted + "\nfix this")).isEmpty();
    // a person pointing at the docs they keep is not a program's message
    assertThat(rulesOnly("The runbook docs live at https://wiki.example.com/runbooks")).isNotEmpty();
  }
}
