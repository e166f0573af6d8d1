package io.engram.imports;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.memory.InvalidMemoryException;
import io.engram.memory.Memory;
import io.engram.memory.MemoryFormat;
import io.engram.memory.MemoryType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * Reads what each agent keeps of its own memory, where that agent's own code puts it.
 *
 * <ul>
 *   <li>Claude Code: every topic file of the project's auto memory, in the format Engram keeps too, as it is.
 *   <li>Codex: the consolidated {@code MEMORY.md} (else {@code memory_summary.md}) of the memory roots its code
 *       reads: the project's ({@code memories/<first 16 hex digits of the SHA-256 of the project's real path>/memory}),
 *       the user's ({@code memories/user/memory}) and the machine's ({@code memories}), the user's as user memories.
 *   <li>Gemini CLI: the Markdown files of the project's private memory folder ({@code tmp/<project>/memory}, the
 *       project's short id read from {@code projects.json}, else found by the {@code .project_root} file a project's
 *       folder holds), and the facts under "Gemini Added Memories" in the user's {@code GEMINI.md} as user memories.
 * </ul>
 * A file that cannot be read is a problem named to the caller; the others are still read.
 */
final class AgentMemoryFiles {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern GEMINI_ADDED = Pattern.compile("^##\\s+Gemini Added Memories\\s*$");
  // Codex's own naming of a project's memory folder: the first 16 hex digits of the SHA-256 of its real path.
  private static final int CODEX_BUCKET_HEX = 16;

  private AgentMemoryFiles() {}

  static List<ImportedMemory> read(ImportSource source, AgentHomes homes, Consumer<String> problems)
      throws IOException {
    return switch (source) {
      case CLAUDE_CODE -> claudeCode(homes.claudeMemoryDir(), problems);
      case CODEX -> codex(homes, problems);
      case GEMINI -> gemini(homes, problems);
    };
  }

  private static List<ImportedMemory> claudeCode(Path dir, Consumer<String> problems) throws IOException {
    List<ImportedMemory> out = new ArrayList<>();
    for (Path file : markdownFiles(dir, false)) {
      Optional<String> text = text(file, problems);
      if (text.isEmpty()) {
        continue;
      }
      try {
        Memory m = MemoryFormat.parse(text.get(), file);
        out.add(new ImportedMemory(m.name(), m.type(), m.description(), m.body(), file));
      } catch (InvalidMemoryException e) {
        problems.accept(file + ": not a memory Claude Code wrote (" + e.getMessage() + "); not imported");
      }
    }
    return out;
  }

  private static List<ImportedMemory> codex(AgentHomes homes, Consumer<String> problems) throws IOException {
    Path memories = homes.codexHome().resolve("memories");
    List<ImportedMemory> out = new ArrayList<>();
    codexRoot(memories.resolve(codexBucket(homes.projectRoot())).resolve("memory"), MemoryType.PROJECT, out, problems);
    codexRoot(memories.resolve("user").resolve("memory"), MemoryType.USER, out, problems);
    codexRoot(memories, MemoryType.PROJECT, out, problems);
    return out;
  }

  private static void codexRoot(Path root, MemoryType type, List<ImportedMemory> out, Consumer<String> problems) {
    for (String name : List.of("MEMORY.md", "consolidated.md", "memory_summary.md")) {
      Path file = root.resolve(name);
      Optional<String> text = text(file, problems);
      if (text.isPresent()) {
        out.addAll(MarkdownFacts.of(text.get(), type, file));
        return; // the summary says again what MEMORY.md holds: one of them is read
      }
    }
  }

  /** Codex's bucket for a working directory: the SHA-256 of its real path, its first 16 hex digits. */
  static String codexBucket(Path projectRoot) {
    Path real;
    try {
      real = projectRoot.toRealPath();
    } catch (IOException e) {
      real = projectRoot;
    }
    try {
      byte[] hash = MessageDigest.getInstance("SHA-256").digest(real.toString().getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(hash).substring(0, CODEX_BUCKET_HEX);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
    }
  }

  private static List<ImportedMemory> gemini(AgentHomes homes, Consumer<String> problems) throws IOException {
    List<ImportedMemory> out = new ArrayList<>();
    Optional<Path> folder = geminiProjectFolder(homes.geminiHome(), homes.projectRoot(), problems);
    if (folder.isPresent()) {
      for (Path file : markdownFiles(folder.get().resolve("memory"), true)) {
        text(file, problems).ifPresent(t -> out.addAll(MarkdownFacts.of(t, MemoryType.PROJECT, file)));
      }
    }
    Path global = homes.geminiHome().resolve("GEMINI.md");
    text(global, problems).ifPresent(t -> out.addAll(MarkdownFacts.items(addedMemories(t), MemoryType.USER, global)));
    return out;
  }

  /** The lines under Gemini's "## Gemini Added Memories" heading, up to the next heading of that level or above. */
  private static String addedMemories(String text) {
    StringBuilder section = new StringBuilder();
    boolean in = false;
    for (String line : text.lines().toList()) {
      if (GEMINI_ADDED.matcher(line).matches()) {
        in = true;
      } else if (in && line.matches("^#{1,2}\\s.*")) {
        in = false;
      } else if (in) {
        section.append(line).append('\n');
      }
    }
    return section.toString();
  }

  /** Gemini's folder for a project: its short id from {@code projects.json}, else the folder naming the project. */
  private static Optional<Path> geminiProjectFolder(Path geminiHome, Path projectRoot, Consumer<String> problems)
      throws IOException {
    Path tmp = geminiHome.resolve("tmp");
    Optional<String> registry = text(geminiHome.resolve("projects.json"), problems);
    if (registry.isPresent()) {
      try {
        JsonNode id = JSON.readTree(registry.get()).path("projects").path(projectRoot.toString());
        if (id.isTextual() && Files.isDirectory(tmp.resolve(id.asText()))) {
          return Optional.of(tmp.resolve(id.asText()));
        }
      } catch (IOException e) {
        problems.accept(geminiHome.resolve("projects.json") + ": not JSON (" + e.getMessage() + ")");
      }
    }
    if (!Files.isDirectory(tmp)) {
      return Optional.empty();
    }
    try (DirectoryStream<Path> folders = Files.newDirectoryStream(tmp, Files::isDirectory)) {
      for (Path folder : folders) {
        Optional<String> root = text(folder.resolve(".project_root"), s -> { });
        if (root.isPresent() && root.get().strip().equals(projectRoot.toString())) {
          return Optional.of(folder);
        }
      }
    }
    return Optional.empty();
  }

  /** The Markdown files of {@code dir}, in name order; its {@code MEMORY.md} only {@code withIndex}. */
  private static List<Path> markdownFiles(Path dir, boolean withIndex) throws IOException {
    List<Path> files = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return files;
    }
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, "*.md")) {
      for (Path f : entries) {
        if (Files.isRegularFile(f, java.nio.file.LinkOption.NOFOLLOW_LINKS)
            && (withIndex || !f.getFileName().toString().equals("MEMORY.md"))) {
          files.add(f);
        }
      }
    }
    files.sort(null);
    return files;
  }

  private static Optional<String> text(Path file, Consumer<String> problems) {
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      return Optional.of(Files.readString(file, StandardCharsets.UTF_8));
    } catch (java.nio.charset.CharacterCodingException e) {
      problems.accept(file + ": not UTF-8 text; not imported");
      return Optional.empty();
    } catch (IOException e) {
      problems.accept(file + ": cannot be read (" + e.getMessage() + ")");
      return Optional.empty();
    }
  }
}
