package io.engram.transcript;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds the files a shell command obviously touches, without running or fully parsing it.
 *
 * <p>Covers the common cases an agent uses: {@code cat/head/tail/less/more FILE} and {@code grep/rg PATTERN
 * FILE} (the operands that name files, not directories) read,
 * {@code > FILE}, {@code >> FILE}, {@code tee FILE}, {@code touch FILE} and the target of
 * {@code cp}/{@code mv}/{@code git mv} write, {@code sed -i ... FILE} edits, {@code rm}/{@code git rm}/{@code
 * unlink FILE} and the source of {@code mv}/{@code git mv} delete (a deleted directory takes the files under
 * it with it, see {@link FileActivity}). Arguments with globs, variables or
 * command substitution are ignored rather than guessed; {@code cd DIR} earlier in the same command
 * makes later relative paths relative to DIR.
 */
final class ShellFileCommands {
  private static final Set<String> READERS = Set.of("cat", "head", "tail", "less", "more", "bat");
  private static final Set<String> SEARCHERS = Set.of("grep", "egrep", "fgrep", "rg");

  private ShellFileCommands() {}

  static Map<String, FileOperation> operations(String command) {
    Map<String, FileOperation> ops = new LinkedHashMap<>();
    for (ShellCommand c : ShellCommand.parse(command)) {
      String base = c.dir();
      List<String> words = new ArrayList<>();
      words.add(c.program());
      words.addAll(c.args());
      redirections(words, base, ops);
      String program = c.program();
      List<String> args = plainArgs(c.args());
      boolean git = program.equals("git") && !args.isEmpty();
      String verb = git ? args.get(0) : program;
      List<String> operands = git ? args.subList(1, args.size()) : args;
      if (READERS.contains(program)) {
        args.forEach(a -> put(ops, base, a, FileOperation.READ));
      } else if (SEARCHERS.contains(program) && !args.isEmpty()
          && c.args().stream().noneMatch(w -> w.equals("-e") || w.equals("-f") || w.startsWith("--regexp")
              || w.startsWith("--file"))) {
        // grep PATTERN FILE...: the operands after the pattern that name files (not directories) are read.
        args.subList(1, args.size()).stream().filter(ShellFileCommands::namesFile)
            .forEach(a -> put(ops, base, a, FileOperation.READ));
      } else if (program.equals("tee") || program.equals("touch")) {
        args.forEach(a -> put(ops, base, a, FileOperation.WRITE));
      } else if ((verb.equals("mv") || program.equals("cp")) && operands.size() >= 2) {
        String target = operands.get(operands.size() - 1);
        for (String source : operands.subList(0, operands.size() - 1)) {
          String landed = target.endsWith("/") ? target + baseName(source) : target;
          put(ops, base, landed, FileOperation.WRITE);
          if (verb.equals("mv")) {
            put(ops, base, source, FileOperation.DELETE);
          }
        }
      } else if (verb.equals("rm") || program.equals("unlink")) {
        operands.forEach(a -> put(ops, base, a, FileOperation.DELETE));
      } else if (program.equals("sed") && c.args().stream().anyMatch(w -> w.startsWith("-i"))
          && args.size() >= 2) {
        put(ops, base, args.get(args.size() - 1), FileOperation.EDIT);
      }
    }
    return ops;
  }

  /**
   * Whether {@code path} names a file rather than a directory, as far as its name tells: its last part has an
   * extension ({@code lib/app.css}, not {@code lib/} or {@code .git}).
   */
  static boolean namesFile(String path) {
    if (path.isBlank() || path.endsWith("/")) {
      return false;
    }
    String name = baseName(path);
    int dot = name.lastIndexOf('.');
    return dot > 0 && dot < name.length() - 1;
  }

  private static String baseName(String path) {
    String p = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    return p.substring(p.lastIndexOf('/') + 1);
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

  private static void put(Map<String, FileOperation> ops, String dir, String given, FileOperation op) {
    String path = op == FileOperation.DELETE && given.length() > 1 && given.endsWith("/")
        ? given.substring(0, given.length() - 1) : given;
    if (path.isEmpty() || path.startsWith("/dev/") || path.startsWith("&") || path.endsWith("/")
        || path.equals(".")
        || path.chars().anyMatch(c -> "*?$`(){}[]".indexOf(c) >= 0)) {
      return;
    }
    boolean relative = !path.startsWith("/") && !path.startsWith("~");
    String full = relative && !dir.isEmpty() ? dir + "/" + path : path;
    // A later, stronger operation on the same file in one command wins (read < edit < write); a deletion,
    // or anything after one, is simply the later operation.
    ops.merge(full, op, (a, b) -> a == FileOperation.DELETE || b == FileOperation.DELETE || b.compareTo(a) > 0 ? b : a);
  }
}
