package io.engram.transcript;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One simple command of a shell command line, as an agent's Bash call writes it: the program and its
 * words, with the directory an earlier {@code cd} of the same line moved to. Nothing is run or expanded;
 * quotes are removed, a heredoc body is dropped, and leading {@code VAR=value} assignments, {@code sudo},
 * {@code env}, {@code time} and {@code npx}-style runners are skipped so that the program is the one doing
 * the work; an assignment of a command's output ({@code SLUG=$(git remote get-url origin)}) runs that command.
 *
 * @param program the program as written ({@code git}, {@code ./mvnw}, {@code bd})
 * @param args the words after it, quotes removed
 * @param dir the directory of an earlier {@code cd} in the same line, or ""
 */
public record ShellCommand(String program, List<String> args, String dir) {
  private static final Set<String> WRAPPERS = Set.of("sudo", "env", "time", "nice", "nohup", "exec", "command");
  // An assignment whose value opens a command substitution with its program (X=$(git, X=`date): group 1 the opening, group 2 the program.
  private static final java.util.regex.Pattern SUBSTITUTED =
      java.util.regex.Pattern.compile("[A-Za-z_][A-Za-z0-9_]*=(\\$\\(|`)([\\w~./@][\\w~./@:+-]*)");
  // A subcommand or a script's name is a word a person says ("test", "test:ci"); a longer argument is a value.
  private static final int LONGEST_SUBCOMMAND = 30;

  public ShellCommand {
    args = List.copyOf(args);
  }

  /** The program's base name, lower-cased ({@code ./mvnw} gives {@code mvnw}). */
  public String name() {
    int slash = program.lastIndexOf('/');
    return program.substring(slash + 1).toLowerCase(Locale.ROOT);
  }

  /** The first argument that is not an option, lower-cased, or "". */
  public String subcommand() {
    return args.stream().filter(a -> !a.startsWith("-")).findFirst().map(a -> a.toLowerCase(Locale.ROOT)).orElse("");
  }

  /**
   * {@code program subcommand}, the way a person names what was run ({@code mix test}, {@code git commit}); a task
   * runner's {@code run} or {@code exec} with the script it runs ({@code npm run lint}, {@code mise run test:ci}).
   */
  public String label() {
    String sub = subcommand();
    if (sub.isEmpty() || sub.contains("/") || sub.length() > LONGEST_SUBCOMMAND) {
      return name();
    }
    if (sub.equals("run") || sub.equals("exec")) {
      List<String> plain = args.stream().filter(a -> !a.startsWith("-")).toList();
      if (plain.size() > 1 && !plain.get(1).contains("/") && plain.get(1).length() <= LONGEST_SUBCOMMAND) {
        return name() + " " + sub + " " + plain.get(1);
      }
    }
    return name() + " " + sub;
  }

  /** The simple commands of {@code line}, in order ({@code &&}, {@code ||}, {@code ;}, pipes and new lines split it). */
  public static List<ShellCommand> parse(String line) {
    List<ShellCommand> out = new ArrayList<>();
    String dir = "";
    for (String part : split(withoutHeredocs(line))) {
      List<String> words = words(part);
      int i = 0;
      while (i < words.size() && (words.get(i).matches("[A-Za-z_][A-Za-z0-9_]*=.*") || WRAPPERS.contains(words.get(i)))) {
        java.util.regex.Matcher substituted = SUBSTITUTED.matcher(words.get(i));
        if (substituted.matches()) {
          // SLUG=$(git remote get-url origin | ...): the program is the substitution's, and the words after the
          // assignment are its arguments, not a program of their own.
          words = new ArrayList<>(words);
          words.set(i, substituted.group(2));
          closeSubstitution(words, i, substituted.group(1).equals("`") ? '`' : ')');
          break;
        }
        i++;
      }
      if (i >= words.size()) {
        continue;
      }
      String program = words.get(i);
      List<String> args = words.subList(i + 1, words.size());
      if (program.equals("cd")) {
        dir = args.isEmpty() ? "" : args.get(0);
        continue;
      }
      out.add(new ShellCommand(program, args, dir));
    }
    return out;
  }

  // The substitution that opened at word {@code from} closes at the end of its last word when the words hold one
  // closer more than openers: that closer is the shell's, not an argument's.
  private static void closeSubstitution(List<String> words, int from, char closer) {
    String all = String.join(" ", words.subList(from, words.size()));
    long opened = closer == ')' ? all.chars().filter(c -> c == '(').count() : 0;
    long closed = all.chars().filter(c -> c == closer).count();
    int last = words.size() - 1;
    if (closed == opened + 1 && words.get(last).endsWith(String.valueOf(closer))) {
      String word = words.get(last).substring(0, words.get(last).length() - 1);
      if (word.isEmpty()) {
        words.remove(last);
      } else {
        words.set(last, word);
      }
    }
  }

  /**
   * The line split at {@code &&}, {@code ||}, {@code ;}, {@code |} and new lines outside quotes; a new line after a
   * backslash continues the command.
   */
  static List<String> split(String line) {
    List<String> parts = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    char quote = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quote != 0) {
        current.append(c);
        if (c == quote) {
          quote = 0;
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
        current.append(c);
      } else if (c == '\\' && i + 1 < line.length() && line.charAt(i + 1) == '\n') {
        // A backslash before a new line continues the command on the next line.
        current.append(' ');
        i++;
      } else if (c == ';' || c == '|' || c == '\n' || (c == '&' && i + 1 < line.length() && line.charAt(i + 1) == '&')) {
        parts.add(current.toString());
        current.setLength(0);
        if (c == '&' || (c == '|' && i + 1 < line.length() && line.charAt(i + 1) == '|')) {
          i++;
        }
      } else {
        current.append(c);
      }
    }
    parts.add(current.toString());
    return parts;
  }

  /** The words of one simple command, quotes removed. */
  static List<String> words(String part) {
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

  // A heredoc's body is data (a commit message, a file's text), not commands; the rest of the marker's line is
  // commands ("cat <<EOF | git commit -F -", "git commit -F - <<EOF && git push", "cat <<EOF > notes.md").
  // A here-string (<<<) has no body.
  private static final java.util.regex.Pattern HEREDOC =
      java.util.regex.Pattern.compile("(?<!<)<<(?!<)-?\\s*(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\\1");

  private static String withoutHeredocs(String line) {
    if (!line.contains("<<")) {
      return line;
    }
    StringBuilder out = new StringBuilder();
    String end = null;
    for (String l : line.split("\n", -1)) {
      if (end != null) {
        if (l.strip().equals(end)) {
          end = null;
          out.append('\n');
        }
        continue;
      }
      java.util.regex.Matcher m = HEREDOC.matcher(l);
      if (m.find()) {
        end = m.group(2);
        out.append(l, 0, m.start()).append(l.substring(m.end())).append('\n');
        continue;
      }
      out.append(l).append('\n');
    }
    return out.toString();
  }
}
