package io.engram.compaction;

import io.engram.transcript.CallOutcomes;
import io.engram.transcript.CommandKind;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.ErrorFix;
import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One error of a session as a person tells it: what failed (the failing call and the lines of its output
 * that say why), how often, what the assistant made of it, the changes that fixed it, and whether it was
 * still failing at the cut. Repeats of the same error (the same first key line, numbers and positions
 * aside) are one problem; rejected or interrupted calls are not problems.
 *
 * <p>Some errors reach the agent without a failing call: a compiler diagnostic fed to the model after an
 * edit, a problem it spots in a file it read. The transcript then shows only the assistant's words
 * ("Right, I added :state to the accept list before adding the attribute"); such a sentence, said right after
 * a call that worked and naming a problem, is a problem too ({@link #noticed}), fixed by the change that
 * follows it.
 *
 * @param call the first failing call
 * @param keyLines the lines that say what went wrong, from every occurrence, first ones first
 * @param latestLines the lines that say what went wrong at its last occurrence (a build that fails again after a fix
 *     names the next place to fix)
 * @param occurrences how many times it failed
 * @param firstIndex index of the message holding the first error
 * @param lastIndex index of the message holding the last error
 * @param reading the assistant's words after the first occurrence, before its first change
 * @param changes every change made against it, in order
 * @param fix the call that showed it fixed, if any
 * @param noticed true when only the assistant's words show it (the call before it worked)
 */
record Problem(ContentBlock.ToolUse call, List<String> keyLines, List<String> latestLines, int occurrences, int firstIndex, int lastIndex,
    String reading, List<ErrorFix.Change> changes, Optional<ErrorFix.Fix> fix, boolean noticed) {
  // A problem is told by its three key lines: its message, then where it happened. Key information (which the score
  // checks a summary for) reads them too, so this is a definition, not a setting.
  private static final int KEY_LINES = 3;
  // A sentence that names a problem the agent only noticed is one of 20 to 400 characters: a shorter one is a
  // fragment ("That failed."), a longer one a pasted paragraph, not the agent's own words.
  private static final int MIN_NOTICED_CHARS = 20;
  // See MIN_NOTICED_CHARS.
  private static final int MAX_NOTICED_CHARS = 400;
  /** How many messages after the sentence its fix may come (the next edit, not one much later). */
  private static final int CHANGE_WINDOW = 8;
  private static final Pattern SENTENCE = Pattern.compile("(?<=[.!?])\\s+|\\n+");
  private static final Pattern NAMES_PROBLEM = Pattern.compile(
      "(?i)^(?:right|oops|ah|whoops)\\b.*\\b(?:before|forgot|missing|wrong)\\b"
          + "|\\b(?:doesn't|does not|don't|do not|isn't|is not) (?:exist|support|compile|work)"
          + "|\\bunused\\b|\\bundefined\\b|\\bduplicate\\b|\\bi forgot\\b|\\bcompile errors?\\b"
          + "|\\bthe (?:issue|problem) is\\b|\\bneed to fix\\b");
  /**
   * The tools the harness carries out itself, in the transcript's vocabulary: their errors are its own words (a shell
   * command, a web fetch or an MCP server's tool runs a program, whose output says what failed).
   */
  private static final java.util.Set<String> CARRIED_OUT_BY_THE_HARNESS = java.util.Set.of("Edit", "MultiEdit",
      "Write", "NotebookEdit", "Read", "Glob", "Grep", "LS", "TodoWrite", "Task", "Agent", "TaskOutput", "TaskCreate",
      "TaskUpdate", "TaskStop", "TaskList", "TaskGet", "ExitPlanMode", "EnterPlanMode", "AskUserQuestion", "Skill",
      "SendMessage", "SlashCommand", "KillShell", "KillBash", "BashOutput");
  /** A hook's output or verdict names its hook ("PreToolUse:Bash hook error", "Hook PreToolUse:Agent denied"). */
  private static final Pattern HOOK = Pattern.compile("(?i)\\bhook\\b|(?:Pre|Post)ToolUse");
  /** The system refusing a file ("EACCES: permission denied, open ..."): the machine's words, not the harness's. */
  private static final Pattern SYSTEM_ERROR = Pattern.compile("^E[A-Z]{2,}:");
  private static final Pattern NOISE = Pattern.compile("[0-9]+|/[^\\s:]+|\\s+|[^\\p{L}]");

  Problem {
    keyLines = List.copyOf(keyLines);
    latestLines = List.copyOf(latestLines);
    changes = List.copyOf(changes);
  }

  /**
   * Whether a person would call it a failure: a build, test, check or program run that failed, or a tool's own
   * error (an edit the harness refused included), rather than a look that found nothing (a file that does not
   * exist, a search with no match) or the assistant's words about a problem it then did not fix.
   */
  boolean real(CallOutcomes calls) {
    if (noticed) {
      return !changes.isEmpty();
    }
    return switch (call.name()) {
      case "Read", "Glob", "Grep", "LS", "TodoWrite", "WebSearch" -> false;
      case "Bash" -> calls.commands(call).stream().anyMatch(c -> CommandKind.of(c) != CommandKind.LOOK);
      default -> true;
    };
  }

  /**
   * Whether the harness itself refused or cut short the call, rather than the work failing: the result is the
   * harness's own words, not a program's output. That is a refusal in its own wrapper ({@code <tool_use_error>File
   * has not been read yet</tool_use_error>}, any tool), or any error of a tool the harness carries out itself (an edit,
   * a plan, a question, a subagent, a background shell it keeps: "Found 2 matches of the string to replace", "Exit plan
   * mode?", "Interrupted by user", "Shell 36b7a3 is not running"), where no program of the person's ran. A hook's
   * verdict is the person's own check speaking, and a system error code ("EACCES: permission denied") the machine's,
   * so both stay failures. The Errors section still tells such
   * refusals; a summary need not (see {@link Conversation}).
   */
  boolean refusedByTheHarness(CallOutcomes calls) {
    return !noticed && calls.result(call).filter(ContentBlock.ToolResult::isError)
        .map(r -> harnessWords(call.name(), r.text())).orElse(false);
  }

  /** Whether {@code errorText}, the error result of a call to {@code tool}, is the harness's own words. */
  static boolean harnessWords(String tool, String errorText) {
    String text = errorText.strip();
    if (HOOK.matcher(text).find() || SYSTEM_ERROR.matcher(text).find()) {
      return false;
    }
    return text.startsWith("<tool_use_error>") || CARRIED_OUT_BY_THE_HARNESS.contains(tool);
  }

  /** Whether it was fixed before the cut. */
  boolean resolved() {
    return fix.isPresent();
  }

  /** The first key line: what a summary must name. */
  String headline() {
    return keyLines.isEmpty() ? "" : keyLines.get(0);
  }

  /**
   * The problems of {@code errors} (none of them the user's doing: see {@link ErrorFix#byUser}), in order of first
   * occurrence, reading key lines through {@code calls}.
   */
  static List<Problem> of(List<ErrorFix> errors, CallOutcomes calls) {
    Map<String, Problem> byKey = new LinkedHashMap<>();
    for (ErrorFix e : errors) {
      List<String> lines = calls.keyLines(e.error(), KEY_LINES);
      String key = Calls.label(e.call()) + ":" + identity(lines.isEmpty() ? e.error() : lines.get(0));
      Problem seen = byKey.get(key);
      if (seen == null) {
        byKey.put(key, new Problem(e.call(), lines, lines, 1, e.errorIndex(), e.errorIndex(), e.reading(), e.changes(),
            e.fix(), false));
      } else {
        List<String> merged = new ArrayList<>(seen.keyLines());
        lines.stream().filter(l -> !merged.contains(l)).forEach(merged::add);
        List<ErrorFix.Change> changes = new ArrayList<>(seen.changes());
        e.changes().stream().filter(c -> changes.stream().noneMatch(x -> x.callIndex() == c.callIndex()))
            .forEach(changes::add);
        byKey.put(key, new Problem(seen.call(), merged.subList(0, Math.min(KEY_LINES, merged.size())), lines,
            seen.occurrences() + 1, seen.firstIndex(), e.errorIndex(), seen.reading(), changes, e.fix(), false));
      }
    }
    return List.copyOf(byKey.values());
  }

  /**
   * The problems only the assistant's words show: a sentence right after a call that worked which names a
   * problem ("doesn't exist", "unused", "duplicate", "before adding"...) or says it must fix one, outside
   * the span of a failed call's {@code errors} being worked on (there the words read that error).
   */
  static List<Problem> noticed(List<TranscriptMessage> messages, List<ErrorFix> errors, CallOutcomes calls) {
    java.util.BitSet working = new java.util.BitSet(messages.size());
    for (ErrorFix e : errors) {
      // A fix's call may come before the error's result (calls answered out of order): the span is between the two.
      int end = e.fix().map(ErrorFix.Fix::callIndex).orElse(messages.size());
      working.set(Math.min(e.errorIndex(), end), Math.max(e.errorIndex(), end));
    }
    List<Problem> out = new ArrayList<>();
    ContentBlock.ToolUse lastCall = null;
    boolean lastOk = false;
    for (int i = 0; i < messages.size(); i++) {
      TranscriptMessage m = messages.get(i);
      if (m.role() != Role.ASSISTANT) {
        continue;
      }
      if (lastCall != null && lastOk && !m.text().isBlank() && !working.get(i)) {
        for (String sentence : SENTENCE.split(m.text().strip())) {
          String t = sentence.strip();
          if (t.length() >= MIN_NOTICED_CHARS && t.length() <= MAX_NOTICED_CHARS && NAMES_PROBLEM.matcher(t).find()) {
            out.add(fixedAfter(messages, i, lastCall, t, calls));
            break;
          }
        }
      }
      for (ContentBlock.ToolUse use : m.toolUses()) {
        lastCall = use;
        lastOk = calls.worked(use);
      }
    }
    return out;
  }

  private static Problem fixedAfter(List<TranscriptMessage> messages, int at, ContentBlock.ToolUse after,
      String sentence, CallOutcomes calls) {
    String intent = messages.get(at).text().strip();
    for (int i = at; i < Math.min(messages.size(), at + CHANGE_WINDOW); i++) {
      for (ContentBlock.ToolUse use : messages.get(i).toolUses()) {
        boolean change = switch (use.name()) {
          case "Edit", "MultiEdit", "Write", "NotebookEdit" -> true;
          default -> false;
        };
        if (change && calls.result(use).filter(r -> !r.isError()).isPresent()) {
          ErrorFix.Change c = new ErrorFix.Change(use, i, intent);
          return new Problem(after, List.of(sentence), List.of(sentence), 1, at, at, intent, List.of(c),
              Optional.of(new ErrorFix.Fix(use, i, i, true)), true);
        }
      }
    }
    return new Problem(after, List.of(sentence), List.of(sentence), 1, at, at, intent, List.of(), Optional.empty(),
        true);
  }

  /** A key line without the numbers, paths and punctuation that differ between repeats of one error. */
  static String identity(String line) {
    return NOISE.matcher(line.toLowerCase(Locale.ROOT)).replaceAll("");
  }
}
