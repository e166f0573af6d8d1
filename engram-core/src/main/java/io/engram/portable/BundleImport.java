package io.engram.portable;

import io.engram.dream.DuplicatePair;
import io.engram.dream.MemoryText;
import io.engram.dream.NearDuplicates;
import io.engram.memory.ChangedBy;
import io.engram.memory.InvalidMemoryException;
import io.engram.memory.InvalidMemoryNameException;
import io.engram.memory.Memory;
import io.engram.memory.MemoryFormat;
import io.engram.memory.MemoryNames;
import io.engram.memory.MemoryScope;
import io.engram.memory.ProjectMemory;
import io.engram.memory.StoredMemory;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Imports memories into a project's memory, merging by meaning so that nothing is there twice: a memory of the same
 * name is merged with what is there (unchanged when it says the same), one that says the same as another of its type
 * that was here before the import, under another name ({@link NearDuplicates}: the dream's word and, with an
 * embedder, meaning match) is merged into it, and only what is new is created, with its frontmatter as it was (provenance, dates) and, from a source that
 * kept them, its versions. A file that is no memory is skipped and named; nothing already here is lost.
 *
 * <p>A merge keeps the memory that is here, its name and description, and adds the sentences of the incoming body it
 * does not hold ({@link NearDuplicates#merge}); its {@code updated} is the newer of the two.
 */
public final class BundleImport {
  private static final String INCOMING = "incoming";

  private final NearDuplicates alike;

  /**
   * What an import did with one memory.
   *
   * @param source the file it came from, as the source names it
   * @param name the memory's name (the file's name when it is no memory)
   * @param into the memory it now lives in: itself when created, the one it was merged into when merged
   * @param reason why, for a merge (what it is alike to), an unchanged memory or a skipped file
   */
  public record Outcome(Kind kind, String source, String name, Optional<String> into, Optional<String> reason) {
    public Outcome {
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(into, "into");
      Objects.requireNonNull(reason, "reason");
    }
  }

  /** What happened to one memory. */
  public enum Kind {
    /** New here: written with its frontmatter (and its versions, when the source had them). */
    CREATED,
    /** Already here under its name or another that says the same: what it adds went into that memory. */
    MERGED,
    /** Already here as it is: nothing written. */
    UNCHANGED,
    /** Not imported: the file is no memory, or the store refused it; the reason says which. */
    SKIPPED
  }

  /** What an import did: the source, whether it was a dry run (nothing written), and an outcome per memory read. */
  public record Report(String source, boolean dryRun, List<Outcome> outcomes) {
    public Report {
      outcomes = List.copyOf(outcomes);
    }

    /** How many outcomes are of {@code kind}. */
    public long count(Kind kind) {
      return outcomes.stream().filter(o -> o.kind() == kind).count();
    }
  }

  /** An import that tells memories that say the same with {@code alike}. */
  public BundleImport(NearDuplicates alike) {
    this.alike = Objects.requireNonNull(alike, "alike");
  }

  /**
   * Imports {@code entries} (read from {@code source}) into {@code target}; with {@code dryRun} it writes nothing and
   * says what it would do. Each memory new here goes into the store it came from (project or user).
   */
  public Report run(ProjectMemory target, List<BundleEntry> entries, String source, boolean dryRun) throws IOException {
    return run(target, entries, source, dryRun, file -> { });
  }

  /**
   * As {@link #run(ProjectMemory, List, String, boolean)}, telling {@code done} each entry's file once it is dealt
   * with (comparing by meaning makes a large import long: a command shows its progress with it).
   */
  public Report run(ProjectMemory target, List<BundleEntry> entries, String source, boolean dryRun,
      Consumer<String> done) throws IOException {
    List<Outcome> outcomes = new ArrayList<>();
    // What the stores hold, kept in step with what this import writes (or, in a dry run, would write); the team's
    // read-only mirror is not written to and not merged into.
    Map<String, Memory> here = new LinkedHashMap<>();
    for (StoredMemory m : target.list().memories()) {
      if (m.scope() != MemoryScope.TEAM) {
        here.put(MemoryNames.slug(m.name()), m.memory());
      }
    }
    // Only these are merged into by meaning: the bundle's own memories stood side by side where it came from, so
    // one it brings is not folded into another it brought (a fresh home would end with fewer than were exported).
    java.util.Set<String> before = java.util.Set.copyOf(here.keySet());
    for (BundleEntry e : entries) {
      Memory incoming;
      try {
        incoming = MemoryFormat.parse(e.text(), Path.of(e.file()));
        MemoryNames.slug(incoming.name());
      } catch (InvalidMemoryException | InvalidMemoryNameException ex) {
        outcomes.add(skip(e, e.file(), "not a memory: " + ex.getMessage()));
        done.accept(e.file());
        continue;
      }
      try {
        outcomes.add(one(target, e, incoming, dryRun, here, before));
      } catch (IllegalArgumentException ex) { // a name, size or place the store refuses
        outcomes.add(skip(e, incoming.name(), ex.getMessage()));
      }
      done.accept(e.file());
    }
    return new Report(source, dryRun, outcomes);
  }

  private Outcome one(ProjectMemory target, BundleEntry e, Memory incoming, boolean dryRun,
      Map<String, Memory> here, java.util.Set<String> before) throws IOException {
    Optional<Memory> same = Optional.ofNullable(here.get(MemoryNames.slug(incoming.name())));
    if (same.isPresent()) {
      return merge(target, e, same.get(), incoming, "same name", dryRun, here);
    }
    Optional<Memory> alikeOne = sayingTheSame(incoming, here.entrySet().stream()
        .filter(m -> before.contains(m.getKey())).map(Map.Entry::getValue).toList());
    if (alikeOne.isPresent()) {
      return merge(target, e, alikeOne.get(), incoming, "says the same as '" + alikeOne.get().name() + "'", dryRun,
          here);
    }
    if (!dryRun) {
      target.adopt(incoming, e.scope(), e.versions());
    }
    here.put(MemoryNames.slug(incoming.name()), incoming);
    return new Outcome(Kind.CREATED, e.file(), incoming.name(), Optional.of(incoming.name()),
        Optional.empty());
  }

  private Outcome merge(ProjectMemory target, BundleEntry e, Memory existing, Memory incoming, String why,
      boolean dryRun, Map<String, Memory> here) throws IOException {
    if (normal(existing.body()).contains(normal(incoming.body()))) {
      return new Outcome(Kind.UNCHANGED, e.file(), incoming.name(), Optional.of(existing.name()),
          Optional.of(why + "; already here as it is"));
    }
    Instant hereAt = existing.updated().or(existing::created).orElse(Instant.EPOCH);
    Instant incomingAt = incoming.updated().or(incoming::created).orElse(Instant.EPOCH);
    String body = NearDuplicates.merge(List.of(new MemoryText(existing.name(), existing.body(), hereAt),
        new MemoryText(incoming.name(), incoming.body(), incomingAt)), alike.meaning());
    Instant newer = incomingAt.isAfter(hereAt) ? incomingAt : hereAt;
    // Neither carried a date (Claude Code's files have none): the merge writes none rather than 1970.
    Memory merged = existing.toBuilder().body(body)
        .description(existing.description().isBlank() ? incoming.description() : existing.description())
        .updated(newer.equals(Instant.EPOCH) ? null : newer).build();
    if (!dryRun) {
      target.write(merged, ChangedBy.IMPORT);
    }
    here.put(MemoryNames.slug(existing.name()), merged);
    return new Outcome(Kind.MERGED, e.file(), incoming.name(), Optional.of(existing.name()),
        Optional.of(why));
  }

  /** The memory of the same type most alike to {@code incoming}, when one says what it says. */
  private Optional<Memory> sayingTheSame(Memory incoming, Collection<Memory> candidates) {
    List<MemoryText> texts = new ArrayList<>();
    Map<String, Memory> byId = new LinkedHashMap<>();
    for (Memory m : candidates) {
      if (m.type() == incoming.type()) {
        String id = "here:" + byId.size();
        byId.put(id, m);
        texts.add(new MemoryText(id, m.description() + "\n" + m.body(), Instant.EPOCH));
      }
    }
    if (texts.isEmpty()) {
      return Optional.empty();
    }
    texts.add(new MemoryText(INCOMING, incoming.description() + "\n" + incoming.body(), Instant.EPOCH.plusMillis(1)));
    return alike.find(texts).stream().filter(p -> p.newerId().equals(INCOMING) || p.olderId().equals(INCOMING))
        .max(Comparator.comparingDouble(DuplicatePair::similarity))
        .map(p -> byId.get(p.newerId().equals(INCOMING) ? p.olderId() : p.newerId()));
  }

  private static Outcome skip(BundleEntry e, String name, String reason) {
    return new Outcome(Kind.SKIPPED, e.file(), name, Optional.empty(), Optional.of(reason));
  }

  private static String normal(String text) {
    return text.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ").strip();
  }
}
