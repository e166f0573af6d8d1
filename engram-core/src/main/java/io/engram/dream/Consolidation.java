package io.engram.dream;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.extract.ExistingMemory;
import io.engram.extract.MemoryCandidate;
import io.engram.extract.RuleBasedExtractor;
import io.engram.memory.Memory;
import io.engram.memory.MemoryListing;
import io.engram.memory.MemoryNames;
import io.engram.memory.MemorySource;
import io.engram.memory.MemoryStore;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryType;
import io.engram.memory.StoredMemory;
import io.engram.model.Answered;
import io.engram.model.ModelRouter;
import io.engram.model.Purpose;
import io.engram.recall.Embedder;
import io.engram.redact.SecretRedactor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Supplier;

/**
 * The four phases that build a dream's plan from the memory directory as it is now; nothing is
 * written here. Orient reads the store, gather extracts candidates from recent transcripts,
 * consolidate adds them, pins dates and decides merges and supersessions (model or offline), prune
 * flags stale memories and prunes the index.
 */
final class Consolidation {

  /** The plan and what went into it. */
  record Planned(DreamPlan plan, String engine, int memories, List<String> sessions, int candidates,
      List<String> problems) {
    /** The same plan with {@code first} reported before its own problems. */
    Planned withProblems(List<String> first) {
      if (first.isEmpty()) {
        return this;
      }
      List<String> all = new ArrayList<>(first);
      all.addAll(problems);
      return new Planned(plan, engine, memories, sessions, candidates, all);
    }

    /** What went into this plan, with {@code other} planned instead and {@code reported} as its problems. */
    Planned withPlan(DreamPlan other, List<String> reported) {
      return new Planned(other, engine, memories, sessions, candidates, List.copyOf(reported));
    }
  }

  private final EngramRoots roots;
  private final EngramSettings settings;
  private final ModelRouter router;
  private final Path memoryDir;
  private final Instant now;
  private final Optional<Supplier<Embedder>> embedder;

  Consolidation(EngramRoots roots, EngramSettings settings, ModelRouter router, Path memoryDir, Instant now,
      Optional<Supplier<Embedder>> embedder) {
    this.roots = roots;
    this.settings = settings;
    this.router = router;
    this.memoryDir = memoryDir;
    this.now = now;
    this.embedder = embedder;
  }

  Planned plan(MemoryStore store, Optional<Instant> since, DreamProgress progress) throws IOException {
    List<String> problems = new ArrayList<>();
    PlanBuilder b = new PlanBuilder(memoryDir, now);
    int memories = orient(store, b, problems, progress);
    b.meaning(meaning(memories, problems));
    SessionDates sessionDates = new SessionDates(new SessionTranscripts(memoryDir).read(),
        MemoryStores.claudeProjectDir(roots, settings), since);
    List<String> sessions = new ArrayList<>();
    int candidates = gather(b, since, sessionDates, sessions, problems, progress);
    String engine = consolidate(b, sessionDates, problems, progress);
    prune(b, progress);
    return new Planned(b.plan(), engine, memories, sessions, candidates, problems);
  }

  /**
   * The index's upkeep alone, against the memory directory as it is now: the {@link DreamChange.IndexPrune} that
   * {@link IndexPruner} makes (pointers to missing files, second pointers, blank runs, the oldest pointers past the
   * limits), or an empty plan when it drops nothing. What a run in review mode applies while it proposes the rest.
   */
  DreamPlan indexUpkeep(MemoryStore store) throws IOException {
    PlanBuilder b = new PlanBuilder(memoryDir, now);
    orient(store, b, new ArrayList<>(), DreamProgress.NONE);
    b.index(readIndex(), IndexPruner.of(settings));
    return new DreamPlan(b.plan().changes().stream().filter(c -> c instanceof DreamChange.IndexPrune).toList());
  }

  /**
   * The meaning match of this run: the embedder loaded (only when there are memories to compare) and its
   * model's threshold; empty, with the reason in {@code problems} when it is not what the user would expect.
   */
  private Optional<MeaningMatch> meaning(int memories, List<String> problems) {
    if (embedder.isEmpty() || memories < 1) {
      return Optional.empty();
    }
    Embedder e;
    try {
      e = embedder.get().get();
    } catch (RuntimeException ex) {
      problems.add("near-duplicates by words only: the embedding model did not load (" + ex.getMessage() + ")");
      return Optional.empty();
    }
    Optional<MeaningMatch> match = NearDuplicates.of(settings.dream(), Optional.of(e)).meaning();
    if (match.isEmpty()) {
      problems.add("near-duplicates by words only: dream.meaningSimilarity has no threshold for the embedding model "
          + e.name());
    }
    return match;
  }

