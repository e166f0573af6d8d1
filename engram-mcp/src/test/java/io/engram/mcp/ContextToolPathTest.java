package io.engram.mcp;

import io.engram.Engram;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code context} tool with a path: a subdirectory's instruction files, once per MCP session. */
class ContextToolPathTest {
  @TempDir Path home;
  @TempDir Path project;
  ToolDef context;

  @BeforeEach
  void start() throws IOException {
    write("CLAUDE.md", "Root rules.");
    write("api/CLAUDE.md", "API: every handler validates its input.");
    write("api/v2/AGENTS.md", "v2: responses are paginated.");
    write("web/AGENTS.md", "Web: no inline styles.");
    context = tool(TestServerMain.engram(home, project));
  }

  private static ToolDef tool(Engram engram) {
    return EngramTools.named(engram, "context");
  }

  private void write(String relative, String text) throws IOException {
    Path p = project.resolve(relative);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }

  private String call(Map<String, Object> args) throws IOException {
    return context.action().run(ToolCall.of(args)).text();
  }

  @Test
  void thePathArgumentIsInTheSchema() {
    assertThat(context.inputSchema()).contains("\"path\"", "\"session\"").contains("\"required\":[]");
  }

  @Test
  void aPathBringsTheFilesOfEachDirectoryDownToItOnceForTheConnection() throws IOException {
    String first = call(Map.of("path", "api/v2/routes.ts"));
    assertThat(first).contains("API: every handler validates", "v2: responses are paginated")
        .doesNotContain("Root rules");
    assertThat(first.indexOf("API:")).isLessThan(first.indexOf("v2:"));
    assertThat(call(Map.of("path", project.resolve("api/v2/other.ts").toString())))
        .startsWith("No instruction files to add");
    assertThat(call(Map.of("path", "web/app.css"))).contains("no inline styles").doesNotContain("API");
    assertThat(call(Map.of())).contains("Root rules");
  }

  @Test
  void aSessionIdKeepsItsOwnRecordAcrossServers() throws IOException {
    assertThat(call(Map.of("path", "api/x.ts", "session", "agent-1"))).contains("API:");
    ToolDef otherServer = tool(TestServerMain.engram(home, project));
    assertThat(otherServer.action().run(ToolCall.of(Map.of("path", "api/y.ts", "session", "agent-1"))).text())
        .startsWith("No instruction files to add");
    assertThat(otherServer.action().run(ToolCall.of(Map.of("path", "api/y.ts", "session", "agent-2"))).text())
        .contains("API:");
    // The connection without a session id is a session of its own.
    assertThat(call(Map.of("path", "api/z.ts"))).contains("API:");
  }

  @Test
  void badArgumentsSayWhichArgument() {
    assertThatThrownBy(() -> call(Map.of("path", 3))).isInstanceOf(ToolInputException.class).hasMessageContaining("'path'");
    assertThatThrownBy(() -> call(Map.of("path", "api/x", "session", "../etc")))
        .isInstanceOf(ToolInputException.class).hasMessageContaining("'session'");
  }
}
