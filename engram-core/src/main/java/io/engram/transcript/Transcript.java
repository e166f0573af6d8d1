package io.engram.transcript;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One agent session as read from its source: messages in file order, the compactions between them,
 * subagent transcripts linked to it, and whatever could not be read.
 *
 * @param sessionId the session's id (from the records, else the file name)
 * @param agentId for a subagent transcript, its agent id; empty for a main session
 * @param messages user, assistant and system messages in source order
 * @param boundaries the compactions, in order
 * @param subagents transcripts of subagents this session started (their {@code agentId} is set)
 * @param summaries titles from {@code summary} records (Claude Code's session titles)
 * @param recordCounts how many records of each {@code type} the source held, known or not
 * @param problems lines that could not be used
 * @param agent the agent that wrote the source
 */
public record Transcript(
    String sessionId,
    Optional<String> agentId,
    List<TranscriptMessage> messages,
    List<CompactionBoundary> boundaries,
    List<Transcript> subagents,
    List<String> summaries,
    Map<String, Integer> recordCounts,
    List<ReadProblem> problems,
    CodingAgent agent) {

  public Transcript {
    Objects.requireNonNull(sessionId, "sessionId");
    Objects.requireNonNull(agentId, "agentId");
    messages = List.copyOf(messages);
    boundaries = List.copyOf(boundaries);
    subagents = List.copyOf(subagents);
    summaries = List.copyOf(summaries);
    recordCounts = Collections.unmodifiableMap(new TreeMap<>(recordCounts));
    problems = List.copyOf(problems);
    Objects.requireNonNull(agent, "agent");
  }

  /** A transcript of plain messages written by {@code agent}: no compactions, subagents or problems. */
  public static Transcript ofMessages(String sessionId, List<TranscriptMessage> messages, CodingAgent agent) {
    return new Transcript(
        sessionId, Optional.empty(), messages, List.of(), List.of(), List.of(), Map.of(), List.of(), agent);
  }

  /** A transcript of plain messages from an agent Engram does not know ({@link CodingAgent#OTHER}). */
  public static Transcript ofMessages(String sessionId, List<TranscriptMessage> messages) {
    return ofMessages(sessionId, messages, CodingAgent.OTHER);
  }

  /** The same transcript with these subagents attached. */
  public Transcript withSubagents(List<Transcript> subagents) {
    return new Transcript(
        sessionId, agentId, messages, boundaries, subagents, summaries, recordCounts, problems, agent);
  }

  /** The same transcript under another session id (a resumed session read under the id it was started with). */
  public Transcript withSessionId(String id) {
    return id.equals(sessionId) ? this
        : new Transcript(id, agentId, messages, boundaries, subagents, summaries, recordCounts, problems, agent);
  }

  /** The stretches between compactions; one segment when the session never compacted. */
  public List<Segment> segments() {
    List<Segment> segments = new ArrayList<>();
    int start = 0;
    Optional<CompactionBoundary> opened = Optional.empty();
    for (CompactionBoundary boundary : boundaries) {
      segments.add(new Segment(segments.size(), opened, messages.subList(start, boundary.messageIndex())));
      start = boundary.messageIndex();
      opened = Optional.of(boundary);
    }
    segments.add(new Segment(segments.size(), opened, messages.subList(start, messages.size())));
    return List.copyOf(segments);
  }

  /** Messages of the main line (not sidechains). */
  public List<TranscriptMessage> mainLine() {
    return messages.stream().filter(m -> !m.isSidechain()).toList();
  }

  /** What the person typed, in order (see {@link TranscriptMessage#isHumanInput()}). */
  public List<TranscriptMessage> userMessages() {
    return messages.stream().filter(TranscriptMessage::isHumanInput).toList();
  }

  /** Tool calls per tool name, most used first (ties by name). */
  public Map<String, Integer> toolCallCounts() {
    Map<String, Integer> counts = new TreeMap<>();
    for (TranscriptMessage m : messages) {
      for (ContentBlock.ToolUse use : m.toolUses()) {
        counts.merge(use.name(), 1, Integer::sum);
      }
    }
    Map<String, Integer> ordered = new LinkedHashMap<>();
    counts.entrySet().stream()
        .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
        .forEach(e -> ordered.put(e.getKey(), e.getValue()));
    return Collections.unmodifiableMap(ordered);
  }

  /** All tool calls. */
  public int toolCallCount() {
    return messages.stream().mapToInt(m -> m.toolUses().size()).sum();
  }
}
