package io.engram.cli.session;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A small Claude Code session working in a project, for the tests of the commands that read one (the lab's bench
 * commands too): a request, a read, a todo list, a plan; six messages.
 */
public final class SmallSession {
  private SmallSession() {}

  /** Writes {@code App.java} and {@code CLAUDE.md} into {@code project} and the session's transcript to {@code file}. */
  public static Path write(Path project, Path file) throws IOException {
    Files.writeString(project.resolve("App.java"), "class App { void run() {} }\n");
    Files.writeString(project.resolve("CLAUDE.md"), "Always run the tests before committing.\n");
    String cwd = project.toString().replace("\\", "\\\\");
    String head = "\"sessionId\":\"s1\",\"cwd\":\"" + cwd + "\",";
    List<String> lines = List.of(
        "{\"type\":\"user\"," + head + "\"uuid\":\"u1\",\"timestamp\":\"2026-05-01T10:00:00Z\","
            + "\"message\":{\"role\":\"user\",\"content\":\"Make App.run print hello, please.\"}}",
        "{\"type\":\"assistant\"," + head + "\"uuid\":\"a1\",\"timestamp\":\"2026-05-01T10:00:05Z\","
            + "\"message\":{\"role\":\"assistant\",\"model\":\"claude-sonnet-4-5\",\"content\":["
            + "{\"type\":\"text\",\"text\":\"Let me read App.java first.\"},"
            + "{\"type\":\"tool_use\",\"id\":\"t1\",\"name\":\"Read\",\"input\":{\"file_path\":\"App.java\"}}]}}",
        "{\"type\":\"user\"," + head + "\"uuid\":\"u2\",\"timestamp\":\"2026-05-01T10:00:06Z\","
            + "\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"t1\","
            + "\"content\":\"class App { void run() {} }\"}]}}",
        "{\"type\":\"assistant\"," + head + "\"uuid\":\"a2\",\"timestamp\":\"2026-05-01T10:00:10Z\","
            + "\"message\":{\"role\":\"assistant\",\"model\":\"claude-sonnet-4-5\",\"content\":["
            + "{\"type\":\"tool_use\",\"id\":\"t2\",\"name\":\"TodoWrite\",\"input\":{\"todos\":["
            + "{\"content\":\"Add a test for App.run\",\"status\":\"pending\"}]}}]}}",
        "{\"type\":\"user\"," + head + "\"uuid\":\"u3\",\"timestamp\":\"2026-05-01T10:00:11Z\","
            + "\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"t2\","
            + "\"content\":\"ok\"}]}}",
        "{\"type\":\"assistant\"," + head + "\"uuid\":\"a3\",\"timestamp\":\"2026-05-01T10:00:15Z\","
            + "\"message\":{\"role\":\"assistant\",\"model\":\"claude-sonnet-4-5\",\"content\":["
            + "{\"type\":\"text\",\"text\":\"Next I'll change run() to print hello.\"}]}}");
    Files.write(file, lines);
    return file;
  }
}
