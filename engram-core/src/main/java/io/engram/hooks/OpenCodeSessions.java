package io.engram.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import io.engram.fs.HomeLayout;
import io.engram.redact.SecretRedactor;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;

/**
 * Keeps an OpenCode session that Engram's plugin handed to a hook: OpenCode keeps its sessions in a database of its
 * own, so the plugin sends the session as {@code opencode export} prints it, and the hooks read it from
 * {@code <home>/sessions/<id>/opencode-session.json} as they read any agent's transcript (the extraction and the notes
 * from where they stopped, the dream's gather phase later). Every string in it is redacted before it is written, so
 * the copy holds no secret the session showed (ids and hashes, which name things, are kept as they are); the file is
 * replaced whole, under its lock.
 */
final class OpenCodeSessions {
  private OpenCodeSessions() {}

  /** Writes {@code export} of {@code sessionId} under {@code engramHome}; returns where. */
  static Path keep(Path engramHome, String sessionId, ObjectNode export) throws IOException {
    HomeLayout.Session session = HomeLayout.of(engramHome).session(sessionId);
    Path file = session.openCodeSession();
    redact(export, SecretRedactor.standard());
    String text = export.toString();
    try (FileLock held = FileLock.acquire(session.openCodeSessionLock())) {
      AtomicFiles.writeString(file, text);
    }
    return file;
  }

  // Ids and hashes are what the reader follows (whose session, which call answers which); they name, never hold, a
  // secret, and a random id would read as a high-entropy token.
  private static boolean isIdentifier(String key) {
    return key.equals("id") || key.endsWith("ID") || key.equals("hash") || key.equals("snapshot");
  }

  private static void redact(JsonNode node, SecretRedactor redactor) {
    if (node instanceof ObjectNode object) {
      Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> field = fields.next();
        if (field.getValue().isTextual() && !isIdentifier(field.getKey())) {
          field.setValue(TextNode.valueOf(redactor.redact(field.getValue().asText()).text()));
        } else {
          redact(field.getValue(), redactor);
        }
      }
    } else if (node instanceof ArrayNode array) {
      for (int i = 0; i < array.size(); i++) {
        if (array.get(i).isTextual()) {
          array.set(i, TextNode.valueOf(redactor.redact(array.get(i).asText()).text()));
        } else {
          redact(array.get(i), redactor);
        }
      }
    }
  }
}
