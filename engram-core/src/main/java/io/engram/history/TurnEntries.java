package io.engram.history;

import io.engram.recall.SearchIndex;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What the history's index holds for a session's turns: each turn's own words twice, then the words of the turn
 * before it and the turn after it in the same session as its context, so that a prompt is found by the words of
 * its reply and a reply by its question's (on LoCoMo's dev split this lifted keyword-only evidence recall@5 from
 * 65.2 to about 74). A turn's entry therefore changes when a turn is added after it.
 */
final class TurnEntries {
  /**
   * How entries are made, kept with the index's stamps: a change here makes the next check compare every session
   * (an index whose fingerprint still matches would otherwise keep entries made the old way). 1 = each turn alone,
   * 2 = with its neighbours.
   */
  static final int FORMAT = 2;

  private TurnEntries() {}

  /** The entries of {@code sessionTurns}, all of one session, in line order. */
  static List<SearchIndex.Entry> of(Collection<PastTurn> sessionTurns) {
    List<PastTurn> turns = sessionTurns.stream().sorted(Comparator.comparingInt(PastTurn::line)).toList();
    List<SearchIndex.Entry> out = new ArrayList<>(turns.size());
    for (int i = 0; i < turns.size(); i++) {
      PastTurn t = turns.get(i);
      String context = context(i > 0 ? Optional.of(turns.get(i - 1)) : Optional.empty(),
          i + 1 < turns.size() ? Optional.of(turns.get(i + 1)) : Optional.empty());
      String hash = Integer.toHexString(Objects.hash(t.text(), t.tools(), t.files(), t.timestamp(), t.uuid(), context));
      String body = t.text() + "\n" + t.text() + (context.isEmpty() ? "" : "\n" + context);
      out.add(new SearchIndex.Entry(t.id(), hash, t.role(), t.about(), body, Optional.empty()));
    }
    return out;
  }

  /** The context of a turn: the text of the turn before it and of the turn after it, each when there is one. */
  static String context(Optional<PastTurn> before, Optional<PastTurn> after) {
    return Stream.of(before, after).flatMap(Optional::stream).map(PastTurn::text).collect(Collectors.joining("\n"));
  }
}
