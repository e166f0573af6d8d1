package io.engram.compaction;

import io.engram.config.EngramSettings;
import io.engram.tokens.TokenCounter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Scores summaries of one original conversation: holds the original's key
 * information and size, and the weights of {@link EngramSettings.Compaction}.
 */
final class CompactionScorer {
  private final EngramSettings.Compaction settings;
  private final KeyInformation original;
  private final int originalTokens;
  private final TokenCounter tokens;

  /**
   * @param settings weights and the fuzzy-match share
   * @param original the key information extracted from the part being summarised
   * @param originalTokens the tokens of that part (the denominator of the compression ratio)
   * @param tokens counts the summary's tokens
   */
  public CompactionScorer(
      EngramSettings.Compaction settings, KeyInformation original, int originalTokens, TokenCounter tokens) {
    if (originalTokens < 0) {
      throw new IllegalArgumentException("originalTokens must not be negative: " + originalTokens);
    }
    this.settings = settings;
    this.original = original;
    this.originalTokens = originalTokens;
    this.tokens = tokens;
  }

  /** The key information summaries are checked against. */
  public KeyInformation original() {
    return original;
  }

  /** Scores {@code summary} (raw model output; parsed with {@link SummarySections#parse}). */
  public CompactionScore score(String summary) {
    SummarySections parsed = SummarySections.parse(summary);
    // The analysis block is the model's scratch pad and is dropped before use, so it earns nothing.
    String kept = parsed.preamble() + "\n" + String.join("\n", parsed.sections().values());
    KeyMatcher matcher = new KeyMatcher(kept, settings.fuzzyMatchShare());
    Map<KeyKind, Double> preservation = new EnumMap<>(KeyKind.class);
    Map<KeyKind, List<String>> lost = new EnumMap<>(KeyKind.class);
    for (KeyKind kind : KeyKind.values()) {
      List<String> items = original.of(kind);
      List<String> missing = new ArrayList<>();
      for (String item : items) {
        if (!matcher.preserved(kind, item)) {
          missing.add(item);
        }
      }
      preservation.put(kind, items.isEmpty() ? 100.0 : 100.0 * (items.size() - missing.size()) / items.size());
      lost.put(kind, missing);
    }
    List<String> continuityWords = ContinuityWords.found(kept);
    double ratio = originalTokens == 0 ? 1.0 : (double) tokens.count(kept.strip()) / originalTokens;
    double sc = CompactionScore.sectionScore(parsed.presentRequired().size());
    double kp = CompactionScore.keyInformationScore(preservation);
    double cc = CompactionScore.continuityScore(continuityWords.size());
    double cr = CompactionScore.compressionScore(ratio);
    double total =
        settings.weightSections() * sc
            + settings.weightKeyInfo() * kp
            + settings.weightContinuity() * cc
            + settings.weightCompression() * cr;
    return new CompactionScore(
        sc, kp, cc, cr, total, ratio,
        new CompactionScore.Evidence(parsed.missingRequired(), preservation, lost, continuityWords));
  }
}
