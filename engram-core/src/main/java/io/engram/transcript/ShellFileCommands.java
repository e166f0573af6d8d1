package io.engram.transcript;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds the files a shell command obviously touches, without running or fully parsing it.
 *
 * <p>Covers the common cases an agent uses: {@code cat/head/tail/less/more FILE} read,
 * {@code > FILE}, {@code >> FILE}, {@code tee FILE}, {@code touch FILE} and the target of
 * {@code cp}/{@code mv} write, {@code sed -i ... FILE} edits. Arguments with globs, variables or
 * command substitution are ignored rather than guessed; {@code cd DIR} earlier in the same command
 * makes later relative paths relative to DIR.
 */
final class ShellFileCommands {
  private static final Set<String> READERS = Set.of("cat", "head", "tail", "less", "more", "bat");

  private ShellFileCommands() {}

  static Map<String, FileOperation> operations(String command) {
    Map<String, FileOperation> ops = new LinkedHashMap<>();
    String dir = "";
    for (String part : command.split("&&|\\|\\||;|\\||\\n")) {
      List<String> words = words(part);
      if (words.isEmpty()) {
        continue;
      }
      String program = words.get(0);
      if (program.equals("cd") && words.size() > 1) {
        dir = words.get(1);
        continue;
      }
      String base = dir;
      redirections(words, base, ops);
      List<String> args = plainArgs(words.subList(1, words.size()));
      if (READERS.contains(program)) {
        args.forEach(a -> put(ops, base, a, FileOperation.READ));
      } else if (program.equals("tee") || program.equals("touch")) {
        args.forEach(a -> put(ops, base, a, FileOperation.WRITE));
      } else if ((program.equals("cp") || program.equals("mv")) && args.size() >= 2) {
        put(ops, dir, args.get(args.size() - 1), FileOperation.WRITE);
      } else if (program.equals("sed") && words.stream().anyMatch(w -> w.startsWith("-i"))
          && args.size() >= 2) {
        put(ops, dir, args.get(args.size() - 1), FileOperation.EDIT);
      }
    }
    return ops;
  }

  private static void redirections(List<String> words, String dir, Map<String, FileOperation> ops) {
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      String target = "";
      if ((w.equals(">") || w.equals(">>")) && i + 1 < words.size()) {
        target = words.get(i + 1);
      } else if (w.startsWith(">>") && w.length() > 2) {
        target = w.substring(2);
      } else if (w.startsWith(">") && w.length() > 1 && !w.startsWith(">&")) {
        target = w.substring(1);
      }
      if (!target.isEmpty()) {
        put(ops, dir, target, FileOperation.WRITE);
      }
    }
  }

  // Arguments that name files: no options, no redirections, nothing the shell would expand.
  private static List<String> plainArgs(List<String> words) {
    List<String> args = new ArrayList<>();
    boolean skipNext = false;
    for (String w : words) {
      if (skipNext) {
        skipNext = false;
        continue;
      }
      if (w.equals(">") || w.equals(">>") || w.equals("<")) {
        skipNext = true;
        continue;
      }
      // numbers are option values (tail -n 20), not file names
      if (w.startsWith("-") || w.startsWith(">") || w.startsWith("<") || w.matches("\\d*>.*")
          || w.matches("[+-]?\\d+")) {
        continue;
      }
      args.add(w);
    }
    return args;
  }

  private static void put(Map<String, FileOperation> ops, String dir, String path, FileOperation op) {
    if (path.isEmpty() || path.startsWith("/dev/") || path.startsWith("&") || path.endsWith("/")
        || path.equals(".")
        || path.chars().anyMatch(c -> "*?$`(){}[]".indexOf(c) >= 0)) {
      return;
    }
    boolean relative = !path.startsWith("/") && !path.startsWith("~");
    String full = relative && !dir.isEmpty() ? dir + "/" + path : path;
    // A later, stronger operation on the same file in one command wins (read < edit < write).
    ops.merge(full, op, (a, b) -> a.compareTo(b) >= 0 ? a : b);
  }

  private static List<String> words(String part) {
    List<String> words = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    char quote = 0;
    boolean inWord = false;
    for (char c : part.strip().toCharArray()) {
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          current.append(c);
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
        inWord = true;
      } else if (Character.isWhitespace(c)) {
        if (inWord) {
          words.add(current.toString());
          current.setLength(0);
          inWord = false;
        }
      } else {
        current.append(c);
        inWord = true;
      }
    }
    if (inWord) {
      words.add(current.toString());
    }
    return words;
  }
}
