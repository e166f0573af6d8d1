package io.engram.extract;

import java.util.ArrayList;
import java.util.List;

/**
 * Small helpers to run the extractor on a few turns in tests. They run the offline rules without the learnt correction
 * model: a test of a reading holds whatever weights are shipped, since a refit on more labelled turns moves a test
 * sentence's probability across a threshold with no reading changed. The model's part is tested with stand-in weights
 * ({@code LearntCorrectionsTest}), and the shipped weights are judged on the labelled sets by the lab.
 */
final class Fixtures {
  private static final io.engram.config.ExtractionSettings RULES_ALONE = io.engram.config.ExtractionSettings.DEFAULTS
      .with("learntCorrectionMin", 1.0).with("learntCorrectionKeep", 0.0).with("learntCorrectionMinHan", 1.0)
      .with("learntCorrectionKeepHan", 0.0);

  private Fixtures() {}

  /** What the offline rules read in one turn the user typed. */
  static List<MemoryCandidate> user(String text) {
    return rulesOnly(text);
  }

  /** What the offline rules alone, without the learnt correction model, read in one turn the user typed. */
  static List<MemoryCandidate> rulesOnly(String text) {
    return new RuleBasedExtractor(RULES_ALONE).extract(List.of(TurnText.of(TurnRole.USER, text)), List.of());
  }

  static List<MemoryCandidate> tool(String text) {
    return new RuleBasedExtractor(RULES_ALONE).extract(List.of(TurnText.of(TurnRole.TOOL_OUTPUT, text)), List.of());
  }

  static List<MemoryCandidate> afterAssistant(String assistant, String user) {
    List<TurnText> turns = new ArrayList<>();
    turns.add(TurnText.of(TurnRole.ASSISTANT, assistant));
    turns.add(TurnText.of(TurnRole.USER, user));
    return new RuleBasedExtractor(RULES_ALONE).extract(turns, List.of());
  }

  static String all(MemoryCandidate c) {
    return (c.name() + " " + c.description() + " " + c.body()).toLowerCase(java.util.Locale.ROOT);
  }
}
