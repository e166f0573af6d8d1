package io.engram.transcript;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What the line readers of the other agents share: one JSON object per line, a line that is not one is a {@link
 * ReadProblem} and reading goes on, and the messages, compactions and record counts gathered so far.
 */
abstract class JsonLines implements LineReader {
  static final ObjectMapper MAPPER = new ObjectMapper();
  // Where Jackson's message places a marker inside itself: "[Source: REDACTED (`StreamReadFeature...` disabled);
  // line: 1, column: 1]", a notice about its own settings a person cannot act on.
  private static final Pattern SOURCE_LOCATION = Pattern.compile(
      "\\[Source: [^\\]]*?; line: (\\d+), column: (\\d+)]");

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

  /**
   * Why {@code e}'s text is not JSON, as a person reads it: Jackson's message with a position it gives inside it said
   * as a column ({@code oneLine}: the problem already names the line) or a line and column, without the notice
   * about Jackson's own source setting.
   */
  static String invalid(JsonProcessingException e, boolean oneLine) {
    String where = oneLine ? "column $2" : "line $1, column $2";
    return "not valid JSON: " + SOURCE_LOCATION.matcher(e.getOriginalMessage()).replaceAll(where);
  }

  /** The line's JSON object, or none with the reason added to {@code problems}: every line reader's first step. */
  static Optional<JsonNode> object(String line, int lineNumber, List<ReadProblem> problems) {
    JsonNode record;
    try {
      record = MAPPER.readTree(line);
    } catch (JsonProcessingException e) {
      problems.add(new ReadProblem(lineNumber, invalid(e, true)));
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
