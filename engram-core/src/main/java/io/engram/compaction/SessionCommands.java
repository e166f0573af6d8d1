package io.engram.compaction;

import io.engram.transcript.CallOutcomes;
import io.engram.transcript.CommandKind;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.FileActivity;
import io.engram.transcript.ShellCommand;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a session's shell commands say of the work at the cut ({@link LiveIntent} reads them): the checks still to
 * run, the push still to do, and the commands it ran last.
 */
final class SessionCommands {
  // Part of the live intent, which the continuity score reads (so a definition, not a setting): a command that
  // checks the work is quoted within 120 characters, a line.
  private static final int CHECK_CHARS = 120;
  // At most three such commands, the latest.
  private static final int MAX_COMMANDS = 3;
  // A word a person names a command by ("test", "commit") is short; a longer argument is a value and ends the phrase.
  private static final int LONGEST_PHRASE_WORD = 30;
  // Programs that run the file they are given.
  private static final Set<String> INTERPRETERS = Set.of("node", "bun", "deno", "python", "python3", "ruby", "perl",
      "php", "bash", "sh", "zsh", "tsx", "ts-node", "npx", "bunx", "uv", "go", "java", "swift", "elixir", "mix",
      "rscript", "lua", "dotnet");
  // A program as written: a name or a path, nothing the shell would expand or group.
  private static final java.util.regex.Pattern PROGRAM = java.util.regex.Pattern.compile("[\\w~./@][\\w~./@:+-]*");
  private static final Set<String> SHELL_GRAMMAR = Set.of("do", "done", "then", "fi", "else", "elif", "esac", "if",
      "for", "while", "until", "case", "in", "function", "select", "{", "}", "!", "[", "[[", "]]", "test", "true",
      "false", ":");
  private static final Set<CommandKind> CHECKS =
      EnumSet.of(CommandKind.TEST, CommandKind.LINT, CommandKind.BUILD, CommandKind.FORMAT);

  private SessionCommands() {}

  // The session's checks still to run: for each kind of check it ran (build, test, lint, format), its last
  // command line, when a file changed after that line last passed; in the order the session ran them.
  static Optional<String> check(List<TranscriptMessage> messages, List<FileActivity> activity,
      CallOutcomes calls) {
    int lastChange = Workflow.lastChange(activity, 0, messages.size() - 1);
    if (lastChange < 0) {
      return Optional.empty();
    }
    Set<CommandKind> seen = EnumSet.noneOf(CommandKind.class);
    List<String> toRun = new ArrayList<>();
    for (int i = messages.size() - 1; i >= 0 && seen.size() < CHECKS.size(); i--) {
      List<ContentBlock.ToolUse> uses = messages.get(i).toolUses();
      for (int u = uses.size() - 1; u >= 0; u--) {
        ContentBlock.ToolUse use = uses.get(u);
        if (!use.name().equals("Bash")) {
          continue;
        }
        List<ShellCommand> checks = calls.commands(use).stream().filter(c -> CHECKS.contains(CommandKind.of(c)))
            .filter(c -> !seen.contains(CommandKind.of(c))).toList();
        if (checks.isEmpty()) {
          continue;
        }
        checks.forEach(c -> seen.add(CommandKind.of(c)));
        String line = Excerpts.shorten(String.join(" && ", checks.stream().map(SessionCommands::written).toList()),
            CHECK_CHARS);
        if (!(i > lastChange && calls.worked(use)) && !toRun.contains(line)) {
          toRun.add(0, line);
        }
      }
    }
    return toRun.isEmpty() ? Optional.empty() : Optional.of(String.join("`, `", toRun));
  }

  // The commands run last, as files touched last are: an agent often runs again, or goes on from, what it just ran.
  // On the 41 tuning compactions whose first calls after the cut run a command of two words or more (git add,
  // go build), the last 1, 3 and 5 distinct commands before the cut name one in 15, 19 and 22. Commands that only
  // look (grep, cat, git status) are left out: they say little of the work.
  static List<String> ranLast(List<TranscriptMessage> messages, CallOutcomes calls) {
    Map<String, String> byPhrase = new LinkedHashMap<>();
    for (int i = messages.size() - 1; i >= 0 && byPhrase.size() < MAX_COMMANDS; i--) {
      List<ContentBlock.ToolUse> uses = messages.get(i).toolUses();
      for (int u = uses.size() - 1; u >= 0 && byPhrase.size() < MAX_COMMANDS; u--) {
        if (!uses.get(u).name().equals("Bash")) {
          continue;
        }
        List<ShellCommand> commands = calls.commands(uses.get(u));
        for (int c = commands.size() - 1; c >= 0 && byPhrase.size() < MAX_COMMANDS; c--) {
          ShellCommand command = commands.get(c);
          if (CommandKind.of(command) != CommandKind.LOOK && isCommand(command)) {
            byPhrase.putIfAbsent(phrase(command), Excerpts.shorten(written(command), CHECK_CHARS));
          }
        }
      }
    }
    return List.copyOf(byPhrase.values());
  }

