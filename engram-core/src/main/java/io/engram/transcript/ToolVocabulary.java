package io.engram.transcript;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Each agent's tools in the transcript model's vocabulary, which is Claude Code's ({@code Bash {command}}, {@code
 * Read}, {@code Write}, {@code Edit {file_path, old_string, new_string}}, {@code Grep}, {@code Glob}, {@code LS},
 * {@code WebFetch}, {@code WebSearch}, {@code TodoWrite {todos}}, {@code Task}), plus {@code apply_patch {patch}} for
 * the patch format Codex and OpenCode edit with and {@code Delete {file_path}}.
 *
 * <p>Every view (files touched, errors and fixes, todos, open work) and every engine reads calls by that vocabulary,
 * so a reader translates once and all of them work on the agent's sessions. A call keeps its own input fields; the
 * vocabulary's fields are added beside them ({@code filePath} gains a {@code file_path}), so nothing the agent
 * recorded is lost. A tool the table does not know keeps its name and input.
 */
final class ToolVocabulary {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  /** A tool in the vocabulary: its name and, for each of its fields, the agent's field it is read from. */
  private record Term(String name, Map<String, List<String>> fields) {}

  private static final Map<String, Term> CODEX = Map.of(
      "exec_command", new Term("Bash", Map.of("command", List.of("cmd"))),
      "shell_command", new Term("Bash", Map.of()),
      "write_stdin", new Term("BashOutput", Map.of("bash_id", List.of("session_id"))),
      "view_image", new Term("Read", Map.of("file_path", List.of("path"))),
      "web_search", new Term("WebSearch", Map.of()));

  private static final Map<String, Term> GEMINI = Map.ofEntries(
      Map.entry("read_file", new Term("Read", Map.of("file_path", List.of("absolute_path", "path")))),
      Map.entry("write_file", new Term("Write", Map.of())),
      Map.entry("replace", new Term("Edit", Map.of())),
      Map.entry("run_shell_command", new Term("Bash", Map.of())),
      Map.entry("list_directory", new Term("LS", Map.of("path", List.of("dir_path")))),
      Map.entry("glob", new Term("Glob", Map.of("path", List.of("dir_path")))),
      Map.entry("grep_search", new Term("Grep", Map.of("path", List.of("dir_path"),
          "glob", List.of("include_pattern", "include")))),
      Map.entry("search_file_content", new Term("Grep", Map.of("path", List.of("dir_path"),
          "glob", List.of("include")))),
      Map.entry("google_web_search", new Term("WebSearch", Map.of())),
      Map.entry("web_fetch", new Term("WebFetch", Map.of())));

  private static final Map<String, Term> OPENCODE = Map.ofEntries(
      Map.entry("bash", new Term("Bash", Map.of())),
      Map.entry("read", new Term("Read", Map.of("file_path", List.of("filePath")))),
      Map.entry("write", new Term("Write", Map.of("file_path", List.of("filePath")))),
      Map.entry("edit", new Term("Edit", Map.of("file_path", List.of("filePath"), "old_string", List.of("oldString"),
          "new_string", List.of("newString"), "replace_all", List.of("replaceAll")))),
      Map.entry("multiedit", new Term("MultiEdit", Map.of("file_path", List.of("filePath")))),
      Map.entry("glob", new Term("Glob", Map.of())),
      Map.entry("grep", new Term("Grep", Map.of("glob", List.of("include")))),
      Map.entry("list", new Term("LS", Map.of())),
      Map.entry("webfetch", new Term("WebFetch", Map.of())),
      Map.entry("websearch", new Term("WebSearch", Map.of())),
      Map.entry("todowrite", new Term("TodoWrite", Map.of())),
      Map.entry("task", new Term("Task", Map.of())),
      Map.entry("patch", new Term("apply_patch", Map.of("patch", List.of("patchText")))),
      Map.entry("apply_patch", new Term("apply_patch", Map.of("patch", List.of("patchText")))));

