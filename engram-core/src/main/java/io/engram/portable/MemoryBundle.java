package io.engram.portable;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.engram.fs.AtomicFiles;
import io.engram.memory.ChangedBy;
import io.engram.memory.MemoryVersion;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * A portable bundle of memories: Markdown topic files with their frontmatter, as they are on disk, and on request
 * their versions, in a zip file or a directory that any machine, and any person with an editor, can read.
 *
 * <pre>
 * engram-bundle.json                     format, when it was made, the projects it holds, whether it has versions
 * projects/&lt;key&gt;/memory/&lt;file&gt;.md        a project's memories
 * projects/&lt;key&gt;/history/&lt;file&gt;.jsonl    their versions, one JSON object a line (with --versions)
 * user/memory/&lt;file&gt;.md                  the user's memories
 * user/history/&lt;file&gt;.jsonl              their versions
 * </pre>
 *
 * <p>Reading refuses anything else by name, so a bundle cannot write outside where it is read into: an entry's key
 * and file are plain names, checked before anything is read; an entry over {@code maxEntryBytes}, a bundle of more
 * than {@code MAX_ENTRIES} entries or one whose files add up to more than {@code MAX_TOTAL_BYTES} is refused naming
 * it, as it is read: a zip of a few megabytes can inflate to gigabytes.
 */
