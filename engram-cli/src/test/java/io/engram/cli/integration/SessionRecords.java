package io.engram.cli.integration;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** A Claude Code session's records (JSONL) in one project, each the child of the one before. */
final class SessionRecords {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final String session;
  private final Path project;
  private final List<String> lines = new ArrayList<>();
  private String parent;

  SessionRecords(String session, Path project) {
    this.session = session;
    this.project = project;
  }

  /** A message's content of one text block. */
  static ArrayNode text(String s) {
    ArrayNode content = JSON.createArrayNode();
    content.addObject().put("type", "text").put("text", s);
    return content;
  }

  /** Appends a record of {@code role} ("user" or "assistant") saying {@code content} at {@code at}. */
  void add(String uuid, Instant at, String role, ArrayNode content) {
    ObjectNode r = JSON.createObjectNode().put("type", role).put("uuid", uuid).put("parentUuid", parent)
        .put("sessionId", session).put("cwd", project.toString()).put("timestamp", at.toString());
    ObjectNode message = r.putObject("message").put("role", role);
    if (role.equals("assistant")) {
      message.put("model", "claude-sonnet-4-5").put("id", "msg_" + uuid);
    }
    message.set("content", content);
    lines.add(r.toString());
    parent = uuid;
  }

  /** Writes the records to {@code file}, one a line. */
  Path write(Path file) throws IOException {
    Files.write(file, lines);
    return file;
  }
}