  private int orient(MemoryStore store, PlanBuilder b, List<String> problems, DreamProgress progress)
      throws IOException {
    MemoryListing listing = store.list();
    progress.phase(DreamPhase.ORIENT, listing.memories().size());
    for (StoredMemory s : listing.memories()) {
      String file = memoryDir.relativize(s.path()).toString().replace('\\', '/');
      b.existing(file, s.memory(), Files.readString(s.path(), StandardCharsets.UTF_8));
      progress.item(file);
    }
    listing.problems().forEach(p -> problems.add(p.path() + ": " + p.reason()));
    return listing.memories().size();
  }

  private int gather(PlanBuilder b, Optional<Instant> since, SessionDates dates, List<String> sessions,
      List<String> problems, DreamProgress progress) throws IOException {
    Gatherer g = new Gatherer(memoryDir, MemoryStores.claudeProjectDir(roots, settings), roots.engramHome(),
        new RuleBasedExtractor(settings.extraction()));
    List<Path> transcripts = g.transcripts(since, new DreamStateFile(memoryDir).read().sessionsSince().keySet());
    progress.phase(DreamPhase.GATHER, transcripts.size());
    int count = 0;
    for (Path t : transcripts) {
      Gatherer.Session s;
      try {
        List<ExistingMemory> existing = b.active().stream()
            .map(e -> new ExistingMemory(e.memory.name(), e.memory.description())).toList();
        s = g.read(t, existing);
      } catch (IOException | RuntimeException e) {
        problems.add(t + ": transcript skipped (" + e.getMessage() + ")");
        continue;
      }
      dates.gathered(s.sessionId(), s.date());
      sessions.add(s.sessionId());
      for (MemoryCandidate c : s.candidates()) {
        if (!MemoryNames.isValid(c.name())) {
          problems.add(t + ": candidate '" + c.name() + "' has no usable name");
          continue;
        }
        Memory m = toMemory(c, s);
        String reason = "from session " + s.sessionId() + " (" + s.date() + ")";
        Optional<PlanBuilder.Entry> same = b.byName(c.name());
        if (same.isPresent()) {
          b.absorb(same.get(), m, reason);
        } else {
          b.create(m, reason);
        }
        count++;
      }
      progress.item(s.sessionId());
    }
    return count;
  }

  private Memory toMemory(MemoryCandidate c, Gatherer.Session s) {
    int turn = c.provenance().evidence().turnIndex();
    Optional<Instant> turnTime = turn >= 0 && turn < s.turnTimes().size()
        ? Optional.of(s.turnTimes().get(turn)) : Optional.empty();
    Instant at = turnTime.orElse(now);
    // The day the words were said: the turn's own date (a session may run past midnight), else the session's.
    LocalDate said = turnTime.map(t -> t.atZone(ZoneOffset.UTC).toLocalDate()).orElse(s.date());
    String body = RelativeDates.absolutize(c.body(), said).text();
    return Memory.builder(c.name(), MemoryType.parse(c.type().label()).orElse(MemoryType.PROJECT))
        .description(RelativeDates.absolutize(c.description(), said).text())
        .body(body.endsWith("\n") ? body : body + "\n")
        .source(c.provenance().trusted() ? c.provenance().source().memorySource() : MemorySource.TOOL)
        .session(s.sessionId()).created(at).updated(at).build();
  }

