package io.engram.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Engram's part of Codex's {@code config.toml}: its MCP server ({@code [mcp_servers.engram]}, which sets {@code
 * ENGRAM_AGENT}) and, when the file has none, {@code project_doc_fallback_filenames} naming the instruction files
 * Codex does not read by itself (Codex reads {@code AGENTS.md}; Engram's rules may be in {@code CLAUDE.md}).
 *
 * <p>The rest of the file is kept as it is, comments and order included: Engram writes each part as a block between
 * two comment lines of its own (the keys at the top, where a top-level key must stand, the table at the end) and
 * uninstall takes out exactly those blocks. A setting the person already has is left alone and said so. The file is
 * read as TOML before and after the change (a TOML library, not by eye): a file that is not valid TOML, or a change
 * that would make it so, is refused and the file left untouched.
 */
final class CodexConfigToml {
  static final String BEGIN = "# >>> engram: written by 'engram hooks install --agent codex'; 'engram hooks uninstall"
      + " --agent codex' removes this block";
  static final String END = "# <<< engram";
  private static final TomlMapper TOML = new TomlMapper();

  private CodexConfigToml() {}

  /** What a change did. */
  record Result(Path file, List<String> added, List<String> removed, boolean written) {}

  static Result install(Path file, EngramCommand command, List<String> fallbackInstructions, Path lockDir,
      List<String> notes) throws IOException {
    return edit(file, lockDir, rest -> {
      JsonNode tree = parse(file, rest);
      StringBuilder top = new StringBuilder();
      if (!fallbackInstructions.isEmpty()) {
        if (tree.has("project_doc_fallback_filenames")) {
          notes.add(file + " already sets project_doc_fallback_filenames; for Codex to read "
              + String.join(" and ", fallbackInstructions) + " where a directory has no AGENTS.md, list them there");
        } else {
          top.append(BEGIN).append('\n').append("project_doc_fallback_filenames = ")
              .append(array(fallbackInstructions)).append('\n').append(END).append('\n');
        }
      }
      StringBuilder tail = new StringBuilder();
      if (tree.path("mcp_servers").has(McpServerEntry.NAME)) {
        notes.add(file + " already has an MCP server named engram; left as it is");
      } else {
        List<String> args = new ArrayList<>(command.words().subList(1, command.words().size()));
        args.add("mcp");
        tail.append(BEGIN).append('\n')
            .append("[mcp_servers.").append(McpServerEntry.NAME).append("]\n")
            .append("command = ").append(string(command.words().get(0))).append('\n')
            .append("args = ").append(array(args)).append('\n')
            .append("env = { ").append(McpServerEntry.AGENT_ENV).append(" = ").append(string("codex")).append(" }\n")
            .append(END).append('\n');
      }
      String body = rest.isEmpty() || rest.endsWith("\n") ? rest : rest + "\n";
      String after = top + body + (tail.length() > 0 && !body.isEmpty() && !body.endsWith("\n\n") ? "\n" : "") + tail;
      parse(file, after); // what is written must still be TOML Codex can read
      return new Edited(after);
    });
  }

  static Result uninstall(Path file, Path lockDir) throws IOException {
    if (!Files.exists(file)) {
      return new Result(file, List.of(), List.of(), false);
    }
    return edit(file, lockDir, Edited::new);
  }

  private record Edited(String text) {}

  @FunctionalInterface
  private interface Change {
    Edited apply(String withoutOurs) throws IOException;
  }

  private static Result edit(Path file, Path lockDir, Change change) throws IOException {
    try (FileLock lock = SettingsFileLock.acquire(lockDir, file)) {
      String before = JsonConfigFile.text(file);
      parse(file, before);
      Edited edited = change.apply(withoutBlocks(before));
      boolean write = !edited.text().equals(before);
      if (write && edited.text().isBlank() && !before.isBlank()) {
        Files.delete(file); // the file held nothing but what Engram wrote
      } else if (write) {
        AtomicFiles.writeString(file, edited.text());
      }
      List<String> was = blockKeys(before);
      List<String> now = blockKeys(edited.text());
      return new Result(file, now.stream().filter(k -> !was.contains(k)).toList(),
          was.stream().filter(k -> !now.contains(k)).toList(), write);
    }
  }

  /** {@code text} without Engram's blocks (and the blank line Engram put before its table). */
  private static String withoutBlocks(String text) {
    List<String> kept = new ArrayList<>();
    boolean inside = false;
    for (String line : text.split("\n", -1)) {
      if (line.equals(BEGIN)) {
        inside = true;
        if (!kept.isEmpty() && kept.get(kept.size() - 1).isEmpty()) {
          kept.remove(kept.size() - 1);
        }
      } else if (inside && line.equals(END)) {
        inside = false;
      } else if (!inside) {
        kept.add(line);
      }
    }
    String joined = String.join("\n", kept);
    return joined.isBlank() ? "" : joined;
  }

  private static List<String> blockKeys(String text) {
    List<String> keys = new ArrayList<>();
    boolean inside = false;
    for (String line : text.split("\n")) {
      if (line.equals(BEGIN)) {
        inside = true;
      } else if (line.equals(END)) {
        inside = false;
      } else if (inside && line.startsWith("[mcp_servers.")) {
        keys.add(line.substring(1, line.length() - 1));
      } else if (inside && line.startsWith("project_doc_fallback_filenames")) {
        keys.add("project_doc_fallback_filenames");
      }
    }
    return keys;
  }

  private static JsonNode parse(Path file, String text) {
    try {
      return TOML.readTree(text);
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException(file + " is not valid TOML (" + e.getMessage().lines().findFirst().orElse("")
          + "); left unchanged");
    }
  }

  private static String array(List<String> values) {
    return values.stream().map(CodexConfigToml::string).collect(Collectors.joining(", ", "[", "]"));
  }

  /** A TOML basic string. */
  static String string(String value) {
    StringBuilder out = new StringBuilder("\"");
    for (char c : value.toCharArray()) {
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04X", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"').toString();
  }
}
