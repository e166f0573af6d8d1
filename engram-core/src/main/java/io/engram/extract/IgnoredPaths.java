package io.engram.extract;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A folder the project keeps in git although {@code .gitignore} covers it, from the session: {@code git add}
 * refused the paths as ignored, and {@code git add -f} of them then succeeded.
 */
final class IgnoredPaths {
  private static final Pattern ADD = Pattern.compile("^git\\s+(?:-C\\s+\\S+\\s+)?add\\b");
  private static final Pattern FORCE = Pattern.compile("\\s(?:-f|--force)\\b");
  private static final Pattern REFUSAL = Pattern.compile(
      "(?s)ignored by one of your \\.gitignore files:?\\s*\\n?(.*?)(?:\\n\\s*hint:|\\nUse -f|\\z)");

  private IgnoredPaths() {}

  /** The ignored folder the session force-added, if any. */
  static Optional<WorkFact> find(List<WorkEvent> events) {
    List<String> refused = new ArrayList<>();
    List<Integer> turns = new ArrayList<>();
    for (WorkEvent e : events) {
      if (!ADD.matcher(e.simple()).find()) {
        continue;
      }
      Matcher m = REFUSAL.matcher(e.output());
      if (m.find() && !FORCE.matcher(e.simple()).find()) {
        for (String line : m.group(1).split("\\n")) {
          if (!line.isBlank() && !line.strip().startsWith("hint")) {
            refused.add(top(line.strip()));
          }
        }
        turns.add(e.turn());
      } else if (FORCE.matcher(e.simple()).find() && e.succeeded() && !refused.isEmpty()) {
        String added = e.line();
        Optional<String> folder = refused.stream().filter(added::contains).findFirst();
        if (folder.isPresent()) {
          turns.add(e.turn());
          String f = folder.get();
          return Optional.of(new WorkFact("gitignored-" + Terms.slug("", f, 3),
              "How to commit files under " + f + " (gitignored, but kept in git)",
              "`" + f + "` is covered by .gitignore but its files are committed: add them with `git add -f "
                  + f + "...`.",
              "git add refused the paths as ignored, git add -f then succeeded", turns, e.turn()));
        }
      }
    }
    return Optional.empty();
  }

  /** The folder git named: the path itself, or a file's folder ({@code assets/vendor/} of {@code assets/vendor/x.js}). */
  private static String top(String path) {
    String p = path.replaceAll("/+$", "");
    int slash = p.lastIndexOf('/');
    boolean file = p.substring(slash + 1).contains(".");
    return file ? (slash > 0 ? p.substring(0, slash + 1) : p) : p + "/";
  }
}
