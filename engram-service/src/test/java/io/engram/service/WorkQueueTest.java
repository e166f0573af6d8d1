package io.engram.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.hooks.HookEvent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkQueueTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void aQueuedHookInputKeepsItsPathsAndIdsButNoSecretItsTextsHeld() throws Exception {
    // built here, so that no scanner reads the repository's text as a live token
    String token = "ghp_" + "Zx81Qw72Er63Ty54Ui45Op36As27Df18Gh09";
    String password = "Wq8zR3pL6vKd";
    String input = "{\"session_id\":\"s-1\",\"transcript_path\":\"/work/s-1.jsonl\",\"cwd\":\"/work/app\","
        + "\"hook_event_name\":\"PreCompact\",\"trigger\":\"manual\",\"custom_instructions\":\"keep the staging"
        + " password is " + password + " and the push token " + token + "\",\"extra\":[{\"note\":\"" + token + "\"}]}";
    WorkQueue queue = new WorkQueue(dir, Clock.systemUTC());

    WorkQueue.Job job = queue.enqueue(HookEvent.PRE_COMPACT, Path.of("/work/app"), input);

    String onDisk = Files.readString(job.file());
    assertThat(onDisk).doesNotContain(token, password).contains("[REDACTED:");
    JsonNode kept = JSON.readTree(job.input());
    assertThat(kept.path("session_id").asText()).isEqualTo("s-1");
    assertThat(kept.path("transcript_path").asText()).isEqualTo("/work/s-1.jsonl");
    assertThat(kept.path("cwd").asText()).isEqualTo("/work/app");
    assertThat(kept.path("custom_instructions").asText()).startsWith("keep the staging password is [REDACTED:");
    assertThat(kept.path("extra").get(0).path("note").asText()).startsWith("[REDACTED:");
  }

  @Test
  void aQueuedInputThatIsNotJsonIsRedactedWhole() {
    String password = "Wq8zR3pL6vKd";
    assertThat(WorkQueue.redacted("not json, the db password is " + password))
        .doesNotContain(password).contains("[REDACTED:");
  }
}
