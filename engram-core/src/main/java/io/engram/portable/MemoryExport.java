package io.engram.portable;

import io.engram.config.EngramSettings;
import io.engram.memory.MemoryFormat;
import io.engram.memory.MemoryScope;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryVersion;
import io.engram.memory.ProjectMemory;
import io.engram.memory.StoredMemory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Exports memories as a {@link MemoryBundle}: one project's memories with the user's, or every project of a home.
 * Each topic file goes as it is on disk (the file the store reads, every frontmatter key kept); with versions, the
 * history of each memory goes beside it. The team's read-only mirror is not exported: the team store is its home.
 */
public final class MemoryExport {
  private final EngramSettings settings;
  private final Clock clock;

  /** An export that reads with {@code settings} and dates the bundle with {@code clock}. */
  public MemoryExport(EngramSettings settings, Clock clock) {
    this.settings = settings;
    this.clock = clock;
  }

  /** What an export wrote: where, which projects, how many memories and versions. */
  public record Exported(Path bundle, List<String> projects, int memories, int versions) {
    public Exported {
      projects = List.copyOf(projects);
    }
  }

  /** Exports {@code memory} (its project's memories and the user's) to {@code out}. */
  public Exported project(ProjectMemory memory, boolean withVersions, Path out) throws IOException {
    List<BundleEntry> entries = new ArrayList<>();
    Set<String> users = new LinkedHashSet<>();
    add(memory, withVersions, entries, users);
    return write(out, List.of(memory.location().projectKey()), withVersions, entries);
  }

  /**
   * Exports every project of the home at {@code engramHome}, with the user's memories once, to {@code out};
   * {@code current}, the project the command runs in, is included even when its memory lives outside the home
   * (Claude Code's layout).
   */
  public Exported all(Path engramHome, Optional<ProjectMemory> current, boolean withVersions, Path out)
      throws IOException {
    List<BundleEntry> entries = new ArrayList<>();
    Set<String> users = new LinkedHashSet<>();
    List<String> keys = new ArrayList<>();
    if (current.isPresent()) {
      add(current.get(), withVersions, entries, users);
      keys.add(current.get().location().projectKey());
    }
    for (String key : MemoryStores.projectKeys(engramHome)) {
      if (!keys.contains(key)) {
        add(MemoryStores.openKey(engramHome, key, settings, clock), withVersions, entries, users);
        keys.add(key);
      }
    }
    return write(out, keys, withVersions, entries);
  }

  private static void add(ProjectMemory memory, boolean withVersions, List<BundleEntry> entries, Set<String> users)
      throws IOException {
    String key = memory.location().projectKey();
    for (StoredMemory m : memory.list().memories()) {
      if (m.scope() == MemoryScope.TEAM || m.scope() == MemoryScope.USER && !users.add(m.path().getFileName().toString())) {
        continue;
      }
      String text = Files.isRegularFile(m.path()) ? Files.readString(m.path(), StandardCharsets.UTF_8)
          : MemoryFormat.format(m.memory());
      List<MemoryVersion> versions = withVersions ? memory.history(m.name()) : List.of();
      entries.add(new BundleEntry(m.scope() == MemoryScope.USER ? Optional.empty() : Optional.of(key),
          m.path().getFileName().toString(), text, versions));
    }
  }

  private Exported write(Path out, List<String> keys, boolean withVersions, List<BundleEntry> entries)
      throws IOException {
    MemoryBundle.write(out, new MemoryBundle.Manifest(MemoryBundle.FORMAT, clock.instant(), keys, withVersions),
        entries);
    int versions = entries.stream().mapToInt(e -> e.versions().size()).sum();
    return new Exported(out, keys, entries.size(), versions);
  }
}
