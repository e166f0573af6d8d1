package io.engram.memory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A project's memory store merged with the user-level store: reads see both, the project winning on a
 * name clash; a write updates the memory where it already lives, else puts {@code user}-type memories
 * in the user store and the rest in the project store. Open one with {@link MemoryStores#open}.
 */
public final class ProjectMemory implements MemoryStore {
  private final MemoryLocation location;
  private final DirectoryStore project;
  private final DirectoryStore user;

  private final List<Leftover> leftovers;

  ProjectMemory(MemoryLocation location, DirectoryStore project, DirectoryStore user, List<Leftover> leftovers) {
    this.location = location;
    this.project = project;
    this.user = user;
    this.leftovers = List.copyOf(leftovers);
  }

  /** What interrupted writes had left in the two stores, cleared when this was opened; a surface reports it. */
  public List<Leftover> leftovers() {
    return leftovers;
  }

  /** Where the two stores are. */
  public MemoryLocation location() {
    return location;
  }

  /** The project store alone. */
  public MemoryStore project() {
    return project;
  }

  /** The user-level store alone. */
  public MemoryStore user() {
    return user;
  }

  @Override
  public Saved write(Memory memory) throws IOException {
    return target(memory).write(memory);
  }

  @Override
  public Optional<StoredMemory> read(String name) throws IOException {
    Optional<StoredMemory> found = project.read(name);
    return found.isPresent() ? found : user.read(name);
  }

  @Override
  public MemoryListing list() throws IOException {
    MemoryListing p = project.list();
    MemoryListing u = user.list();
    List<StoredMemory> all = new ArrayList<>(p.memories());
    Set<String> names = new HashSet<>();
    p.memories().forEach(m -> names.add(MemoryNames.slug(m.name())));
    u.memories().stream().filter(m -> !names.contains(MemoryNames.slug(m.name()))).forEach(all::add);
    all.sort(java.util.Comparator.comparing(StoredMemory::name));
    List<MemoryProblem> problems = new ArrayList<>(p.problems());
    problems.addAll(u.problems());
    return new MemoryListing(all, problems);
  }

  @Override
  public Forgotten forget(String name) throws IOException {
    return project.read(name).isPresent() || user.read(name).isEmpty() ? project.forget(name) : user.forget(name);
  }

  @Override
  public StoredMemory restore(String name) throws IOException {
    try {
      return project.restore(name);
    } catch (NoSuchMemoryException e) {
      try {
        return user.restore(name);
      } catch (NoSuchMemoryException e2) {
        throw new NoSuchMemoryException("no trashed memory named '" + name + "' in " + project.directory()
            + " or " + user.directory());
      }
    }
  }

  /** The forgotten memories both trashes hold, newest first; {@link #restore} brings one back by name. */
  public List<TrashedMemory> trashed() throws IOException {
    List<TrashedMemory> all = new ArrayList<>(project.trashed());
    all.addAll(user.trashed());
    all.sort(java.util.Comparator.comparing(TrashedMemory::trashedAt).reversed());
    return all;
  }

  @Override
  public List<Path> purgeTrash() throws IOException {
    List<Path> purged = new ArrayList<>(project.purgeTrash());
    purged.addAll(user.purgeTrash());
    return purged;
  }

  /**
   * Records that recall surfaced the memories called {@code names} at {@code when}: each one's {@code
   * lastRecalled} is set and its {@code recallCount} raised by one, under its store's lock, without
   * changing {@code updated} or anything else. Names found in neither store are skipped.
   *
   * @return the names of the memories marked
   */
  public List<String> markRecalled(java.util.Collection<String> names, java.time.Instant when) throws IOException {
    List<String> marked = new ArrayList<>(project.markRecalled(names, when));
    Set<String> done = new HashSet<>();
    marked.forEach(n -> done.add(MemoryNames.slug(n)));
    List<String> rest = names.stream().filter(n -> !done.contains(MemoryNames.slug(n))).toList();
    marked.addAll(user.markRecalled(rest, when));
    return marked;
  }

  /** The project's MEMORY.md followed by the user-level one, within the index limits. */
  @Override
  public IndexText indexText() throws IOException {
    String p = project.readIndex();
    String u = user.readIndex();
    String both = u.isBlank() ? p : (p.isEmpty() || p.endsWith("\n") ? p : p + "\n") + u;
    return IndexText.of(both, project.maxIndexLines(), project.maxIndexBytes());
  }

  private DirectoryStore target(Memory memory) throws IOException {
    if (project.read(memory.name()).isPresent()) {
      return project;
    }
    if (user.read(memory.name()).isPresent()) {
      return user;
    }
    return memory.type() == MemoryType.USER ? user : project;
  }
}
