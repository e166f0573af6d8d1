package io.engram.dream;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.memory.Memory;
import io.engram.memory.MemoryStore;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryType;
import io.engram.model.ModelRouter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** A project, an Engram home and a user home under one temp directory, with helpers to seed memories and transcripts. */
final class DreamFixture {
  static final Instant NOW = Instant.parse("2026-05-20T12:00:00Z");

  final EngramRoots roots;
  final EngramSettings settings;

  DreamFixture(Path root) throws IOException {
    this(root, EngramSettings.DEFAULTS);
  }

  /** The default settings with one setting of the dream's section changed, as {@code dream.<name>} in settings.json. */
  static EngramSettings withDream(String name, Object value) {
    EngramSettings d = EngramSettings.DEFAULTS;
    return new EngramSettings(d.instructions(), d.memory(), d.notes(), d.extraction(), d.dream().with(name, value),
        d.recall(), d.context(), d.compaction(), d.model(), d.governor(), d.hooks(), d.service(), d.team());
  }

  DreamFixture(Path root, EngramSettings settings) throws IOException {
    Files.createDirectories(root.resolve("project"));
    Files.createDirectories(root.resolve("user"));
    this.roots = new EngramRoots(root.resolve("home"), root.resolve("user"), root.resolve("project"));
    this.settings = settings;
  }

  Path memoryDir() throws IOException {
    return MemoryStores.locate(roots, settings).projectDir();
  }

  Dream dream() {
    return new Dream(roots, settings, ModelRouter.offline(), Clock.fixed(NOW, ZoneOffset.UTC));
  }

  Dream dream(ModelRouter router) {
    return new Dream(roots, settings, router, Clock.fixed(NOW, ZoneOffset.UTC));
  }

  /** Writes a memory as the store would have at {@code at}. */
  void memory(String name, MemoryType type, String body, Instant at) throws IOException {
    memory(Memory.builder(name, type).description(firstLine(body)).body(body + "\n").build(), at);
  }

  void memory(Memory m, Instant at) throws IOException {
    MemoryStore store = MemoryStores.directory(memoryDir(), settings.memory(), Clock.fixed(at, ZoneOffset.UTC),
        Dream.sessionCounter());
    store.write(m);
  }

  /** A Claude Code transcript of one session: user lines at {@code at}, in the project's Claude directory. */
  Path transcript(String sessionId, Instant at, String... userLines) throws IOException {
    Path dir = MemoryStores.claudeProjectDir(roots, settings);
    Files.createDirectories(dir);
    StringBuilder jsonl = new StringBuilder();
    int i = 0;
    for (String line : userLines) {
      String text = line.replace("\\", "\\\\").replace("\"", "\\\"");
      jsonl.append("{\"type\":\"user\",\"sessionId\":\"").append(sessionId).append("\",\"uuid\":\"u").append(i)
          .append("\",\"timestamp\":\"").append(at.plusSeconds(i)).append("\",\"message\":{\"role\":\"user\",\"content\":\"")
          .append(text).append("\"}}\n");
      i++;
    }
    Path file = dir.resolve(sessionId + ".jsonl");
    Files.writeString(file, jsonl, StandardCharsets.UTF_8);
    return file;
  }

  /** Every regular file under {@code dir} (relative path to bytes as text), except the lock files' own state. */
  static Map<String, String> tree(Path dir, boolean includeHidden) throws IOException {
    Map<String, String> out = new TreeMap<>();
    if (!Files.exists(dir)) {
      return out;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.filter(Files::isRegularFile).toList()) {
        String rel = dir.relativize(p).toString();
        boolean hidden = rel.startsWith(".");
        boolean lockArtefact = rel.endsWith(".lock") || rel.endsWith("lock.guard") || rel.equals(".engram-lock");
        if ((includeHidden || !hidden) && !lockArtefact) {
          out.put(rel, Files.readString(p, StandardCharsets.ISO_8859_1));
        }
      }
    }
    return out;
  }

  static List<String> trashed(Path memoryDir) throws IOException {
    Path trash = memoryDir.resolve(".trash");
    if (!Files.isDirectory(trash)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(trash)) {
      return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".md")).sorted().toList();
    }
  }

  private static String firstLine(String body) {
    return body.lines().findFirst().orElse("").strip();
  }
}
