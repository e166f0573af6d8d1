package io.engram.extract;

import io.engram.transcript.ContentBlock;
import io.engram.transcript.Transcript;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What one extraction pass gives the extractor: the texts of the transcript's turns up to the end of the
 * range read, the new ones starting at {@code from}. The earlier texts are there for rules that need the
 * whole session (what it did repeatedly); nothing is extracted from them alone. Turns of the new range in
 * which the agent itself wrote memory are left out and reported as skipped.
 *
 * @param texts the texts, oldest first
 * @param from index of the first new text
 * @param skipped the new turns left out
 * @param humanTurns how many of the new turns open with a message the person typed
 */
record PassInput(List<TurnText> texts, int from, List<SkippedRange> skipped, int humanTurns) {

  PassInput {
    texts = List.copyOf(texts);
    skipped = List.copyOf(skipped);
    if (from < 0 || from > texts.size()) {
      throw new IllegalArgumentException("from " + from + " outside 0.." + texts.size());
    }
  }

  /** The input of a pass over the messages {@code [from, to)} of {@code transcript}, after those before. */
  static PassInput read(TranscriptTurns mapping, Transcript transcript, int from, int to) {
    List<TurnText> texts = new ArrayList<>(from == 0 ? List.of() : mapping.texts(transcript, 0, from));
    Map<String, ContentBlock.ToolResult> results = ToolCalls.results(transcript.messages().subList(0, to));
    int first = texts.size();
    List<SkippedRange> skipped = new ArrayList<>();
    int humanTurns = 0;
    for (TranscriptTurn turn : mapping.split(transcript, from, to)) {
      if (turn.memoryWritten()) {
        skipped.add(new SkippedRange(turn.startIndex(), turn.endIndex(), "the agent wrote memory in this turn"));
        continue;
      }
      humanTurns += turn.humanInput() ? 1 : 0;
      texts.addAll(mapping.texts(turn, transcript.sessionId(), results));
    }
    return new PassInput(texts, first, skipped, humanTurns);
  }

  /**
   * This input with its skipped ranges moved by {@code base} messages: for a piece of a transcript read from
   * an offset, whose first message is message {@code base} of the session.
   */
  PassInput shifted(int base) {
    if (base == 0) {
      return this;
    }
    List<SkippedRange> moved = new ArrayList<>(skipped.size());
    skipped.forEach(r -> moved.add(new SkippedRange(base + r.fromMessage(), base + r.toMessage(), r.reason())));
    return new PassInput(texts, from, moved, humanTurns);
  }

  /** The new texts alone. */
  List<TurnText> fresh() {
    return texts.subList(from, texts.size());
  }

  /** The most memories a pass over this input may write: the per-turn cap times the person's turns (at least one). */
  int cap(int maxMemoriesPerTurn) {
    return maxMemoriesPerTurn * Math.max(1, humanTurns);
  }
}
