package io.engram.cli.session;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.engram.cli.output.JsonOutput;
import io.engram.context.LevelAction;
import io.engram.context.TurnEstimate;
import io.engram.levels.ContextLevelKeeper;
import io.engram.levels.PreparedCompaction;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** What {@code engram compact} prints about the context level and a compaction it did not compute now. */
final class LevelReport {
  private LevelReport() {}

  /**
   * {@code --when-due --json}: the level, the turns left, what was done, the notice, and the compaction when the
   * level called for one.
   */
  record WhenDue(String level, int percent, long tokens, int windowTokens, Optional<TurnsLeft> turnsLeft,
      String actedBefore, List<String> done, Optional<String> notice, Optional<String> preparedAt,
      Optional<JsonNode> compaction, List<String> log) {}

  /** The turns left, as {@link TurnEstimate} says them. */
  record TurnsLeft(int low, int high, String basis, long tokensPerTurn) {}

  static void whenDue(PrintWriter out, boolean json, ContextLevelKeeper.Outcome o) {
    boolean compacted = o.done().contains(LevelAction.COMPACT);
    if (json) {
      JsonOutput.print(out, new WhenDue(name(o.advice().level()), o.advice().percent(), o.advice().tokens(),
          o.advice().windowTokens(), o.advice().turnsLeft().map(t -> new TurnsLeft(t.low(), t.high(),
              t.basis().name().toLowerCase(Locale.ROOT), t.tokensPerTurn())),
          name(o.actedBefore()), o.done().stream().map(LevelReport::name).toList(), o.notice(),
          o.prepared().map(PreparedCompaction::preparedAt),
          compacted ? o.prepared().map(PreparedCompaction::result) : Optional.empty(), o.log()));
      return;
    }
    out.println(o.advice().headline() + o.advice().turnsLeft().map(t -> " (" + t.source() + ")").orElse("")
        + "; level " + name(o.advice().level()));
    if (o.done().isEmpty()) {
      out.println(o.advice().actions().isEmpty() ? "nothing to do at this level"
          : "already acted on at this level (" + name(o.actedBefore()) + ") in this segment");
    }
    o.log().forEach(l -> out.println("  " + l));
    if (compacted && o.prepared().isPresent()) {
      out.println();
      out.println(o.prepared().get().summary());
    }
  }

  /** A prepared compaction used as it is: its JSON with where it came from, or its summary and report line. */
  static void prepared(PrintWriter out, boolean json, PreparedCompaction p) {
    if (json) {
      ObjectNode tree = p.result().deepCopy();
      ObjectNode from = tree.putObject("prepared");
      from.put("at", p.preparedAt());
      from.put("percent", p.percent());
      from.put("messages", p.messages());
      JsonOutput.print(out, tree);
      return;
    }
    out.println(p.summary());
    out.println("Compaction prepared by Engram at " + p.percent() + "% of the window (" + p.preparedAt() + ", engine "
        + p.engine() + "); the transcript has not changed since, so it is used as it is.");
    JsonNode score = p.result().path("score");
    if (score.isObject()) {
      out.printf(Locale.ROOT, "score %.1f%n", score.path("total").asDouble());
    }
    out.printf(Locale.ROOT, "tokens %,d -> %,d%n", p.result().path("tokensBefore").asLong(),
        p.result().path("tokensAfter").asLong());
  }

  private static String name(Enum<?> e) {
    return e.name().toLowerCase(Locale.ROOT).replace('_', ' ');
  }
}
