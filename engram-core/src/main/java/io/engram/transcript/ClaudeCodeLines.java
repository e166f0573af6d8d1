package io.engram.transcript;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a Claude Code session ({@code ~/.claude/projects/<sanitized>/<session>.jsonl}), a line at a time, keeping
 * what has been read so far. User and assistant records become messages, each with its {@link MessageKind} ({@link
 * MessageClassifier}, plus what only the record shows: the text a slash command or a skill expanded to follows the
 * command or names the call that loaded it); a user record that carries tool results and text typed while the tools
 * ran becomes two messages, the results and the text. {@code system} records with subtype {@code compact_boundary}
 * become {@link CompactionBoundary compaction boundaries}; {@code summary} records give titles. A prompt typed while
 * the agent was busy is a {@code queue-operation} {@code enqueue}: when it is then {@code remove}d it reached the
 * model mid-turn and becomes a message there; when it is {@code dequeue}d, or a user record with its text follows,
 * that record holds it; {@code popAll} took it back into the input box; one still queued at the end of the file
 * becomes a message at the end, a {@link MessageKind#QUEUED_PROMPT}: not delivered yet. What the harness queues
 * itself, a JSON object (a background task started), is a task notification, never the person's. Every other record
 * type ({@code progress}, {@code file-history-snapshot}, types not yet invented) is counted and skipped. A line that
 * is not JSON, not an object, has no type or a user/assistant record without a message object is a {@link
 * ReadProblem} with its line number; reading goes on.
 */
final class ClaudeCodeLines implements LineReader {
  private final List<TranscriptMessage> messages = new ArrayList<>();
  private final List<CompactionBoundary> boundaries = new ArrayList<>();
  private final List<String> summaries = new ArrayList<>();
  private final Map<String, Integer> recordCounts = new HashMap<>();
  private final List<ReadProblem> problems = new ArrayList<>();
  /** Prompts queued while the agent was busy and not yet delivered, oldest first. */
  private final java.util.ArrayDeque<TranscriptMessage> queued = new java.util.ArrayDeque<>();
  private Optional<String> sessionId = Optional.empty();
  private Optional<String> agentId = Optional.empty();

  // Prompts still queued at the end had not reached the agent yet: the latest word, so they end it, marked as not
  // delivered (the agent gets them after the cut; what it was doing is what came before).
  @Override
  public Transcript transcript(String fallbackSessionId) {
    for (TranscriptMessage q : queued) {
      messages.add(q.kind() == MessageKind.PROMPT ? q.toBuilder().kind(MessageKind.QUEUED_PROMPT).build() : q);
    }
    queued.clear();
    return new Transcript(sessionId.orElse(fallbackSessionId), agentId, messages, boundaries, List.of(), summaries,
        recordCounts, problems, CodingAgent.CLAUDE_CODE);
  }

  @Override
  public void accept(String line, int lineNumber) {
    Optional<JsonNode> parsed = JsonLines.object(line, lineNumber, problems);
    if (parsed.isEmpty()) {
      return;
    }
    JsonNode record = parsed.get();
    String type = Records.text(record, "type").orElse("");
    if (type.isEmpty()) {
      problems.add(new ReadProblem(lineNumber, "record has no \"type\""));
      return;
    }
    recordCounts.merge(type, 1, Integer::sum);
    if (sessionId.isEmpty()) {
      sessionId = Records.text(record, "sessionId");
    }
    if (agentId.isEmpty()) {
      agentId = Records.text(record, "agentId");
    }
    switch (type) {
      case "user", "assistant" -> message(record, type, lineNumber);
      case "system" -> system(record, lineNumber);
      case "summary" -> Records.text(record, "summary").ifPresent(summaries::add);
      case "queue-operation" -> queued(record, lineNumber);
      default -> { } // progress, snapshots and future types carry no conversation
    }
  }

  /** A prompt typed while the agent was busy, or a background task's notice queued the same way. */
  private void queued(JsonNode record, int lineNumber) {
    switch (Records.text(record, "operation").orElse("")) {
      case "enqueue" -> {
        List<ContentBlock> blocks = Records.blocks(record.get("content"));
        if (blocks.stream().anyMatch(b -> !b.promptText().isBlank() || b instanceof ContentBlock.Other)) {
          queued.add(Records.queuedMessage(record, blocks, lineNumber));
        }
      }
      // Delivered into the running turn: the model read it here, and no user record will hold it. A
      // notice queued beside it comes as a user record of its own, so the person's prompt goes first.
      case "remove" -> {
        TranscriptMessage next = queued.stream().filter(q -> q.kind() == MessageKind.PROMPT).findFirst()
            .orElse(queued.peek());
        if (next != null) {
          queued.remove(next);
          messages.add(next);
        }
      }
      // Sent as the next prompt: the user record that follows holds it.
      case "dequeue" -> queued.poll();
      // Taken back into the input box, to be edited or dropped.
      case "popAll" -> queued.clear();
      default -> { }
    }
  }

  private void message(JsonNode record, String type, int lineNumber) {
    JsonNode message = record.get("message");
    if (message == null || !message.isObject()) {
      problems.add(new ReadProblem(lineNumber, type + " record without a message object"));
      return;
    }
    Role role = type.equals("assistant") ? Role.ASSISTANT : Role.USER;
    TranscriptMessage m = Records.message(record, message, role, lineNumber);
    if (role == Role.USER && m.isMeta() && m.kind() == MessageKind.SYSTEM_NOTICE
        && !m.text().strip().startsWith("<") && (record.hasNonNull("sourceToolUseID") || expands())) {
      m = m.toBuilder().kind(MessageKind.COMMAND_EXPANSION).build();
    }
    if (role == Role.USER && !queued.isEmpty()) {
      String said = m.text().strip();
      queued.removeIf(q -> q.text().strip().equals(said));
    }
    messages.addAll(Records.split(m, Records.loadsTools(message.get("content"))));
  }

  // Whether the last message was a slash command, whose expansion comes next.
  private boolean expands() {
    return !messages.isEmpty() && messages.get(messages.size() - 1).kind() == MessageKind.SLASH_COMMAND;
  }

  private void system(JsonNode record, int lineNumber) {
    String subtype = Records.text(record, "subtype").orElse("");
    if (subtype.equals("compact_boundary")) {
      JsonNode meta = record.path("compactMetadata");
      boundaries.add(
          new CompactionBoundary(
              lineNumber,
              messages.size(),
              Records.text(record, "uuid"),
              Records.instant(record, "timestamp"),
              Records.text(meta, "trigger").orElse(""),
              meta.path("preTokens").isNumber()
                  ? Optional.of(meta.path("preTokens").asLong())
                  : Optional.empty()));
      return;
    }
    Optional<String> content = Records.text(record, "content");
    if (content.isPresent() && !content.get().isBlank()) {
      messages.add(Records.systemMessage(record, content.get(), lineNumber));
    }
  }
}
