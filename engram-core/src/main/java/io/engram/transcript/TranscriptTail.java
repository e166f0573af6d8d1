package io.engram.transcript;

import java.util.Objects;

/**
 * The complete lines of a transcript file after a {@link TranscriptPosition}, read as a transcript of
 * their own (message and boundary indexes count from the first message read), and where they end. A last
 * line still being written (no line end yet) is left for the next reading.
 *
 * @param transcript the messages, boundaries and problems of the lines read
 * @param from where the reading started
 * @param to where it ended: after the last complete line
 */
public record TranscriptTail(Transcript transcript, TranscriptPosition from, TranscriptPosition to) {
  public TranscriptTail {
    Objects.requireNonNull(transcript, "transcript");
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(to, "to");
  }

  /** Bytes read. */
  public long bytesRead() {
    return to.byteOffset() - from.byteOffset();
  }
}