  // Whether a parsed piece of a shell line is a command a person would name: its program a plain word, not a piece
  // of a substitution or arithmetic ("$(git rev-parse", "+%s)", "_END - 1750 ))"), a test ("[ -f go.mod ]"), a
  // comment or a keyword of the shell's grammar ("done", "fi"), which the line's splitting leaves as pieces.
  static boolean isCommand(ShellCommand c) {
    String written = c.program() + " " + String.join(" ", c.args());
    long opened = written.chars().filter(ch -> ch == '(').count();
    long closed = written.chars().filter(ch -> ch == ')').count();
    return PROGRAM.matcher(c.program()).matches() && !SHELL_GRAMMAR.contains(c.program()) && opened == closed;
  }

  // The files the agent's commands ran, with the message each was run in last: a script run by its interpreter
  // (bun cli.ts, python tool.py, ./build.sh), a test file given to its runner (bun test a.test.ts, pytest
  // test_a.py), a file a build, lint or format command was given. Running a file is working on it as much as
  // reading it is; FileActivity sees only reads and writes.
  static Map<String, Integer> filesRun(List<TranscriptMessage> messages, CallOutcomes calls) {
    Map<String, Integer> run = new LinkedHashMap<>();
    for (int i = 0; i < messages.size(); i++) {
      TranscriptMessage m = messages.get(i);
      for (ContentBlock.ToolUse use : m.toolUses()) {
        if (!use.name().equals("Bash")) {
          continue;
        }
        for (ShellCommand c : calls.commands(use)) {
          for (String file : ran(c)) {
            run.put(resolve(file, c.dir(), m.cwd()), i);
          }
        }
      }
    }
    return run;
  }

  // The files one command runs: its program when that is a script, and the file operands of an interpreter, a
  // test runner, a build, lint or format command.
  private static List<String> ran(ShellCommand c) {
    List<String> files = new ArrayList<>();
    if (namesScript(c.program())) {
      files.add(c.program());
    }
    CommandKind kind = CommandKind.of(c);
    if (!INTERPRETERS.contains(c.name()) && !CHECKS.contains(kind)) {
      return files;
    }
    boolean output = false;
    for (String a : c.args()) {
      // What a command writes (-o out.html, > log.txt) is its output, not a file it runs.
      boolean skip = output;
      output = a.equals("-o") || a.equals("--output") || a.matches("\\d*>>?|<");
      if (skip || a.startsWith("-") || a.matches("\\d*[<>].*")) {
        continue;
      }
      if (namesScript(a)) {
        files.add(a);
      }
    }
    return files;
  }

  private static boolean namesScript(String word) {
    int dot = word.lastIndexOf('.');
    return dot > 0 && dot < word.length() - 1 && word.indexOf('/', dot) < 0 && !word.contains("://")
        && word.chars().noneMatch(ch -> "*?$`(){}[]=\n".indexOf(ch) >= 0)
        && FileTypes.knownExtension(word.substring(dot + 1));
  }

  private static String resolve(String path, String dir, Optional<String> cwd) {
    try {
      if (path.startsWith("~")) {
        return path;
      }
      java.nio.file.Path p = java.nio.file.Path.of(path);
      if (!p.isAbsolute() && !dir.isEmpty()) {
        p = java.nio.file.Path.of(dir).resolve(p);
      }
      if (!p.isAbsolute() && cwd.isPresent()) {
        p = java.nio.file.Path.of(cwd.get()).resolve(p);
      }
      return p.normalize().toString();
    } catch (java.nio.file.InvalidPathException e) {
      return path;
    }
  }

  // A session that pushes goes on pushing: its last push command, when a commit worked after the last push that did.
  static Optional<String> push(List<TranscriptMessage> messages, CallOutcomes calls) {
    String push = "";
    boolean committed = false;
    for (TranscriptMessage m : messages) {
      for (ContentBlock.ToolUse use : m.toolUses()) {
        if (!use.name().equals("Bash") || !calls.worked(use)) {
          continue;
        }
        for (ShellCommand c : calls.commands(use)) {
          CommandKind kind = CommandKind.of(c);
          if (kind == CommandKind.PUSH) {
            push = written(c);
            committed = false;
          } else if (kind == CommandKind.COMMIT) {
            committed = true;
          }
        }
      }
    }
    return committed && !push.isEmpty() ? Optional.of(push) : Optional.empty();
  }

  // The command as a person names it: its program and up to two words, no options, paths or values. The lab's
  // yardstick of a next step (NextStepMatch, in engram-bench) names a command the same way.
  static String phrase(ShellCommand c) {
    List<String> words = new ArrayList<>(List.of(c.name()));
    List<String> args = c.args();
    for (int i = 0; i < args.size() && words.size() < 3; i++) {
      String a = args.get(i);
      if (a.startsWith("-")) {
        if (a.equals("-C") || a.equals("-c") || a.equals("--git-dir") || a.equals("-f")) {
          i++;
        }
        continue;
      }
      if (a.contains("/") || a.contains("=") || a.contains("\n") || a.length() > LONGEST_PHRASE_WORD) {
        break;
      }
      words.add(a.toLowerCase(Locale.ROOT));
    }
    return String.join(" ", words);
  }

  // A check as a person would type it again: the program and its words up to the first redirect or pipe.
  private static String written(ShellCommand c) {
    List<String> words = new ArrayList<>(List.of(c.program()));
    for (String a : c.args()) {
      if (a.matches("\\d*>.*") || a.contains("\n")) {
        break;
      }
      words.add(a.contains(" ") ? "\"" + a + "\"" : a);
    }
    return String.join(" ", words);
  }
}
