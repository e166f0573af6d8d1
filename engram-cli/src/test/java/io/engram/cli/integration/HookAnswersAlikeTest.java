package io.engram.cli.integration;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.cli.CommandRun;
import io.engram.cli.HookFixture;
import io.engram.service.EngramService;
import io.engram.service.ServiceClient;
import io.engram.service.ServiceStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hook call gets the same answer whether its own JVM answers it ({@code ENGRAM_SERVICE=off}) or the resident
 * service does: both build the project's Engram the same way. Every event in a session's order, over two homes that
 * hold the same memory, with the same project, transcript and session; and the same refusal of a bad input.
 */
class HookAnswersAlikeTest {
  private static final String SETTINGS = "{\"recall\":{\"vectors\":\"NEVER\"}}";

  @TempDir Path root;
  @TempDir Path serviceHome;
  private EngramService service;

  @AfterEach
  void stop() {
    if (service != null) {
      service.close();
    }
  }

  @Test
  void everyHookEventAnswersAlikeInItsOwnProcessAndThroughTheService() throws Exception {
    HookFixture alone = HookFixture.in(root);
    HookFixture served = alone.withHome(serviceHome).withEnvironment(Map.of());
    for (HookFixture f : List.of(alone, served)) {
      Files.writeString(f.home().resolve("settings.json"), SETTINGS);
      CommandRun remember = f.run("remember", "--type", "reference", "--name", "staging-port", "--description",
          "The staging database port", "The staging database listens on port 5433.");
      assertThat(remember.exitCode()).as(remember.err()).isZero();
    }
    service = EngramService.start(serviceHome, alone.userHome(), Map.of(), "test", line -> { });
    Path transcript = Path.of(HookAnswersAlikeTest.class.getResource("/transcripts/cli-notes.jsonl").toURI());
    Files.writeString(alone.project().resolve("README.md"), "# app\n");
    String[][] calls = {
      {"SessionStart", ",\"source\":\"startup\""},
      {"UserPromptSubmit", ",\"prompt\":\"which port does the staging database listen on?\""},
      {"PostToolUse", ",\"tool_name\":\"Read\",\"tool_input\":{\"file_path\":"
          + HookFixture.quoted(alone.project().resolve("README.md").toString()) + "}"},
      {"Stop", ""},
      {"PreCompact", ",\"trigger\":\"manual\""},
      {"SessionStart", ",\"source\":\"compact\""},
      {"SessionEnd", ",\"reason\":\"other\""},
    };
    long before = requests();
    for (String[] call : calls) {
      String extra = call[1] + ",\"hook_event_name\":\"" + call[0] + "\"";
      CommandRun own = alone.hook(call[0], alone.hookInput("s-alike", transcript, extra));
      CommandRun through = served.hook(call[0], served.hookInput("s-alike", transcript, extra));

      assertThat(own.exitCode()).as(call[0] + ": " + own.err()).isZero();
      assertThat(through.exitCode()).as(call[0] + ": " + through.err()).isZero();
      assertThat(through.out().replace(serviceHome.toString(), "HOME"))
          .as(call[0] + " " + call[1]).isEqualTo(own.out().replace(alone.home().toString(), "HOME"));
    }
    assertThat(requests() - before).as("hook calls the service answered").isGreaterThanOrEqualTo(calls.length);
    assertThat(status().projects()).extracting(p -> Path.of(p.dir()).getFileName().toString())
        .contains("project");

    String missing = "{\"session_id\":\"s-alike\",\"cwd\":" + HookFixture.quoted(root.resolve("gone").toString())
        + ",\"hook_event_name\":\"UserPromptSubmit\",\"prompt\":\"hello\"}";
    CommandRun own = alone.hook("UserPromptSubmit", missing);
    CommandRun through = served.hook("UserPromptSubmit", missing);
    assertThat(own.exitCode()).isEqualTo(1);
    assertThat(through.exitCode()).isEqualTo(1);
    assertThat(through.err()).isEqualTo(own.err()).contains("gone");
  }

  private ServiceStatus status() {
    return ServiceClient.find(serviceHome).orElseThrow().status(Duration.ofSeconds(10)).orElseThrow();
  }

  private long requests() {
    return status().requests();
  }
}
