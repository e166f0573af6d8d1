package io.engram.context;

import java.util.List;
import java.util.Optional;

/**
 * What a session should do about how full its window is.
 *
 * @param level the window's level
 * @param percent the share of the window filled, in whole percent (rounded down)
 * @param tokens the context size the advice was given for
 * @param windowTokens the window's size
 * @param turnsLeft the turns left before the critical level, when they can be told
 * @param actions what to do at this level, in the order to do them
 */
public record LevelAdvice(ContextLevel level, int percent, long tokens, int windowTokens,
    Optional<TurnEstimate> turnsLeft, List<LevelAction> actions) {

  public LevelAdvice {
    actions = List.copyOf(actions);
  }

  /** True when {@code action} is due at this level. */
  public boolean calls(LevelAction action) {
    return actions.contains(action);
  }

  /** "context at 83%, about 9 turns left", the turn figure only when known. */
  public String headline() {
    return "context at " + percent + "%" + turnsLeft.map(t -> ", " + t.phrase()).orElse("");
  }
}
