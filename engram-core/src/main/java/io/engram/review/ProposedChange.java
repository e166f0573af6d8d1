package io.engram.review;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.Objects;
import java.util.Optional;

/**
 * One change to memory a proposal asks for: a topic file written (new, or in place of what it says now), or a
 * memory moved to the trash. Each carries the text it expects to find, so that accepting a proposal made before
 * someone else changed the memory is refused, not applied over their change.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({@JsonSubTypes.Type(value = ProposedChange.Write.class, name = "write"),
    @JsonSubTypes.Type(value = ProposedChange.Forget.class, name = "forget")})
public sealed interface ProposedChange {

  /** The memory the change is about. */
  String name();

  /**
   * The topic file of {@code name} written with {@code after}.
   *
   * @param before what the memory's file holds when the proposal is made; empty for a new memory
   * @param after the whole topic file to write, frontmatter (provenance included) and body
   */
  record Write(String name, Optional<String> before, String after) implements ProposedChange {
    public Write {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(before, "before");
      Objects.requireNonNull(after, "after");
    }
  }

  /**
   * The memory {@code name} moved to the trash (merged into another, or superseded away).
   *
   * @param before what its file holds when the proposal is made
   */
  record Forget(String name, String before) implements ProposedChange {
    public Forget {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(before, "before");
    }
  }
}
