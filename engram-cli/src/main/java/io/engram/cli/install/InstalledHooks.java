package io.engram.cli.install;

import io.engram.fs.HomeLayout;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The Claude Code settings files {@code engram hooks install} wrote Engram's hooks into, kept in
 * {@code <home>/hooks-installed.json} so that {@code engram uninstall} can take them out again (a project's
 * settings file is nowhere else to be found). Written atomically under a lock in {@code <home>/locks}.
 */
public final class InstalledHooks {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final Path file;
  private final Path lock;

  /** The record of the home {@code engramHome}. */
  public InstalledHooks(Path engramHome) {
    this.file = engramHome.resolve("hooks-installed.json");
    this.lock = HomeLayout.of(engramHome).lock("hooks-installed");
  }

  /** The settings files recorded, in the order they were first written. */
  public List<Path> files() throws IOException {
    if (!Files.isRegularFile(file)) {
      return List.of();
    }
    List<Path> out = new ArrayList<>();
    try {
      for (JsonNode n : JSON.readTree(file.toFile())) {
        if (n.isTextual()) {
          out.add(Path.of(n.asText()));
        }
      }
    } catch (IOException | RuntimeException e) {
      throw new IOException("the record of installed hooks " + file + " cannot be read: " + e.getMessage(), e);
    }
    return out;
  }

  /** Records that {@code settings} holds Engram's hooks. */
  public void added(Path settings) throws IOException {
    change(settings.toAbsolutePath().normalize(), true);
  }

  /** Records that {@code settings} no longer holds them. */
  public void removed(Path settings) throws IOException {
    change(settings.toAbsolutePath().normalize(), false);
  }

  private void change(Path settings, boolean add) throws IOException {
    Files.createDirectories(lock.getParent());
    try (FileLock held = FileLock.acquire(lock)) {
      Set<Path> all = new LinkedHashSet<>(files());
      boolean changed = add ? all.add(settings) : all.remove(settings);
      if (changed) {
        AtomicFiles.writeString(file, JSON.writeValueAsString(all.stream().map(Path::toString).toList()) + "\n");
      }
    }
  }
}
