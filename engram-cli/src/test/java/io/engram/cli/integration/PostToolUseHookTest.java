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

/** The subdirectory instruction files through what Claude Code runs: the installed PostToolUse hook. */
class PostToolUseHookTest {
  @TempDir Path root;
  private HookFixture f;
  private Path project;

  @BeforeEach
  void fixture() {
    f = HookFixture.in(root);
    project = f.project();
  }

  private CommandRun read(String session, Path file) {
    return f.hook("PostToolUse", "{\"session_id\":\"" + session + "\",\"cwd\":\"" + project + "\","
        + "\"hook_event_name\":\"PostToolUse\",\"tool_name\":\"Read\",\"tool_input\":{\"file_path\":\"" + file
        + "\"},\"tool_response\":{\"type\":\"text\"}}");
  }

  @Test
  void theInstalledHookIsNarrowedToFileToolsAndSendsASubdirectorysAgentsFileOnce() throws Exception {
    Files.createDirectories(project.resolve("lib/billing"));
    Files.writeString(project.resolve("lib/billing/AGENTS.md"), "Billing: amounts are integer cents, never floats.");
    Files.writeString(project.resolve("lib/billing/invoice.ex"), "defmodule Invoice do end");

    assertThat(f.run("hooks", "install", "--command", "engram").exitCode()).isZero();
    JsonNode groups = new ObjectMapper().readTree(project.resolve(".claude/settings.json").toFile())
        .at("/hooks/PostToolUse");
    assertThat(groups).hasSize(1);
    assertThat(groups.at("/0/matcher").asText()).isEqualTo("Read|Edit|Write|MultiEdit|NotebookEdit");
    assertThat(groups.at("/0/hooks/0/command").asText())
        .isEqualTo("command -v engram >/dev/null 2>&1 || exit 0; engram hook PostToolUse");

    CommandRun first = read("s1", project.resolve("lib/billing/invoice.ex"));
    assertThat(first.exitCode()).as(first.err()).isZero();
    JsonNode out = new ObjectMapper().readTree(first.out());
    assertThat(out.at("/hookSpecificOutput/hookEventName").asText()).isEqualTo("PostToolUse");
    assertThat(out.at("/hookSpecificOutput/additionalContext").asText())
        .contains("integer cents", project.resolve("lib/billing/AGENTS.md").toString());

    CommandRun again = read("s1", project.resolve("lib/billing/invoice.ex"));
    assertThat(again.exitCode()).isZero();
    assertThat(again.out()).isEmpty();
    assertThat(read("s2", project.resolve("lib/billing/invoice.ex")).out()).contains("integer cents");
  }
}
