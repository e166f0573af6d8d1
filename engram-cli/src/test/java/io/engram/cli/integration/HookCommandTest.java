package io.engram.cli.integration;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.cli.CommandRun;
import io.engram.cli.HookFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code engram hook} as Claude Code runs it (JSON on stdin, the project from its cwd), and {@code engram hooks}. */
class HookCommandTest {
  @TempDir Path root;
  private HookFixture f;
  private Path home;
  private Path project;

  @BeforeEach
  void fixture() {
    f = HookFixture.in(root);
    home = f.home();
    project = f.project();
  }

  private CommandRun hook(String event, String stdin) {
    return f.hook(event, stdin);
  }

  @Test
  void aStopThenAPromptAnswersInClaudeCodesFormatUsingTheHooksCwdAsTheProject() throws Exception {
    Path t = project.resolve("t.jsonl");
    Files.writeString(t, "{\"type\":\"user\",\"uuid\":\"u1\",\"sessionId\":\"s1\",\"message\":{\"role\":\"user\","
        + "\"content\":\"The tests need Redis running on localhost:6379.\"}}\n");
    CommandRun stop = hook("Stop", "{\"session_id\":\"s1\",\"transcript_path\":\"" + t + "\",\"cwd\":\"" + project + "\"}");
    assertThat(stop.exitCode()).isZero();
    assertThat(stop.out()).isEmpty();
    assertThat(stop.err()).contains("remembered project memory 'tests-need-redis'");

    CommandRun ask = hook("UserPromptSubmit", "{\"session_id\":\"s2\",\"cwd\":\"" + project
        + "\",\"hook_event_name\":\"UserPromptSubmit\",\"prompt\":\"what do the tests need?\"}");
    assertThat(ask.exitCode()).isZero();
    JsonNode out = new ObjectMapper().readTree(ask.out());
    assertThat(out.at("/hookSpecificOutput/hookEventName").asText()).isEqualTo("UserPromptSubmit");
    assertThat(out.at("/hookSpecificOutput/additionalContext").asText()).contains("tests-need-redis", "Redis");
  }

  @Test
  void aHookCwdThatIsNotAnExistingDirectoryIsRefusedAndCreatesNoStore() throws Exception {
    Path missing = project.resolve("no-such-dir");
    CommandRun run = hook("UserPromptSubmit", "{\"session_id\":\"s1\",\"cwd\":\"" + missing
        + "\",\"prompt\":\"what do the tests need?\"}");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).startsWith("engram hook UserPromptSubmit: hook input \"cwd\" " + missing)
        .contains("not an existing directory");
    assertThat(missing).doesNotExist();
    try (var stores = Files.list(home)) {
      assertThat(stores.map(p -> p.getFileName().toString())).doesNotContain("projects");
    }
    Path file = Files.writeString(project.resolve("a-file"), "x");
    assertThat(hook("Stop", "{\"session_id\":\"s1\",\"cwd\":\"" + file + "\"}").err())
        .contains("not an existing directory");
  }

  @Test
  void malformedStdinExitsWithOneAndAOneLineMessage() {
    CommandRun bad = hook("Stop", "this is not json");
    assertThat(bad.exitCode()).isEqualTo(1);
    assertThat(bad.err()).startsWith("engram hook Stop: hook input on stdin is not JSON").doesNotContain("\tat ");
    assertThat(hook("Stop", "{\"cwd\":\"/x\"}").err()).contains("session_id");
    assertThat(hook("Nonsense", "{}").exitCode()).isEqualTo(1);
  }

  @Test
  void hooksInstallTwiceThenUninstallLeavesOtherSettings() throws Exception {
    Path settings = project.resolve(".claude/settings.json");
    Files.createDirectories(settings.getParent());
    Files.writeString(settings, "{\"permissions\":{\"allow\":[\"Bash(ls)\"]}}");
    CommandRun first = f.run("hooks", "install", "--command", "engram", "--json");
    assertThat(first.exitCode()).isZero();
    assertThat(first.out()).contains("\"SessionStart\"", "\"written\" : true");
    assertThat(f.run("hooks", "install", "--command", "engram").out()).contains("unchanged");
    assertThat(Files.readString(settings)).contains("engram hook UserPromptSubmit", "Bash(ls)");
    CommandRun local = f.run("hooks", "install", "--scope", "local", "--command", "engram");
    assertThat(local.exitCode()).isZero();
    assertThat(project.resolve(".claude/settings.local.json")).exists();
    assertThat(f.run("hooks", "uninstall").exitCode()).isZero();
    assertThat(new ObjectMapper().readTree(settings.toFile()))
        .isEqualTo(new ObjectMapper().readTree("{\"permissions\":{\"allow\":[\"Bash(ls)\"]}}"));
  }

  @Test
  void mcpHelpNamesTheTransportsAndTheToken() {
    CommandRun help = CommandRun.of("mcp", "--help");
    assertThat(help.exitCode()).isZero();
    assertThat(help.out()).contains("--http", "--bind", "ENGRAM_MCP_TOKEN", "--new-token", "--allow-origin");
  }

  @Test
  void anMcpPortOrOriginOutOfRangeIsAUsageErrorThatSaysWhichValue() {
    for (String port : java.util.List.of("-1", "70000")) {
      CommandRun run = CommandRun.in(home, project, "mcp", "--http", port);
      assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
      assertThat(run.err()).contains("--http: port must be between 0 and 65535, was " + port)
          .contains("Usage: engram mcp");
    }
    CommandRun origin = CommandRun.in(home, project, "mcp", "--http", "0", "--allow-origin", "not an origin");
    assertThat(origin.exitCode()).as(origin.err()).isEqualTo(2);
    assertThat(origin.err()).startsWith("--allow-origin: ");
  }

  @Test
  void mcpNewTokenPrintsAStrongTokenAndAWeakOneIsRefusedWithHowToMakeOne() {
    CommandRun made = CommandRun.of("mcp", "--new-token");
    assertThat(made.exitCode()).isZero();
    String token = made.out().strip();
    assertThat(token).hasSize(64).matches("[0-9a-f]+");
    java.util.Map<String, String> env = new java.util.HashMap<>(System.getenv());
    env.put("ENGRAM_MCP_TOKEN", "a");
    CommandRun weak = CommandRun.inEnvironment(env, "mcp", "--http", "0");
    assertThat(weak.exitCode()).isEqualTo(1);
    assertThat(weak.err()).contains("ENGRAM_MCP_TOKEN", "too weak", "openssl rand -base64 32", "engram mcp --new-token");
  }
}
