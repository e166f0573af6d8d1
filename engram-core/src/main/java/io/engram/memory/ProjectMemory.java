package io.engram.memory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A project's memory store merged with the user-level store and the read-only mirror of the project's team
 * memory: reads see all three, the project winning on a name clash, then the user store, then the team (so a
 * member's own version of a team memory is the one they see); a write updates the memory where it already
 * lives in the project or user store, else puts {@code user}-type memories in the user store and the rest in
 * the project store; the team mirror is never written here. Open one with {@link MemoryStores#open}.
 */
public final class ProjectMemory implements MemoryStore {
  private final MemoryLocation location;
  private final DirectoryStore project;
  private final DirectoryStore user;
  private final Optional<DirectoryStore> team;

  private final List<Leftover> leftovers;

  ProjectMemory(MemoryLocation location, DirectoryStore project, DirectoryStore user, Optional<DirectoryStore> team,
      List<Leftover> leftovers) {
    this.location = location;
    this.project = project;
    this.user = user;
    this.team = team;
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

  /** The team mirror alone, read-only (its writes throw); empty when the project has no git remote. */
  public Optional<MemoryStore> team() {
    return team.map(t -> t);
  }

  @Override
  public Saved write(Memory memory, ChangedBy by) throws IOException {
    return target(memory).write(memory, by);
  }

  /**
   * Writes {@code memory} into the store of {@code scope} ({@link MemoryScope#PROJECT} or {@link MemoryScope#USER}).
   *
   * @throws IllegalArgumentException when the scope is {@link MemoryScope#TEAM} (written only by team sync), or
   *     when a memory of that name lives in the other store: writing a second one there would leave two of one
   *     name, the project's hiding the user's
   */
  public Saved write(Memory memory, MemoryScope scope, ChangedBy by) throws IOException {
    return storeOf(memory, scope).write(memory, by);
  }

  /**
   * Writes {@code memory} into the store of {@code scope} as an import does ({@link ChangedBy#IMPORT}): it keeps its
   * own {@code updated}, and a memory new to that store takes {@code earlier}, its versions where it came from, as
   * the first versions of its history.
   *
   * @throws IllegalArgumentException as {@link #write(Memory, MemoryScope, ChangedBy)} does
   */
  public Saved adopt(Memory memory, MemoryScope scope, List<MemoryVersion> earlier) throws IOException {
    return storeOf(memory, scope).adopt(memory, earlier);
  }

  private DirectoryStore storeOf(Memory memory, MemoryScope scope) throws IOException {
    if (scope == MemoryScope.TEAM) {
      throw new IllegalArgumentException("team memory is written by team sync, not directly");
    }
    DirectoryStore into = scope == MemoryScope.USER ? user : project;
    DirectoryStore other = scope == MemoryScope.USER ? project : user;
    if (other.read(memory.name()).isPresent()) {
      String there = scope == MemoryScope.USER ? "project" : "user";
      throw new IllegalArgumentException("a memory named '" + memory.name() + "' already lives in the " + there
          + " store; write it there (--scope " + there + ") or forget it first");
    }
    return into;
  }

  @Override
  public Optional<StoredMemory> read(String name) throws IOException {
    Optional<StoredMemory> found = project.read(name);
    if (found.isEmpty()) {
      found = user.read(name);
    }
    return found.isPresent() || team.isEmpty() ? found : team.get().read(name);
  }

  @Override
  public MemoryListing list() throws IOException {
    List<StoredMemory> all = new ArrayList<>();
    List<MemoryProblem> problems = new ArrayList<>();
    Set<String> names = new HashSet<>();
    List<MemoryListing> listings = new ArrayList<>();
    for (DirectoryStore store : readOrder()) {
      listings.add(store.list());
    }
    // A store's own names are unique; names are compared across stores only when more than one has memories.
    boolean overlap = listings.stream().filter(l -> !l.memories().isEmpty()).count() > 1;
    for (MemoryListing listed : listings) {
      if (overlap) {
        listed.memories().stream().filter(m -> names.add(MemoryNames.slug(m.name()))).forEach(all::add);
      } else {
        all.addAll(listed.memories());
      }
      problems.addAll(listed.problems());
    }
    all.sort(java.util.Comparator.comparing(StoredMemory::name));
    return new MemoryListing(all, problems);
  }

  @Override
  public Forgotten forget(String name, ChangedBy by) throws IOException {
    if (project.read(name).isEmpty() && user.read(name).isEmpty() && team.isPresent()
        && team.get().read(name).isPresent()) {
      throw new NoSuchMemoryException("'" + name + "' is a team memory, read-only here: only team sync changes it,"
          + " so it is not forgotten locally");
    }
    return project.read(name).isPresent() || user.read(name).isEmpty() ? project.forget(name, by)
        : user.forget(name, by);
  }

  @Override
  public StoredMemory restore(String name, ChangedBy by) throws IOException {
    try {
      return project.restore(name, by);
    } catch (NoSuchMemoryException e) {
      try {
        return user.restore(name, by);
      } catch (NoSuchMemoryException e2) {
        throw new NoSuchMemoryException("no trashed memory named '" + name + "' in " + project.directory()
            + " or " + user.directory());
      }
    }
  }

  /**
   * Brings back the trash entry {@code trashId} names ({@link TrashedMemory#id}), whichever other entries have its
   * name; refused, as {@link #restore} is, while a memory of that name exists.
   *
   * @throws NoSuchMemoryException when no trash holds that entry
   */
  public StoredMemory restoreEntry(String trashId, ChangedBy by) throws IOException {
    int slash = trashId.indexOf('/');
    String scope = slash < 0 ? "" : trashId.substring(0, slash);
    DirectoryStore store = switch (scope) {
      case "project" -> project;
      case "user" -> user;
      default -> throw new NoSuchMemoryException("no trash entry '" + trashId + "': an entry is <project|user>/<file>,"
          + " as the trash lists it");
    };
    return store.restoreEntry(trashId.substring(slash + 1), by);
  }

  /**
   * The recorded versions of the memory called {@code name}, oldest first: from the store that holds it (project,
   * user, then team), else from the first whose history has it (a forgotten memory, or a shared copy retired in
   * favour of the team's, whose mirror keeps no history); empty when none has.
   */
  public List<MemoryVersion> history(String name) throws IOException {
    if (!MemoryNames.isValid(name)) {
      return List.of(); // no memory can have had that name
    }
    for (DirectoryStore store : readOrder()) {
      if (store.read(name).isPresent()) {
        List<MemoryVersion> versions = store.history(name);
        if (!versions.isEmpty()) {
          return versions;
        }
        break;
      }
    }
    for (DirectoryStore store : readOrder()) {
      List<MemoryVersion> versions = store.history(name);
      if (!versions.isEmpty()) {
        return versions;
      }
    }
    return List.of();
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

  /** The project's MEMORY.md followed by the user-level one, then the team's, within the index limits. */
  @Override
  public IndexText indexText() throws IOException {
    IndexLineReader lines = project.indexLines();
    for (DirectoryStore store : readOrder()) {
      store.readIndexInto(lines);
    }
    return lines.text();
  }

  private List<DirectoryStore> readOrder() {
    List<DirectoryStore> order = new ArrayList<>(List.of(project, user));
    team.ifPresent(order::add);
    return order;
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
