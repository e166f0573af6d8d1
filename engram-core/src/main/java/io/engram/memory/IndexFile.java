package io.engram.memory;

import io.engram.fs.AtomicFiles;
import io.engram.fs.ErrorText;
import io.engram.fs.SymbolicLinks;
import io.engram.redact.SecretRedactor;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The MEMORY.md of one store directory on disk ({@link MemoryIndex} edits its text): never read through a symbolic
 * link, rewritten whole through {@link AtomicFiles}, and checked against the topic files beside it.
 */
final class IndexFile {
  private final Path dir;
  private final Path file;
  private final NameCache names;
  private final MemoryFileCache parsed;
  private final long maxTopicBytes;
  private final long maxIndexBytes;
  private final SecretRedactor redactor;

  IndexFile(Path dir, NameCache names, MemoryFileCache parsed, long maxTopicBytes, long maxIndexBytes,
      SecretRedactor redactor) {
    this.dir = dir;
    this.file = dir.resolve(MemoryIndex.FILE_NAME);
    this.names = names;
    this.parsed = parsed;
    this.maxTopicBytes = maxTopicBytes;
    this.maxIndexBytes = maxIndexBytes;
    this.redactor = redactor;
  }

  Path path() {
    return file;
  }

  boolean isLink() {
    return Files.isSymbolicLink(file);
  }

  /**
   * MEMORY.md's text, to be rewritten, "" when there is none; refuses (throws) when it is a symbolic link, or longer
   * than {@code memory.indexMaxReadBytes}: such a file is left as it is rather than read whole into memory, and the
   * write that wanted it fails saying so, the store as it was.
   */
  String read() throws IOException {
    if (isLink()) {
      throw new IOException(SymbolicLinks.refusal(file));
    }
    byte[] bytes;
    try (InputStream in = Files.newInputStream(file)) {
      bytes = IndexEntries.head(in, maxIndexBytes);
    } catch (NoSuchFileException e) {
      return "";
    }
    if (bytes.length > maxIndexBytes) {
      throw new IOException(file + " is over memory.indexMaxReadBytes (" + maxIndexBytes + " bytes): it is left as"
          + " it is rather than rewritten, and nothing was changed; shorten it, or raise the setting");
    }
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /**
   * Reads MEMORY.md's lines into {@code lines} (nothing when there is none, or when it is a symbolic link: {@code
   * list()} reports that, rather than failing the session that loads the index).
   */
  void readInto(IndexLineReader lines) throws IOException {
    if (isLink()) {
      return;
    }
    try (InputStream in = Files.newInputStream(file)) {
      lines.read(file.toString(), in);
    } catch (NoSuchFileException e) {
      // no index yet: nothing to load
    }
  }

  /** Replaces MEMORY.md with {@code text}; the caller holds the store's lock. */
  void write(String text) throws IOException {
    AtomicFiles.writeString(file, text);
  }

  /**
   * {@code index} with a line appended for every topic file it does not name, {@code target} aside: a writer killed
   * between its topic file's rename and its index write leaves such a file, and the next write, under the same
   * lock, puts MEMORY.md back in step with the files. A file that does not read as a memory is left out (the
   * listing reports it). The directory is listed anyway by each write's name lookup. Such a file may have been written
   * by hand, unredacted: its line's title and hook are redacted (its file's name stays, the link must find it).
   */
  String withUnindexedFiles(String index, Path target) throws IOException {
    Set<String> named = new HashSet<>();
    for (MemoryIndex.Entry e : MemoryIndex.entries(index)) {
      named.add(e.fileName());
    }
    String out = index;
    for (Path topic : names.topicFiles()) {
      String fileName = topic.getFileName().toString();
      if (topic.equals(target) || named.contains(fileName)) {
        continue;
      }
      try {
        Memory memory = parsed.read(topic, maxTopicBytes);
        Memory shown = memory.toBuilder().name(redactor.redact(memory.name()).text())
            .description(redactor.redact(memory.description()).text()).build();
        out = MemoryIndex.upsert(out, fileName, MemoryIndex.line(shown, fileName));
      } catch (IOException | RuntimeException e) {
        // Not a readable memory: nothing to index.
      }
    }
    return out;
  }

  /**
   * The lines whose file is not there, for a caller that has refused a linked MEMORY.md; {@code topicFiles} were
   * just listed, so only other targets cost a look.
   */
  List<MemoryProblem> danglingLines(Set<Path> topicFiles) throws IOException {
    List<MemoryProblem> problems = new ArrayList<>();
    IndexEntries entries;
    try {
      entries = parsed.indexEntries(file, maxIndexBytes);
    } catch (IOException e) {
      // A MEMORY.md that cannot be read (a directory by that name, no permission) is the index's problem: the
      // listing, recall and the session start go on without its lines.
      return List.of(new MemoryProblem(file, "cannot be read: " + ErrorText.reason(e)));
    }
    entries.unread(file).ifPresent(problems::add);
    for (MemoryIndex.Entry e : entries.entries()) {
      Path target = dir.resolve(e.target()).normalize();
      if (!target.startsWith(dir) || !(topicFiles.contains(target) || Files.isRegularFile(target))) {
        problems.add(new MemoryProblem(file, "line " + e.lineNumber() + " points at missing file " + e.target()));
      }
    }
    return problems;
  }
}