  private String consolidate(PlanBuilder b, SessionDates sessionDates, List<String> problems,
      DreamProgress progress) {
    List<PlanBuilder.Entry> active = b.active();
    progress.phase(DreamPhase.CONSOLIDATE, active.size());
    for (PlanBuilder.Entry e : active) {
      b.absolutizeDates(e, sessionDates.of(e.memory));
      progress.item(e.file);
    }
    Answered<Decisions> answer =
        router.run(Purpose.DREAM, true, model -> ModelDecider.decide(model, b.active(), settings.dream()), () -> offlineMerges(b));
    Decisions d = answer.value();
    for (Decisions.Merge m : d.merges()) {
      Optional<PlanBuilder.Entry> target = b.byFile(m.target());
      List<PlanBuilder.Entry> sources = m.sources().stream().map(b::byFile).flatMap(Optional::stream).toList();
      if (target.isPresent() && !sources.isEmpty()) {
        // Measured here for both engines, so a model's merge shows how alike the texts really are.
        double sim = sources.stream()
            .mapToDouble(s -> NearDuplicates.similarity(target.get().memory.body(), s.memory.body())).min().orElse(1);
        OptionalDouble cosine = b.meaning().isEmpty() || sim >= settings.dream().mergeSimilarity() ? OptionalDouble.empty()
            : OptionalDouble.of(sources.stream().mapToDouble(s -> b.meaning().get()
                .cosine(target.get().memory.body(), s.memory.body())).min().orElse(1));
        b.merge(target.get(), sources, sim, cosine);
      }
    }
    List<Decisions.Supersession> supersessions = answer.engine() == io.engram.model.Engine.OFFLINE
        ? offlineSupersessions(b) : d.supersessions();
    for (Decisions.Supersession s : supersessions) {
      Optional<PlanBuilder.Entry> older = b.byFile(s.older()).filter(e -> e.active(now));
      Optional<PlanBuilder.Entry> newer = b.byFile(s.newer()).filter(e -> e.active(now));
      if (older.isPresent() && newer.isPresent()) {
        b.supersede(older.get(), newer.get(), s.reason());
      }
    }
    SecretRedactor redactor = SecretRedactor.standard();
    d.rewrites().forEach((file, body) -> b.byFile(file).filter(e -> e.active(now)).ifPresent(e ->
        b.rewrite(e, e.memory.toBuilder().body(redactor.redact(body).text()).build(), "model rewrite")));
    return answer.describe();
  }

  /** Offline: near-duplicate groups, each merged into its newest member. */
  private Decisions offlineMerges(PlanBuilder b) {
    List<MemoryText> texts = b.active().stream().map(PlanBuilder.Entry::asText).toList();
    List<Decisions.Merge> merges = new ArrayList<>();
    NearDuplicates detector = new NearDuplicates(settings.dream().mergeSimilarity(), b.meaning());
    for (List<MemoryText> group : detector.groups(texts)) {
      merges.add(new Decisions.Merge(group.get(0).id(), group.subList(1, group.size()).stream().map(MemoryText::id).toList()));
    }
    return new Decisions(merges, List.of(), Map.of());
  }

  /** Offline: contradictions among what is left after the merges; the older memory is superseded. */
  private List<Decisions.Supersession> offlineSupersessions(PlanBuilder b) {
    List<MemoryText> texts = b.active().stream().map(PlanBuilder.Entry::asText).toList();
    return Contradictions.find(texts).stream()
        .map(c -> new Decisions.Supersession(c.supersededId(), c.supersedingId(),
            c.kind().name().toLowerCase(java.util.Locale.ROOT) + ": \"" + c.olderStatement() + "\" -> \""
                + c.newerStatement() + "\""))
        .toList();
  }

  private void prune(PlanBuilder b, DreamProgress progress) throws IOException {
    List<PlanBuilder.Entry> active = b.active();
    progress.phase(DreamPhase.PRUNE, active.size() + 1);
    Map<String, List<String>> refs = new LinkedHashMap<>();
    for (PlanBuilder.Entry e : active) {
      refs.put(e.file, MemoryReferences.of(e.memory).stream().filter(r -> !inMemoryDir(r)).toList());
    }
    Map<String, List<PathFinding>> found = StalenessCheck.of(roots.projectDir(), settings.dream()).checkAll(refs);
    for (PlanBuilder.Entry e : active) {
      b.flagStale(e, found.get(e.file).stream().filter(PathFinding::stale).map(PathFinding::reference)
          .distinct().toList());
      progress.item(e.file);
    }
    b.index(readIndex(), IndexPruner.of(settings));
    progress.item(MemoryStores.INDEX_FILE);
  }

  /** True when a reference names a file of the memory directory itself (a link to another memory). */
  private boolean inMemoryDir(String reference) {
    try {
      Path p = memoryDir.resolve(reference).normalize();
      return p.startsWith(memoryDir) && Files.exists(p);
    } catch (java.nio.file.InvalidPathException e) {
      return false;
    }
  }

  private Optional<String> readIndex() throws IOException {
    try {
      return Optional.of(Files.readString(memoryDir.resolve(MemoryStores.INDEX_FILE), StandardCharsets.UTF_8));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
  }
}
