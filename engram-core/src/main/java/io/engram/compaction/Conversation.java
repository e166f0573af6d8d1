package io.engram.compaction;

import io.engram.transcript.ContentBlock;
import io.engram.transcript.ErrorFix;
import io.engram.transcript.FileActivity;
import io.engram.transcript.Role;
import io.engram.transcript.TodoList;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.List;

/**
 * The structure of the part being summarised, read once: what the extractive summarizer fills the
 * sections from and what key information is checked against.
 *
 * @param messages the summarised messages (old tool outputs already pruned)
 * @param userMessages the text of every message a person typed in the whole compacted part (the notes'
 *     part included), in order
 * @param lastRequest the last of them, or ""
 * @param todos the todo list the last TodoWrite of the whole compacted part left
 * @param files the files touched in {@code messages}, most recent first
 * @param errors the tool errors in {@code messages}, with their fixes
 * @param key the key information of {@code messages}
 * @param previousSummary the summary of an earlier compaction that opens the compacted part, parsed
 */
record Conversation(
    List<TranscriptMessage> messages,
    List<String> userMessages,
    String lastRequest,
    TodoList todos,
    List<FileActivity> files,
    List<ErrorFix> errors,
    KeyInformation key,
    java.util.Optional<SummarySections> previousSummary) {

  /** Reads {@code part} (the messages to summarise) within {@code whole} (every compacted message). */
  static Conversation of(List<TranscriptMessage> part, List<TranscriptMessage> whole, int maxKeywords) {
    List<String> user = humanTexts(whole);
    List<String> partUser = humanTexts(part);
    List<String> toolErrors = new ArrayList<>();
    StringBuilder assistantText = new StringBuilder();
    for (TranscriptMessage m : part) {
      m.toolResults().stream().filter(ContentBlock.ToolResult::isError).forEach(r -> toolErrors.add(r.text()));
      if (m.role() == Role.ASSISTANT) {
        assistantText.append(m.text()).append('\n');
      }
    }
    List<FileActivity> files = FileActivity.of(part);
    List<String> paths = files.stream().map(FileActivity::path).toList();
    KeyInformation key =
        KeyInformation.extract(new KeySources(partUser, toolErrors, paths, assistantText.toString()), maxKeywords);
    return new Conversation(List.copyOf(part), user, user.isEmpty() ? "" : user.get(user.size() - 1),
        TodoList.latest(whole), files, ErrorFix.of(part), key,
        whole.stream().filter(TranscriptMessage::isCompactSummary).reduce((a, b) -> b)
            .map(m -> SummarySections.parse(m.text())));
  }

  /** The open todos' texts, word for word. */
  List<String> openTodos() {
    return todos.open().stream().map(TodoList.Todo::content).toList();
  }

  static List<String> humanTexts(List<TranscriptMessage> messages) {
    return messages.stream().filter(TranscriptMessage::isHumanInput).map(m -> m.text().strip()).distinct().toList();
  }
}
