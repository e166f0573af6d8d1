package io.engram.memory;

import io.engram.redact.SecretRedactor;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which file holds which memory name. A file's name need not be the slug of the memory's name (Claude
 * Code names files its own way), so lookups read frontmatter; results are cached per file and
 * re-read when the file's size or modification time changes, so a lookup costs a directory listing. A name is
 * matched as listings show it too ({@link NameQuery}): a memory whose name holds a secret is found by the redacted
 * name its listing shows.
 */
final class NameCache {
  /**
   * What a file held when last looked at: its name's slug (null when not a valid memory), and, once a lookup asked,
   * the slug of its name as shown (empty when it shows without a marker; null until asked).
   */
  private record Seen(FileTime modified, long size, String name, String slug, Optional<String> shownSlug) {}

  private final Path dir;
  private final long maxBytes;
  private final MemoryFileCache parsed;
  private final SecretRedactor redactor;
  private final Map<Path, Seen> seen = new HashMap<>();

  NameCache(Path dir, long maxBytes, MemoryFileCache parsed, SecretRedactor redactor) {
    this.dir = dir;
    this.maxBytes = maxBytes;
    this.parsed = parsed;
    this.redactor = redactor;
  }

  /**
   * Topic files of the directory: {@code *.md} except MEMORY.md, hidden files and symbolic links (which
   * the store never follows; {@link #scan} lists them), sorted.
   */
  List<Path> topicFiles() throws IOException {
    List<Path> out = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return out;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.md")) {
      for (Path f : files) {
        if (isTopicFile(f)) {
          out.add(f);
        }
      }
    }
    out.sort(null);
    return out;
  }

  /** A topic file as the listing saw it, with the attributes of the one {@code lstat} that told it from a link. */
  record Listed(Path path, BasicFileAttributes attributes) {}

  /**
   * The directory in one pass: its topic files (as {@link #topicFiles}) and the symbolic links among the entries
   * the store would otherwise use (topic files, MEMORY.md, the trash, its own dot files), sorted.
   */
  record Scan(List<Listed> topicFiles, List<Path> links) {}

  /**
   * The topic files and the links from one reading of the directory and one {@code lstat} per entry that
   * matters: what a listing of the store costs on every recall of the resident service.
   */
  Scan scan() throws IOException {
    List<Listed> topics = new ArrayList<>();
    List<Path> linked = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return new Scan(topics, linked);
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
      for (Path f : files) {
        String n = f.getFileName().toString();
        boolean topic = n.endsWith(".md") && !n.startsWith(".") && !n.equals(MemoryIndex.FILE_NAME);
        boolean used = n.endsWith(".md") || n.equals(Trash.DIR) || n.startsWith(".dream") || n.startsWith(".engram");
        if (!topic && !used) {
          continue;
        }
        BasicFileAttributes a;
        try {
          a = Files.readAttributes(f, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
          continue; // removed since the directory was read
        }
        if (a.isSymbolicLink()) {
          linked.add(f);
        } else if (topic && a.isRegularFile()) {
          topics.add(new Listed(f, a));
        }
      }
    }
    topics.sort(java.util.Comparator.comparing(Listed::path));
    linked.sort(null);
    return new Scan(topics, linked);
  }

  /**
   * The file holding the memory whose name slugs like {@code name}: the slug's own file first (even
   * when unreadable, so that a writer refuses to overwrite it), else any file whose frontmatter names it; failing
   * those, the memory whose name, as listings show it (secrets redacted), slugs as {@code name} shown does.
   */
  synchronized Optional<Path> locate(String name) throws IOException {
    NameQuery query = NameQuery.of(name, redactor);
    Optional<Path> own = ownFile(query.slug());
    if (own.isPresent()) {
      return own;
    }
    List<Path> mayShowAs = new ArrayList<>();
    for (Path f : topicFiles()) {
      String slug = seen(f).slug();
      if (query.slug().equals(slug)) {
        return Optional.of(f);
      }
      if (slug != null && query.mayShowAs(slug)) {
        mayShowAs.add(f);
      }
    }
    if (query.shownSlug().isEmpty()) {
      return Optional.empty();
    }
    // Only a name that shows with a marker gets here, and only the names that begin alike are redacted (once per
    // file, kept with its slug).
    Optional<Path> shownOwn = ownFile(query.shownSlug().get());
    if (shownOwn.isPresent()) {
      return shownOwn;
    }
    for (Path f : mayShowAs) {
      if (query.shownSlug().equals(shownSlugOf(f))) {
        return Optional.of(f);
      }
    }
    return Optional.empty();
  }

  /** {@code slug.md} when it is a topic file holding the memory of that slug (or unreadable). */
  private Optional<Path> ownFile(String slug) throws IOException {
    Path own = dir.resolve(slug + ".md");
    // The slug's own file is the common case: found without listing the directory.
    if (isTopicFile(own)) {
      String ownSlug = seen(own).slug();
      if (ownSlug == null || ownSlug.equals(slug)) {
        return Optional.of(own);
      }
    }
    return Optional.empty();
  }

  private static boolean isTopicFile(Path f) {
    String n = f.getFileName().toString();
    // Never a symbolic link: the store does not follow one out of its directory ({@link #scan} lists them).
    return n.endsWith(".md") && !n.startsWith(".") && !n.equals(MemoryIndex.FILE_NAME)
        && Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS);
  }

  /** A file for a new memory with this slug: {@code slug.md}, or {@code slug-2.md}... if that is taken. */
  Path freeFile(String slug) {
    Path candidate = dir.resolve(slug + ".md");
    for (int i = 2; Files.exists(candidate, LinkOption.NOFOLLOW_LINKS); i++) {
      candidate = dir.resolve(slug + "-" + i + ".md");
    }
    return candidate;
  }

  synchronized void remember(Path file, String name) {
    try {
      BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
      seen.put(file, new Seen(a.lastModifiedTime(), a.size(), name, MemoryNames.slug(name), null));
    } catch (IOException e) {
      seen.remove(file);
    }
  }

  synchronized void forget(Path file) {
    seen.remove(file);
  }

  private static final Seen NONE = new Seen(null, 0, null, null, Optional.empty());

  /** What {@code file} holds now: its name and slug (both null when the file is gone or not a valid memory). */
  private Seen seen(Path file) throws IOException {
    BasicFileAttributes a;
    try {
      a = Files.readAttributes(file, BasicFileAttributes.class);
    } catch (NoSuchFileException e) {
      return NONE;
    }
    Seen s = seen.get(file);
    if (s != null && s.modified().equals(a.lastModifiedTime()) && s.size() == a.size()) {
      return s;
    }
    String name;
    String slug;
    try {
      MemoryFileCache.Parsed p = parsed.parsed(file, maxBytes);
      name = p.memory().name();
      slug = p.slug().orElse(null);
    } catch (InvalidMemoryException | NoSuchFileException e) {
      name = null;
      slug = null;
    } catch (FileSystemException e) {
      // Unreadable (mode 000, another user's): no name to match, as an invalid file; not kept, as a chmod that makes
      // it readable leaves its time and size as they were. It failed the lookup of every other name before.
      return NONE;
    }
    Seen now = new Seen(a.lastModifiedTime(), a.size(), name, slug, null);
    seen.put(file, now);
    return now;
  }

  /** The slug of the name in {@code file} as listings show it, when that carries a marker ({@link NameQuery}). */
  private Optional<String> shownSlugOf(Path file) throws IOException {
    Seen s = seen(file);
    if (s.slug() == null) {
      return Optional.empty();
    }
    if (s.shownSlug() == null) {
      Seen shown = new Seen(s.modified(), s.size(), s.name(), s.slug(), NameQuery.shownSlugOf(s.name(), redactor));
      seen.put(file, shown);
      return shown.shownSlug();
    }
    return s.shownSlug();
  }
}
