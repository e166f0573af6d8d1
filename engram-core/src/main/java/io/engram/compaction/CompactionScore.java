package io.engram.compaction;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
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
 * @param sections SC: 100 x required sections present / 8 ({@link #sectionScore})
 * @param keyInformation KP: mean of the four kinds' preservation ({@link #keyInformationScore})
 * @param continuity CC: min(100, 20 x continuity words found) ({@link #continuityScore})
 * @param compression CR: 50 when the ratio is below 0.15, else 100 ({@link #compressionScore})
 * @param total the weighted sum
 * @param ratio summary tokens / original tokens
 * @param evidence what each part found: missing sections, preservation and lost items per kind,
 *     continuity words
 */
public record CompactionScore(
    double sections,
    double keyInformation,
    double continuity,
    double compression,
    double total,
    double ratio,
    @JsonUnwrapped Evidence evidence) {

  /** Ratio below which the summary counts as over-compressed. */
  public static final double OVER_COMPRESSED_RATIO = 0.15;

  public CompactionScore {
    Objects.requireNonNull(evidence, "evidence");
  }

  /**
   * What the parts of a score found in the summary.
   *
   * @param missingSections the required sections absent or empty, in order
   * @param preservation per kind, the share (0-100) of items preserved; 100 when the kind had no items
   * @param lost per kind, the items not found in the summary
   * @param continuityWords the continuity words found
   */
  public record Evidence(
      List<SummarySection> missingSections,
      Map<KeyKind, Double> preservation,
      Map<KeyKind, List<String>> lost,
      List<String> continuityWords) {

    public Evidence {
      missingSections = List.copyOf(missingSections);
      EnumMap<KeyKind, Double> preservationCopy = new EnumMap<>(KeyKind.class);
      preservationCopy.putAll(preservation);
      preservation = Collections.unmodifiableMap(preservationCopy);
      EnumMap<KeyKind, List<String>> lostCopy = new EnumMap<>(KeyKind.class);
      lost.forEach((k, v) -> lostCopy.put(k, List.copyOf(v)));
      lost = Collections.unmodifiableMap(lostCopy);
      continuityWords = List.copyOf(continuityWords);
    }
  }

  /** SC for {@code present} of the 8 required sections. */
  public static double sectionScore(int present) {
    return 100.0 * present / SummarySection.requiredCount();
  }

  /** KP: the mean of the per-kind preservation shares (0-100), over all four kinds. */
  public static double keyInformationScore(Map<KeyKind, Double> preservation) {
    double sum = 0;
    for (KeyKind kind : KeyKind.values()) {
      sum += preservation.getOrDefault(kind, 100.0);
    }
    return sum / KeyKind.values().length;
  }

  /** CC for {@code words} distinct continuity words found: min(100, 20 x words). */
  public static double continuityScore(int words) {
    return Math.min(100, 20.0 * words);
  }

  /**
   * CR for a summary/original token {@code ratio}: 50 below {@value #OVER_COMPRESSED_RATIO} (more than
   * 85% shorter: over-compressed), else 100. That is the whole piecewise function; whether the
   * summary is short enough is the compactor's aim (70-80% shorter), checked by {@link #advice()}.
   */
  public static double compressionScore(double ratio) {
    return ratio < OVER_COMPRESSED_RATIO ? 50 : 100;
  }

  /**
   * Rule-based advice for a re-compaction: one sentence per shortfall (missing sections, lost items of
   * each kind with up to 10 of them named, few continuity words, over-compression). Empty when nothing
   * fell short.
   */
  public List<String> advice() {
    List<String> advice = new ArrayList<>();
    if (!evidence.missingSections().isEmpty()) {
      advice.add("Add the missing sections: "
          + String.join(", ", evidence.missingSections().stream().map(s -> s.number() + ". " + s.title()).toList()) + ".");
    }
    evidence.lost().forEach((kind, items) -> {
      if (!items.isEmpty()) {
        List<String> named = items.stream().limit(10).map(i -> "\"" + shorten(i) + "\"").toList();
        advice.add(String.format(Locale.ROOT, "Keep the %s (%d lost), for example: %s.",
            kind.name().toLowerCase(Locale.ROOT).replace('_', ' '), items.size(), String.join(", ", named)));
      }
    });
    if (continuity < 100) {
      advice.add("Tie the summary to what comes next: say what was done first and then, what is in "
          + "progress, and the next step (found " + evidence.continuityWords().size() + " of 5 continuity words).");
    }
    if (compression < 100) {
      advice.add(String.format(Locale.ROOT,
          "The summary is over-compressed (%.0f%% of the original); keep more detail.", ratio * 100));
    }
    return advice;
  }

  private static String shorten(String item) {
    String one = item.replaceAll("\\s+", " ").strip();
    return one.length() <= 120 ? one : one.substring(0, 117) + "...";
  }
}
