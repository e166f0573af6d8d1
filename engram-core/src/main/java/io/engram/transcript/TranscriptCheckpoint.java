package io.engram.transcript;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.zip.CRC32;

/**
 * Where an incremental pass (extraction, session notes, context levels) stopped reading a transcript file,
 * with a checksum of the bytes just before it, so that the next pass reads on from there only while the
 * file is still the one read (not replaced, truncated or rewritten).
 *
 * @param position after the last complete line read
 * @param checksum CRC-32 of the up to {@link #CHECKED} bytes before {@code position}
 */
public record TranscriptCheckpoint(TranscriptPosition position, long checksum) {
  /** Bytes before the point that must be unchanged for the point to hold. */
  public static final int CHECKED = 1024;

  /** The point at {@code position} of {@code file}, its checksum read from the file. */
  public static TranscriptCheckpoint of(Path file, TranscriptPosition position) throws IOException {
    return new TranscriptCheckpoint(position, checksum(file, position.byteOffset()));
  }

  /** True when {@code file} still holds, before this point, the bytes it held when the point was taken. */
  public boolean holdsIn(Path file) {
    try {
      return checksum(file, position.byteOffset()) == checksum;
    } catch (IOException e) {
      return false;
    }
  }

  private static long checksum(Path file, long offset) throws IOException {
    try (FileChannel channel = FileChannel.open(file)) {
      if (channel.size() < offset) {
        throw new IOException(file + " is shorter than " + offset + " bytes");
      }
      int length = (int) Math.min(CHECKED, offset);
      ByteBuffer bytes = ByteBuffer.allocate(length);
      long at = offset - length;
      while (bytes.hasRemaining()) {
        int n = channel.read(bytes, at + bytes.position());
        if (n < 0) {
          throw new IOException(file + " ended early");
        }
      }
      CRC32 crc = new CRC32();
      crc.update(bytes.array());
      return crc.getValue();
    }
  }
}
