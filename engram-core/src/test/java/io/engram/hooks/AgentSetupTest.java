package io.engram.hooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.config.EngramSettings;
import io.engram.hooks.AgentSetup.FileChange;
import io.engram.hooks.AgentSetup.Scope;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code engram hooks install --agent AGENT} writes what each agent reads, in files that already hold the person's
 * own settings: every file written validates against that agent's schema, the person's settings stay, a second
 * install changes nothing and uninstall leaves each file as it was (and removes the ones it made).
 */
class AgentSetupTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final EngramCommand ENGRAM = EngramCommand.of("engram");

  @TempDir Path project;
  @TempDir Path user;
  @TempDir Path locks;

  private AgentSetup.Places places() {
    return new AgentSetup.Places(project, user, Map.of());
  }

  /** The person's own settings, in each file an agent's install touches, before Engram. */
  private Map<Path, String> theirs(HookDialect dialect, Scope scope) throws IOException {
    Map<Path, String> files = new HashMap<>();
    Path hooks = AgentSetup.hooksFile(dialect, scope, places());
    switch (dialect) {
      case CLAUDE_CODE -> {
        files.put(hooks, "{\"hooks\":{\"Stop\":[{\"hooks\":[{\"type\":\"command\",\"command\":\"./lint.sh\"}]}]},"
            + "\"model\":\"opus\"}");
        files.put(scope == Scope.PROJECT ? project.resolve(".mcp.json") : user.resolve(".claude.json"),
            "{\"mcpServers\":{\"github\":{\"command\":\"gh-mcp\",\"args\":[]}}}");
      }
      case CODEX -> {
        files.put(hooks, "{\"hooks\":{\"Stop\":[{\"hooks\":[{\"type\":\"command\",\"command\":\"./notify.sh\"}]}]}}");
        files.put(hooks.resolveSibling("config.toml"), "# my Codex settings\nmodel = \"gpt-5-codex\"\n\n"
            + "[mcp_servers.github]\ncommand = \"gh-mcp\" # the GitHub server\n");
      }
      case GEMINI -> files.put(hooks, "{\"general\":{\"vimMode\":true},\"hooks\":{\"AfterTool\":[{\"hooks\":"
          + "[{\"type\":\"command\",\"command\":\"./audit.sh\"}]}]},\"mcpServers\":{\"github\":{\"command\":\"gh-mcp\"}}}");
      case CURSOR -> {
        files.put(hooks, "{\"version\":1,\"hooks\":{\"afterFileEdit\":[{\"command\":\"./format.sh\"}]}}");
        files.put(hooks.resolveSibling("mcp.json"), "{\"mcpServers\":{\"github\":{\"command\":\"gh-mcp\"}}}");
      }
      case OPENCODE -> files.put(scope == Scope.PROJECT ? project.resolve("opencode.json")
          : user.resolve(".config/opencode/opencode.json"), "{\"$schema\":\"https://opencode.ai/config.json\","
          + "\"model\":\"anthropic/claude-sonnet-4\",\"mcp\":{\"github\":{\"type\":\"remote\",\"url\":\"https://x\"}}}");
    }
    for (Map.Entry<Path, String> f : files.entrySet()) {
      Files.createDirectories(f.getKey().getParent());
      Files.writeString(f.getKey(), f.getValue());
    }
    return files;
  }

  private static String schema(HookDialect dialect, FileChange change) {
    String name = change.file().getFileName().toString();
    return switch (dialect) {
      case CLAUDE_CODE -> change.part().equals("hooks") ? "claude-settings" : "mcp-servers";
      case CODEX -> name.equals("config.toml") ? "codex-config" : "codex-hooks";
      case GEMINI -> "gemini-settings";
      case CURSOR -> name.equals("mcp.json") ? "mcp-servers" : "cursor-hooks";
      case OPENCODE -> "opencode-config";
    };
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"claude, PROJECT", "claude, USER", "codex, PROJECT", "codex, USER", "gemini, PROJECT", "gemini, USER",
      "cursor, PROJECT", "cursor, USER", "opencode, PROJECT", "opencode, USER"})
  void writesWhatTheAgentReadsValidByItsSchemaKeepsTheRestAndTakesOutExactlyThat(String agent, Scope scope)
      throws IOException {
    HookDialect dialect = HookDialect.parse(agent).orElseThrow();
    Map<Path, String> before = theirs(dialect, scope);

    AgentSetup.Outcome installed = AgentSetup.install(dialect, scope, places(), ENGRAM, EngramSettings.DEFAULTS, locks);

    assertThat(installed.files()).allMatch(FileChange::written);
    for (FileChange f : installed.files()) {
      if (f.part().equals("plugin")) {
        continue;
      }
      assertThat(AgentSchemas.problems(schema(dialect, f), f.file())).as(f.file().toString()).isEmpty();
      String text = Files.readString(f.file());
      assertThat(text).contains("engram");
      if (before.containsKey(f.file())) {
        assertThat(text).containsAnyOf("gh-mcp", "./lint.sh", "./notify.sh", "./audit.sh", "./format.sh", "https://x");
      }
    }
    assertThat(installed.files()).extracting(FileChange::part).containsAnyOf("mcp", "settings");

    AgentSetup.Outcome again = AgentSetup.install(dialect, scope, places(), ENGRAM, EngramSettings.DEFAULTS, locks);
    assertThat(again.files()).noneMatch(FileChange::written);

    AgentSetup.uninstall(dialect, scope, places(), locks);
    for (FileChange f : installed.files()) {
      String was = before.get(f.file());
      if (was == null) {
        assertThat(f.file()).as("made by install").doesNotExist();
      } else if (f.file().toString().endsWith(".toml")) {
        assertThat(Files.readString(f.file())).isEqualTo(was);
      } else {
        assertThat(JSON.readTree(f.file().toFile())).isEqualTo(JSON.readTree(was));
      }
    }
  }

  @Test
  void theSchemasRefuseWhatTheAgentsWouldRefuse() throws IOException {
    Path gemini = Files.writeString(project.resolve("settings.json"), "{\"hooks\":{\"BeforeAgent\":[{\"hooks\":"
        + "[{\"type\":\"command\",\"command\":\"x\",\"timeout\":\"10s\"}]}]},\"mcpServer\":{}}");
    Path codex = Files.writeString(project.resolve("config.toml"), "[mcp_servers.engram]\ncommand = \"engram\"\n"
        + "arguments = [\"mcp\"]\n");
    Path opencode = Files.writeString(project.resolve("opencode.json"),
        "{\"mcp\":{\"engram\":{\"type\":\"local\",\"command\":\"engram\",\"args\":[\"mcp\"]}}}");
    Path cursor = Files.writeString(project.resolve("hooks.json"), "{\"version\":1,\"hooks\":{\"onStop\":[]}}");

    assertThat(AgentSchemas.problems("gemini-settings", gemini)).hasSizeGreaterThanOrEqualTo(2);
    assertThat(AgentSchemas.problems("codex-config", codex)).isNotEmpty();
    assertThat(AgentSchemas.problems("opencode-config", opencode)).isNotEmpty();
    assertThat(AgentSchemas.problems("cursor-hooks", cursor)).isNotEmpty();
  }

  @Test
  void eachHookRunsEngramForTheAgentInItsOwnEventNamesAndGeminiWaitsInMilliseconds() throws IOException {
    AgentSetup.install(HookDialect.GEMINI, Scope.PROJECT, places(), ENGRAM, EngramSettings.DEFAULTS, locks);
    AgentSetup.install(HookDialect.CURSOR, Scope.PROJECT, places(), ENGRAM, EngramSettings.DEFAULTS, locks);

    JsonNode gemini = JSON.readTree(project.resolve(".gemini/settings.json").toFile());
    JsonNode prompt = gemini.at("/hooks/BeforeAgent/0/hooks/0");
    assertThat(prompt.get("command").asText()).endsWith("engram hook --agent gemini BeforeAgent");
    assertThat(prompt.get("timeout").asInt()).isEqualTo(EngramSettings.DEFAULTS.hooks().contextTimeoutSeconds() * 1000);
    assertThat(gemini.at("/mcpServers/engram/env/ENGRAM_AGENT").asText()).isEqualTo("gemini");
    assertThat(gemini.at("/context/fileName")).hasSize(3);
    JsonNode cursor = JSON.readTree(project.resolve(".cursor/hooks.json").toFile());
    assertThat(cursor.get("hooks").fieldNames()).toIterable()
        .containsExactlyInAnyOrder("sessionStart", "preCompact", "stop", "sessionEnd");
    assertThat(cursor.at("/hooks/stop/0/command").asText()).endsWith("engram hook --agent cursor stop");
    assertThat(JSON.readTree(project.resolve(".cursor/mcp.json").toFile()).at("/mcpServers/engram/args"))
        .extracting(JsonNode::asText).containsExactly("--project", "${workspaceFolder}", "mcp");
    for (String command : List.of(prompt.get("command").asText(), cursor.at("/hooks/stop/0/command").asText())) {
      assertThat(ClaudeHookSettings.isOurs(command)).isTrue();
    }
  }

  @Test
  void codexsConfigKeepsItsCommentsAndASettingThePersonAlreadyHasIsLeftAloneAndSaid() throws IOException {
    Path config = Files.createDirectories(project.resolve(".codex")).resolve("config.toml");
    String theirs = "project_doc_fallback_filenames = [\"README.md\"] # mine\n\n[mcp_servers.engram]\ncommand = \"engram\"\n"
        + "args = [\"mcp\"]\n";
    Files.writeString(config, theirs);

    AgentSetup.Outcome outcome = AgentSetup.install(HookDialect.CODEX, Scope.PROJECT, places(),
        EngramCommand.of("'/opt/my tools/engram'"), EngramSettings.DEFAULTS, locks);

    assertThat(Files.readString(config)).isEqualTo(theirs);
    assertThat(outcome.notes()).anyMatch(n -> n.contains("project_doc_fallback_filenames"))
        .anyMatch(n -> n.contains("already has an MCP server named engram"));
    assertThat(JSON.readTree(project.resolve(".codex/hooks.json").toFile()).at("/hooks/Stop/0/hooks/0/command")
        .asText()).isEqualTo("[ -x '/opt/my tools/engram' ] || exit 0; '/opt/my tools/engram' hook --agent codex Stop");
  }

  @Test
  void aFileThatIsNotWhatTheAgentReadsIsRefusedUntouched() throws IOException {
    Path config = Files.createDirectories(project.resolve(".codex")).resolve("config.toml");
    Files.writeString(config, "model = \n");
    Path settings = Files.createDirectories(project.resolve(".gemini")).resolve("settings.json");
    Files.writeString(settings, "{\"hooks\": [1]}");

    assertThatThrownBy(() -> AgentSetup.install(HookDialect.CODEX, Scope.PROJECT, places(), ENGRAM,
        EngramSettings.DEFAULTS, locks)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("config.toml")
        .hasMessageContaining("not valid TOML");
    assertThatThrownBy(() -> AgentSetup.install(HookDialect.GEMINI, Scope.PROJECT, places(), ENGRAM,
        EngramSettings.DEFAULTS, locks)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("\"hooks\" must be a JSON object");
    assertThat(Files.readString(config)).isEqualTo("model = \n");
    assertThat(Files.readString(settings)).isEqualTo("{\"hooks\": [1]}");
  }

  @ParameterizedTest
  @org.junit.jupiter.params.provider.EnumSource(value = HookDialect.class, names = {"CLAUDE_CODE", "CODEX", "GEMINI", "CURSOR"})
  void uninstallTakesEngramsHookOutOfAHandWrittenGroupWithoutItsListAndKeepsTheirs(HookDialect dialect)
      throws IOException {
    AgentSetup.install(dialect, Scope.PROJECT, places(), ENGRAM, EngramSettings.DEFAULTS, locks);
    Path hooksFile = AgentSetup.hooksFile(dialect, Scope.PROJECT, places());
    JsonNode installed = JSON.readTree(hooksFile.toFile()).get("hooks");
    String event = installed.fieldNames().next();
    boolean cursor = dialect == HookDialect.CURSOR;
    JsonNode ours = cursor ? installed.at("/" + event + "/0") : installed.at("/" + event + "/0/hooks/0");
    assertThat(ClaudeHookSettings.isOurs(ours.path("command").asText())).isTrue();
    // The person's own hook and Engram's in one event value that is no list: one group, or for Cursor one hook.
    String theirs = "{\"type\":\"command\",\"command\":\"say done\"}";
    String written = cursor
        ? "{\"version\":1,\"hooks\":{\"" + event + "\":" + ours + ",\"zz\":" + theirs + "}}"
        : "{\"hooks\":{\"" + event + "\":{\"hooks\":[" + theirs + "," + ours + "]}}}";
    Files.writeString(hooksFile, written);

    AgentSetup.Outcome out = AgentSetup.uninstall(dialect, Scope.PROJECT, places(), locks);

    assertThat(out.files().stream().flatMap(f -> f.removed().stream())).contains(event);
    JsonNode left = JSON.readTree(hooksFile.toFile()).get("hooks");
    assertThat(left.toString()).doesNotContain(ours.path("command").asText());
    if (cursor) {
      assertThat(left.has(event)).isFalse();
      assertThat(left.get("zz")).isEqualTo(JSON.readTree(theirs));
    } else {
      assertThat(left.get(event)).isEqualTo(JSON.readTree("{\"hooks\":[" + theirs + "]}"));
    }
  }

  @Test
  void geminisAndCursorsHandWrittenHookOutsideAListIsKeptAndAnyOtherShapeRefused() throws IOException {
    Path settings = Files.createDirectories(project.resolve(".gemini")).resolve("settings.json");
    Files.writeString(settings, "{\"hooks\":{\"AfterAgent\":{\"hooks\":[{\"type\":\"command\",\"command\":\"say done\"}]}}}");
    Path cursorHooks = Files.createDirectories(project.resolve(".cursor")).resolve("hooks.json");
    Files.writeString(cursorHooks, "{\"version\":1,\"hooks\":{\"stop\":{\"command\":\"say done\"}}}");

    AgentSetup.install(HookDialect.GEMINI, Scope.PROJECT, places(), ENGRAM, EngramSettings.DEFAULTS, locks);
    AgentSetup.install(HookDialect.CURSOR, Scope.PROJECT, places(), ENGRAM, EngramSettings.DEFAULTS, locks);

    JsonNode afterAgent = JSON.readTree(settings.toFile()).at("/hooks/AfterAgent");
    assertThat(afterAgent).hasSize(2);
    assertThat(afterAgent.at("/0/hooks/0/command").asText()).isEqualTo("say done");
    assertThat(afterAgent.at("/1/hooks/0/command").asText()).endsWith("engram hook --agent gemini AfterAgent");
    JsonNode stop = JSON.readTree(cursorHooks.toFile()).at("/hooks/stop");
    assertThat(stop).hasSize(2);
    assertThat(stop.at("/0/command").asText()).isEqualTo("say done");

    String theirs = "{\"hooks\":{\"SessionEnd\":42}}";
    Files.writeString(settings, theirs);
    assertThatThrownBy(() -> AgentSetup.install(HookDialect.GEMINI, Scope.PROJECT, places(), ENGRAM,
        EngramSettings.DEFAULTS, locks)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(settings.toString()).hasMessageContaining("\"SessionEnd\" is a number")
        .hasMessageContaining("left unchanged");
    assertThat(Files.readString(settings)).isEqualTo(theirs);
  }

  @Test
  void anMcpServerNamedEngramThatIsNotEngramsStaysThroughInstallAndUninstall() throws IOException {
    Path mcp = Files.createDirectories(project.resolve(".cursor")).resolve("mcp.json");
    Files.writeString(mcp, "{\"mcpServers\":{\"engram\":{\"command\":\"npx\",\"args\":[\"engram-notes-server\"]}}}");

    AgentSetup.Outcome outcome = AgentSetup.install(HookDialect.CURSOR, Scope.PROJECT, places(), ENGRAM,
        EngramSettings.DEFAULTS, locks);
    AgentSetup.uninstall(HookDialect.CURSOR, Scope.PROJECT, places(), locks);

    assertThat(outcome.notes()).anyMatch(n -> n.contains("does not run Engram"));
    assertThat(JSON.readTree(mcp.toFile()).at("/mcpServers/engram/args/0").asText()).isEqualTo("engram-notes-server");
  }

  @Test
  void claudeCodesPersonalProjectServerGoesUnderTheProjectInTheUsersFile() throws IOException {
    AgentSetup.install(HookDialect.CLAUDE_CODE, Scope.LOCAL, places(), ENGRAM, EngramSettings.DEFAULTS, locks);

    JsonNode claude = JSON.readTree(user.resolve(".claude.json").toFile());
    assertThat(claude.path("projects").path(project.toAbsolutePath().normalize().toString())
        .at("/mcpServers/engram/command").asText()).isEqualTo("engram");
    assertThatThrownBy(() -> AgentSetup.install(HookDialect.CODEX, Scope.LOCAL, places(), ENGRAM,
        EngramSettings.DEFAULTS, locks)).hasMessageContaining("no personal project settings");
  }

  @Test
  void openCodesPluginIsJavaScriptThatCallsTheInstalledEngramAndIsRemovedOnlyWhenItIsEngrams() throws Exception {
    AgentSetup.install(HookDialect.OPENCODE, Scope.PROJECT, places(), EngramCommand.of("java -jar '/x/engram.jar'"),
        EngramSettings.DEFAULTS, locks);
    Path plugin = project.resolve(".opencode/plugins/engram.js");

    assertThat(Files.readString(plugin)).contains("const ENGRAM = [\"java\", \"-jar\", \"/x/engram.jar\"]")
        .doesNotContain("@ENGRAM");
    assertThat(JSON.readTree(project.resolve("opencode.json").toFile()).at("/mcp/engram/command"))
        .extracting(JsonNode::asText).containsExactly("java", "-jar", "/x/engram.jar", "mcp");
    Path node = Path.of("/usr/bin/node");
    if (Files.isExecutable(node)) {
      Path module = Files.copy(plugin, project.resolve("engram-plugin.mjs"));
      io.engram.testing.ChildProcess.Run check = io.engram.testing.ChildProcess.run(
          new ProcessBuilder(node.toString(), "--check", module.toString()).redirectErrorStream(true), "",
          java.time.Duration.ofSeconds(30));
      assertThat(check.exit()).as(check.out()).isZero();
    }
    Files.writeString(plugin, "export const Mine = async () => ({})\n");
    AgentSetup.uninstall(HookDialect.OPENCODE, Scope.PROJECT, places(), locks);
    assertThat(plugin).exists();
  }
}
