package io.engram.extract;

import io.engram.memory.InvalidMemoryException;
import io.engram.memory.InvalidMemoryNameException;
import io.engram.memory.Memory;
import io.engram.memory.MemoryNames;
import io.engram.memory.MemorySource;
import io.engram.memory.MemoryStore;
import io.engram.memory.MemoryType;
import io.engram.memory.Saved;
import io.engram.memory.StoredMemory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The write boundary of extraction: the last check before a candidate reaches the store, whatever
 * extractor produced it.
 *
 * <p>It refuses a {@code feedback} (or {@code user}) memory that rests on tool output, because text a
 * tool returned must never become an instruction by itself, even if a rule or a model proposed it.
 * Names go through {@link MemoryNames} (the store writes only inside its directory). A candidate whose
 * name matches an existing memory is merged into that memory's body, never written as a duplicate; a
 * body already contained in the memory is skipped. At most {@code cap} memories are written per pass, and
 * at most {@value #UNTRUSTED_CAP} of them from tool output: on real sessions tool output (search results,
 * fetched pages) is full of links, and a pass that saved each would bury the memories people asked for.
 */
final class CandidateWriter {
  /** Memories a pass may write from tool output. */
  static final int UNTRUSTED_CAP = 1;

  private final MemoryStore store;
  private final String sessionId;
  private final boolean dryRun;
  private final int cap;
  /** Memories written (or, in a dry run, that would be) by this pass, by slug: later candidates merge into them. */
  private final java.util.Map<String, Memory> pending = new java.util.HashMap<>();

  CandidateWriter(MemoryStore store, String sessionId, boolean dryRun, int cap) {
    this.store = store;
    this.sessionId = sessionId;
    this.dryRun = dryRun;
    this.cap = cap;
  }

  List<ExtractionOutcome> write(List<MemoryCandidate> candidates) throws IOException {
    List<ExtractionOutcome> out = new ArrayList<>();
    int written = 0;
    int untrusted = 0;
    for (MemoryCandidate c : candidates) {
      boolean fromTool = !c.provenance().trusted() || c.provenance().source() == CandidateSource.TOOL;
      ExtractionOutcome o = written >= cap
          ? skip(c, "over the limit of " + cap + " memories for this pass")
          : fromTool && untrusted >= UNTRUSTED_CAP
          ? skip(c, "over the limit of " + UNTRUSTED_CAP + " memory from tool output for this pass")
          : one(c);
      if (o.kind() != ExtractionOutcome.Kind.SKIPPED) {
        written++;
        untrusted += fromTool ? 1 : 0;
      }
      out.add(o);
    }
    return List.copyOf(out);
  }

  private ExtractionOutcome one(MemoryCandidate c) throws IOException {
    MemoryType type = type(c.type());
    boolean fromTool = !c.provenance().trusted() || c.provenance().source() == CandidateSource.TOOL;
    if (fromTool && (type == MemoryType.FEEDBACK || type == MemoryType.USER)) {
      return skip(c, "tool output is untrusted and never becomes a " + type.id() + " memory by itself");
    }
    if (!MemoryNames.isValid(c.name())) {
      return skip(c, "name refused by the store: " + reason(c.name()));
    }
    Optional<Memory> existing = Optional.ofNullable(pending.get(MemoryNames.slug(c.name())));
    try {
      if (existing.isEmpty()) {
        existing = store.read(c.name()).map(StoredMemory::memory);
      }
    } catch (InvalidMemoryException e) {
      return skip(c, "the existing file of that name is not a valid memory (kept as is): " + e.getMessage());
    }
    return existing.isPresent() ? update(c, existing.get()) : create(c, type);
  }

  private ExtractionOutcome create(MemoryCandidate c, MemoryType type) throws IOException {
    Memory memory = Memory.builder(c.name(), type).description(c.description()).body(c.body())
        .source(source(c)).session(sessionId.isEmpty() ? null : sessionId).build();
    pending.put(MemoryNames.slug(c.name()), memory);
    Optional<String> path = Optional.empty();
    if (!dryRun) {
      Saved saved = store.write(memory);
      path = Optional.of(saved.stored().path().toString());
    }
    Optional<String> note = c.action() == CandidateAction.UPDATE
        ? Optional.of("proposed as an update, but no memory of that name exists: created") : Optional.empty();
    return outcome(ExtractionOutcome.Kind.CREATED, c, c.name(), type, note, path);
  }

  private ExtractionOutcome update(MemoryCandidate c, Memory existing) throws IOException {
    String addition = c.body().strip();
    if (normalise(existing.body()).contains(normalise(addition))) {
      return skip(c, "memory '" + existing.name() + "' already says this");
    }
    String body = existing.body().isEmpty() || existing.body().endsWith("\n") ? existing.body() : existing.body() + "\n";
    Memory merged = existing.toBuilder()
        .body(body + (body.isBlank() ? "" : "\n") + addition + "\n")
        .description(existing.description().isBlank() ? c.description() : existing.description())
        .build();
    pending.put(MemoryNames.slug(existing.name()), merged);
    Optional<String> path = Optional.empty();
    if (!dryRun) {
      path = Optional.of(store.write(merged).stored().path().toString());
    }
    return outcome(ExtractionOutcome.Kind.UPDATED, c, existing.name(), existing.type(),
        Optional.of("merged into the existing memory '" + existing.name() + "'"), path);
  }

  private ExtractionOutcome skip(MemoryCandidate c, String why) {
    return outcome(ExtractionOutcome.Kind.SKIPPED, c, c.name(), type(c.type()), Optional.of(why), Optional.empty());
  }

  private static ExtractionOutcome outcome(ExtractionOutcome.Kind kind, MemoryCandidate c, String name,
      MemoryType type, Optional<String> reason, Optional<String> path) {
    return new ExtractionOutcome(kind, name, type, new ExtractionOutcome.Origin(source(c), c.provenance().trusted()),
        c.description(), c.body(), reason, path);
  }

  static MemoryType type(CandidateType type) {
    return switch (type) {
      case USER -> MemoryType.USER;
      case FEEDBACK -> MemoryType.FEEDBACK;
      case PROJECT -> MemoryType.PROJECT;
      case REFERENCE -> MemoryType.REFERENCE;
    };
  }

  static MemorySource source(MemoryCandidate c) {
    if (!c.provenance().trusted()) {
      return MemorySource.TOOL;
    }
    return switch (c.provenance().source()) {
      case USER -> MemorySource.USER;
      case TOOL -> MemorySource.TOOL;
      case MODEL -> MemorySource.MODEL;
    };
  }

  private static String reason(String name) {
    try {
      MemoryNames.slug(name);
      return "";
    } catch (InvalidMemoryNameException e) {
      return e.getMessage();
    }
  }

  private static String normalise(String text) {
    return text.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ").strip();
  }
}
