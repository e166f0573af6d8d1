package io.engram.levels;

import io.engram.config.ContextSettings;
import io.engram.context.ContextTally;
import io.engram.fs.SessionLedger;
import io.engram.fs.SessionStateFile;
import io.engram.transcript.TranscriptCheckpoint;
import io.engram.transcript.TranscriptPosition;
import io.engram.transcript.TranscriptReader;
import io.engram.transcript.TranscriptTail;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * How far the level keeper has read a session's transcript file and the window's running size there
 * ({@link ContextTally}), so that the next turn's reading starts after {@code checkpoint}. Kept in
 * the session's ledger.
 *
 * @param checkpoint where the reading stopped (with the checksum of the bytes before it)
 * @param tally the window's size there
 */
record LevelProgress(TranscriptCheckpoint checkpoint, ContextTally tally) {
  static final LevelProgress START =
      new LevelProgress(new TranscriptCheckpoint(TranscriptPosition.START, 0), ContextTally.START);

  LevelProgress {
    Objects.requireNonNull(checkpoint, "checkpoint");
    Objects.requireNonNull(tally, "tally");
  }

  /**
   * This progress after the lines of {@code file} it has not read, in pieces of at most {@code maxBytes}; read
   * again from the start when the file is no longer the one read.
   */
  LevelProgress readOn(Path file, long maxBytes, ContextSettings settings) throws IOException {
    LevelProgress p = checkpoint.holdsIn(file) ? this : START;
    long size = Files.size(file);
    while (true) {
      TranscriptTail tail = TranscriptReader.readFrom(file, p.checkpoint.position(), maxBytes);
      p = new LevelProgress(TranscriptCheckpoint.of(file, tail.to()), p.tally.plus(tail.transcript(), settings));
      if (tail.bytesRead() == 0 || tail.to().byteOffset() >= size) {
        return p;
      }
    }
  }

  /** The level keeper's reading position in a session's ledger; an earlier version kept it in its own file. */
  static final SessionLedger.Section<LevelProgress> SECTION =
      SessionLedger.Section.formerly("level-progress.json", "levelProgress", LevelProgress.class, START);

  /** The progress of {@code sessionId}, in its ledger. */
  static SessionStateFile<LevelProgress> file(Path home, String sessionId) {
    return SessionLedger.of(home, sessionId).section(SECTION);
  }
}
