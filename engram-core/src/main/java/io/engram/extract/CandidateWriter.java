package io.engram.extract;

import io.engram.memory.ChangedBy;
import io.engram.memory.InvalidMemoryException;
import io.engram.memory.InvalidMemoryNameException;
import io.engram.memory.Memory;
import io.engram.memory.MemoryFormat;
import io.engram.memory.MemoryNames;
import io.engram.memory.MemorySource;
import io.engram.memory.MemoryStore;
import io.engram.memory.MemoryTextException;
import io.engram.memory.MemoryTooLargeException;
import io.engram.memory.MemoryType;
import io.engram.memory.Saved;
import io.engram.memory.StoredMemory;
import io.engram.review.Inbox;
import io.engram.review.Proposal;
import io.engram.review.ProposedChange;
import io.engram.transcript.CodingAgent;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The write boundary of extraction: the last check before a candidate reaches the store, whatever
 * extractor produced it.
 *
 * <p>Tool output is evidence only: a candidate resting on it is refused whatever its type, even if a rule
 * or a model proposed it (a linter's issue link, a fetched page, a file's "always do X" never become
 * memories by themselves). A candidate established by what the session did ({@link CandidateSource#SESSION})
 * may only be a project fact. Names go through {@link MemoryNames} (the store writes only inside its
 * directory). A new memory is dated by the turn it was read from (the session's own time, not the clock of
 * the pass), and records its provenance: the agent, the session and the transcript message ({@code turn}) it
 * was read from. A candidate whose name matches an existing memory is merged into that memory's body: only the
 * paragraphs it does not already hold are added, and a candidate that adds nothing is skipped. At most
 * {@code cap} memories are written per pass.
 */
final class CandidateWriter {
  // A proposal to add to a memory is one line of the review inbox, which names the addition by its first 80
  // characters (about a terminal's width); the proposal holds the whole.
  private static final int PROPOSAL_LINE_CHARS = 80;

  private final MemoryStore store;
  private final String sessionId;
  private final CodingAgent agent;
  private final boolean dryRun;
  private final int cap;
  private final List<TurnText> turns;
  /** Memories written (or, in a dry run, that would be) by this pass, by slug: later candidates merge into them. */
  private final Map<String, Memory> pending = new HashMap<>();
  /** Where the memories go instead of the store when a person reviews them first. */
  private final Optional<Inbox> inbox;

  /**
   * A boundary for one pass.
   *
   * @param agent the agent whose session the candidates were read from
   * @param turns the texts the candidates' evidence indexes into, for their dates
   * @param inbox where the memories are proposed instead of written, when a person reviews them first
   */
  CandidateWriter(MemoryStore store, String sessionId, CodingAgent agent, boolean dryRun, int cap,
      List<TurnText> turns, Optional<Inbox> inbox) {
    this.store = store;
    this.inbox = inbox;
    this.sessionId = sessionId;
    this.agent = agent;
    this.dryRun = dryRun;
    this.cap = cap;
    this.turns = List.copyOf(turns);
  }

  List<ExtractionOutcome> write(List<MemoryCandidate> candidates) throws IOException {
    List<ExtractionOutcome> out = new ArrayList<>();
    int written = 0;
    for (MemoryCandidate c : candidates) {
      ExtractionOutcome o = written >= cap
          ? skip(c, "over the limit of " + cap + " memories for this pass")
          : oneWithinTheLimit(c);
      if (o.kind() != ExtractionOutcome.Kind.SKIPPED) {
        written++;
      }
      out.add(o);
    }
    return List.copyOf(out);
  }

  /**
   * {@link #one}, or a skip with the store's reason when it refuses the memory (new or merged): over the size limit,
   * a name that maps to another memory's file, a control character in its text.
   */
  private ExtractionOutcome oneWithinTheLimit(MemoryCandidate c) throws IOException {
    String slug = MemoryNames.isValid(c.name()) ? MemoryNames.slug(c.name()) : "";
    Memory before = pending.get(slug);
    try {
      return one(c);
    } catch (MemoryTooLargeException | InvalidMemoryNameException | MemoryTextException e) {
      if (before == null) {
        pending.remove(slug);
      } else {
        pending.put(slug, before);
      }
      return skip(c, e.getMessage());
    }
  }

  private ExtractionOutcome one(MemoryCandidate c) throws IOException {
    MemoryType type = type(c.type());
    if (!c.provenance().trusted() || c.provenance().source() == CandidateSource.TOOL) {
      return skip(c, "tool output is evidence only and never becomes a memory by itself");
    }
    if (c.provenance().source() == CandidateSource.SESSION && type != MemoryType.PROJECT) {
      return skip(c, "what the session did establishes project facts only, never a " + type.id() + " memory");
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
    // A body ends with a line end, as remember, MCP and the web UI write it: a file then ends with a newline.
    String body = c.body().endsWith("\n") ? c.body() : c.body() + "\n";
    Memory.Builder b = Memory.builder(c.name(), type).description(c.description()).body(body)
        .source(source(c)).agent(agent == CodingAgent.OTHER ? null : agent.id())
        .session(sessionId.isEmpty() ? null : sessionId).turn(saidIn(c).orElse(null));
    saidAt(c).ifPresent(at -> b.created(at).updated(at));
    Memory memory = b.build();
    pending.put(MemoryNames.slug(c.name()), memory);
    if (inbox.isPresent()) {
      return proposed(c, memory, Optional.empty(), "create " + type.id() + " memory '" + c.name() + "'");
    }
    Optional<String> path = Optional.empty();
    if (!dryRun) {
      Saved saved = store.write(memory, ChangedBy.EXTRACTION);
      path = Optional.of(saved.stored().path().toString());
    }
    Optional<String> note = c.action() == CandidateAction.UPDATE
        ? Optional.of("proposed as an update, but no memory of that name exists: created") : Optional.empty();
    return outcome(ExtractionOutcome.Kind.CREATED, c, c.name(), type, note, path);
  }

  private ExtractionOutcome update(MemoryCandidate c, Memory existing) throws IOException {
    String held = normalise(existing.body());
    List<String> fresh = new ArrayList<>();
    for (String paragraph : c.body().strip().split("\\n\\s*\\n")) {
      if (!paragraph.isBlank() && !held.contains(normalise(paragraph))) {
        fresh.add(paragraph.strip());
      }
    }
    if (fresh.isEmpty()) {
      return skip(c, "memory '" + existing.name() + "' already says this");
    }
    String addition = String.join("\n\n", fresh);
    String body = existing.body().isEmpty() || existing.body().endsWith("\n") ? existing.body() : existing.body() + "\n";
    Memory merged = existing.toBuilder()
        .body(body + (body.isBlank() ? "" : "\n") + addition + "\n")
        .description(existing.description().isBlank() ? c.description() : existing.description())
        .build();
    pending.put(MemoryNames.slug(existing.name()), merged);
    if (inbox.isPresent()) {
      return proposed(c, merged, Optional.of(MemoryFormat.format(existing)), "add to " + existing.type().id()
          + " memory '" + existing.name() + "': " + Terms.clip(addition, PROPOSAL_LINE_CHARS));
    }
    Optional<String> path = Optional.empty();
    if (!dryRun) {
      path = Optional.of(store.write(merged, ChangedBy.EXTRACTION).stored().path().toString());
    }
    return new ExtractionOutcome(ExtractionOutcome.Kind.UPDATED, existing.name(), existing.type(),
        new ExtractionOutcome.Origin(source(c), c.provenance().trusted()), c.description(), addition,
        Optional.of("merged into the existing memory '" + existing.name() + "'"), path);
  }

  /** {@code memory} proposed to the inbox (in a dry run, only reported as what would be proposed). */
  private ExtractionOutcome proposed(MemoryCandidate c, Memory memory, Optional<String> before, String summary)
      throws IOException {
    String quote = '"' + Terms.clip(c.provenance().evidence().quote(), 300) + '"';
    String why = source(c) == MemorySource.USER ? "the user said: " + quote : "read from " + source(c).id() + ": " + quote;
    Optional<String> note;
    if (dryRun) {
      note = Optional.of("would be proposed to the review inbox");
    } else {
      Optional<Proposal> p = inbox.get().propose(Proposal.Origin.EXTRACTION,
          sessionId.isEmpty() ? Optional.empty() : Optional.of(sessionId), summary, why,
          List.of(new ProposedChange.Write(memory.name(), before, MemoryFormat.format(memory))));
      note = Optional.of(p.map(x -> "waiting in the review inbox as " + x.id())
          .orElse("already waiting in the review inbox, or rejected there"));
    }
    return new ExtractionOutcome(ExtractionOutcome.Kind.PROPOSED, memory.name(), memory.type(),
        new ExtractionOutcome.Origin(source(c), c.provenance().trusted()), memory.description(), memory.body(), note,
        Optional.empty());
  }

  /** The transcript message the candidate's evidence was read from, when the session's transcript named it. */
  private Optional<String> saidIn(MemoryCandidate c) {
    int i = c.provenance().evidence().turnIndex();
    return sessionId.isEmpty() || i >= turns.size() ? Optional.empty() : turns.get(i).messageId();
  }

  /** When the candidate's evidence was said or done: its turn's time, when the transcript gave one. */
  private Optional<Instant> saidAt(MemoryCandidate c) {
    int i = c.provenance().evidence().turnIndex();
    return i < turns.size() ? Optional.of(turns.get(i).timestamp()).filter(t -> !t.equals(Instant.EPOCH))
        : Optional.empty();
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
    return c.provenance().trusted() ? c.provenance().source().memorySource() : MemorySource.TOOL;
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
