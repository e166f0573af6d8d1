package io.engram.hooks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether a session writes into a transcript that another session started. When Claude Code resumes a
 * session it goes on writing the same transcript file, with the new session's id on the new records; the
 * hooks then get the new id and the old file. Such a transcript is followed, not refused: its records carry
 * the new id. A file with no record of the session is someone else's.
 */
final class ResumedTranscript {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ResumedTranscript() {}

  /** True when a record of {@code transcript} names {@code sessionId} as its {@code sessionId}. */
  static boolean holds(Path transcript, String sessionId) throws IOException {
    // An InputStreamReader replaces bad bytes where Files.newBufferedReader would throw.
    try (BufferedReader lines = new BufferedReader(
        new InputStreamReader(Files.newInputStream(transcript), StandardCharsets.UTF_8))) {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        // Only lines that mention the id are parsed: a long transcript is read once, cheaply.
        if (line.contains(sessionId) && sessionId.equals(sessionIdOf(line))) {
          return true;
        }
      }
    }
    return false;
  }

  private static String sessionIdOf(String line) {
    try {
      JsonNode record = JSON.readTree(line);
      JsonNode id = record == null ? null : record.get("sessionId");
      return id != null && id.isTextual() ? id.asText() : "";
    } catch (JsonProcessingException e) {
      return "";
    }
  }
}