public final class MemoryBundle {
  /** The format version this code writes and reads. */
  public static final int FORMAT = 1;
  /** The manifest's name at the bundle's root. */
  public static final String MANIFEST = "engram-bundle.json";
  // A defence, not a preference: an archive of more entries than a store holds is refused as it is read.
  private static final int MAX_ENTRIES = 100_000;
  // A defence, not a preference: a memory holds at most 64 KB and a store's histories 16 MiB, so a real bundle is
  // megabytes; a zip whose entries inflate past this (a zip bomb) is refused before it exhausts the heap.
  private static final long MAX_TOTAL_BYTES = 256L << 20;
  private static final Pattern PATH = Pattern.compile(
      "(?:projects/(?!\\.{1,2}/)([A-Za-z0-9._-]{1,200})|user)/(memory|history)/([^/\\\\]{1,200})");
  private static final ObjectMapper JSON = JsonMapper.builder().findAndAddModules()
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).build();

  private MemoryBundle() {}

  /** What a bundle says of itself. */
  public record Manifest(int format, Instant exported, List<String> projects, boolean versions) {
    public Manifest {
      projects = List.copyOf(projects);
    }
  }

  /** A bundle read: its manifest and its memories. */
  public record Contents(Manifest manifest, List<BundleEntry> entries) {
    public Contents {
      entries = List.copyOf(entries);
    }
  }

  /** One version as a bundle's history line holds it. */
  private record VersionLine(int number, String at, String by, String change, String text) {
    static VersionLine of(MemoryVersion v) {
      return new VersionLine(v.number(), v.at().toString(), v.by().id(), v.change().id(), v.text());
    }

    MemoryVersion version() {
      return new MemoryVersion(number, Instant.parse(at), ChangedBy.parse(by).orElse(ChangedBy.UNKNOWN),
          MemoryVersion.Change.valueOf(change.toUpperCase(java.util.Locale.ROOT)), text);
    }
  }

  /**
   * Writes {@code entries} to {@code out}: a zip file when its name ends in {@code .zip} (written whole, then moved
   * into place), else a directory that must not exist yet or be empty.
   */
  public static void write(Path out, Manifest manifest, List<BundleEntry> entries) throws IOException {
    Map<String, byte[]> files = new LinkedHashMap<>();
    files.put(MANIFEST, JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(manifest));
    for (BundleEntry e : entries) {
      String base = e.project().map(k -> "projects/" + k).orElse("user");
      files.put(base + "/memory/" + e.file(), e.text().getBytes(StandardCharsets.UTF_8));
      if (!e.versions().isEmpty()) {
        StringBuilder lines = new StringBuilder();
        for (MemoryVersion v : e.versions()) {
          lines.append(JSON.writeValueAsString(VersionLine.of(v))).append('\n');
        }
        files.put(base + "/history/" + stem(e.file()) + ".jsonl", lines.toString().getBytes(StandardCharsets.UTF_8));
      }
    }
    if (out.getFileName().toString().endsWith(".zip")) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (ZipOutputStream zip = new ZipOutputStream(bytes, StandardCharsets.UTF_8)) {
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
          zip.putNextEntry(ZipNames.entry(f.getKey()));
          zip.write(f.getValue());
          zip.closeEntry();
        }
      }
      AtomicFiles.write(out, bytes.toByteArray());
      return;
    }
    if (Files.exists(out) && (!Files.isDirectory(out) || hasFiles(out))) {
      throw new IOException(out + ": exists and is not an empty directory; name a new directory or a .zip file");
    }
    for (Map.Entry<String, byte[]> f : files.entrySet()) {
      Path target = out.resolve(f.getKey());
      Files.createDirectories(target.getParent());
      AtomicFiles.write(target, f.getValue());
    }
  }

  /**
   * Reads the bundle at {@code in} (a zip file or a directory).
   *
   * @throws IOException naming the entry when the bundle has no manifest, one of another format, an entry it does
   *     not know, or an entry too large
   */
  public static Contents read(Path in, long maxEntryBytes) throws IOException {
    return read(in, maxEntryBytes, MAX_TOTAL_BYTES);
  }

  // The bound on all files together is a parameter so that a test can reach it with a small bundle.
  static Contents read(Path in, long maxEntryBytes, long maxTotalBytes) throws IOException {
    if (!Files.exists(in)) {
      throw new IOException(in + ": not an Engram bundle: no such file or directory");
    }
    Total total = new Total(in, maxTotalBytes);
    Map<String, byte[]> files = Files.isDirectory(in) ? readDirectory(in, maxEntryBytes, total)
        : readZip(in, maxEntryBytes, total);
    byte[] manifestBytes = files.remove(MANIFEST);
    if (manifestBytes == null) {
      throw new IOException(in + ": not an Engram bundle (no " + MANIFEST + ")");
    }
    Manifest manifest;
    try {
      manifest = JSON.readValue(manifestBytes, Manifest.class);
    } catch (IOException e) {
      throw new IOException(in + ": " + MANIFEST + " does not read: " + e.getMessage(), e);
    }
    if (manifest.format() != FORMAT) {
      throw new IOException(in + ": a bundle of format " + manifest.format() + "; this engram reads format " + FORMAT);
    }
    Map<String, List<MemoryVersion>> histories = new LinkedHashMap<>();
    Map<String, String[]> memories = new LinkedHashMap<>();
    for (Map.Entry<String, byte[]> f : files.entrySet()) {
      Matcher m = PATH.matcher(f.getKey());
      if (!m.matches() || m.group(3).equals(".") || m.group(3).equals("..")) {
        throw new IOException(in + ": " + f.getKey() + " is not a place a bundle keeps a memory");
      }
      String key = m.group(1) == null ? "" : m.group(1);
      String text = utf8(in, f.getKey(), f.getValue());
      if (m.group(2).equals("memory")) {
        if (m.group(3).endsWith(".md")) {
          memories.put(key + "/" + m.group(3), new String[] {key, m.group(3), text});
        }
      } else {
        histories.put(key + "/" + m.group(3).replaceFirst("\\.jsonl$", ""), versions(in, f.getKey(), text));
      }
    }
    List<BundleEntry> entries = new ArrayList<>();
    for (String[] m : memories.values()) {
      List<MemoryVersion> v = histories.getOrDefault(m[0] + "/" + stem(m[1]), List.of());
      entries.add(new BundleEntry(m[0].isEmpty() ? Optional.empty() : Optional.of(m[0]), m[1], m[2], v));
    }
    return new Contents(manifest, entries);
  }

  // Strict: a file of another encoding read leniently would arrive with its letters turned into U+FFFD, unsaid.
  private static String utf8(Path in, String name, byte[] bytes) throws IOException {
    try {
      return StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString();
    } catch (java.nio.charset.CharacterCodingException e) {
      throw new IOException(in + ": " + name + ": not UTF-8 text; not read", e);
    }
  }

  private static List<MemoryVersion> versions(Path in, String name, String text) throws IOException {
    List<MemoryVersion> out = new ArrayList<>();
    int n = 0;
    for (String line : text.split("\n")) {
      n++;
      if (line.isBlank()) {
        continue;
      }
      try {
        out.add(JSON.readValue(line, VersionLine.class).version());
      } catch (IOException | RuntimeException e) {
        throw new IOException(in + ": " + name + ":" + n + ": not a memory version: " + e.getMessage(), e);
      }
    }
    return out;
  }

  /** The bytes of a bundle's files read so far, refused past {@code max}. */
  private static final class Total {
    private final Path in;
    private final long max;
    private long bytes;

    Total(Path in, long max) {
      this.in = in;
      this.max = max;
    }

    void add(long n) throws IOException {
      bytes += n;
      if (bytes > max) {
        throw new IOException(in + ": its files add up to more than the " + max + " bytes a bundle may hold; not read");
      }
    }
  }

  // Through the central directory (ZipFile), not entry by entry as a stream: a zip cut short at an entry's edge
  // streams as a smaller bundle without a word, while its central directory is gone and ZipFile says so.
  private static Map<String, byte[]> readZip(Path in, long maxEntryBytes, Total total) throws IOException {
    Map<String, byte[]> files = new LinkedHashMap<>();
    try (ZipFile zip = new ZipFile(in.toFile(), StandardCharsets.UTF_8)) {
      if (zip.size() > MAX_ENTRIES) {
        throw new IOException(in + ": more than " + MAX_ENTRIES + " entries; not read");
      }
      for (ZipEntry e : java.util.Collections.list(zip.entries())) {
        if (!e.isDirectory()) {
          try (InputStream data = zip.getInputStream(e)) {
            files.put(e.getName(), bounded(data, in + ": " + e.getName(), maxEntryBytes, total));
          }
        }
      }
    } catch (java.util.zip.ZipException | java.io.EOFException e) {
      throw new IOException(in + ": not a zip file a bundle can be read from (cut short or damaged?): "
          + e.getMessage(), e);
    }
    return files;
  }

  private static Map<String, byte[]> readDirectory(Path in, long maxEntryBytes, Total total) throws IOException {
    Map<String, byte[]> files = new LinkedHashMap<>();
    try (Stream<Path> walk = Files.walk(in)) {
      for (Path p : (Iterable<Path>) walk.filter(p -> Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS))::iterator) {
        if (files.size() >= MAX_ENTRIES) {
          throw new IOException(in + ": more than " + MAX_ENTRIES + " files; not read");
        }
        if (Files.size(p) > maxEntryBytes) {
          throw new IOException(p + ": " + Files.size(p) + " bytes, over the " + maxEntryBytes + " a bundle's file may have");
        }
        total.add(Files.size(p));
        files.put(in.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p));
      }
    }
    return files;
  }

  private static byte[] bounded(InputStream in, String what, long max, Total sum) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buf = new byte[8192];
    long total = 0;
    int n;
    while ((n = in.read(buf)) > 0) {
      total += n;
      if (total > max) {
        throw new IOException(what + ": over the " + max + " bytes a bundle's file may have");
      }
      sum.add(n);
      out.write(buf, 0, n);
    }
    return out.toByteArray();
  }

  private static boolean hasFiles(Path dir) throws IOException {
    try (Stream<Path> list = Files.list(dir)) {
      return list.findAny().isPresent();
    }
  }

  private static String stem(String file) {
    return file.endsWith(".md") ? file.substring(0, file.length() - 3) : file;
  }
}
