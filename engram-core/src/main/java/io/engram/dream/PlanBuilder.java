package io.engram.dream;

import io.engram.memory.Memory;
import io.engram.memory.MemoryFormat;
import io.engram.memory.MemoryNames;
import io.engram.memory.MemoryStores;
import io.engram.redact.SecretRedactor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Builds a {@link DreamPlan} step by step over a working copy of the memory directory: every step
 * starts from the text the previous one left, so the plan chains and its diff shows exactly what will
 * be written. Paths are file names relative to the memory directory.
 */
final class PlanBuilder {
  /** Frontmatter key listing the files and symbols a memory names that no longer exist. */
  static final String STALE_KEY = "stale";

  /** One topic file as the plan has it so far. */
  static final class Entry {
    final String file;
    Memory memory;
    String text;
    boolean trashed;

    Entry(String file, Memory memory, String text) {
      this.file = file;
      this.memory = memory;
      this.text = text;
    }

    boolean active(Instant now) {
      return !trashed && !memory.isSuperseded(now);
    }

    Instant updated() {
      return dated().orElse(Instant.EPOCH);
    }

    /** When the memory last changed, if its frontmatter says (Claude Code's own files carry no dates). */
    java.util.Optional<Instant> dated() {
      return memory.updated().or(memory::created);
    }

    MemoryText asText() {
      return new MemoryText(file, memory.body(), updated());
    }
  }

  private final Path memoryDir;
  private final Instant now;
  private final SecretRedactor redactor = SecretRedactor.standard();
  private final Map<String, Entry> entries = new LinkedHashMap<>();
  private final List<DreamChange> changes = new ArrayList<>();
  private final List<String> created = new ArrayList<>();
  /** Files whose description this run changed: their MEMORY.md line is written again from it. */
  private final java.util.Set<String> redescribed = new LinkedHashSet<>();
  private Optional<MeaningMatch> meaning = Optional.empty();

  PlanBuilder(Path memoryDir, Instant now) {
    this.memoryDir = memoryDir;
    this.now = now;
  }

  /** Merges bodies by meaning too from now on ({@link NearDuplicates#merge(List, Optional)}). */
  void meaning(Optional<MeaningMatch> match) {
    this.meaning = match;
  }

  /** The meaning match bodies are merged with, if any. */
  Optional<MeaningMatch> meaning() {
    return meaning;
  }

  /** Adds a topic file as orient read it (raw text and parsed memory). */
  void existing(String file, Memory memory, String text) {
    entries.put(file, new Entry(file, memory, text));
  }

  Optional<Entry> byName(String name) {
    if (!MemoryNames.isValid(name)) {
      return Optional.empty();
    }
    String slug = MemoryNames.slug(name);
    return entries.values().stream()
        .filter(e -> !e.trashed && MemoryNames.isValid(e.memory.name()) && MemoryNames.slug(e.memory.name()).equals(slug))
        .findFirst();
  }

  Optional<Entry> byFile(String file) {
    return Optional.ofNullable(entries.get(file)).filter(e -> !e.trashed);
  }

  List<Entry> active() {
    return entries.values().stream().filter(e -> e.active(now)).toList();
  }

  /** A new memory; when its name already exists, its body is merged into that memory instead. */
  void create(Memory memory, String reason) {
    Memory clean = redacted(memory);
    Optional<Entry> same = byName(clean.name());
    if (same.isPresent()) {
      absorb(same.get(), clean, reason);
      return;
    }
    String file = MemoryNames.fileName(clean.name());
    if (entries.containsKey(file) || Files.exists(memoryDir.resolve(file))) {
      file = MemoryNames.slug(clean.name()) + "-" + Long.toString(now.toEpochMilli(), 36) + ".md";
    }
    String text = MemoryFormat.format(clean);
    changes.add(new DreamChange.Create(file, text, reason));
    entries.put(file, new Entry(file, clean, text));
    created.add(file);
  }

  /** Merges the body of {@code incoming} into {@code target} (new knowledge about the same thing). */
  void absorb(Entry target, Memory incoming, String reason) {
    Memory clean = redacted(incoming);
    Instant incomingAt = clean.updated().orElse(now);
    String body = NearDuplicates.merge(List.of(target.asText(), new MemoryText("incoming", clean.body(), incomingAt)),
        meaning);
    Instant updated = incomingAt.isAfter(target.updated()) ? incomingAt : target.updated();
    rewrite(target, target.memory.toBuilder().body(body).updated(updated).build(), reason);
  }

  /** Rewrites a file with {@code next}; no change when the text stays the same. */
  void rewrite(Entry e, Memory next, String reason) {
    String text = MemoryFormat.format(next);
    if (text.equals(e.text)) {
      return;
    }
    changes.add(new DreamChange.Update(e.file, e.text, text, reason));
    if (!next.description().equals(e.memory.description())) {
      redescribed.add(e.file);
    }
    e.memory = next;
    e.text = text;
  }

  /**
   * Pins the relative dates of the description and the body to {@code sessionDate}, both at once, so that they
   * never say different days; the index line follows the description ({@link #index}).
   */
  void absolutizeDates(Entry e, LocalDate sessionDate) {
    RelativeDates.Resolution d = RelativeDates.absolutize(e.memory.description(), sessionDate);
    RelativeDates.Resolution b = RelativeDates.absolutize(e.memory.body(), sessionDate);
    if (d.changed() || b.changed()) {
      List<DateMention> all = new ArrayList<>(d.mentions());
      all.addAll(b.mentions());
      String phrases = String.join(", ", all.stream().map(DateMention::phrase).distinct().toList());
      rewrite(e, e.memory.toBuilder().description(d.text()).body(b.text()).build(),
          "relative dates pinned to " + sessionDate + ": " + phrases);
    }
  }

