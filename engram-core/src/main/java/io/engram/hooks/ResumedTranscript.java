package io.engram.hooks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.transcript.TranscriptFormat;
import io.engram.transcript.TranscriptPosition;
import io.engram.transcript.TranscriptReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Whose a transcript is, read from its ends only. When Claude Code resumes a session it goes on writing the
 * same transcript file, with the new session's id on the new records; the hooks then get the new id and the
 * old file. Such a transcript is followed, not refused: its newest records carry the new id. A file with no
 * record of the session near its end is someone else's.
 *
 * <p>Neither question reads the whole file: the owner is the first record that names a session, looked for
 * in the head; a resumed session's records are the newest, looked for backwards from the end. Both stop after
 * {@code maxBytes}, so a hook's cost does not grow with the transcript.
 */
final class ResumedTranscript {
  private static final ObjectMapper JSON = new ObjectMapper();
  // A read buffer for scanning the transcript back from its end (64 KiB): the record found is the same at any size.
  private static final int BLOCK = 1 << 16;
  /** How much of another agent's session is read for its id: the record naming it comes first. */
  private static final long HEAD = 1 << 18;

  private ResumedTranscript() {}

  /**
   * The session id of the first record of {@code transcript} that names one, within its first {@code maxBytes}; for
   * another agent's session, the id its reader finds near the start (its metadata record) or in its name.
   */
  static Optional<String> owner(Path transcript, long maxBytes) throws IOException {
    if (TranscriptFormat.of(transcript) != TranscriptFormat.CLAUDE_CODE) {
      return Optional.of(TranscriptReader.readFrom(transcript, TranscriptPosition.START, Math.min(maxBytes, HEAD))
          .transcript().sessionId());
    }
    try (InputStream in = Files.newInputStream(transcript)) {
      ByteArrayOutputStream line = new ByteArrayOutputStream(1 << 12);
      byte[] block = new byte[BLOCK];
      long seen = 0;
      for (int n = in.read(block); n > 0 && seen < maxBytes; n = in.read(block)) {
        int start = 0;
        for (int i = 0; i < n; i++) {
          if (block[i] == '\n') {
            line.write(block, start, i - start);
            start = i + 1;
            Optional<String> id = sessionIdOf(line.toString(StandardCharsets.UTF_8), "sessionId");
            if (id.isPresent()) {
              return id;
            }
            line.reset();
          }
        }
        line.write(block, start, n - start);
        seen += n;
      }
      return seen < maxBytes ? sessionIdOf(line.toString(StandardCharsets.UTF_8), "sessionId") : Optional.empty();
    }
  }

  /**
   * True when a record among the last {@code maxBytes} of {@code transcript} names {@code sessionId} as its
   * {@code sessionId}; read backwards, one block at a time, stopping at the first such record.
   */
  static boolean holds(Path transcript, String sessionId, long maxBytes) throws IOException {
    try (FileChannel channel = FileChannel.open(transcript)) {
      long end = channel.size();
      long stop = Math.max(0, end - maxBytes);
      byte[] carried = new byte[0]; // the start of a line whose beginning is in an earlier block
      for (long at = end; at > stop; ) {
        int length = (int) Math.min(BLOCK, at - stop);
        at -= length;
        ByteBuffer buffer = ByteBuffer.allocate(length + carried.length);
        buffer.limit(length);
        while (buffer.hasRemaining()) {
          if (channel.read(buffer, at + buffer.position()) < 0) {
            throw new IOException(transcript + " ended early");
          }
        }
        buffer.limit(buffer.capacity());
        buffer.put(carried);
        byte[] bytes = buffer.array();
        int lineEnd = bytes.length;
        for (int i = bytes.length - 1; i >= 0; i--) {
          if (bytes[i] == '\n') {
            if (names(bytes, i + 1, lineEnd, sessionId)) {
              return true;
            }
            lineEnd = i;
          }
        }
        carried = java.util.Arrays.copyOf(bytes, lineEnd);
      }
      return stop == 0 && names(carried, 0, carried.length, sessionId);
    }
  }

  private static boolean names(byte[] bytes, int from, int to, String sessionId) {
    if (to <= from) {
      return false;
    }
    // Only lines that mention the id are parsed.
    String line = new String(bytes, from, to - from, StandardCharsets.UTF_8);
    return line.contains(sessionId) && sessionIdOf(line, "sessionId").filter(sessionId::equals).isPresent();
  }

  private static Optional<String> sessionIdOf(String line, String field) {
    if (!line.contains(field)) {
      return Optional.empty();
    }
    try {
      JsonNode record = JSON.readTree(line);
      JsonNode id = record == null ? null : record.get(field);
      return id != null && id.isTextual() && !id.asText().isEmpty() ? Optional.of(id.asText()) : Optional.empty();
    } catch (JsonProcessingException e) {
      return Optional.empty();
    }
  }
}
