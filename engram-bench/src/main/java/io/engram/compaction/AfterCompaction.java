package io.engram.compaction;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.FileActivity;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What happened right after a compaction in a real session: the tool calls the agent made (the first few, in
 * order, housekeeping such as todo updates marked), how many it made before the person typed again, the files it
 * read and edited afterwards, and what the person typed next. The yardstick a summary's next step and kept files
 * are held against, for Engram's summary and Claude Code's alike.
 *
 * @param calls the first tool calls after the compaction, in order
 * @param callsBeforeUser how many calls came before the person's next message; empty when they never typed again
 * @param filesRead the files read after the compaction
 * @param filesEdited the files edited after the compaction
 * @param nextUserMessage what the person typed next, if anything
 */
public record AfterCompaction(List<Call> calls, Optional<Integer> callsBeforeUser, List<String> filesRead,
    List<String> filesEdited, Optional<String> nextUserMessage) {

  private static final Set<String> HOUSEKEEPING = Set.of("TodoWrite", "TaskCreate", "TaskUpdate", "TaskList",
      "TaskGet", "EnterPlanMode", "ExitPlanMode");

  public AfterCompaction {
    calls = List.copyOf(calls);
    filesRead = List.copyOf(filesRead);
    filesEdited = List.copyOf(filesEdited);
  }

  /**
   * One tool call.
   *
   * @param tool the tool's name
   * @param command the shell command, "" for other tools
   * @param paths the paths it names
   * @param pattern a search pattern, ""
   * @param housekeeping whether it only keeps the agent's books (todos, task list, plan mode)
   */
  public record Call(String tool, String command, List<String> paths, String pattern, boolean housekeeping) {
    public Call {
      paths = List.copyOf(paths);
    }
  }

  /**
   * Reads the {@code ID.next.json} the data tools write beside each compaction ({@code tool_calls} with {@code
   * tool}, {@code command}, {@code paths}, {@code pattern} and {@code housekeeping}; {@code
   * next_user_after_tool_calls}, {@code files_read_after}, {@code files_edited_after}, {@code next_user_message}).
   */
  public static AfterCompaction fromJson(JsonNode next) {
    List<Call> calls = new ArrayList<>();
    for (JsonNode c : next.path("tool_calls")) {
      List<String> paths = new ArrayList<>();
      c.path("paths").forEach(p -> paths.add(p.asText()));
      calls.add(new Call(c.path("tool").asText(""), c.path("command").asText(""), paths, c.path("pattern").asText(""),
          c.path("housekeeping").asBoolean(false)));
    }
    JsonNode before = next.path("next_user_after_tool_calls");
    return new AfterCompaction(calls, before.isNumber() ? Optional.of(before.asInt()) : Optional.empty(),
        texts(next.path("files_read_after")), texts(next.path("files_edited_after")),
        next.path("next_user_message").isTextual() ? Optional.of(next.path("next_user_message").asText())
            : Optional.empty());
  }

  /**
   * The agent's own first {@code n} calls of work: before the person spoke again, housekeeping left out. Empty
   * when the person spoke first: what the agent then did answers them, not the summary.
   */
  public List<Call> firstWork(int n) {
    int before = callsBeforeUser.orElse(calls.size());
    return calls.subList(0, Math.min(before, calls.size())).stream().filter(c -> !c.housekeeping()).limit(n).toList();
  }

  /** The files touched after the compaction, read or edited, each once. */
  public List<String> filesTouched() {
    List<String> all = new ArrayList<>(filesEdited);
    filesRead.stream().filter(f -> !all.contains(f)).forEach(all::add);
    return all;
  }

  /** What happened in {@code messages}, the part of a transcript after a compaction, read as the data tools read it. */
  public static AfterCompaction of(List<TranscriptMessage> messages) {
    List<Call> calls = new ArrayList<>();
    Optional<Integer> beforeUser = Optional.empty();
    for (TranscriptMessage m : messages) {
      if (m.isHumanInput() && beforeUser.isEmpty()) {
        beforeUser = Optional.of(calls.size());
      }
      for (ContentBlock.ToolUse use : m.toolUses()) {
        List<String> paths = new ArrayList<>();
        for (String field : List.of("file_path", "notebook_path", "path")) {
          if (!use.inputText(field).isBlank()) {
            paths.add(use.inputText(field));
          }
        }
        calls.add(new Call(use.name(), use.inputText("command"), paths, use.inputText("pattern"),
            HOUSEKEEPING.contains(use.name())));
      }
    }
    List<String> read = new ArrayList<>();
    List<String> edited = new ArrayList<>();
    for (FileActivity f : FileActivity.of(messages)) {
      (f.changed() ? edited : read).add(f.path());
    }
    Optional<String> next = messages.stream().filter(TranscriptMessage::isHumanInput).findFirst()
        .map(TranscriptMessage::typedText);
    return new AfterCompaction(calls, beforeUser, read, edited, next);
  }

  private static List<String> texts(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }
}
