package io.engram.compaction;

import static io.engram.compaction.ToolCalls.call;
import static io.engram.compaction.ToolCalls.result;
import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.CompactionSettings;
import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The errors a summary is asked to keep are the work's: noise around it (a helper not installed, a look at a missing
 * path, a status code alone, ssh's host key, a background shell already gone) is optional, and repeats of one error
 * that differ by a code are one error.
 */
class NoiseAroundTheWorkTest {
  private static List<TranscriptMessage> asked() {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.text(Role.USER, "Deploy the barber API and check that /api/clients answers."));
    return ms;
  }

  private static KeyInformation key(List<TranscriptMessage> ms) {
    return Conversation.of(ms, 0, 25).key();
  }

  private static void bash(List<TranscriptMessage> ms, String id, String command, String output) {
    ms.add(call(id, "Bash", "command", command));
    ms.add(result(id, output, true));
  }

  @Test
  void aHelperNotInstalledALookAtAMissingPathAndAStatusAloneAreOptional() {
    List<TranscriptMessage> ms = asked();
    bash(ms, "b1", "curl -s https://api.example.com/api/clients | jq .", "/bin/bash: line 1: jq: command not found");
    bash(ms, "b2", "cd backend && npm run build", "/bin/bash: line 1: cd: backend: No such file or directory");
    bash(ms, "b3", "curl -s -o /dev/null -w '%{http_code}' https://api.example.com/health", "000");
    bash(ms, "b4", "ssh deploy@10.0.0.5 'systemctl restart api'",
        "Warning: Permanently added '10.0.0.5' (ED25519) to the list of known hosts.");
    bash(ms, "b5", "npm run build", "Error: Cannot find module 'express'\nRequire stack:\n- /srv/api/index.js");

    KeyInformation key = key(ms);

    assertThat(key.of(KeyKind.ERROR_MESSAGES)).singleElement().asString()
        .startsWith("Error: Cannot find module 'express'");
    assertThat(key.optional(KeyKind.ERROR_MESSAGES)).anyMatch(e -> e.contains("jq: command not found"))
        .anyMatch(e -> e.contains("cd: backend: No such file or directory"))
        .anyMatch(e -> e.contains("list of known hosts"));
  }

  @Test
  void theProgramTheWorkRunsNotInstalledIsAFailureOfTheWork() {
    List<TranscriptMessage> ms = asked();
    bash(ms, "b1", "cd api && pytest tests/", "/bin/bash: line 1: pytest: command not found");

    assertThat(key(ms).of(KeyKind.ERROR_MESSAGES)).singleElement().asString().contains("pytest: command not found");
  }

  @Test
  void noiseASummaryTellsCountsAsKeptAndNoiseItLeavesOutIsNoLoss() {
    List<TranscriptMessage> ms = asked();
    bash(ms, "b1", "curl -s https://api.example.com/api/clients | jq .", "/bin/bash: line 1: jq: command not found");
    bash(ms, "b5", "npm run build", "Error: Cannot find module 'express'");
    CompactionScorer scorer = new CompactionScorer(CompactionSettings.DEFAULTS, key(ms), 400,
        CompactionScorerTest.WORDS);

    double without = scorer.score("4. Errors and fixes: the build failed with Error: Cannot find module 'express';"
        + " installed it.").evidence().preservation().get(KeyKind.ERROR_MESSAGES);
    double with = scorer.score("4. Errors and fixes: the build failed with Error: Cannot find module 'express';"
        + " installed it. /bin/bash: line 1: jq: command not found").evidence().preservation()
        .get(KeyKind.ERROR_MESSAGES);

    assertThat(without).isEqualTo(100.0);
    assertThat(with).isEqualTo(100.0);
  }

  @Test
  void aBackgroundShellAlreadyGoneIsTheHarnesssWordsNoKeyError() {
    List<TranscriptMessage> ms = asked();
    ms.add(call("k1", "KillShell", "shell_id", "36b7a3"));
    ms.add(result("k1", "Shell 36b7a3 is not running, so cannot be killed (status: killed)", true));

    assertThat(key(ms).of(KeyKind.ERROR_MESSAGES)).isEmpty();
  }

  @Test
  void repeatsOfOneErrorThatDifferByACodeAreOneError() {
    List<TranscriptMessage> ms = asked();
    for (String code : List.of("953ABBN8", "QGG4QJ2H", "RQ8QJFSU")) {
      bash(ms, "p" + code, "openclaw pairing approve " + code,
          "[openclaw] Failed to start CLI: Error: No pending pairing request found for code: " + code);
    }
    bash(ms, "b9", "npm run build", "Error: Cannot find module 'express'");

    assertThat(key(ms).of(KeyKind.ERROR_MESSAGES)).hasSize(2).first().asString()
        .contains("No pending pairing request found for code: 953ABBN8");
  }
}
