package io.engram.transcript;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A tool call that failed, what the assistant made of it, the changes that fixed it, and the later call
 * that succeeded at the same thing.
 *
 * <p>A call failed when the tool flagged its result as an error or, for a shell command that builds,
 * tests, checks or runs something, when its output shows a failure (failing tests, compiler errors,
 * exceptions, lint findings; {@link FailureSignals}). "The same thing" is the same tool on the same target:
 * the same file for file tools, the same program and subcommand for shell commands (the last one of a
 * chain that is not a mere look: {@code mix test} after {@code mix test}, {@code git commit} after {@code git
 * add -A && git commit}), otherwise the same tool name. The first such success after the error is its
 * {@link #fix}, and so is a later run that fails for another reason (it got past this error); a failed call
 * that is never repeated as such but followed at once by a successful call of the same tool and kind was
 * fixed by that call. The changes between the error and the run that showed it fixed (file edits and
 * writes, shell commands that are not a look, a re-run or a tracker or git command) are {@link #changes}:
 * what actually fixed it.
 *
 * @param call the failed call
 * @param error the error text the tool returned
 * @param at when the error came back
 * @param callIndex index of the message holding the call
 * @param errorIndex index of the message holding the error result
 * @param fix the call that later succeeded, if any
 * @param changes the changes made between the error and that success (up to the end when unresolved)
 * @param reading the assistant's words between the error and its first change, "" when it said nothing
 */
public record ErrorFix(
    ContentBlock.ToolUse call,
    String error,
    Optional<Instant> at,
    int callIndex,
    int errorIndex,
    Optional<Fix> fix,
    List<Change> changes,
    String reading) {

  /** How many key lines of a later failure are compared with an error's first one. */
  private static final int KEY_LINES = 5;

  public ErrorFix {
    changes = List.copyOf(changes);
  }

  /**
   * The call that showed an error resolved.
   *
   * @param call the call
   * @param callIndex index of the message holding the call
   * @param resultIndex index of the message holding its result
   * @param passed true when it succeeded; false when it failed for another reason (it got past this error)
   */
  public record Fix(ContentBlock.ToolUse call, int callIndex, int resultIndex, boolean passed) {}

  /**
   * One change made after an error.
   *
   * @param call the call that made it (Edit, Write, MultiEdit, NotebookEdit, or a shell command)
   * @param callIndex index of the message holding the call
   * @param intent the assistant's text just before the call ("Let me rewrite it as a macro:"), or ""
   */
  public record Change(ContentBlock.ToolUse call, int callIndex, String intent) {}

  /** Indexes of every message involved: the call, the error, and the fix's call and result. */
  public List<Integer> messageIndexes() {
    List<Integer> indexes = new ArrayList<>(List.of(callIndex, errorIndex));
    fix.ifPresent(f -> indexes.addAll(List.of(f.callIndex(), f.resultIndex())));
    return List.copyOf(indexes);
  }

  /**
   * Whether {@code result} of {@code call} is a failure: flagged by the tool, or showing failing tests,
   * compiler errors, exceptions or lint findings in the output of a command that builds, tests, checks or
   * runs something.
   */
  public static boolean failed(ContentBlock.ToolUse call, ContentBlock.ToolResult result) {
    return FailureSignals.failed(call, result);
  }

  /** Whether the failure is the user's doing (a rejected or interrupted call) rather than an error to fix. */
  public boolean byUser() {
    return FailureSignals.byUser(error);
  }

  /** The lines of the error that say what went wrong (at most {@code max}, generic wrappers skipped). */
  public List<String> keyLines(int max) {
    return FailureSignals.keyLines(error, max);
  }

  /** The errors in {@code messages}, oldest first, each with its fix when one followed. */
  public static List<ErrorFix> of(List<TranscriptMessage> messages) {
    return of(messages, CallOutcomes.of(messages));
  }

  /** {@link #of(List)}, asking {@code calls} (the calls of {@code messages}) what it already worked out. */
  public static List<ErrorFix> of(List<TranscriptMessage> messages, CallOutcomes calls) {
    List<Outcome> outcomes = outcomes(messages, calls);
    List<ErrorFix> errors = new ArrayList<>();
    for (int o = 0; o < outcomes.size(); o++) {
      Outcome failed = outcomes.get(o);
      if (!failed.failed()) {
        continue;
      }
      String target = target(failed.call(), calls);
      Optional<Fix> fix = Optional.empty();
      int end = messages.size();
      List<String> first = calls.keyLines(failed.text(), 1);
      for (Outcome later : outcomes.subList(o + 1, outcomes.size())) {
        if (target(later.call(), calls).equals(target)) {
          // A later run that fails for another reason got past this error: the changes in between fixed it.
          if (!later.failed() || !calls.keyLines(later.text(), KEY_LINES).containsAll(first)) {
            fix = Optional.of(new Fix(later.call(), later.callIndex(), later.resultIndex(), !later.failed()));
          }
          end = later.callIndex();
          break;
        }
      }
      if (fix.isEmpty()) {
        Optional<Outcome> retry = retriedDifferently(outcomes, o, calls);
        if (retry.isPresent()) {
          fix = Optional.of(new Fix(retry.get().call(), retry.get().callIndex(), retry.get().resultIndex(), true));
          end = retry.get().callIndex();
        }
      }
      errors.add(explained(failed, messages, fix, end, calls));
    }
    return List.copyOf(errors);
  }

  /** One tool call and its result, in the order the results came. */
  private record Outcome(ContentBlock.ToolUse call, int callIndex, int resultIndex, String text, boolean failed,
      Optional<Instant> at) {}

  private static List<Outcome> outcomes(List<TranscriptMessage> messages, CallOutcomes known) {
    Map<String, Integer> callAt = new HashMap<>();
    Map<String, ContentBlock.ToolUse> calls = new HashMap<>();
    List<Outcome> out = new ArrayList<>();
    for (int i = 0; i < messages.size(); i++) {
      TranscriptMessage m = messages.get(i);
      for (ContentBlock.ToolUse use : m.toolUses()) {
        callAt.put(use.id(), i);
        calls.put(use.id(), use);
      }
      for (ContentBlock.ToolResult result : m.toolResults()) {
        ContentBlock.ToolUse call = calls.get(result.toolUseId());
        if (call != null) {
          out.add(new Outcome(call, callAt.get(result.toolUseId()), i, result.text(),
              known.failed(call, result), m.timestamp()));
        }
      }
    }
    return out;
  }

  // A failed call never repeated as such, but followed at once by a successful call of the same tool and
  // kind ("source x.sh" refused, "bash -c 'source x.sh'" then worked): that call is how it was fixed.
  private static Optional<Outcome> retriedDifferently(List<Outcome> outcomes, int failedAt, CallOutcomes calls) {
    Outcome failed = outcomes.get(failedAt);
    for (Outcome next : outcomes.subList(failedAt + 1, outcomes.size())) {
      if (isLook(next.call(), calls)) {
        continue;
      }
      boolean same = next.call().name().equals(failed.call().name())
          && kind(next.call(), calls) == kind(failed.call(), calls);
      return same && !next.failed() ? Optional.of(next) : Optional.empty();
    }
    return Optional.empty();
  }

  private static ErrorFix explained(Outcome failed, List<TranscriptMessage> messages, Optional<Fix> fix, int end,
      CallOutcomes calls) {
    String target = target(failed.call(), calls);
    List<Change> changes = new ArrayList<>();
    StringBuilder reading = new StringBuilder();
    String lastText = "";
    for (int i = failed.resultIndex() + 1; i < end; i++) {
      TranscriptMessage m = messages.get(i);
      if (m.role() != Role.ASSISTANT) {
        continue;
      }
      if (!m.text().isBlank()) {
        lastText = m.text().strip();
        if (changes.isEmpty()) {
          reading.append(reading.length() == 0 ? "" : " ").append(lastText);
        }
      }
      for (ContentBlock.ToolUse use : m.toolUses()) {
        if (isChange(use, calls) && !target(use, calls).equals(target)) {
          changes.add(new Change(use, i, lastText));
          lastText = "";
        }
      }
    }
    return new ErrorFix(failed.call(), failed.text(), failed.at(), failed.callIndex(), failed.resultIndex(), fix,
        changes, reading.toString());
  }

  private static boolean isLook(ContentBlock.ToolUse use, CallOutcomes calls) {
    return switch (use.name()) {
      case "Read", "Grep", "Glob", "LS", "WebFetch", "WebSearch", "TaskOutput", "BashOutput", "TodoWrite" -> true;
      case "Bash" -> kind(use, calls) == CommandKind.LOOK;
      default -> false;
    };
  }

  private static CommandKind kind(ContentBlock.ToolUse use, CallOutcomes calls) {
    CommandKind kind = CommandKind.LOOK;
    for (ShellCommand c : calls.commands(use)) {
      if (CommandKind.of(c) != CommandKind.LOOK) {
        kind = CommandKind.of(c);
      }
    }
    return kind;
  }

  private static boolean isChange(ContentBlock.ToolUse use, CallOutcomes calls) {
    return switch (use.name()) {
      case "Edit", "MultiEdit", "Write", "NotebookEdit", "apply_patch", "Delete" -> true;
      case "Bash" -> calls.commands(use).stream().anyMatch(c ->
          (CommandKind.of(c) == CommandKind.OTHER || CommandKind.of(c) == CommandKind.FORMAT)
              && !c.name().equals("git") && TrackerCommands.parse(c).isEmpty());
      default -> false;
    };
  }

  private static String target(ContentBlock.ToolUse call, CallOutcomes calls) {
    for (String field : List.of("file_path", "notebook_path", "path", "url")) {
      String value = call.inputText(field);
      if (!value.isEmpty()) {
        return call.name() + ":" + value;
      }
    }
    String command = call.inputText("command").strip();
    if (!command.isEmpty()) {
      List<ShellCommand> commands = calls.commands(call);
      String label = "";
      for (ShellCommand c : commands) {
        if (CommandKind.of(c) != CommandKind.LOOK || label.isEmpty()) {
          label = c.label();
        }
      }
      return call.name() + ":" + label;
    }
    return call.name();
  }
}
