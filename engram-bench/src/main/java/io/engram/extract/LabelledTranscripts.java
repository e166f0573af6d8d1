package io.engram.extract;

import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Replays the real examples of the labelled set through {@link TranscriptTurns}, so that the evaluation
 * sees what the extraction pass would give the extractor: a user turn whose source message is harness
 * text (a skill body, a slash command, a hook's output) is dropped, and a real one loses its
 * {@code <system-reminder>} spans. Hand-written examples and tool-output turns are kept as they are.
 */
final class LabelledTranscripts {
  private LabelledTranscripts() {}

  /**
   * The items as the pass would see them.
   *
   * @param items the labelled set
   * @param transcriptsDir where the {@code transcript:<file>} origins live
   * @throws IOException when an origin's transcript cannot be read
   * @throws IllegalArgumentException when an origin names a message its transcript does not hold
   */
  static List<LabelledItem> throughTranscriptTurns(List<LabelledItem> items, Path transcriptsDir)
      throws IOException {
    Map<String, Transcript> cache = new HashMap<>();
    List<LabelledItem> out = new ArrayList<>();
    for (LabelledItem item : items) {
      if (!item.origin().startsWith("transcript:")) {
        out.add(item);
        continue;
      }
      String[] ref = item.origin().substring("transcript:".length()).split("#", 2);
      Transcript t = cache.get(ref[0]);
      if (t == null) {
        t = TranscriptReader.read(transcriptsDir.resolve(ref[0]));
        cache.put(ref[0], t);
      }
      TranscriptMessage source = find(t, ref.length > 1 ? ref[1] : "")
          .orElseThrow(() -> new IllegalArgumentException(item.id() + ": origin " + item.origin() + " not found"));
      out.add(replay(item, source));
    }
    return List.copyOf(out);
  }

  private static LabelledItem replay(LabelledItem item, TranscriptMessage source) {
    if (!source.toolResults().isEmpty()) {
      return item;
    }
    boolean human = TranscriptTurns.isHumanText(source);
    List<TurnText> turns = new ArrayList<>();
    for (TurnText turn : item.turns()) {
      if (turn.role() != TurnRole.USER) {
        turns.add(turn);
      } else if (human) {
        turns.add(new TurnText(TurnRole.USER, TranscriptTurns.humanText(source), turn.timestamp(),
            turn.sessionId(), turn.memoryWritten()));
      }
    }
    return new LabelledItem(item.id(), item.split(), item.origin(), turns, item.labels());
  }

  private static Optional<TranscriptMessage> find(Transcript t, String uuid) {
    for (TranscriptMessage m : t.messages()) {
      if (m.uuid().equals(Optional.of(uuid))) {
        return Optional.of(m);
      }
    }
    for (Transcript sub : t.subagents()) {
      Optional<TranscriptMessage> found = find(sub, uuid);
      if (found.isPresent()) {
        return found;
      }
    }
    return Optional.empty();
  }
}
