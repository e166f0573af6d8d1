package io.engram.compaction;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.FileActivity;
import io.engram.transcript.FileTouch;
import io.engram.transcript.TranscriptMessage;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** How the extractive summary names tool calls, finds a file's last change and splits text into sentences. */
final class Calls {
  private Calls() {}

  /**
   * A call as {@code Tool target}: its file (the last three parts of the path), URL, pattern or first command line
   * (at most {@code maxChars}, the offline summary's {@code callChars}); a longer command is a script, named by its
   * description.
   */
  static String describe(ContentBlock.ToolUse call, int maxChars) {
    for (String field : List.of("file_path", "notebook_path")) {
      String value = call.inputText(field).strip();
      if (!value.isEmpty()) {
        return call.name() + " " + shortPath(value);
      }
    }
    String command = call.inputText("command").strip();
    String description = call.inputText("description").strip();
    // A command of many lines or a long one would be cut mid-way; the call's own description says it whole.
    if (!description.isEmpty() && (command.contains("\n") || command.length() > maxChars)) {
      return call.name() + " (" + description + ")";
    }
    for (String field : List.of("path", "url", "pattern", "command", "description")) {
      String value = call.inputText(field).strip();
      if (!value.isEmpty()) {
        String first = value.lines().findFirst().orElse("");
        if (first.length() > maxChars) {
          first = io.engram.redact.SecretRedactor.standard().head(first, maxChars); // redacted before the cut
          first = first.length() > maxChars ? first.substring(0, maxChars) + " ..." : first;
        }
        return call.name() + " `" + first + "`";
      }
    }
    return call.name();
  }

  /** The last three parts of a path: enough to know the file, short enough to repeat. */
  static String shortPath(String path) {
    String[] parts = path.replace('\\', '/').split("/");
    int from = Math.max(0, parts.length - 3);
    String tail = String.join("/", java.util.Arrays.copyOfRange(parts, from, parts.length));
    return from > 0 ? ".../" + tail : tail;
  }

  /**
   * A call as a person names what it did: the command for a shell call (the last one of a chain that is
   * not a mere look: {@code git commit}, {@code mix test}), {@code Edit otel.ex} for a file tool, else the tool.
   */
  static String label(ContentBlock.ToolUse call) {
    String command = call.inputText("command");
    if (!command.isBlank()) {
      String label = "";
      for (io.engram.transcript.ShellCommand c : io.engram.transcript.ShellCommand.parse(command)) {
        if (io.engram.transcript.CommandKind.of(c) != io.engram.transcript.CommandKind.LOOK || label.isEmpty()) {
          label = c.label();
        }
      }
      return label.isEmpty() ? call.name() : label;
    }
    for (String field : List.of("file_path", "notebook_path", "path")) {
      String value = call.inputText(field);
      if (!value.isBlank()) {
        return call.name() + " " + FileTypes.baseName(value);
      }
    }
    return call.name();
  }

  /** The text the last write or edit of {@code file} put into it (Write content, Edit new_string). */
  static Optional<String> lastChange(List<TranscriptMessage> messages, FileActivity file) {
    List<FileTouch> touches = file.touches();
    for (int t = touches.size() - 1; t >= 0; t--) {
      FileTouch touch = touches.get(t);
      if (touch.messageIndex() >= messages.size()) {
        continue;
      }
      TranscriptMessage m = messages.get(touch.messageIndex());
      List<ContentBlock.ToolUse> uses = m.toolUses();
      for (int u = uses.size() - 1; u >= 0; u--) {
        ContentBlock.ToolUse use = uses.get(u);
        if (samePath(use.inputText("file_path"), m, file.path())) {
          Optional<String> text = changeText(use);
          if (text.isPresent()) {
            return text;
          }
        }
      }
    }
    return Optional.empty();
  }

  private static Optional<String> changeText(ContentBlock.ToolUse use) {
    String text = switch (use.name()) {
      case "Write" -> use.inputText("content");
      case "Edit" -> use.inputText("new_string");
      case "MultiEdit" -> {
        JsonNode edits = use.input().path("edits");
        yield edits.isArray() && edits.size() > 0 ? edits.get(edits.size() - 1).path("new_string").asText("") : "";
      }
      default -> "";
    };
    return text.isBlank() ? Optional.empty() : Optional.of(text);
  }

  private static boolean samePath(String given, TranscriptMessage m, String resolved) {
    if (given.isBlank()) {
      return false;
    }
    if (given.equals(resolved)) {
      return true;
    }
    try {
      Path p = Path.of(given);
      if (!p.isAbsolute() && m.cwd().isPresent()) {
        p = Path.of(m.cwd().get()).resolve(p);
      }
      return p.normalize().toString().equals(resolved);
    } catch (InvalidPathException e) {
      return false;
    }
  }

  /** Sentences and lines of {@code text}, non-blank, stripped. */
  static List<String> sentences(String text) {
    return Arrays.stream(text.split("(?<=[.!?])\\s+|\\n+")).map(String::strip).filter(s -> !s.isEmpty()).toList();
  }
}
