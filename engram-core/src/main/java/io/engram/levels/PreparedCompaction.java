package io.engram.levels;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * A compaction computed ahead of time, when the session's window reached the urgent level (and again at the
 * critical level), kept in {@code <home>/sessions/<id>/prepared-compaction.json} so that the compaction
 * itself, or Claude Code's restart after its own, can use it.
 *
 * @param sessionId the session
 * @param segment the transcript segment it compacts (0 before the first compaction)
 * @param messages how many messages the transcript held when it was computed
 * @param lastUuid the uuid of the transcript's last message then ("" when the source has none)
 * @param percent how full the window was then, in whole percent
 * @param preparedAt when it was computed (ISO-8601)
 * @param engine the engine that wrote the summary
 * @param summary the summary
 * @param result the whole compaction as {@code engram compact --json} prints it
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record PreparedCompaction(String sessionId, int segment, int messages, String lastUuid, int percent,
    String preparedAt, String engine, String summary, JsonNode result) {
  public PreparedCompaction {
    Objects.requireNonNull(sessionId, "sessionId");
    Objects.requireNonNull(lastUuid, "lastUuid");
    Objects.requireNonNull(preparedAt, "preparedAt");
    Objects.requireNonNull(engine, "engine");
    Objects.requireNonNull(summary, "summary");
    Objects.requireNonNull(result, "result");
  }

  /**
   * The compaction prepared for {@code sessionId} under {@code engramHome}, if one is kept and readable (the web
   * UI shows its score and loss record); unsafe ids are refused.
   */
  public static Optional<PreparedCompaction> read(Path engramHome, String sessionId) {
    return new PreparedStore(engramHome).read(sessionId);
  }
}
