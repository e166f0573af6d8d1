package io.engram.portable;

import io.engram.config.MemorySettings;
import io.engram.fs.HomeLayout;
import io.engram.memory.InvalidMemoryException;
import io.engram.memory.MemoryFormat;
import io.engram.memory.MemoryHistory;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryVersion;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import io.engram.redact.SecretRedactor;

/**
 * Where Engram's own memories are imported from: a bundle {@code engram export} wrote, or another Engram home. Each
 * reads its memories as {@link BundleEntry}s, the topic files as they are, so an import keeps every frontmatter key,
 * the store each lived in and the versions recorded of it. (Other agents' memory is read by
 * {@code io.engram.imports}.)
 */
public sealed interface BundleSource {

  /** What the source is, for reports ("bundle memories.zip"). */
  String describe();

  /**
   * The memories the source holds; a file over {@code maxBytes} is refused naming it.
   *
   * @throws IOException when the source cannot be read, naming what and where
   */
  List<BundleEntry> read(long maxBytes) throws IOException;

  /** A bundle made by {@code engram export}: a zip file or a directory. */
  record Bundle(Path path) implements BundleSource {
    public Bundle {
      Objects.requireNonNull(path, "path");
    }

    @Override
    public String describe() {
      return "bundle " + path;
    }

    @Override
    public List<BundleEntry> read(long maxBytes) throws IOException {
      return MemoryBundle.read(path, maxBytes).entries();
    }
  }

  /**
   * Another Engram home: the memory of the project keyed {@code project} there (or of every project, when empty)
   * and its user memories, each with its versions.
   */
  record EngramHome(Path home, Optional<String> project) implements BundleSource {
    public EngramHome {
      Objects.requireNonNull(home, "home");
      Objects.requireNonNull(project, "project");
    }

    @Override
    public String describe() {
      return "Engram home " + home + project.map(k -> " (project " + k + ")").orElse("");
    }

    @Override
    public List<BundleEntry> read(long maxBytes) throws IOException {
      HomeLayout layout = HomeLayout.of(home);
      if (!Files.isDirectory(layout.projects()) && !Files.isDirectory(layout.userMemory())) {
        throw new IOException(home + ": not an Engram home (no projects/ or user/memory/ in it)");
      }
      List<BundleEntry> out = new ArrayList<>();
      for (String key : project.map(List::of).orElse(MemoryStores.projectKeys(home))) {
        Path dir = layout.project(key).memory();
        if (Files.isDirectory(dir)) {
          out.addAll(topicFiles(dir, Optional.of(key), true, maxBytes));
        }
      }
      if (Files.isDirectory(layout.userMemory())) {
        out.addAll(topicFiles(layout.userMemory(), Optional.empty(), true, maxBytes));
      }
      return out;
    }
  }

  /**
   * The topic files of {@code dir} (no links followed, no index, no hidden files), with the versions Engram recorded
   * of each when {@code withVersions}.
   */
  static List<BundleEntry> topicFiles(Path dir, Optional<String> project, boolean withVersions, long maxBytes)
      throws IOException {
    MemoryHistory history = MemoryHistory.of(dir, MemorySettings.DEFAULTS, SecretRedactor.standard(),
        Clock.systemUTC());
    List<BundleEntry> out = new ArrayList<>();
    List<Path> files;
    try (Stream<Path> list = Files.list(dir)) {
      files = list.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).filter(p -> {
        String n = p.getFileName().toString();
        return n.endsWith(".md") && !n.startsWith(".") && !n.equals(MemoryStores.INDEX_FILE);
      }).sorted().toList();
    }
    for (Path f : files) {
      if (Files.size(f) > maxBytes) {
        throw new IOException(f + ": " + Files.size(f) + " bytes, over the " + maxBytes + " a memory file may have");
      }
      String text;
      try {
        text = Files.readString(f, StandardCharsets.UTF_8);
      } catch (java.nio.charset.CharacterCodingException e) {
        throw new IOException(f + ": not UTF-8 text; not read", e);
      }
      List<MemoryVersion> versions = List.of();
      if (withVersions) {
        try {
          versions = history.versions(MemoryFormat.parse(text, f).name());
        } catch (InvalidMemoryException e) {
          versions = List.of(); // the import reports the file as not a memory
        }
      }
      out.add(new BundleEntry(project, f.getFileName().toString(), text, versions));
    }
    return out;
  }
}
