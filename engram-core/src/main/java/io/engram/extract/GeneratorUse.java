package io.engram.extract;

import io.engram.config.ExtractionSettings;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A code generator the project runs after schema changes (migrations, ORM or API clients), from the session:
 * a generator that succeeded twice, or once followed by a successful run of the migrations it generated.
 * The files the session edited before each run say what the generator follows.
 */
final class GeneratorUse {
  private GeneratorUse() {}

  /** The generator the session established, if any. */
  static Optional<WorkFact> find(List<TurnText> turns, List<WorkEvent> events,
      ExtractionSettings.Offline limits) {
    Set<String> generators = new LinkedHashSet<>();
    Set<String> applies = new LinkedHashSet<>();
    Set<String> edited = new LinkedHashSet<>();
    List<Integer> evidence = new ArrayList<>();
    int runs = 0;
    int applied = 0;
    int establishedAt = -1;
    for (WorkEvent e : events) {
      Optional<String> gen = CheckCommands.generator(e.simple());
      Optional<String> apply = CheckCommands.apply(e.simple());
      if (gen.isPresent() && e.succeeded()) {
        runs++;
        generators.add(gen.get());
        edited.addAll(editsBefore(turns, e.turn(), evidence.isEmpty() ? 0 : evidence.get(evidence.size() - 1)));
        evidence.add(e.turn());
      } else if (apply.isPresent() && e.succeeded() && runs > 0) {
        applied++;
        applies.add(apply.get());
        evidence.add(e.turn());
      } else {
        continue;
      }
      if (establishedAt < 0 && (runs >= 2 || applied >= 1)) {
        establishedAt = e.turn();
      }
    }
    if (establishedAt < 0) {
      return Optional.empty();
    }
    String gens = String.join(", ", generators.stream().map(g -> "`" + g + "`").toList());
    String fact = "After changing " + (edited.isEmpty() ? "the schema" : "the schema or resources (here: "
        + String.join(", ", edited.stream().limit(4).map(p -> "`" + p + "`").toList()) + ")")
        + ", regenerate with " + gens
        + (applies.isEmpty() ? "" : ", then run " + String.join(", ", applies.stream().map(a -> "`" + a + "`").toList()))
        + ".";
    return Optional.of(new WorkFact("codegen-after-schema-changes",
        "What to run after a schema or resource change: " + Terms.clip(gens, limits.namedChars()), fact,
        "ran the generator " + runs + " time" + (runs == 1 ? "" : "s") + (applied == 0 ? "" : " and the migrations "
            + applied + " time" + (applied == 1 ? "" : "s")) + ", all succeeded",
        evidence, establishedAt));
  }

  /** Files written or edited by the calls in {@code [from, to)}, as short paths. */
  private static List<String> editsBefore(List<TurnText> turns, int to, int from) {
    List<String> out = new ArrayList<>();
    for (int i = from; i < to; i++) {
      TurnText t = turns.get(i);
      if (t.call().isPresent() && t.call().get().succeeded()
          && t.call().get().tool().toLowerCase(java.util.Locale.ROOT).matches("write|edit|multiedit")) {
        out.add(shortPath(t.call().get().input()));
      }
    }
    return out;
  }

  private static String shortPath(String path) {
    String[] parts = path.replace('\\', '/').split("/");
    int keep = Math.min(3, parts.length);
    return String.join("/", java.util.Arrays.asList(parts).subList(parts.length - keep, parts.length));
  }
}
