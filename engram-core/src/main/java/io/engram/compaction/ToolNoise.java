package io.engram.compaction;

import io.engram.transcript.CallOutcomes;
import io.engram.transcript.ShellCommand;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Errors of a session that are noise around the work rather than its failures: a helper program of a command line
 * that is not installed ({@code jq: command not found} after {@code curl ... | jq}), a {@code cd}, {@code ls} or
 * {@code cat} of a path that is not there, a line of no letters ({@code 000}, a status code printed alone) or mostly
 * terminal escape codes, and ssh telling it added a host key. A summary may keep one (it then counts as kept), but a
 * summary that leaves it out loses nothing: the agent routed around it and a reader needs nothing of it.
 */
final class ToolNoise {
  private static final Pattern NOT_FOUND =
      Pattern.compile("(?:([\\w.+-]+): command not found|command not found: ([^\\s]+))");
  // A look at a path that is not there: "cd: backend: No such file or directory", "ls: cannot access 'x': ...".
  private static final Pattern MISSING_PATH = Pattern.compile(
      "(?:^|[\\s:])(?:cd|ls|cat|head|tail|stat|file|realpath|readlink): (?:cannot access )?.{0,400}"
          + "(?:No such file or directory|cannot access)");
  private static final Pattern HOST_KEY = Pattern.compile("^Warning: Permanently added .{1,400} to the list of known hosts");
  // A terminal's control sequence, with its escape character or with only its bracket left ("[1G[0K", "[35;1m").
  private static final Pattern ESCAPE =
      Pattern.compile("\u001b\\[[?]?[\\d;]{0,12}[A-Za-z]|\\[[?]?\\d{1,4}(?:;\\d{1,4}){0,4}[A-Za-z]");
  // The first programs of a line that only move or look before the work: a missing path there is no failure.
  private static final List<String> MOVES = List.of("cd", "pushd");

  private ToolNoise() {}

  /** Whether {@code problem}'s first key line is noise (see the class comment). */
  static boolean noise(Problem problem, CallOutcomes calls) {
    String line = problem.headline().strip();
    if (line.isEmpty() || problem.noticed()) {
      return false;
    }
    if (line.codePoints().noneMatch(Character::isLetter) || mostlyEscapes(line)) {
      return true;
    }
    if (HOST_KEY.matcher(line).find() || MISSING_PATH.matcher(line).find()) {
      return true;
    }
    Matcher missing = NOT_FOUND.matcher(line);
    if (missing.find()) {
      String program = missing.group(1) != null ? missing.group(1) : missing.group(2);
      return helper(program, problem.call().name().equals("Bash") ? calls.commands(problem.call()) : List.of());
    }
    return false;
  }

  // A program is a helper when the line's work is another's: not its first program ("curl ... | jq", "cd x && jq"
  // counts jq as the work), or a name that is no program at all ("zsh: command not found: 1").
  private static boolean helper(String program, List<ShellCommand> commands) {
    String name = program.substring(program.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
    if (name.codePoints().noneMatch(Character::isLetter)) {
      return true;
    }
    return commands.stream().map(ShellCommand::name).filter(n -> !MOVES.contains(n)).findFirst()
        .map(first -> !first.equals(name)).orElse(false);
  }

  // More than half the line's visible characters are escape sequences ("\e[1G\e[0K", "[35;1m").
  private static boolean mostlyEscapes(String line) {
    Matcher m = ESCAPE.matcher(line);
    int escaped = 0;
    while (m.find()) {
      escaped += m.end() - m.start();
    }
    long visible = line.codePoints().filter(c -> !Character.isWhitespace(c)).count();
    return escaped * 2 > visible;
  }
}
