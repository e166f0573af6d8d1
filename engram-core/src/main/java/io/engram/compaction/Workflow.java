package io.engram.compaction;

import io.engram.transcript.CallOutcomes;
import io.engram.transcript.CommandKind;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.FileActivity;
import io.engram.transcript.FileOperation;
import io.engram.transcript.FileTouch;
import io.engram.transcript.ShellCommand;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.WorkItem;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The steps this session's finished tasks went through (tests written, build, test, lint, format, tracker
 * close, commit, push), learned from the session itself: each tracked item that was started and then
 * done is a cycle, and every kind of step a cycle ran successfully is one the task in progress still
 * needs, unless it already ran after that task's last change. A session with no finished cycle teaches
 * nothing, and then nothing is claimed to be missing.
 *
 * @param steps the kinds of step, in the order a task goes through them, each with the command the
 *     session used for it
 */
record Workflow(List<Step> steps) {
  // A word of a command a person repeats is short ("test", "--offline"); a longer argument is a value (a query, a
  // message) and ends what is repeated.
  private static final int LONGEST_REPEATED_WORD = 40;
  private static final Set<String> TEST_DIRS = Set.of("test", "tests", "spec", "specs", "__tests__");

  /** A kind of step a task goes through before it is finished. */
  enum Kind {
    TESTS("write or update its tests"),
    BUILD("build"),
    TEST("run the tests"),
    LINT("run the checks"),
    FORMAT("format the code"),
    CLOSE("close it in the tracker"),
    COMMIT("commit"),
    PUSH("push");

    private final String action;

    Kind(String action) {
      this.action = action;
    }

    /** The step as an instruction when no command is known. */
    String action() {
      return action;
    }
  }

  /**
   * One step.
   *
   * @param kind what it is
   * @param command the command the session ran for it (the shortest seen), or "" (tests, close)
   */
  record Step(Kind kind, String command) {
    /** The step as an instruction: the command in backticks, else the action. */
    String instruction(String itemId, String tracker) {
      if (kind == Kind.CLOSE && !itemId.isEmpty() && !tracker.isEmpty()) {
        return "`" + tracker + " close " + itemId + "`";
      }
      return command.isEmpty() ? kind.action() : "`" + command + "`";
    }
  }

  Workflow {
    steps = List.copyOf(steps);
  }

  /** The steps of the cycles of {@code done} items (started and finished in {@code messages}). */
  static Workflow learn(List<TranscriptMessage> messages, List<WorkItem> items, List<FileActivity> files,
      CallOutcomes calls) {
    Map<Kind, String> seen = new EnumMap<>(Kind.class);
    List<WorkItem> started = items.stream().filter(w -> w.startedIndex().isPresent())
        .sorted(java.util.Comparator.comparingInt(w -> w.startedIndex().get())).toList();
    for (int i = 0; i < started.size(); i++) {
      WorkItem w = started.get(i);
      if (w.isOpen()) {
        continue;
      }
      int from = w.startedIndex().get();
      int to = i + 1 < started.size() ? Math.max(w.lastIndex(), started.get(i + 1).startedIndex().get() - 1)
          : messages.size() - 1;
      // A later cycle's command wins: it is how the session does the step now.
      done(messages, calls, files, from, to).forEach((kind, command) -> seen.merge(kind, command,
          (a, b) -> b.isEmpty() ? a : b));
      seen.put(Kind.CLOSE, "");
    }
    List<Step> steps = new ArrayList<>();
    seen.forEach((kind, command) -> steps.add(new Step(kind, command)));
    return new Workflow(steps);
  }