  /** Merges {@code sources} into {@code target}; the sources then go to the trash. */
  void merge(Entry target, List<Entry> sources, double similarity, java.util.OptionalDouble cosine) {
    List<MemoryText> all = new ArrayList<>();
    all.add(target.asText());
    sources.forEach(s -> all.add(s.asText()));
    java.util.Optional<Instant> updated = target.dated();
    LinkedHashSet<String> paths = new LinkedHashSet<>(target.memory.paths());
    for (Entry s : sources) {
      if (s.dated().isPresent() && (updated.isEmpty() || s.dated().get().isAfter(updated.get()))) {
        updated = s.dated();
      }
      paths.addAll(s.memory.paths());
    }
    // The newest date the merged memories carried; none when none carried one (never 1970 for "unknown").
    Memory next = target.memory.toBuilder().body(NearDuplicates.merge(all, meaning)).updated(updated.orElse(null))
        .paths(List.copyOf(paths)).build();
    String text = MemoryFormat.format(next);
    List<FileEdit> gone = sources.stream()
        .map(s -> new FileEdit(s.file, Optional.of(s.text), Optional.empty())).toList();
    changes.add(new DreamChange.Merge(target.file, target.text, text, gone,
        new DuplicatePair(sources.get(0).file, target.file, similarity, cosine).describe()));
    target.memory = next;
    target.text = text;
    sources.forEach(s -> s.trashed = true);
  }

  /** Marks {@code older} superseded by {@code newer} (kept, with supersededBy and validUntil set). */
  void supersede(Entry older, Entry newer, String reason) {
    Memory o = older.memory.toBuilder().supersededBy(newer.memory.name())
        .validUntil(newer.dated().orElse(now)).build();
    String text = MemoryFormat.format(o);
    changes.add(new DreamChange.Supersede(older.file, older.text, text, newer.memory.name(), reason));
    older.memory = o;
    older.text = text;
    List<String> list = new ArrayList<>(newer.memory.supersedes());
    if (!list.contains(older.memory.name())) {
      list.add(older.memory.name());
      rewrite(newer, newer.memory.toBuilder().supersedes(list).build(), "records that it supersedes " + older.file);
    }
  }

  /** Sets or clears the {@code stale} frontmatter key from the references found missing. */
  void flagStale(Entry e, List<String> missing) {
    Map<String, Object> keys = new LinkedHashMap<>(e.memory.unknownKeys());
    Object had = keys.get(STALE_KEY);
    if (missing.isEmpty()) {
      if (had == null) {
        return;
      }
      keys.remove(STALE_KEY);
      rewrite(e, e.memory.toBuilder().unknownKeys(keys).build(), "what it names exists again: no longer stale");
      return;
    }
    if (missing.equals(had)) {
      return;
    }
    keys.put(STALE_KEY, List.copyOf(missing));
    rewrite(e, e.memory.toBuilder().unknownKeys(keys).build(), "stale: " + String.join(", ", missing) + " no longer exist");
  }

  /**
   * The index step: the lines of files whose description this run changed written again from it (the line says what
   * the file says), lines for the files this run created, then {@link IndexPruner} (pointers to missing or trashed
   * files dropped, over-limit pointers of the oldest files dropped).
   */
  void index(Optional<String> before, IndexPruner pruner) {
    String text = before.orElse("");
    StringBuilder added = new StringBuilder(inStep(text));
    for (String file : created) {
      Entry e = entries.get(file);
      boolean listed = text.lines().anyMatch(l -> IndexPruner.target(l).filter(file::equals).isPresent());
      if (!e.trashed && !listed) {
        if (added.length() > 0 && added.charAt(added.length() - 1) != '\n') {
          added.append('\n');
        }
        added.append(MemoryStores.indexLine(e.memory, file)).append('\n');
      }
    }
    Map<String, Instant> updated = new HashMap<>();
    entries.values().forEach(e -> updated.put(e.file, e.updated()));
    PrunedIndex pruned = pruner.prune(added.toString(), this::exists, updated);
    String after = pruned.lines().isEmpty() ? "" : pruned.text();
    if (before.isEmpty()) {
      if (!after.isEmpty()) {
        changes.add(new DreamChange.Create(MemoryStores.INDEX_FILE, after, "index lines for new memories"));
      }
    } else if (!after.equals(text)) {
      changes.add(pruned.removed().isEmpty()
          ? new DreamChange.Update(MemoryStores.INDEX_FILE, text, after, "index lines for new and redescribed memories")
          : new DreamChange.IndexPrune(MemoryStores.INDEX_FILE, text, after, pruned.removed()));
    }
  }

  /** {@code index} with the line of every redescribed, live file replaced by the line its memory gives now. */
  private String inStep(String index) {
    if (redescribed.isEmpty() || index.isEmpty()) {
      return index;
    }
    StringBuilder out = new StringBuilder(index.length());
    for (String line : index.split("\n", -1)) {
      Optional<Entry> e = IndexPruner.target(line).filter(redescribed::contains).map(entries::get)
          .filter(x -> !x.trashed);
      out.append(e.map(x -> MemoryStores.indexLine(x.memory, x.file)).orElse(line)).append('\n');
    }
    out.setLength(out.length() - 1);
    return out.toString();
  }

  DreamPlan plan() {
    return new DreamPlan(changes);
  }

  private boolean exists(String target) {
    Entry e = entries.get(target);
    if (e != null) {
      return !e.trashed;
    }
    Path p = memoryDir.resolve(target).normalize();
    return p.startsWith(memoryDir) && Files.isRegularFile(p);
  }

  private Memory redacted(Memory m) {
    return m.toBuilder().description(redactor.redact(m.description()).text())
        .body(redactor.redact(m.body()).text()).build();
  }
}
