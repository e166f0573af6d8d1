package io.engram.transcript;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The tool calls of one list of messages, each with its result, and what the views ask of them again and
 * again, worked out once: whether a call failed ({@link ErrorFix#failed}), the simple commands of a shell
 * call ({@link ShellCommand#parse}), the key lines of an error output. A compaction asks these of the
 * same calls from half a dozen places (errors, problems, the session's workflow, the account of the work,
 * the score); each answer reads a whole tool output, so it is kept. Answers are kept per object (two equal
 * outputs are still two outputs) and are the ones the static methods give. Not thread-safe: one per reading
 * of a list of messages.
 */
public final class CallOutcomes {
  /** The most key lines asked of one error: fewer are a prefix of these (the ranking is greedy). */
  static final int MAX_KEY_LINES = 5;

  private final Map<String, ContentBlock.ToolResult> results = new HashMap<>();
  private final Map<ContentBlock.ToolResult, Failure> failures = new IdentityHashMap<>();
  private final Map<ContentBlock.ToolUse, List<ShellCommand>> commands = new IdentityHashMap<>();
  private final Map<String, List<String>> keyLines = new IdentityHashMap<>();

  private CallOutcomes(List<TranscriptMessage> messages) {
    // A result may come after a later message (a prompt queued in between): look it up anywhere.
    for (TranscriptMessage m : messages) {
      for (ContentBlock block : m.blocks()) {
        if (block instanceof ContentBlock.ToolResult r) {
          results.put(r.toolUseId(), r);
        }
      }
    }
  }

  /** The calls of {@code messages}: results by call id (the last one when an id repeats). */
  public static CallOutcomes of(List<TranscriptMessage> messages) {
    return new CallOutcomes(messages);
  }

  /** The result of {@code call}, if the messages hold one. */
  public Optional<ContentBlock.ToolResult> result(ContentBlock.ToolUse call) {
    return Optional.ofNullable(results.get(call.id()));
  }

  /** Whether {@code call} has a result and it is a failure ({@link ErrorFix#failed}). */
  public boolean failed(ContentBlock.ToolUse call) {
    ContentBlock.ToolResult r = results.get(call.id());
    return r != null && failed(call, r);
  }

  /** Whether {@code call} has a result that is not a failure. */
  public boolean worked(ContentBlock.ToolUse call) {
    ContentBlock.ToolResult r = results.get(call.id());
    return r != null && !failed(call, r);
  }

  /** {@link ErrorFix#failed}{@code (call, result)}, worked out once per result. */
  public boolean failed(ContentBlock.ToolUse call, ContentBlock.ToolResult result) {
    Failure known = failures.get(result);
    if (known != null && known.call() == call) {
      return known.failed();
    }
    boolean failed = FailureSignals.failed(call, result);
    failures.putIfAbsent(result, new Failure(call, failed));
    return failed;
  }

  /** The simple commands of {@code call}'s {@code command} input ({@link ShellCommand#parse}), parsed once. */
  public List<ShellCommand> commands(ContentBlock.ToolUse call) {
    return commands.computeIfAbsent(call, c -> ShellCommand.parse(c.inputText("command")));
  }

  /** The lines of {@code errorText} that say what went wrong (at most {@code max}, at most 5), read once per text. */
  public List<String> keyLines(String errorText, int max) {
    if (max < 1 || max > MAX_KEY_LINES) {
      return FailureSignals.keyLines(errorText, max);
    }
    List<String> lines = keyLines.computeIfAbsent(errorText, t -> List.copyOf(FailureSignals.keyLines(t, MAX_KEY_LINES)));
    return lines.subList(0, Math.min(max, lines.size()));
  }

  private record Failure(ContentBlock.ToolUse call, boolean failed) {}
}