  private static final Map<String, Term> CURSOR = Map.ofEntries(
      Map.entry("Shell", new Term("Bash", Map.of())),
      Map.entry("Read", new Term("Read", Map.of("file_path", List.of("path", "target_file")))),
      Map.entry("Write", new Term("Write", Map.of("file_path", List.of("path"), "content", List.of("contents")))),
      Map.entry("StrReplace", new Term("Edit", Map.of("file_path", List.of("path")))),
      Map.entry("ApplyPatch", new Term("apply_patch", Map.of("patch", List.of("input")))),
      Map.entry("Delete", new Term("Delete", Map.of("file_path", List.of("path", "target_file")))),
      Map.entry("Grep", new Term("Grep", Map.of())),
      Map.entry("Glob", new Term("Glob", Map.of("pattern", List.of("glob_pattern"),
          "path", List.of("target_directory")))),
      Map.entry("LS", new Term("LS", Map.of("path", List.of("target_directory")))),
      Map.entry("WebSearch", new Term("WebSearch", Map.of("query", List.of("search_term")))),
      Map.entry("EditNotebook", new Term("NotebookEdit", Map.of("notebook_path", List.of("target_notebook")))),
      // The names the IDE's agent gives its tools, as SpecStory records them.
      Map.entry("run_terminal_cmd", new Term("Bash", Map.of())),
      Map.entry("run_terminal_command_v2", new Term("Bash", Map.of())),
      Map.entry("read_file", new Term("Read", Map.of("file_path", List.of("target_file", "path")))),
      Map.entry("read_file_v2", new Term("Read", Map.of("file_path", List.of("target_file", "path")))),
      Map.entry("edit_file", new Term("Edit", Map.of("file_path", List.of("target_file", "path")))),
      Map.entry("edit_file_v2", new Term("Edit", Map.of("file_path", List.of("target_file", "path")))),
      Map.entry("search_replace", new Term("Edit", Map.of("file_path", List.of("target_file", "path"),
          "old_string", List.of("old_str"), "new_string", List.of("new_str")))),
      Map.entry("write", new Term("Write", Map.of("file_path", List.of("target_file", "path"),
          "content", List.of("contents")))),
      Map.entry("delete_file", new Term("Delete", Map.of("file_path", List.of("target_file", "path")))),
      Map.entry("list_dir", new Term("LS", Map.of("path", List.of("target_directory", "relative_workspace_path")))),
      Map.entry("glob_file_search", new Term("Glob", Map.of("pattern", List.of("glob_pattern"),
          "path", List.of("target_directory")))),
      Map.entry("file_search", new Term("Glob", Map.of("pattern", List.of("query")))),
      Map.entry("grep", new Term("Grep", Map.of())),
      Map.entry("grep_search", new Term("Grep", Map.of("pattern", List.of("query"),
          "glob", List.of("include_pattern")))),
      Map.entry("ripgrep_raw_search", new Term("Grep", Map.of())),
      Map.entry("web_search", new Term("WebSearch", Map.of("query", List.of("search_term")))),
      Map.entry("todo_write", new Term("TodoWrite", Map.of())));

  /** Shells whose {@code -c} or {@code -lc} argument is the command a Codex {@code shell} call ran. */
  private static final Set<String> SHELLS = Set.of("bash", "sh", "zsh", "/bin/bash", "/bin/sh", "/bin/zsh",
      "/usr/bin/bash", "/usr/bin/zsh", "pwsh", "powershell", "powershell.exe");

  private ToolVocabulary() {}

