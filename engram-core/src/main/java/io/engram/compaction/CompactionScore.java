package io.engram.compaction;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.engram.config.CompactionSettings;
import io.engram.redact.SecretRedactor;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The quality score of one compaction summary, with the evidence behind
 * it: {@code total = wSC*SC + wKP*KP + wCC*CC + wCR*CR} (weights 0.3, 0.4, 0.2, 0.1 by default), each
 * part on 0-100. Serialized with Jackson, the evidence's fields sit beside the parts.
 *
 * @param sections SC: 100 x required sections present with content / 8 ({@link #sectionScore}); a section
 *     counts when it says something of its kind (see {@link CompactionScorer})
 * @param keyInformation KP: mean of the four kinds' preservation ({@link #keyInformationScore})
 * @param continuity CC: whether Pending Tasks, Current Work and the next step match where the work stands
 *     (40 + 30 + 30, see {@link Continuity})
 * @param compression CR: 100 inside the target band, less outside it ({@link #compressionScore})
 * @param total the weighted sum
 * @param ratio summary tokens / original tokens
 * @param bandTop the ratio up to which the summary is inside the target band ({@link #bandTop(CompactionSettings)});
 *     the advice's size sentence names it, and the JSON leaves it out (a setting, not a finding)
 * @param evidence what each part found: missing sections, preservation and lost items per kind, what the
 *     summary failed to say about where the work stands
 */
public record CompactionScore(
    double sections,
    double keyInformation,
    double continuity,
    double compression,
    double total,
    double ratio,
    @JsonIgnore double bandTop,
    @JsonUnwrapped Evidence evidence) {

  /** Full marks, of every part and of the total: the score's scale is 0-100, which its bands (80, 70) are read on. */
  public static final double FULL = 100;

  // The seed's CR for an over-compressed summary: half marks.
  private static final double OVER_COMPRESSED_SCORE = 50;

  /** The seed's ratio below which a summary is over-compressed: the edge for a short part. */
  public static final double OVER_COMPRESSED_RATIO = 0.15;

  // The advice for a summary made again names at most ten of a kind of lost items, each within 120 characters (a
  // line): enough to show what kind was lost without sending the lost items whole.
  private static final int ADVICE_EXAMPLES = 10;
  // See ADVICE_EXAMPLES.
  private static final int ADVICE_ITEM_CHARS = 120;

  public CompactionScore {
    Objects.requireNonNull(evidence, "evidence");
  }

  /**
   * What the parts of a score found in the summary.
   *
   * @param missingSections the required sections absent or without content, in order
   * @param preservation per kind, the share (0-100) of items preserved; when the kind had no items, 100 as far as
   *     the summary's names are the transcript's
   * @param lost per kind, the items not found in the summary
   * @param continuityMissing what the summary failed to say about where the work stands
   */
  public record Evidence(
      List<SummarySection> missingSections,
      Map<KeyKind, Double> preservation,
      Map<KeyKind, List<String>> lost,
      List<String> continuityMissing) {

    public Evidence {
      missingSections = List.copyOf(missingSections);
      EnumMap<KeyKind, Double> preservationCopy = new EnumMap<>(KeyKind.class);
      preservationCopy.putAll(preservation);
      preservation = Collections.unmodifiableMap(preservationCopy);
      EnumMap<KeyKind, List<String>> lostCopy = new EnumMap<>(KeyKind.class);
      lost.forEach((k, v) -> lostCopy.put(k, List.copyOf(v)));
      lost = Collections.unmodifiableMap(lostCopy);
      continuityMissing = List.copyOf(continuityMissing);
    }
  }

  /** SC for {@code present} of the 8 required sections. */
  public static double sectionScore(int present) {
    return FULL * present / SummarySection.requiredCount();
  }

  /** KP: the mean of the per-kind preservation shares (0-100), over all four kinds. */
  public static double keyInformationScore(Map<KeyKind, Double> preservation) {
    double sum = 0;
    for (KeyKind kind : KeyKind.values()) {
      sum += preservation.getOrDefault(kind, FULL);
    }
    return sum / KeyKind.values().length;
  }

  /**
   * The ratio above which a summary is longer than the target band: the share of the part that {@code
   * compaction.targetReductionMin} leaves (0.30, the seed's 70% shorter). The compactor aims within it ({@code
   * ExtractiveSummarizer.aimTokens}), so a setting that moves the aim moves the band the score rewards with it.
   */
  public static double bandTop(CompactionSettings settings) {
    return 1 - settings.targetReductionMin();
  }

  /**
   * CR for a summary/original token {@code ratio}, rewarding a target band rather than length: 100 from
   * {@code floorRatio} to {@code bandTop}, the seed's 50 below it (over-compressed), and falling linearly from 100
   * to 0 between {@code bandTop} and 1 (a summary as long as the original compresses nothing).
   *
   * @param floorRatio the ratio under which a summary is over-compressed: the seed's {@value
   *     #OVER_COMPRESSED_RATIO} for a short part, less for a long one ({@link #overCompressedRatio})
   * @param bandTop the band's upper edge ({@link #bandTop(CompactionSettings)})
   */
  public static double compressionScore(double ratio, double floorRatio, double bandTop) {
    if (ratio < floorRatio) {
      return OVER_COMPRESSED_SCORE;
    }
    if (ratio <= bandTop) {
      return FULL;
    }
    return Math.max(0, FULL * (1 - ratio) / (1 - bandTop));
  }

  /**
   * The ratio under which a summary of {@code originalTokens} is over-compressed: half the size the
   * compactor itself aims at ({@code aimTokens}), never above the seed's {@value #OVER_COMPRESSED_RATIO}.
   * The seed's band was set for short parts, where the aim is 30% of the part and half of it is exactly
   * 0.15; a summary of a long session does not grow with it (a 170k-token session is summarised in 3-5k
   * tokens by Claude Code and by the compactor), so a fixed 15% would call every summary of the right size
   * over-compressed.
   */
  public static double overCompressedRatio(int originalTokens, int aimTokens) {
    if (originalTokens <= 0) {
      return OVER_COMPRESSED_RATIO;
    }
    return Math.min(OVER_COMPRESSED_RATIO, aimTokens / 2.0 / originalTokens);
  }

  /**
   * Rule-based advice for a re-compaction: one sentence per shortfall (missing sections, lost items of
   * each kind with up to 10 of them named, what the summary failed to say about the state of the work, a
   * size outside the band). Empty when nothing fell short.
   */
  public List<String> advice() {
    List<String> advice = new ArrayList<>();
    if (!evidence.missingSections().isEmpty()) {
      advice.add("Add the missing sections: "
          + String.join(", ", evidence.missingSections().stream().map(s -> s.number() + ". " + s.title()).toList()) + ".");
    }
    evidence.lost().forEach((kind, items) -> {
      if (!items.isEmpty()) {
        List<String> named = items.stream().limit(ADVICE_EXAMPLES).map(i -> "\"" + shorten(i) + "\"").toList();
        advice.add(String.format(Locale.ROOT, "Keep the %s (%d lost), for example: %s.",
            kind.name().toLowerCase(Locale.ROOT).replace('_', ' '), items.size(), String.join(", ", named)));
      }
    });
    evidence.continuityMissing().forEach(m -> advice.add("Say " + m + "."));
    if (compression < FULL) {
      advice.add(ratio < bandTop
          ? String.format(Locale.ROOT, "The summary is over-compressed (%.0f%% of the original); keep more detail.",
              ratio * 100)
          : String.format(Locale.ROOT, "The summary is %.0f%% of the original; make it at least %.0f%% shorter.",
              ratio * 100, (1 - bandTop) * 100));
    }
    return advice;
  }

  private static String shorten(String item) {
    String one = item.replaceAll("\\s+", " ").strip();
    int cut = ADVICE_ITEM_CHARS - 3;
    one = one.length() <= ADVICE_ITEM_CHARS ? one : SecretRedactor.standard().head(one, cut);
    return one.length() <= ADVICE_ITEM_CHARS ? one : one.substring(0, cut) + "...";
  }
}
