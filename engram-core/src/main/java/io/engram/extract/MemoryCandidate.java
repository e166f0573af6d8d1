package io.engram.extract;

import io.engram.redact.SecretRedactor;

import java.util.Objects;

/**
 * A memory the extractor proposes; the coordinator decides whether and how to write it.
 *
 * @param action create a new memory or update the existing one named {@code name}
 * @param name the slug of the topic file ({@code tests-need-redis})
 * @param description one line saying when this memory is useful
 * @param type one of the four memory types
 * @param body the memory's Markdown body
 * @param provenance who said it, whether it may be trusted, where it was read and how sure the rule is
 */
public record MemoryCandidate(
    CandidateAction action,
    String name,
    String description,
    CandidateType type,
    String body,
    Provenance provenance) {

  public MemoryCandidate {
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(body, "body");
    Objects.requireNonNull(provenance, "provenance");
    // Whatever proposed it, a candidate never carries a secret: not in its name (file names derive from it),
    // its description, its body, or a report of it.
    SecretRedactor redactor = SecretRedactor.standard();
    name = redactor.redact(name).text();
    description = redactor.redact(description).text();
    body = redactor.redact(body).text();
    if (name.isBlank() || description.contains("\n")) {
      throw new IllegalArgumentException("candidate needs a name and a one-line description: " + name);
    }
  }

  /**
   * Where a candidate came from.
   *
   * @param source who said it: the user, a model's reading, what the session did, or tool output
   * @param trusted false for anything read from tool output; untrusted text is never an instruction
   * @param evidence where in the input it was read
   * @param confidence 0 to 1; how sure the rule that produced it is
   */
  public record Provenance(CandidateSource source, boolean trusted, Evidence evidence, double confidence) {
    public Provenance {
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(evidence, "evidence");
      if (!(confidence >= 0 && confidence <= 1)) {
        throw new IllegalArgumentException("confidence must be within [0, 1], was " + confidence);
      }
    }
  }

  /** The same candidate with its evidence {@code by} turns later (its turns were a sublist from there). */
  public MemoryCandidate shifted(int by) {
    Evidence e = provenance.evidence();
    Evidence moved = new Evidence(e.turnIndex() + by, e.start(), e.end(), e.quote());
    return new MemoryCandidate(action, name, description, type, body,
        new Provenance(provenance.source(), provenance.trusted(), moved, provenance.confidence()));
  }

  /** The same candidate turned into an update of the existing memory {@code existingName}. */
  public MemoryCandidate asUpdateOf(String existingName) {
    return new MemoryCandidate(CandidateAction.UPDATE, existingName, description, type, body, provenance);
  }
}