  /** The steps still to do for an item worked on from {@code from}: those not run since its last change. */
  List<Step> remaining(List<TranscriptMessage> messages, List<FileActivity> files, int from, boolean closed,
      CallOutcomes calls) {
    int lastChange = lastChange(files, from, messages.size() - 1);
    Map<Kind, String> done = done(messages, calls, files, from, messages.size() - 1);
    Set<Kind> after =
        new HashSet<>(doneAfter(messages, calls, Math.max(from, lastChange), messages.size() - 1).keySet());
    if (done.containsKey(Kind.TESTS)) {
      after.add(Kind.TESTS);
    }
    if (closed) {
      after.add(Kind.CLOSE);
    }
    return steps.stream().filter(s -> !after.contains(s.kind())).toList();
  }

  /** The kinds of step run successfully in messages {@code from..to}, each with its shortest command. */
  static Map<Kind, String> done(List<TranscriptMessage> messages, CallOutcomes calls, List<FileActivity> files, int from,
      int to) {
    Map<Kind, String> kinds = doneAfter(messages, calls, from, to);
    for (FileActivity f : files) {
      if (isTest(f.path()) && f.touches().stream().anyMatch(t -> t.operation() != FileOperation.READ
          && t.operation() != FileOperation.DELETE && t.messageIndex() >= from && t.messageIndex() <= to)) {
        kinds.put(Kind.TESTS, "");
      }
    }
    return kinds;
  }

  /** The index of the last change to a file in messages {@code from..to}, or -1. */
  static int lastChange(List<FileActivity> files, int from, int to) {
    int last = -1;
    for (FileActivity f : files) {
      for (FileTouch t : f.touches()) {
        if (t.operation() != FileOperation.READ && t.messageIndex() >= from && t.messageIndex() <= to) {
          last = Math.max(last, t.messageIndex());
        }
      }
    }
    return last;
  }

  private static Map<Kind, String> doneAfter(List<TranscriptMessage> messages, CallOutcomes calls, int from, int to) {
    Map<Kind, String> kinds = new EnumMap<>(Kind.class);
    for (int i = Math.max(0, from); i <= Math.min(to, messages.size() - 1); i++) {
      for (ContentBlock.ToolUse use : messages.get(i).toolUses()) {
        if (!use.name().equals("Bash") || !calls.worked(use)) {
          continue;
        }
        for (ShellCommand c : calls.commands(use)) {
          kind(CommandKind.of(c)).ifPresent(k -> kinds.merge(k, written(c),
              (a, b) -> a.length() <= b.length() ? a : b));
        }
      }
    }
    return kinds;
  }

  private static java.util.Optional<Kind> kind(CommandKind k) {
    return switch (k) {
      case BUILD -> java.util.Optional.of(Kind.BUILD);
      case TEST -> java.util.Optional.of(Kind.TEST);
      case LINT -> java.util.Optional.of(Kind.LINT);
      case FORMAT -> java.util.Optional.of(Kind.FORMAT);
      case COMMIT -> java.util.Optional.of(Kind.COMMIT);
      case PUSH -> java.util.Optional.of(Kind.PUSH);
      default -> java.util.Optional.empty();
    };
  }

  // The command as a person would repeat it: program, subcommand and options, no paths, messages or redirects.
  private static String written(ShellCommand c) {
    List<String> words = new ArrayList<>(List.of(c.program()));
    for (String a : c.args()) {
      if (a.startsWith("-m") || a.equals("--message") || a.matches("\\d*>.*") || a.contains("\n")
          || a.length() > LONGEST_REPEATED_WORD) {
        break;
      }
      if (!a.contains("/") && !a.contains(".")) {
        words.add(a);
      }
    }
    return String.join(" ", words.subList(0, Math.min(words.size(), 4)));
  }

  private static boolean isTest(String path) {
    String lower = path.toLowerCase(Locale.ROOT);
    for (String part : lower.split("/")) {
      if (TEST_DIRS.contains(part)) {
        return true;
      }
    }
    String name = lower.substring(lower.lastIndexOf('/') + 1);
    String original = path.substring(path.lastIndexOf('/') + 1);
    return original.matches(".+(?:_test|_spec|\\.test|\\.spec|Test|Tests|Spec)\\.\\w+") || name.startsWith("test_");
  }
}
