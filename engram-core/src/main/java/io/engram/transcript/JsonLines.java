package io.engram.transcript;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the line readers of the other agents share: one JSON object per line, a line that is not one is a {@link
 * ReadProblem} and reading goes on, and the messages, compactions and record counts gathered so far.
 */
abstract class JsonLines implements LineReader {
  static final ObjectMapper MAPPER = new ObjectMapper();

  final List<TranscriptMessage> messages = new ArrayList<>();
  final List<CompactionBoundary> boundaries = new ArrayList<>();
  final Map<String, Integer> recordCounts = new HashMap<>();
  final List<ReadProblem> problems = new ArrayList<>();
  Optional<String> sessionId = Optional.empty();
  private final CodingAgent agent;

  JsonLines(CodingAgent agent) {
    this.agent = agent;
  }

  @Override
  public final void accept(String line, int lineNumber) {
    object(line, lineNumber, problems).ifPresent(record -> record(record, lineNumber));
  }

  /** The line's JSON object, or none with the reason added to {@code problems}: every line reader's first step. */
  static Optional<JsonNode> object(String line, int lineNumber, List<ReadProblem> problems) {
    JsonNode record;
    try {
      record = MAPPER.readTree(line);
    } catch (JsonProcessingException e) {
      problems.add(new ReadProblem(lineNumber, "not valid JSON: " + e.getOriginalMessage()));
      return Optional.empty();
    }
    if (record == null || !record.isObject()) {
      problems.add(new ReadProblem(lineNumber, "not a JSON object"));
      return Optional.empty();
    }
    return Optional.of(record);
  }

  /** Reads one JSON object; a kind of record the reader does not know is counted and skipped. */
  abstract void record(JsonNode record, int lineNumber);

  void count(String kind) {
    recordCounts.merge(kind, 1, Integer::sum);
  }

  @Override
  public Transcript transcript(String fallbackSessionId) {
    return new Transcript(sessionId.orElse(fallbackSessionId), Optional.empty(), messages, boundaries, List.of(),
        List.of(), recordCounts, problems, agent);
  }
}
