package io.engram.extract;

import java.util.ArrayList;
import java.util.List;

/** Small helpers to run the extractor on a few turns in tests. */
final class Fixtures {
  private Fixtures() {}

  static List<MemoryCandidate> user(String text) {
    return new RuleBasedExtractor().extract(List.of(TurnText.of(TurnRole.USER, text)), List.of());
  }

  /** What the offline rules alone, without the learnt correction model, read in one turn the user typed. */
  static List<MemoryCandidate> rulesOnly(String text) {
    var settings = io.engram.config.ExtractionSettings.DEFAULTS.with("learntCorrectionMin", 1.0)
        .with("learntCorrectionKeep", 0.0).with("learntCorrectionMinHan", 1.0).with("learntCorrectionKeepHan", 0.0);
    return new RuleBasedExtractor(settings).extract(List.of(TurnText.of(TurnRole.USER, text)), List.of());
  }

  static List<MemoryCandidate> tool(String text) {
    return new RuleBasedExtractor().extract(List.of(TurnText.of(TurnRole.TOOL_OUTPUT, text)), List.of());
  }

  static List<MemoryCandidate> afterAssistant(String assistant, String user) {
    List<TurnText> turns = new ArrayList<>();
    turns.add(TurnText.of(TurnRole.ASSISTANT, assistant));
    turns.add(TurnText.of(TurnRole.USER, user));
    return new RuleBasedExtractor().extract(turns, List.of());
  }

  static String all(MemoryCandidate c) {
    return (c.name() + " " + c.description() + " " + c.body()).toLowerCase(java.util.Locale.ROOT);
  }
}
