package io.engram.transcript;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What happened to one file during a session: every read, write and edit, in order.
 *
 * <p>Built from Read, Write, Edit, MultiEdit, NotebookEdit and Delete calls, the files a patch names (apply_patch),
 * Grep calls that search one file, and shell commands that obviously touch a file (see {@link ShellFileCommands});
 * calls whose result was an error are left out.
 * Relative paths are resolved against the message's working directory. Deleting a directory deletes the
 * files under it that were touched before.
 *
 * @param path the file, absolute when the working directory was known
 * @param touches every operation, oldest first
 */
public record FileActivity(String path, List<FileTouch> touches) {
  private static final String ADD = "*** Add File: ";
  private static final String UPDATE = "*** Update File: ";
  private static final String DELETE = "*** Delete File: ";
  private static final String MOVE = "*** Move to: ";
  public FileActivity {
    touches = List.copyOf(touches);
    if (touches.isEmpty()) {
      throw new IllegalArgumentException("a file activity needs at least one touch: " + path);
    }
  }

  /** Number of reads. */
  public int reads() {
    return count(FileOperation.READ);
  }

  /** Number of whole-file writes. */
  public int writes() {
    return count(FileOperation.WRITE);
  }

  /** Number of partial edits. */
  public int edits() {
    return count(FileOperation.EDIT);
  }

  /** The first recorded time the file was touched. */
  public Optional<Instant> firstTouched() {
    return touches.stream().flatMap(t -> t.at().stream()).findFirst();
  }

  /** The last recorded time the file was touched. */
  public Optional<Instant> lastTouched() {
    return touches.stream().flatMap(t -> t.at().stream()).reduce((a, b) -> b);
  }

  /** The most recent operation. */
  public FileOperation lastOperation() {
    return touches.get(touches.size() - 1).operation();
  }

  /** Whether the file is still there after the messages: it was not deleted or moved away last. */
  public boolean exists() {
    return lastOperation() != FileOperation.DELETE;
  }

  /** Whether the session changed the file: wrote, edited or deleted it. */
  public boolean changed() {
    return touches.stream().anyMatch(t -> t.operation() != FileOperation.READ);
  }

  private int count(FileOperation operation) {
    return (int) touches.stream().filter(t -> t.operation() == operation).count();
  }

  /** The files touched in {@code messages}, most recently touched first. */
  public static List<FileActivity> of(List<TranscriptMessage> messages) {
    Set<String> failed = new HashSet<>();
    for (TranscriptMessage m : messages) {
      m.toolResults().stream().filter(ContentBlock.ToolResult::isError)
          .forEach(r -> failed.add(r.toolUseId()));
    }
    Map<String, List<FileTouch>> byPath = new LinkedHashMap<>();
    for (int i = 0; i < messages.size(); i++) {
      TranscriptMessage m = messages.get(i);
      for (ContentBlock.ToolUse use : m.toolUses()) {
        if (failed.contains(use.id())) {
          continue;
        }
        for (Map.Entry<String, FileOperation> op : operations(use).entrySet()) {
          byPath.computeIfAbsent(resolve(op.getKey(), m.cwd()), k -> new ArrayList<>())
              .add(new FileTouch(op.getValue(), use.name(), m.timestamp(), i));
        }
      }
    }
    deleteUnderDeletedDirectories(byPath);
    List<FileActivity> files = new ArrayList<>();
    byPath.forEach((path, touches) -> files.add(new FileActivity(path, touches)));
    files.sort(Comparator.comparingInt(
        (FileActivity f) -> f.touches().get(f.touches().size() - 1).messageIndex()).reversed());
    return List.copyOf(files);
  }

  private static void deleteUnderDeletedDirectories(Map<String, List<FileTouch>> byPath) {
    List<Map.Entry<String, FileTouch>> deletions = new ArrayList<>();
    byPath.forEach((path, touches) -> touches.stream().filter(t -> t.operation() == FileOperation.DELETE)
        .forEach(t -> deletions.add(Map.entry(path, t))));
    for (Map.Entry<String, FileTouch> d : deletions) {
      String prefix = d.getKey() + "/";
      byPath.forEach((path, touches) -> {
        if (path.startsWith(prefix) && touches.get(touches.size() - 1).messageIndex() < d.getValue().messageIndex()) {
          touches.add(d.getValue());
        }
      });
    }
  }

  private static Map<String, FileOperation> operations(ContentBlock.ToolUse use) {
    Map<String, FileOperation> ops = new LinkedHashMap<>();
    switch (use.name()) {
      case "Read" -> put(ops, use.inputText("file_path"), FileOperation.READ);
      case "Write" -> put(ops, use.inputText("file_path"), FileOperation.WRITE);
      case "Edit", "MultiEdit" -> put(ops, use.inputText("file_path"), FileOperation.EDIT);
      case "NotebookEdit" -> put(ops, use.inputText("notebook_path"), FileOperation.EDIT);
      // Searching one file reads it; a directory's files are not named, so a search of one reads none.
      case "Grep" -> {
        if (ShellFileCommands.namesFile(use.inputText("path"))) {
          put(ops, use.inputText("path"), FileOperation.READ);
        }
      }
      case "Bash" -> ops.putAll(ShellFileCommands.operations(use.inputText("command")));
      case "Delete" -> put(ops, use.inputText("file_path"), FileOperation.DELETE);
      case "apply_patch" -> patched(use.inputText("patch"), ops);
      default -> { }
    }
    return ops;
  }

  /**
   * The files a patch in the format Codex and OpenCode edit with names: {@code *** Add File: PATH} writes, {@code
   * *** Update File: PATH} edits, {@code *** Delete File: PATH} deletes, and {@code *** Move to: PATH} after an
   * update moves the file there.
   */
  private static void patched(String patch, Map<String, FileOperation> ops) {
    String updated = "";
    for (String line : patch.split("\\R")) {
      if (line.startsWith(ADD)) {
        put(ops, line.substring(ADD.length()).strip(), FileOperation.WRITE);
      } else if (line.startsWith(UPDATE)) {
        updated = line.substring(UPDATE.length()).strip();
        put(ops, updated, FileOperation.EDIT);
      } else if (line.startsWith(DELETE)) {
        put(ops, line.substring(DELETE.length()).strip(), FileOperation.DELETE);
      } else if (line.startsWith(MOVE) && !updated.isEmpty()) {
        put(ops, updated, FileOperation.DELETE);
        put(ops, line.substring(MOVE.length()).strip(), FileOperation.WRITE);
      }
    }
  }

  private static void put(Map<String, FileOperation> ops, String path, FileOperation op) {
    if (!path.isBlank()) {
      ops.put(path, op);
    }
  }

  private static String resolve(String path, Optional<String> cwd) {
    try {
      Path p = Path.of(path);
      if (!p.isAbsolute() && cwd.isPresent()) {
        p = Path.of(cwd.get()).resolve(p);
      }
      return p.normalize().toString();
    } catch (InvalidPathException e) {
      return path;
    }
  }
}
