package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.UserRequest;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** One reading of what the person said in a message: their own lines, not what they pasted or a plug-in sent. */
class WhatThePersonSaidTest {

  @Test
  void aBrowserConsoleDumpUnderThePersonsLineIsPasted() {
    String typed = """
        agora esta dando  erro em  tudo

        index-DOLE0__o.js:393 API Error [GET /api/clients?barbershop_id=33d1f7b1]: Error: HTTP 502:
            at BT.get (index-DOLE0__o.js:393:22602)
        get @ index-DOLE0__o.js:393
        index-DOLE0__o.js:451 [SALES] Component mounted
        """;

    assertThat(OwnWords.of(typed)).isEqualTo("agora esta dando  erro em  tudo");
  }

  @Test
  void aTestRunWithItsHeadingsIsPastedAndTheQuestionAfterItIsThePersons() {
    String typed = """
        "C:\\Program Files\\nodejs\\node.exe" D:\\project\\collabspace\\test-api.js
        📋 2210 - 接口测试

        📂 S1 公告分类与权限
          ✅ S1.1 普通用户创建空间站公告被拒绝
          ❌ S1.3 管理员创建空间站公告成功
             实际值: {"success":false,"code":702,"message":"无权限","data":null}
        📂 S2 编辑公告
          ❌ S2.0 创建公告成功
             实际值: null

        太少了""";

    String own = OwnWords.of(typed);

    assertThat(own).endsWith("太少了").doesNotContain("✅", "❌", "S1 公告分类与权限", "S2 编辑公告", "无权限");
  }

  @Test
  void aCheckRunDrawnWithBoxLinesIsPastedWholeWithItsPromptAndItsIndentedDetail() {
    String typed = """
        > rcmdcheck::rcmdcheck('.', args='--run-donttest', error_on='never')
        ── R CMD build ──────────────────────────────────────────────────
        ✔  checking for file ‘.../DESCRIPTION’ ...
        ─  preparing ‘MiscMetabar’: (792ms)
        ─  checking for empty or unneeded directories
           Removed empty directory ‘MiscMetabar/Deseq2’
           Removed empty directory ‘MiscMetabar/bin’
           Removed empty directory ‘MiscMetabar/tests/testthat/_problems’
        ─  building ‘MiscMetabar_0.16.6.9000.tar.gz’ (880ms)
        ─  checking package dependencies ... INFO (4.9s)
           Depends: includes the non-default packages:
             'phyloseq', 'ggplot2', 'dada2', 'dplyr', 'purrr', 'divent'
           Adding so many packages to the search path is excessive and importing
           selectively is preferable.
        ✔  checking examples (4m 50.1s)
        Duration: 12m 17.7s

        0 errors ✔ | 0 warnings ✔ | 0 notes ✔

        the examples still take almost five minutes, cut them further""";

    assertThat(OwnWords.of(typed)).isEqualTo("the examples still take almost five minutes, cut them further");
  }

  @Test
  void aQuotedLineBeforeThePersonsOwnWordsStaysTheirs() {
    String typed = """
        > the build is green on Linux
        but on Windows it fails:
        ✗ test_paths
        ✗ test_locale""";

    assertThat(OwnWords.of(typed)).isEqualTo("> the build is green on Linux\nbut on Windows it fails:");
  }

  @Test
  void jsonPastedAfterAQuestionLeavesTheQuestion() {
    String typed = """
        can you just see the compile_commands.json for problem
        [
        {
          "directory": "/root/projects/esp32/cat_vent/build.clang",
          "command": "/root/.espressif/tools/xtensa-esp32-elf-gcc -DMBEDTLS_CONFIG_FILE=mbedtls/esp_config.h",
          "file": "/root/projects/esp32/cat_vent/main/main.c"
        }
        ]""";

    assertThat(OwnWords.of(typed)).isEqualTo("can you just see the compile_commands.json for problem");
  }

  @Test
  void aFencedBlockIsPastedWhole() {
    String typed = "Why does this loop never end?\n```python\nwhile True:\n    poll()\n```\nIt hangs the worker.";

    assertThat(OwnWords.of(typed)).isEqualTo("Why does this loop never end?\nIt hangs the worker.");
  }

  @Test
  void aPlanAcceptedInPlanModeIsReadWholeWithItsCodeBlocks() {
    String plan = "Implement the following plan:\n\n# Plan: Gate tree creation\n\n## Task 1\n"
        + "After the existing `network_fee` validation, add:\n```rust\nrequire_authority(&ctx)?;\n```\n"
        + "Reuse the existing `InvalidSigner` error variant.";

    assertThat(OwnWords.of(plan)).isEqualTo(plan);
  }

  @Test
  void oneLocationInAQuestionStaysThePersons() {
    String typed = "The build fails at Parser.java:42\nCan you make the parser accept a trailing comma?";

    assertThat(OwnWords.of(typed)).isEqualTo(typed);
  }

  @Test
  void aShortAnswerIsReadWithItsQuestionButNotTheRenderingsWord() {
    UserRequest answer = new UserRequest(3, "yes", Optional.of("Should I migrate the billing tables now?"));

    assertThat(OwnWords.of(answer)).isEqualTo("yes\nShould I migrate the billing tables now?")
        .doesNotContain("answering");
    assertThat(answer.stated()).contains("answering");
  }

  @Test
  void aPersonaPromptSentInThePersonsPlaceIsNoneOfTheirWords() {
    String persona = "## Voice\n\nYou're Polsia. One entity, one voice across everything. You genuinely want the"
        + " company to win.\n\n**Structure:**\n" + "- Lead with the answer, explain after\n".repeat(30)
        + "**Task #31295**: BUG: AI Coaching \"Request failed\"\n";

    assertThat(OwnWords.platformPrompt(persona)).isTrue();
    assertThat(OwnWords.of(persona)).isEmpty();
    // A person's short ask that sets a role is still theirs.
    assertThat(OwnWords.of("You are a careful reviewer. Check the migration in db/0042_users.sql."))
        .startsWith("You are a careful reviewer");
  }

  @Test
  void aPluginsXmlIsNotThePersonsAndTheLinesAroundItAreReadAlone() {
    String observer = """
        Hello memory agent, you are continuing to observe the primary Claude session.

        <observed_from_primary_session>
          <user_request>switch to cloud</user_request>
          <requested_at>2026-03-26</requested_at>
        </observed_from_primary_session>

        Record what was built.""";

    assertThat(OwnWords.of(observer)).doesNotContain("observed_from_primary_session", "user_request", "requested_at")
        .contains("Record what was built.");
  }

  @Test
  void theRequestsOfATranscriptAreReadByTheirOwnLines() {
    List<TranscriptMessage> ms = List.of(
        TranscriptMessage.text(Role.USER, "fix the login\n    at Auth.check (auth.ts:12:3)\n    at main (app.ts:4:1)"),
        TranscriptMessage.text(Role.ASSISTANT, "Fixed the check in auth.ts."));

    assertThat(OwnWords.of(UserRequest.of(ms))).containsExactly("fix the login");
  }
}
