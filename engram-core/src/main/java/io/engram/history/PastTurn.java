package io.engram.history;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One turn of a past session as {@link SessionHistory} keeps it: what the person asked, or what the agent
 * said and did until the next prompt (its text, the tools it called and the files they named; never the
 * tools' output).
 *
 * @param sessionId the session
 * @param role {@code user} or {@code assistant}
 * @param text what was said (the agent's thinking is not kept)
 * @param tools the tools called in the turn, in order, each once
 * @param files the files those calls named, in order, each once
 * @param timestamp when the turn began, as the transcript recorded it
 * @param transcript the transcript file the turn is in
 * @param line the 1-based line of the transcript where the turn begins: the link to the turn
 * @param uuid the record id of that line, when the transcript has one
 */
public record PastTurn(String sessionId, String role, String text, List<String> tools, List<String> files,
    Optional<Instant> timestamp, String transcript, int line, Optional<String> uuid) {

  /** Validates and copies. */
  public PastTurn {
    Objects.requireNonNull(sessionId, "sessionId");
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(text, "text");
    tools = List.copyOf(tools);
    files = List.copyOf(files);
    Objects.requireNonNull(timestamp, "timestamp");
    Objects.requireNonNull(transcript, "transcript");
    Objects.requireNonNull(uuid, "uuid");
    if (line < 1) {
      throw new IllegalArgumentException("a turn's line is 1-based, was " + line);
    }
  }

  /** The turn's key in the history index: {@code <session>#<line>}. */
  public String id() {
    return sessionId + "#" + line;
  }

  /** What the turn did, on one line: the tools it called, then the files they named. */
  public String about() {
    return (String.join(" ", tools) + (files.isEmpty() ? "" : " " + String.join(" ", files))).strip();
  }

  /** Where to find the turn: {@code <transcript>:<line>}. */
  public String link() {
    return transcript + ":" + line;
  }
}
