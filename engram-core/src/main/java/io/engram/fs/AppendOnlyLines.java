package io.engram.fs;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A file of lines that grows only at its end (a log: one JSON line per event), written under the caller's
 * {@link FileLock}. An append writes the line and its newline in one write and forces it to disk, so a crash
 * leaves at most a last line without its newline; a read leaves such a torn line out, and the next append
 * cuts it off first, so it never joins the new line. Cutting the oldest lines off (a cap) replaces the file
 * through {@link AtomicFiles}. Never follows a symbolic link.
 */
public final class AppendOnlyLines {
  // A read buffer (8 KiB, a page or two): the lines found are the same at any size.
  private static final int CHUNK = 8192;

  private AppendOnlyLines() {}

  /**
   * Appends {@code line} and a newline to {@code file} (created when missing), forced to disk; a torn last line
   * a killed writer left is cut off first. Returns the file's length before the append, for {@link #truncate}.
   *
   * @throws IllegalArgumentException when {@code line} holds a line break
   */
  public static long append(Path file, String line) throws IOException {
    if (line.indexOf('\n') >= 0 || line.indexOf('\r') >= 0) {
      throw new IllegalArgumentException("an appended line must not hold a line break: " + file);
    }
    refuseLink(file);
    boolean created = !Files.exists(file, LinkOption.NOFOLLOW_LINKS);
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE,
        LinkOption.NOFOLLOW_LINKS)) {
      long end = completeLength(channel);
      if (end < channel.size()) {
        channel.truncate(end);
      }
      ByteBuffer bytes = ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8));
      long at = end;
      while (bytes.hasRemaining()) {
        at += channel.write(bytes, at);
      }
      channel.force(false);
      if (created) {
        AtomicFiles.forceDirectory(file.toAbsolutePath().getParent());
      }
      return end;
    }
  }

  /**
   * Appends {@code line} as {@link #append} does, first dropping the oldest lines when the file would pass {@code
   * maxBytes}: the newest lines that fill at most half of it stay, so that a rewrite comes once per half a cap.
   * Returns how many lines were dropped.
   */
  public static int appendCapped(Path file, String line, long maxBytes) throws IOException {
    long lineBytes = line.getBytes(StandardCharsets.UTF_8).length + 1L;
    long size = Files.exists(file, LinkOption.NOFOLLOW_LINKS) ? Files.size(file) : 0;
    int dropped = 0;
    if (size > 0 && size + lineBytes > maxBytes) {
      List<String> lines = read(file);
      List<String> kept = newestWithin(lines, Math.max(0, maxBytes / 2 - lineBytes));
      dropped = lines.size() - kept.size();
      replace(file, kept);
    }
    append(file, line);
    return dropped;
  }

  /** Cuts {@code file} back to {@code length} bytes: takes back an append whose companion write failed. */
  public static void truncate(Path file, long length) throws IOException {
    refuseLink(file);
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
      channel.truncate(length);
      channel.force(false);
    } catch (NoSuchFileException e) {
      // Nothing was appended.
    }
  }

  /** Replaces {@code file} atomically with exactly {@code lines}, each with its newline. */
  public static void replace(Path file, List<String> lines) throws IOException {
    refuseLink(file);
    StringBuilder text = new StringBuilder();
    lines.forEach(l -> text.append(l).append('\n'));
    AtomicFiles.writeString(file, text.toString());
  }

  /** The complete lines of {@code file}, oldest first; a torn last line is left out; empty when there is no file. */
  public static List<String> read(Path file) throws IOException {
    refuseLink(file);
    String text;
    try {
      text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return List.of();
    }
    int end = text.lastIndexOf('\n');
    List<String> lines = new ArrayList<>();
    int start = 0;
    while (start <= end) {
      int next = text.indexOf('\n', start);
      lines.add(text.substring(start, next));
      start = next + 1;
    }
    return lines;
  }

  /** The last complete line of {@code file}, read from its end (not the whole file); empty when there is none. */
  public static Optional<String> last(Path file) throws IOException {
    refuseLink(file);
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
      long end = completeLength(channel);
      if (end == 0) {
        return Optional.empty();
      }
      long start = lastNewlineBefore(channel, end - 1) + 1;
      ByteBuffer bytes = ByteBuffer.allocate(Math.toIntExact(end - 1 - start));
      while (bytes.hasRemaining() && channel.read(bytes, start + bytes.position()) >= 0) {
        // read until full
      }
      return Optional.of(new String(bytes.array(), StandardCharsets.UTF_8));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
  }

  /** The first complete line of {@code file}, read from its start (not the whole file); empty when there is none. */
  public static Optional<String> first(Path file) throws IOException {
    refuseLink(file);
    try (java.io.InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
      java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();
      byte[] chunk = new byte[CHUNK];
      for (int n = in.read(chunk); n >= 0; n = in.read(chunk)) {
        for (int i = 0; i < n; i++) {
          if (chunk[i] == '\n') {
            line.write(chunk, 0, i);
            return Optional.of(line.toString(StandardCharsets.UTF_8));
          }
        }
        line.write(chunk, 0, n);
      }
      return Optional.empty();
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
  }

  private static List<String> newestWithin(List<String> lines, long bytes) {
    long used = 0;
    int from = lines.size();
    while (from > 0) {
      long next = lines.get(from - 1).getBytes(StandardCharsets.UTF_8).length + 1L;
      if (used + next > bytes) {
        break;
      }
      used += next;
      from--;
    }
    return lines.subList(from, lines.size());
  }

  /** The length up to and including the last newline: what complete lines the file holds. */
  private static long completeLength(FileChannel channel) throws IOException {
    long size = channel.size();
    return size == 0 ? 0 : lastNewlineBefore(channel, size) + 1;
  }

  /** The position of the last newline before {@code end}, or -1. */
  private static long lastNewlineBefore(FileChannel channel, long end) throws IOException {
    ByteBuffer chunk = ByteBuffer.allocate(CHUNK);
    long to = end;
    while (to > 0) {
      long from = Math.max(0, to - CHUNK);
      chunk.clear().limit((int) (to - from));
      while (chunk.hasRemaining() && channel.read(chunk, from + chunk.position()) >= 0) {
        // read until full
      }
      for (int i = (int) (to - from) - 1; i >= 0; i--) {
        if (chunk.get(i) == '\n') {
          return from + i;
        }
      }
      to = from;
    }
    return -1;
  }

  private static void refuseLink(Path file) throws IOException {
    if (Files.isSymbolicLink(file)) {
      throw new IOException(SymbolicLinks.refusal(file));
    }
  }
}
