package io.engram.transcript;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What makes a tool result a failure a person would call one, even when the tool did not flag it (a test
 * run piped through {@code tail} exits 0): failing tests, compiler errors, exceptions and lint findings in
 * the output of a command that builds, tests, checks or runs something, and the line of an error output
 * that says what went wrong.
 *
 * <p>Output of commands that only look ({@code grep}, {@code cat}, {@code git log}; {@link CommandKind#LOOK})
 * is never read for failures: it shows code and logs, whose words prove nothing.
 */
final class FailureSignals {
  private static final Pattern FAILED = Pattern.compile(
      "(?m)^\\s*\\*\\* \\(\\w[\\w.]*\\)"                              // ** (CompileError), ** (Mix)
          + "|^\\s*+(?:[\\w$]++\\.)*+\\w*(?:Error|Exception)\\b(?::|\\s\\(|$)"  // TypeError: ..., java.io.IOException
          + "|\\b[1-9]\\d* (?:tests? )?(?:failures?|failed|errors?)\\b"       // 5 tests, 5 failures / 2 failed
          + "|(?i:total errors: [1-9])"                                        // dialyzer
          + "|^\\s*(?:error|fatal)(?:\\[\\w+\\])?:"                           // error: ..., error[E0308]:, fatal:
          + "|BUILD FAILURE|BUILD FAILED|FAILURE: Build failed|npm ERR!|Traceback \\(most recent call last\\)"
          + "|panicked at|^FAIL\\b|(?i:compilation error)|(?i:could not compile)|Segmentation fault"
          + "|(?i:\\bfound [1-9]\\d* (?:[\\w-]+ ){0,3}(?:issues?|problems?|errors?)\\b)|✖ [1-9]\\d* problems?");
  /**
   * Words one of which every match of {@link #FAILED} contains, lower-cased: most outputs hold none of them,
   * and a search for a few words is much cheaper than trying every alternative of FAILED at every character.
   */
  private static final List<String> FAILED_WORDS = List.of("error", "fail", "exception", "fatal", "** (", "npm err!",
      "traceback", "panicked at", "could not compile", "segmentation fault", "found ", "\u2716");
  private static final Pattern BY_USER = Pattern.compile(
      "(?i)the user doesn't want to proceed|request interrupted by user|tool use was rejected|sibling tool call errored"
          + "|user rejected|interrupted by the user");
  private static final Pattern TELLING = Pattern.compile(
      "(?i)\\*\\* \\(|\\w(?:error|exception)\\b|\\berror\\b|failed|failure|fatal|cannot|can't|could not|denied"
          + "|not found|undefined|no such|never match|too complex|expected|invalid|missing|refused|panic"
          + "|traceback|not formatted|requires|unresolved|does not exist|doesn't exist|no upstream|were given"
          + "|prefer|could be|should be|warning|too (?:long|complex|many|deep)"
          + "|(?-i:\\[[A-Z]+\\])|--- fail|^fail:");
  private static final Pattern GENERIC = Pattern.compile(
      "(?i)^(?:exit code \\d+|pre-commit validation failed:?.*|fix these issues before committing\\.?"
          + "|error:?|errors:?|\\[[a-z]+\\]|-+|_+|=+|\\.+|failures?:?|stacktrace:|code:.*|no\\b.*\\bspecified\\b.*)$");
  private static final Pattern NAMED = Pattern.compile("\\b\\w+(?:Error|Exception)\\b");
  private static final Pattern SPECIFIC = Pattern.compile(
      "(?i)never match|too complex|not formatted|undefined|no such|not found|cannot|could not|expected"
          + "|missing|requires|does not exist|doesn't exist|no upstream|permission denied|unused|[1-9]\\d* failures?"
          + "|[1-9]\\d* failed|not configured|conflict|timed? ?out|refused|unknown|were given|no function clause"
          + "|does not match|doesn't match|mismatch"
          + "|--- fail|^fail(?:ed)?\\b");                  // a failing test named: Go, Jest/Vitest, pytest
  /** "[ERROR] MainTest..." is a log line, not the header of a checker's section. */
  private static final Pattern LOG_LEVEL = Pattern.compile("ERROR|WARN|WARNING|INFO|DEBUG|TRACE|FATAL|NOTE");
  private static final Pattern SECTION = Pattern.compile("\\[([A-Z][A-Z _-]{1,30})\\](.*)");
  private static final Pattern WARNING = Pattern.compile("(?i)^warning\\b|\\bwarning:");
  // A failure line is quoted within the width of two terminal lines, cut at a word; the rest is its output.
  private static final int MAX_LINE = 240;
  /** Shorter lines are fragments (":error", "Type:"), not a message. */
  private static final int MIN_MESSAGE_LINE = 12;
  /** Where an error happened rather than what: a stack frame or a source location line. */
  private static final Pattern LOCATION = Pattern.compile("^(?:[└├│]|at\\s+[\\w$.]+\\(|\\(\\w+ [\\d.]+\\) \\S+:\\d+)");
  /** Longer lines are data (an HTML page, an inspected struct), not a message. */
  private static final int MAX_MESSAGE_LINE = 400;

  private FailureSignals() {}

  /** Whether {@code result} of {@code call} is a failure: flagged by the tool, or showing one in its output. */
  static boolean failed(ContentBlock.ToolUse call, ContentBlock.ToolResult result) {
    if (result.isError()) {
      return true;
    }
    if (!call.name().equals("Bash")) {
      return false;
    }
    List<ShellCommand> commands = ShellCommand.parse(call.inputText("command"));
    boolean runs = commands.stream().map(CommandKind::of).anyMatch(k -> k != CommandKind.LOOK);
    return runs && showsFailure(result.text());
  }

  private static boolean showsFailure(String output) {
    String lower = output.toLowerCase(Locale.ROOT);
    return FAILED_WORDS.stream().anyMatch(lower::contains) && FAILED.matcher(output).find();
  }

  /** Whether the failure is the user's doing (a rejected or interrupted call), not an error to fix. */
  static boolean byUser(String errorText) {
    return BY_USER.matcher(errorText).find();
  }

  /**
   * The lines of an error output that say what went wrong: the telling lines that are not generic wrappers
   * ("Exit code 1", "Pre-commit validation failed"), at most {@code max}, each cut to 240 characters;
   * the first non-blank line when no line tells.
   */
  static List<String> keyLines(String errorText, int max) {
    if (errorText.strip().startsWith("<tool_use_error>")) {
      // A refused tool call: its first line is the message, the rest echoes the call's input.
      return List.of(cut(errorText.strip().replace("<tool_use_error>", "").replace("</tool_use_error>", "")
          .lines().findFirst().orElse("").strip()));
    }
    // Tool output that embeds escaped JSON carries "\\n" as two characters: read it as a line break.
    List<String> lines = errorText.replace("\\n", "\n").lines()
        .map(l -> l.replaceAll("^[┃│|>*\\s→]+", "").replaceAll("^\\[[A-Z]\\]\\s*[↘→↗↓]?\\s*", "").strip())
        .filter(l -> !l.isEmpty()).toList();
    List<String> candidates = new ArrayList<>();
    List<Integer> scores = new ArrayList<>();
    String section = "";
    for (String raw : lines) {
      java.util.regex.Matcher tag = SECTION.matcher(raw);
      if (tag.matches() && LOG_LEVEL.matcher(tag.group(1)).matches()) {
        tag = SECTION.matcher("");
      }
      if (tag.matches()) {
        // A checker's section header ("[DIALYZER]", "[FORMAT] Code is not formatted."): what follows is its.
        section = tag.group(1);
        if (tag.group(2).isBlank()) {
          continue;
        }
      }
      String line = tag.matches() ? tag.group(2).strip() : raw;
      if (line.length() > MAX_MESSAGE_LINE || line.length() < MIN_MESSAGE_LINE || LOCATION.matcher(line).find()
          || GENERIC.matcher(line).matches() || !TELLING.matcher(raw).find()) {
        continue;
      }
      String told = cut(section.isEmpty() ? line : section + ": " + line);
      if (candidates.contains(told)) {
        continue;
      }
      candidates.add(told);
      // A warning (often from a dependency being compiled) says less than an error beside it.
      scores.add((NAMED.matcher(line).find() ? 2 : 0) + (SPECIFIC.matcher(line).find() ? 2 : 0) + 1
          - (WARNING.matcher(line).find() ? 2 : 0));
    }
    List<String> out = new ArrayList<>();
    for (int score = 5; score > 0 && out.size() < max; score--) {
      for (int i = 0; i < candidates.size() && out.size() < max; i++) {
        if (scores.get(i) == score) {
          out.add(candidates.get(i));
        }
      }
    }
    int best = out.isEmpty() ? 0 : scores.get(candidates.indexOf(out.get(0)));
    out.removeIf(l -> best >= 3 && scores.get(candidates.indexOf(l)) < 3);
    if (out.isEmpty()) {
      lines.stream().filter(l -> !GENERIC.matcher(l).matches()).findFirst().map(FailureSignals::cut)
          .ifPresent(out::add);
    }
    return out;
  }

  private static String cut(String line) {
    if (line.length() <= MAX_LINE) {
      return line;
    }
    int space = line.lastIndexOf(' ', MAX_LINE);
    return line.substring(0, space > MAX_LINE / 2 ? space : MAX_LINE) + " ...";
  }
}
