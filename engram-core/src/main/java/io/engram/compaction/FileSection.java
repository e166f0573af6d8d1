package io.engram.compaction;

import io.engram.config.CompactionSettings;
import io.engram.tokens.TokenCounter;
import io.engram.transcript.FileActivity;
import io.engram.transcript.FileOperation;
import io.engram.transcript.FileTouch;
import java.util.ArrayList;
import java.util.List;

/**
 * Section 3 of the extractive summary: every file the session changed (what was done to it, most recent
 * first, deleted and moved-away files marked as gone), the files only read (by name), and, as the budget
 * allows, the latest code of the changed files that still exist at the cut: the head of each ({@code codeLines}).
 * Files only read are named, at most {@code readOnlyFiles} of them: the section is about what changed.
 */
final class FileSection {
  private FileSection() {}

  /** The list of files, changed ones with what was done to them, then the names of those only read. */
  static String list(Conversation c, CompactionSettings.Offline limits) {
    List<String> lines = new ArrayList<>();
    List<String> readOnly = new ArrayList<>();
    String root = root(c);
    for (FileActivity f : c.files()) {
      if (f.changed()) {
        lines.add("- " + display(f.path(), root) + " (" + what(f) + ")");
      } else {
        readOnly.add(display(f.path(), root));
      }
    }
    if (!readOnly.isEmpty()) {
      List<String> named = readOnly.subList(0, Math.min(limits.readOnlyFiles(), readOnly.size()));
      lines.add("- Read only: " + String.join(", ", named)
          + (readOnly.size() > named.size() ? " and " + (readOnly.size() - named.size()) + " more" : "") + ".");
    }
    if (lines.isEmpty()) {
      return "No file was read or changed in this part of the conversation.";
    }
    String header = root.isEmpty() ? "" : "Paths are relative to " + root + "; changed files, most recent first:\n";
    return header + String.join("\n", lines);
  }

  /** The latest code of the changed files that still exist, most recently changed first, within {@code budget}. */
  static String latestCode(Conversation c, int budget, TokenCounter tokens, CompactionSettings.Offline limits) {
    List<String> blocks = new ArrayList<>();
    String root = root(c);
    for (FileActivity f : c.files()) {
      if (!f.changed() || !f.exists()) {
        continue;
      }
      Calls.lastChange(c.messages(), f).filter(FileSection::showsCode).ifPresent(text -> {
        String shown = Excerpts.firstLines(text, limits.codeLines());
        String fence = MarkdownFence.around(shown);
        blocks.add("- " + display(f.path(), root) + ", "
            + (f.lastOperation() == FileOperation.WRITE ? "as written" : "its last edit") + ":\n  " + fence + "\n"
            + Excerpts.indent(shown) + "\n  " + fence);
      });
    }
    return Excerpts.fit("Latest code of the changed files still present, most recent first:", blocks, budget, tokens);
  }

  // A change that is only comments, blank lines or a line or two says nothing of the code: it is not shown.
  private static boolean showsCode(String text) {
    long code = text.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("//") && !l.startsWith("#")
        && !l.startsWith("*") && !l.startsWith("/*") && !l.startsWith("--") && !l.startsWith("<!--")).count();
    return code >= 2;
  }

  /** What the session did to a file: created, written, edited (how often), deleted or moved away. */
  static String what(FileActivity f) {
    List<String> parts = new ArrayList<>();
    FileTouch first = f.touches().get(0);
    if (first.operation() == FileOperation.WRITE) {
      parts.add("created");
    } else if (f.writes() > 0) {
      parts.add("rewritten");
    }
    if (f.edits() > 0) {
      parts.add(f.edits() == 1 ? "edited once" : "edited " + f.edits() + " times");
    }
    if (!f.exists()) {
      parts.add("then deleted or moved away: gone at the cut");
    }
    return parts.isEmpty() ? "changed" : String.join(", ", parts);
  }

  /** The session's working directory at the cut, when the changed files lie under it; else "". */
  static String root(Conversation c) {
    for (int i = c.messages().size() - 1; i >= 0; i--) {
      java.util.Optional<String> cwd = c.messages().get(i).cwd();
      if (cwd.isPresent() && cwd.get().startsWith("/") && cwd.get().length() > 1) {
        String dir = cwd.get().endsWith("/") ? cwd.get().substring(0, cwd.get().length() - 1) : cwd.get();
        boolean under = c.files().stream().filter(FileActivity::changed).anyMatch(f -> f.path().startsWith(dir + "/"));
        return under ? dir : "";
      }
    }
    return "";
  }

  static String display(String path, String root) {
    return !root.isEmpty() && path.startsWith(root + "/") ? path.substring(root.length() + 1) : path;
  }
}
