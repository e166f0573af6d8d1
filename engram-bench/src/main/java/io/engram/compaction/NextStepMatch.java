package io.engram.compaction;

import io.engram.transcript.CommandKind;
import io.engram.transcript.ShellCommand;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a summary's next step names what the agent really did next: one of its first {@value #FIRST_CALLS}
 * calls of work after the compaction, before the person spoke again ({@link AfterCompaction#firstWork}), is
 * named by
 * <ul>
 *   <li>a file it read, edited or searched (its file name, as a word of the text);
 *   <li>the command it ran (the program with its first words, {@code go test}, {@code mise run lint}, without
 *       options and paths);
 *   <li>the check it ran, in words: a test run by "test", a lint by "lint" or "vet", a build by "build" or
 *       "compile", formatting by "format", a commit by "commit", a push by "push";
 *   <li>what it searched for (a name of at least four characters in its search pattern).
 * </ul>
 * One function for every summary: Engram's and Claude Code's are held to the same yardstick in the same run.
 */
public final class NextStepMatch {
  /** How many of the agent's calls after the compaction count as "what it did next". */
  public static final int FIRST_CALLS = 3;

  private static final Pattern FILE_NAME = Pattern.compile("[\\w.@-]*[\\w@-]\\.[A-Za-z0-9]{1,10}");
  private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{3,}");
  private static final Map<CommandKind, Pattern> CHECK_WORDS = Map.of(
      CommandKind.TEST, Pattern.compile("(?i)\\btest(?:s|ing)?\\b"),
      CommandKind.LINT, Pattern.compile("(?i)\\b(?:lint\\w*|vet)\\b"),
      CommandKind.BUILD, Pattern.compile("(?i)\\b(?:build\\w*|compil\\w*)\\b"),
      CommandKind.FORMAT, Pattern.compile("(?i)\\b(?:format\\w*|fmt)\\b"),
      CommandKind.COMMIT, Pattern.compile("(?i)\\bcommit\\w*\\b"),
      CommandKind.PUSH, Pattern.compile("(?i)\\bpush\\w*\\b"));
  private static final Pattern CHECK_SCRIPT = Pattern.compile("(?i)^(?:test|lint|check|build|fmt|format)\\b.*");

  private NextStepMatch() {}

  /** Whether {@code nextStep} names one of the agent's first calls of work; false when it made none. */
  public static boolean matches(String nextStep, AfterCompaction after) {
    return !why(nextStep, after).isEmpty();
  }

  /** What of the agent's first calls {@code nextStep} names, as short notes; empty when it names none. */
  public static List<String> why(String nextStep, AfterCompaction after) {
    List<String> found = new ArrayList<>();
    for (AfterCompaction.Call call : after.firstWork(FIRST_CALLS)) {
      for (String path : call.paths()) {
        String name = path.substring(path.replace('\\', '/').lastIndexOf('/') + 1);
        if (FILE_NAME.matcher(name).matches() && word(nextStep, name)) {
          found.add("file " + name);
        }
      }
      if (!call.command().isBlank()) {
        for (ShellCommand c : ShellCommand.parse(call.command())) {
          String phrase = SessionCommands.phrase(c);
          if (phrase.contains(" ") && nextStep.toLowerCase(Locale.ROOT).contains(phrase)) {
            found.add("command " + phrase);
          }
          CommandKind kind = kind(c);
          Pattern words = CHECK_WORDS.get(kind);
          if (words != null && words.matcher(nextStep).find()) {
            found.add("check " + kind.name().toLowerCase(Locale.ROOT));
          }
        }
      }
      Matcher names = NAME.matcher(call.pattern());
      while (names.find()) {
        if (word(nextStep, names.group())) {
          found.add("search " + names.group());
        }
      }
    }
    return found.stream().distinct().toList();
  }

  // A task runner's script named for a check (mise run test:ci, npm run lint) is that check.
  private static CommandKind kind(ShellCommand c) {
    CommandKind kind = CommandKind.of(c);
    if (kind != CommandKind.OTHER && kind != CommandKind.LOOK) {
      return kind;
    }
    String[] words = SessionCommands.phrase(c).split(" ");
    String last = words[words.length - 1];
    if (words.length >= 2 && CHECK_SCRIPT.matcher(last).matches()) {
      String l = last.toLowerCase(Locale.ROOT);
      return l.startsWith("test") ? CommandKind.TEST : l.startsWith("lint") || l.startsWith("check")
          ? CommandKind.LINT : l.startsWith("build") ? CommandKind.BUILD : CommandKind.FORMAT;
    }
    if (c.name().equals("git") && !c.args().isEmpty()) {
      String sub = SessionCommands.phrase(c).replace("git ", "");
      return sub.startsWith("commit") ? CommandKind.COMMIT : sub.startsWith("push") ? CommandKind.PUSH : kind;
    }
    return kind;
  }

  private static boolean word(String text, String name) {
    return Pattern.compile("(?<![\\w.-])" + Pattern.quote(name) + "(?![\\w-])", Pattern.CASE_INSENSITIVE)
        .matcher(text).find();
  }
}
