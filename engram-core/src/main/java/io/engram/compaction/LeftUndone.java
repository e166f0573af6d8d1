package io.engram.compaction;

import io.engram.transcript.CallOutcomes;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.MessageKind;
import io.engram.transcript.ShellCommand;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What the last stretch asked for or tried and the cut left undone, read for the next step ({@link LiveIntent}):
 * the changes the harness refused at the very end (the agent redoes them first), and a pull request the person or
 * the agent said to open that no call has opened since the request.
 */
final class LeftUndone {
  private static final Set<String> CHANGES = Set.of("Edit", "Write", "MultiEdit", "NotebookEdit");
  // "create a PR", "open a pull request", "Push and create a Pull Request", "PRを作成": a pull or merge request
  // asked to be opened. A PR only mentioned ("PR #71 looks fine", "review this PR") asks for none.
  private static final Pattern ASKS_FOR_PR = Pattern.compile("(?i)\\b(?:create|open|make|raise|submit|file|send)"
      + "\\s+(?:(?:a|an|the|new|draft|my|our)\\s+){0,2}(?:pull\\s+request|PR|merge\\s+request|MR)s?\\b"
      + "|\\b(?:pull\\s+request|PR|MR)\\s*(?:を)?\\s*(?:作成|作って|出して|立て)");

  private LeftUndone() {}

  /**
   * The files of the changes (Edit, Write, ...) the harness refused at the end of the session, after its last call
   * that worked, in the order they were tried: "File has not been read yet", a sibling's failure. The agent's next
   * calls redo them, so they are the files it is about to touch although nothing of them changed yet.
   */
  static List<String> refusedChanges(List<TranscriptMessage> messages, CallOutcomes calls) {
    List<String> refused = new ArrayList<>();
    for (int i = messages.size() - 1; i >= 0; i--) {
      List<ContentBlock.ToolUse> uses = messages.get(i).toolUses();
      for (int u = uses.size() - 1; u >= 0; u--) {
        ContentBlock.ToolUse use = uses.get(u);
        if (calls.result(use).isEmpty()) {
          continue;
        }
        if (!CHANGES.contains(use.name()) || !calls.failed(use)) {
          return reversedDistinct(refused);
        }
        String path = use.inputText("file_path").isEmpty() ? use.inputText("notebook_path") : use.inputText("file_path");
        if (!path.isBlank()) {
          refused.add(path);
        }
      }
    }
    return reversedDistinct(refused);
  }

  private static List<String> reversedDistinct(List<String> newestFirst) {
    List<String> oldestFirst = new ArrayList<>(newestFirst);
    java.util.Collections.reverse(oldestFirst);
    return List.copyOf(new LinkedHashSet<>(oldestFirst));
  }

  /**
   * The command that opens the pull request the person's last request or the agent's words since it asked for, when
   * no call since the request opened one: {@code glab mr create} in a session that drives GitLab's CLI, else {@code gh
   * pr create}. Empty when nothing asked for one.
   */
  static Optional<String> pullRequest(List<TranscriptMessage> messages, int requestAt, String request,
      CallOutcomes calls) {
    StringBuilder said = new StringBuilder(request);
    boolean gitlab = false;
    for (int i = 0; i < messages.size(); i++) {
      TranscriptMessage m = messages.get(i);
      if (i > requestAt && m.kind() == MessageKind.ASSISTANT) {
        m.blocks().stream().filter(b -> b instanceof ContentBlock.Text).forEach(b -> said.append('\n')
            .append(b.promptText()));
      }
      for (ContentBlock.ToolUse use : m.toolUses()) {
        for (ShellCommand c : use.name().equals("Bash") ? calls.commands(use) : List.<ShellCommand>of()) {
          gitlab |= c.name().equals("glab");
          if (i > requestAt && opensRequest(c)) {
            return Optional.empty();
          }
        }
      }
    }
    if (!ASKS_FOR_PR.matcher(said).find()) {
      return Optional.empty();
    }
    return Optional.of(gitlab ? "glab mr create" : "gh pr create");
  }

  private static boolean opensRequest(ShellCommand c) {
    List<String> words = c.args().stream().filter(a -> !a.startsWith("-")).limit(2).toList();
    return (c.name().equals("gh") && words.equals(List.of("pr", "create")))
        || (c.name().equals("glab") && words.equals(List.of("mr", "create")));
  }
}
