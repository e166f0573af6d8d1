package io.engram.compaction;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The lines the person's long messages share: a template a harness or an orchestrator fills in for each prompt (the
 * same "Global Agent Instructions", ground rules and lifecycle header before each stage's own instructions), or a log
 * pasted again. What a templated message asks is in its own lines, the ones no other long message of the segment
 * holds: the template is every prompt's and no prompt's ask, and a summary that retells each prompt by what it asked
 * ("the /plan-ceo-review skill for CHA-19", "the implementation stage") keeps what there was to keep.
 *
 * <p>Only messages longer than {@value LastStretch#HANDED_OVER_CHARS} characters are read (documents, not a person's
 * own ask: "try again" said three times is three asks), and only lines with a word in them count (a fence or a rule
 * is in every document).
 */
final class PromptTemplate {
  // A template is instructions: three statements shared make one; a line or two in common (a heading, a greeting)
  // do not.
  private static final int SHARED_STATEMENTS = 3;
  private final Set<String> shared;

  private PromptTemplate(Set<String> shared) {
    this.shared = shared;
  }

  /** The template of {@code messages}: the lines two or more of its long messages hold. */
  static PromptTemplate of(List<String> messages) {
    Map<String, Integer> holders = new HashMap<>();
    for (String m : new HashSet<>(messages)) {
      if (m.strip().length() <= LastStretch.HANDED_OVER_CHARS) {
        continue;
      }
      Set<String> lines = new HashSet<>();
      for (String line : m.split("\\R")) {
        String l = line.strip();
        if (!KeyMatcher.contentWords(l).isEmpty()) {
          lines.add(l);
        }
      }
      lines.forEach(l -> holders.merge(l, 1, Integer::sum));
    }
    Set<String> shared = new HashSet<>();
    holders.forEach((l, n) -> {
      if (n >= 2) {
        shared.add(l);
      }
    });
    return new PromptTemplate(shared);
  }

  /** No template: every message is its own. */
  static PromptTemplate none() {
    return new PromptTemplate(Set.of());
  }

  /**
   * Whether {@code message} is a long one made partly of the template: at least {@value #SHARED_STATEMENTS} of the
   * lines it shares are statements ({@link Prose#statement}), instructions written for the agent; a log pasted again
   * shares its output lines, which tell no ask.
   */
  boolean fills(String message) {
    return message.strip().length() > LastStretch.HANDED_OVER_CHARS
        && message.lines().map(String::strip).filter(l -> shared.contains(l) && Prose.statement(l)).distinct()
            .limit(SHARED_STATEMENTS).count() >= SHARED_STATEMENTS;
  }

  /** {@code message}'s own lines, in order, line breaks kept; the message as it is when it fills no template. */
  String own(String message) {
    if (!fills(message)) {
      return message;
    }
    StringBuilder out = new StringBuilder();
    for (String line : message.split("\\R")) {
      if (!shared.contains(line.strip())) {
        out.append(line).append('\n');
      }
    }
    return out.toString().strip();
  }

  /**
   * Where {@code message}'s own ask opens: the first of its own lines with two content words or more, when it is a
   * heading ("# Implementation Stage") or a statement ("You MUST run the /plan-ceo-review skill to complete this
   * task."); empty when the message fills no template or its own lines open otherwise (a log line).
   */
  Optional<String> opening(String message) {
    if (!fills(message)) {
      return Optional.empty();
    }
    return own(message).lines().map(String::strip).filter(l -> KeyMatcher.contentWords(l).size() >= 2).findFirst()
        .filter(l -> l.startsWith("#") || Prose.statement(l));
  }
}