  /** A call of {@code agent}'s tool {@code name} with {@code input}, in the transcript model's vocabulary. */
  static ContentBlock.ToolUse call(CodingAgent agent, String id, String name, JsonNode input) {
    ObjectNode given = input != null && input.isObject() ? ((ObjectNode) input).deepCopy() : wrapped(input);
    switch (agent) {
      case CODEX -> {
        switch (name) {
          case "shell", "container.exec", "local_shell" -> {
            given.put("command", commandLine(given.get("command")));
            return new ContentBlock.ToolUse(id, "Bash", given);
          }
          case "update_plan" -> {
            if (given.has("plan") || !given.has("todos")) {
              given.set("todos", todos(given.path("plan"), "step"));
            }
            return new ContentBlock.ToolUse(id, "TodoWrite", given);
          }
          case "apply_patch" -> {
            alias(given, "patch", List.of("input"));
            return new ContentBlock.ToolUse(id, "apply_patch", given);
          }
          default -> {
            return mapped(CODEX, id, name, given);
          }
        }
      }
      case GEMINI -> {
        if (name.equals("write_todos")) {
          given.set("todos", todos(given.path("todos"), "description"));
          return new ContentBlock.ToolUse(id, "TodoWrite", given);
        }
        return mapped(GEMINI, id, name, given);
      }
      case OPENCODE -> {
        return mapped(OPENCODE, id, name, given);
      }
      case CURSOR -> {
        return mapped(CURSOR, id, name, given);
      }
      default -> {
        return new ContentBlock.ToolUse(id, name, given);
      }
    }
  }

  /** The vocabulary's name for {@code agent}'s tool {@code name}; the name itself for a tool the table does not know. */
  static String nameOf(CodingAgent agent, String name) {
    return call(agent, "", name, JSON.objectNode()).name();
  }

  private static ContentBlock.ToolUse mapped(Map<String, Term> table, String id, String name, ObjectNode given) {
    Term term = table.get(name);
    if (term == null) {
      return new ContentBlock.ToolUse(id, name, given);
    }
    term.fields().forEach((field, from) -> alias(given, field, from));
    return new ContentBlock.ToolUse(id, term.name(), given);
  }

  /** Adds {@code field} from the first of {@code from} the input has, unless the input has {@code field} already. */
  private static void alias(ObjectNode input, String field, List<String> from) {
    if (input.hasNonNull(field)) {
      return;
    }
    for (String source : from) {
      JsonNode value = input.get(source);
      if (value != null && !value.isNull()) {
        input.set(field, value);
        return;
      }
    }
  }

  /** A plan's or a todo tool's items as TodoWrite's {@code [{content, status}]}. */
  private static ArrayNode todos(JsonNode items, String textField) {
    ArrayNode todos = JSON.arrayNode();
    for (JsonNode item : items) {
      JsonNode text = item.has("content") ? item.get("content") : item.get(textField);
      if (text != null && text.isTextual()) {
        ObjectNode todo = todos.addObject().put("content", text.asText());
        todo.put("status", status(item.path("status").asText("pending")));
      }
    }
    return todos;
  }

  // Cancelled work is not open work: TodoWrite knows pending, in_progress and completed.
  private static String status(String status) {
    return switch (status) {
      case "cancelled", "canceled", "done", "complete" -> "completed";
      case "in-progress", "inProgress" -> "in_progress";
      default -> status;
    };
  }

  /**
   * The command an argv array ran, as one shell line: the script of {@code bash -lc SCRIPT}, else the words joined
   * (quoted where they hold spaces).
   */
  static String commandLine(JsonNode command) {
    if (command == null || command.isNull()) {
      return "";
    }
    if (command.isTextual()) {
      return command.asText();
    }
    List<String> words = new java.util.ArrayList<>();
    command.forEach(w -> words.add(w.asText()));
    if (words.size() >= 3 && SHELLS.contains(words.get(0))
        && (words.get(1).equals("-c") || words.get(1).equals("-lc") || words.get(1).equals("-Command"))) {
      return words.get(2);
    }
    StringBuilder line = new StringBuilder();
    for (String w : words) {
      line.append(line.length() == 0 ? "" : " ")
          .append(w.isEmpty() || w.matches(".*[\\s'\"$`\\\\].*") ? "'" + w.replace("'", "'\\''") + "'" : w);
    }
    return line.toString();
  }

  private static ObjectNode wrapped(JsonNode input) {
    ObjectNode object = JSON.objectNode();
    if (input != null && !input.isNull() && !input.isMissingNode()) {
      object.set("input", input);
    }
    return object;
  }
}
