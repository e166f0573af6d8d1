package io.engram.memory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The entries of a MEMORY.md read within a bound: a file longer than {@code maxBytes} (huge, or damaged into one
 * endless line) is read up to its last line end within the bound, and what was left unread is said, never cut from
 * the file.
 *
 * @param entries the entries of the lines read, numbered as in the file
 * @param maxBytes the bound they were read with
 * @param linesRead how many whole lines were read
 * @param bytesRead how many bytes those lines take
 * @param fileBytes how many bytes the file held; more than {@code bytesRead} when the bound stopped the reading
 */
record IndexEntries(List<MemoryIndex.Entry> entries, long maxBytes, int linesRead, long bytesRead, long fileBytes) {
  /** No index file. */
  static final IndexEntries NONE = new IndexEntries(List.of(), 0, 0, 0, 0);

  IndexEntries {
    entries = List.copyOf(entries);
  }

  /** The entries in {@code file}'s first {@code maxBytes} bytes, whole lines only. */
  static IndexEntries read(Path file, long maxBytes) throws IOException {
    byte[] bytes;
    long fileBytes;
    try (InputStream in = Files.newInputStream(file)) {
      bytes = head(in, maxBytes);
      fileBytes = bytes.length + in.skip(Long.MAX_VALUE);
    }
    int length = bytes.length;
    if (length > maxBytes) {
      length = (int) maxBytes;
      while (length > 0 && bytes[length - 1] != '\n' && bytes[length - 1] != '\r') {
        length--; // a line the bound cuts is not read at all: a part of it could name another file
      }
    }
    // Decoded as IndexFile.read decodes it for a session (bytes that are not UTF-8 become U+FFFD): a damaged
    // MEMORY.md must not stop the listing, recall or a write that reads its entries.
    String text = new String(Arrays.copyOf(bytes, length), StandardCharsets.UTF_8);
    return new IndexEntries(MemoryIndex.entries(text), maxBytes, (int) text.lines().count(), length, fileBytes);
  }

  /**
   * The first bytes of {@code in} up to {@code maxBytes} and one more, so that a caller tells a file past the bound by
   * its length; the bound is a setting of at most an int's range.
   */
  static byte[] head(InputStream in, long maxBytes) throws IOException {
    return in.readNBytes((int) Math.min(maxBytes, Integer.MAX_VALUE - 1) + 1);
  }

  /** Whether the whole file was read. */
  boolean whole() {
    return bytesRead == fileBytes;
  }

  /** What was left unread of {@code file}, for the store's problems; empty when it was read whole. */
  java.util.Optional<MemoryProblem> unread(Path file) {
    if (whole()) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(new MemoryProblem(file, "is " + fileBytes + " bytes, over memory.indexMaxReadBytes ("
        + maxBytes + "): only lines 1-" + linesRead + " (" + bytesRead + " bytes) were checked against the files;"
        + " the rest, from byte " + bytesRead + ", was not read and is left as it is"));
  }
}
