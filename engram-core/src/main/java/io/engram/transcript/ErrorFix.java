package io.engram.transcript;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A tool call that failed, and the later call that succeeded at the same thing, if any.
 *
 * <p>"The same thing" is the same tool on the same target: the same file for file tools, the same
 * program and subcommand for shell commands ({@code mix test} after {@code mix test}), otherwise the
 * same tool name. The first such success after the error is taken as its fix.
 *
 * @param call the failed call
 * @param error the error text the tool returned
 * @param at when the error came back
 * @param callIndex index of the message holding the call
 * @param errorIndex index of the message holding the error result
 * @param fix the call that later succeeded, if any
 */
public record ErrorFix(
    ContentBlock.ToolUse call,
    String error,
    Optional<Instant> at,
    int callIndex,
    int errorIndex,
    Optional<Fix> fix) {

  /**
   * The successful call that resolved an error.
   *
   * @param call the call
   * @param callIndex index of the message holding the call
   * @param resultIndex index of the message holding its successful result
   */
  public record Fix(ContentBlock.ToolUse call, int callIndex, int resultIndex) {}

  /** Indexes of every message involved: the call, the error, and the fix's call and result. */
  public List<Integer> messageIndexes() {
    List<Integer> indexes = new ArrayList<>(List.of(callIndex, errorIndex));
    fix.ifPresent(f -> indexes.addAll(List.of(f.callIndex(), f.resultIndex())));
    return List.copyOf(indexes);
  }

  /** The errors in {@code messages}, oldest first, each with its fix when one followed. */
  public static List<ErrorFix> of(List<TranscriptMessage> messages) {
    Map<String, Integer> callAt = new HashMap<>();
    Map<String, ContentBlock.ToolUse> calls = new HashMap<>();
    List<ErrorFix> open = new ArrayList<>();
    List<ErrorFix> done = new ArrayList<>();
    for (int i = 0; i < messages.size(); i++) {
      TranscriptMessage m = messages.get(i);
      for (ContentBlock.ToolUse use : m.toolUses()) {
        callAt.put(use.id(), i);
        calls.put(use.id(), use);
      }
      for (ContentBlock.ToolResult result : m.toolResults()) {
        ContentBlock.ToolUse call = calls.get(result.toolUseId());
        if (call == null) {
          continue;
        }
        int callIndex = callAt.get(result.toolUseId());
        if (result.isError()) {
          open.add(new ErrorFix(call, result.text(), m.timestamp(), callIndex, i, Optional.empty()));
          continue;
        }
        String target = target(call);
        for (int e = 0; e < open.size(); e++) {
          ErrorFix err = open.get(e);
          if (target(err.call()).equals(target)) {
            open.set(e, null);
            done.add(new ErrorFix(err.call(), err.error(), err.at(), err.callIndex(), err.errorIndex(),
                Optional.of(new Fix(call, callIndex, i))));
          }
        }
        open.removeIf(java.util.Objects::isNull);
      }
    }
    done.addAll(open);
    done.sort(java.util.Comparator.comparingInt(ErrorFix::errorIndex));
    return List.copyOf(done);
  }

  private static String target(ContentBlock.ToolUse call) {
    for (String field : List.of("file_path", "notebook_path", "path", "url")) {
      String value = call.inputText(field);
      if (!value.isEmpty()) {
        return call.name() + ":" + value;
      }
    }
    String command = call.inputText("command").strip();
    if (!command.isEmpty()) {
      String last = command.replaceFirst("^cd\\s+\\S+\\s*&&\\s*", "");
      String[] words = last.split("\\s+");
      return call.name() + ":" + words[0] + (words.length > 1 ? " " + words[1] : "");
    }
    return call.name();
  }
}
