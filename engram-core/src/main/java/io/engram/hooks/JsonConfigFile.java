package io.engram.hooks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A coding agent's JSON settings file edited in place: read, changed, and written back atomically (keeping its mode)
 * under a lock kept in a directory the caller names (Engram's home), so nothing but the file itself is left in the
 * agent's folder. Every key the edit does not touch stays as it was; a file that is not a JSON object, or whose
 * {@code mustBeObjects} keys are not objects, is refused untouched; an edit that leaves a file that did not exist
 * empty writes nothing.
 */
final class JsonConfigFile {
  static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private JsonConfigFile() {}

  /** What an edit did: the names it added and removed (hook events, server names, settings). */
  record Delta(List<String> added, List<String> removed) {
    Delta {
      added = List.copyOf(added);
      removed = List.copyOf(removed);
    }
  }

  @FunctionalInterface
  interface Edit {
    Delta apply(ObjectNode root);
  }

  /** What a change did to one file. */
  record Result(Path file, Delta delta, boolean written) {}

  /** An edit's refusal of what it found (the key and why): the file is named and left as it was. */
  static final class Refusal extends RuntimeException {
    Refusal(String what) {
      super(what);
    }
  }

  static Result edit(Path file, Path lockDir, List<String> mustBeObjects, Edit edit) throws IOException {
    try (FileLock lock = SettingsFileLock.acquire(lockDir, file)) {
      String before = text(file);
      ObjectNode root = parse(file, before, mustBeObjects);
      Delta change;
      try {
        change = edit.apply(root);
      } catch (Refusal r) {
        throw new IllegalArgumentException(file + ": " + r.getMessage() + "; left unchanged", r);
      }
      String after = JSON.writeValueAsString(root) + "\n";
      boolean write = !after.equals(before) && !(before.isBlank() && root.isEmpty());
      if (write) {
        AtomicFiles.writeString(file, after);
      }
      return new Result(file, change, write);
    }
  }

  /**
   * The text of an agent's settings file, "" when there is none.
   *
   * @throws IllegalArgumentException naming the file when it is not a regular file or not UTF-8 text
   */
  static String text(Path file) throws IOException {
    if (!Files.exists(file)) {
      return "";
    }
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException(file + " is not a regular file; left unchanged");
    }
    try {
      return Files.readString(file);
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException(file + " is not UTF-8 text; left unchanged");
    }
  }

  /** The file's object ({@code text} its content); a blank file is an empty object. */
  static ObjectNode parse(Path file, String text, List<String> mustBeObjects) {
    if (text.isBlank()) {
      return JSON.createObjectNode();
    }
    try {
      JsonNode node = JSON.readTree(text);
      if (node instanceof ObjectNode o) {
        for (String key : mustBeObjects) {
          if (o.has(key) && !o.get(key).isObject()) {
            throw new IllegalArgumentException(file + ": \"" + key + "\" must be a JSON object; left unchanged");
          }
        }
        return o;
      }
      throw new IllegalArgumentException(file + " is not a JSON object; left unchanged");
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(file + " is not valid JSON (" + e.getOriginalMessage() + "); left unchanged");
    }
  }

  /** The object at {@code key} of {@code parent}, made when absent. */
  static ObjectNode object(ObjectNode parent, String key) {
    return parent.get(key) instanceof ObjectNode o ? o : parent.putObject(key);
  }
}
