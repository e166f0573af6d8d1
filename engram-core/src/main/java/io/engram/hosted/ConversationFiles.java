package io.engram.hosted;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import io.engram.redact.SecretRedactor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The conversations a framework keeps in Engram, one file each, holding the framework's own JSON of the
 * messages with every string redacted. Writes are atomic and locked; reads never see half a file.
 */
public final class ConversationFiles {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SUFFIX = ".json";

  private final Path dir;
  private final ConversationIds ids;
  private final SecretRedactor redactor;

  ConversationFiles(Path dir, ConversationIds ids, SecretRedactor redactor) {
    this.dir = Objects.requireNonNull(dir, "dir");
    this.ids = Objects.requireNonNull(ids, "ids");
    this.redactor = Objects.requireNonNull(redactor, "redactor");
  }

  /** The folder the conversation files are in. */
  public Path directory() {
    return dir;
  }

  /**
   * The messages JSON stored for {@code conversationId}, as the framework wrote it (redacted).
   *
   * @throws IOException when the file cannot be read or is not what Engram writes
   */
  public Optional<String> read(String conversationId) throws IOException {
    Path file = fileOf(conversationId);
    if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      return Optional.empty();
    }
    JsonNode root = parse(Files.readString(file, StandardCharsets.UTF_8), file);
    JsonNode messages = root.get("messages");
    if (messages == null) {
      throw new IOException("conversation file " + file + " has no \"messages\" field");
    }
    return Optional.of(JSON.writeValueAsString(messages));
  }

  /**
   * Stores {@code messagesJson} (the framework's JSON of the whole conversation) for {@code conversationId},
   * replacing what was stored; every string in it is redacted first.
   *
   * @throws IllegalArgumentException when {@code messagesJson} is not JSON
   * @throws IOException when the file cannot be written (what was stored before is then unchanged)
   */
  public void write(String conversationId, String messagesJson) throws IOException {
    JsonNode messages;
    try {
      messages = JSON.readTree(Objects.requireNonNull(messagesJson, "messagesJson"));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("the messages of conversation '" + conversationId
          + "' are not JSON: " + e.getOriginalMessage(), e);
    }
    ObjectNode root = JSON.createObjectNode();
    root.put("conversation", redactor.redact(conversationId).text());
    root.set("messages", RedactedContent.json(messages, redactor));
    Files.createDirectories(dir);
    try (FileLock lock = FileLock.acquire(lockOf(conversationId))) {
      AtomicFiles.writeString(fileOf(conversationId), JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root));
    }
  }

  /** Removes what is stored for {@code conversationId}; true when there was something. */
  public boolean delete(String conversationId) throws IOException {
    if (!Files.isDirectory(dir)) {
      return false;
    }
    try (FileLock lock = FileLock.acquire(lockOf(conversationId))) {
      return Files.deleteIfExists(fileOf(conversationId));
    }
  }

  /** The ids of the stored conversations (as the framework named them, redacted), in no particular order. */
  public List<String> ids() throws IOException {
    List<String> found = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return found;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + SUFFIX)) {
      for (Path file : files) {
        if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
          JsonNode id = parse(Files.readString(file, StandardCharsets.UTF_8), file).get("conversation");
          if (id != null && id.isTextual()) {
            found.add(id.asText());
          }
        }
      }
    }
    return found;
  }

  private Path fileOf(String conversationId) {
    return dir.resolve(ids.sessionId(conversationId) + SUFFIX);
  }

  private Path lockOf(String conversationId) {
    return dir.resolve("." + ids.sessionId(conversationId) + ".lock");
  }

  private static JsonNode parse(String text, Path file) throws IOException {
    try {
      JsonNode root = JSON.readTree(text);
      if (root == null || !root.isObject()) {
        throw new IOException("conversation file " + file + " is not a JSON object");
      }
      return root;
    } catch (JsonProcessingException e) {
      throw new IOException("conversation file " + file + " is not JSON: " + e.getOriginalMessage(), e);
    }
  }
}
