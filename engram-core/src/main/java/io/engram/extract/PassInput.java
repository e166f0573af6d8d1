package io.engram.extract;

import io.engram.transcript.Transcript;
import java.util.ArrayList;
import java.util.List;

/**
 * What one extraction pass gives the extractor: the texts of the turns among a range of a transcript's
 * messages, without the turns in which the agent itself wrote memory (reported as skipped ranges).
 *
 * @param texts the texts, oldest first
 * @param skipped the turns left out
 * @param humanTurns how many of the turns read open with a message the person typed
 */
record PassInput(List<TurnText> texts, List<SkippedRange> skipped, int humanTurns) {

  PassInput {
    texts = List.copyOf(texts);
    skipped = List.copyOf(skipped);
  }

  /** The input of a pass over the messages {@code [from, to)} of {@code transcript}. */
  static PassInput read(TranscriptTurns mapping, Transcript transcript, int from, int to) {
    List<SkippedRange> skipped = new ArrayList<>();
    List<TurnText> texts = new ArrayList<>();
    int humanTurns = 0;
    for (TranscriptTurn turn : mapping.split(transcript, from, to)) {
      if (turn.memoryWritten()) {
        skipped.add(new SkippedRange(turn.startIndex(), turn.endIndex(), "the agent wrote memory in this turn"));
        continue;
      }
      humanTurns += turn.humanInput() ? 1 : 0;
      texts.addAll(mapping.texts(turn, transcript.sessionId()));
    }
    return new PassInput(texts, skipped, humanTurns);
  }

  /** The most memories a pass over this input may write: the per-turn cap times the person's turns (at least one). */
  int cap(int maxMemoriesPerTurn) {
    return maxMemoriesPerTurn * Math.max(1, humanTurns);
  }
}
