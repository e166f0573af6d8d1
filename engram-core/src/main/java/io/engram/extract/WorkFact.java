package io.engram.extract;

import java.util.List;

/**
 * A workflow fact one of the session rules found: what the session established by doing it, and the calls
 * that show it.
 *
 * @param name the memory's name (stable across sessions, so that a later session adds its evidence)
 * @param description one line saying when the fact is useful
 * @param fact the fact, in a sentence or two with the commands
 * @param evidence what the session did that shows it ("ran it 12 times, all succeeded")
 * @param turns the tool-call texts that show it, oldest first
 * @param establishedAt the text at which the fact became established (the call that met the rule)
 */
record WorkFact(String name, String description, String fact, String evidence, List<Integer> turns,
    int establishedAt) {

  WorkFact {
    turns = List.copyOf(turns);
  }
}
