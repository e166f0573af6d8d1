package io.engram.compaction;

import io.engram.config.CompactionSettings;
import io.engram.tokens.TokenCounter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Scores summaries of one original conversation: holds the original's key information, where its work
 * stands ({@link Continuity}) and its size, and the weights of {@link CompactionSettings}.
 *
 * <ul>
 *   <li>SC: a required section counts when it says something of its kind: Key Technical Concepts any
 *       item; Errors and fixes a statement, or "none" when nothing failed; Pending Tasks a statement, or "none" when
 *       no todo or task is open; Files and Code Sections a file
 *       name or a statement; All user messages one of the user's messages (or a statement when there were
 *       none); the others a statement ({@link Prose}). A heading over keywords or continuity words earns
 *       nothing.
 *   <li>KP: the mean preservation of the four kinds of key information ({@link KeyMatcher}); a kind the original
 *       has none of is kept as far as the summary's file names and identifiers are the transcript's ({@link
 *       Continuity#grounding}): with nothing to keep, a summary that names what the transcript never held keeps
 *       nothing of it.
 *   <li>CC: Pending Tasks, Current Work and the next step against the state of the work ({@link Continuity}).
 *   <li>CR: the size against the target band ({@link CompactionScore#compressionScore}), whose lower edge is
 *       half the size the compactor aims at for the part ({@link CompactionScore#overCompressedRatio}).
 * </ul>
 * Only the summary's text counts: the analysis block is the model's scratch pad and is dropped before use.
 */
final class CompactionScorer {
  private static final Pattern FILE = Pattern.compile("(?<![\\w@-])[\\w@-]+\\.[A-Za-z0-9]{1,10}\\b");

  private final CompactionSettings settings;
  private final KeyInformation original;
  private final Continuity continuity;
  private final int originalTokens;
  private final TokenCounter tokens;

  /** A scorer with no expectation on the state of the work (see {@link Continuity#none()}). */
  CompactionScorer(CompactionSettings settings, KeyInformation original, int originalTokens, TokenCounter tokens) {
    this(settings, original, Continuity.none(), originalTokens, tokens);
  }

  /**
   * @param settings weights and the fuzzy-match share
   * @param original the key information extracted from the part being summarised
   * @param continuity what the summary must say about where the work stands
   * @param originalTokens the tokens of that part (the denominator of the compression ratio)
   * @param tokens counts the summary's tokens
   */
  CompactionScorer(CompactionSettings settings, KeyInformation original, Continuity continuity,
      int originalTokens, TokenCounter tokens) {
    if (originalTokens < 0) {
      throw new IllegalArgumentException("originalTokens must not be negative: " + originalTokens);
    }
    this.settings = settings;
    this.original = original;
    this.continuity = continuity;
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
    String kept = parsed.preamble() + "\n" + String.join("\n", parsed.sections().values());
    KeyMatcher matcher = new KeyMatcher(kept, settings.fuzzyMatchShare());
    // A kind the original has none of is kept whole only by a summary that makes none up: as far as the names it
    // says are the transcript's (read only when there is such a kind).
    double grounding = Arrays.stream(KeyKind.values()).anyMatch(k -> original.of(k).isEmpty())
        ? continuity.grounding(kept) : 1;
    Map<KeyKind, Double> preservation = new EnumMap<>(KeyKind.class);
    Map<KeyKind, List<String>> lost = new EnumMap<>(KeyKind.class);
    for (KeyKind kind : KeyKind.values()) {
      List<String> items = original.of(kind);
      List<String> missing = new ArrayList<>();
      for (String item : items) {
        if (!kept(matcher, kind, item)) {
          missing.add(item);
        }
      }
      // An optional item the summary keeps counts as kept; one it leaves out is no loss.
      long extra = original.optional(kind).stream().filter(item -> original.keepsOptional(matcher, item)).count();
      long asked = items.size() + extra;
      preservation.put(kind, asked == 0 ? CompactionScore.FULL * grounding
          : CompactionScore.FULL * (asked - missing.size()) / asked);
      lost.put(kind, missing);
    }
    List<SummarySection> missingSections = new ArrayList<>();
    for (SummarySection section : SummarySection.values()) {
      if (section.required() && !hasContent(section, parsed.get(section).orElse(""))) {
        missingSections.add(section);
      }
    }
    Continuity.Result cont = continuity.score(parsed);
    double ratio = originalTokens == 0 ? 1.0 : (double) tokens.count(kept.strip()) / originalTokens;
    double sc = CompactionScore.sectionScore(SummarySection.requiredCount() - missingSections.size());
    double kp = CompactionScore.keyInformationScore(preservation);
    double cc = cont.total();
    double bandTop = CompactionScore.bandTop(settings);
    double cr = CompactionScore.compressionScore(ratio,
        CompactionScore.overCompressedRatio(originalTokens, ExtractiveSummarizer.aimTokens(originalTokens, settings)),
        bandTop);
    double total =
        settings.weightSections() * sc
            + settings.weightKeyInfo() * kp
            + settings.weightContinuity() * cc
            + settings.weightCompression() * cr;
    return new CompactionScore(sc, kp, cc, cr, total, ratio, bandTop,
        new CompactionScore.Evidence(missingSections, preservation, lost, cont.missing()));
  }

  private boolean hasContent(SummarySection section, String body) {
    if (body.isBlank()) {
      return false;
    }
    return switch (section) {
      case KEY_CONCEPTS -> true;
      // "None." is all there is to say when nothing failed.
      case ERRORS_AND_FIXES -> Prose.says(body)
          || original.of(KeyKind.ERROR_MESSAGES).isEmpty() && Prose.saysNone(body);
      // And when no todo or task is open, "None" is what Pending Tasks has to say.
      case PENDING_TASKS -> Prose.says(body) || continuity.open().isEmpty() && Prose.saysNone(body);
      case FILES_AND_CODE -> FILE.matcher(body).find() || Prose.says(body);
      // The section holds a message as the person sent it; retelling a templated prompt's opening keeps the prompt
      // for KP, but quotes none (another session's summary of the same pipeline retells the same stages).
      case USER_MESSAGES -> original.of(KeyKind.USER_INSTRUCTIONS).isEmpty() ? Prose.says(body)
          : original.of(KeyKind.USER_INSTRUCTIONS).stream()
              .anyMatch(m -> new KeyMatcher(body, settings.fuzzyMatchShare()).preserved(KeyKind.USER_INSTRUCTIONS, m));
      default -> Prose.says(body);
    };
  }

  // An item is kept by the matcher's rules; a prompt that fills a template also by retelling where its own ask opens.
  private boolean kept(KeyMatcher matcher, KeyKind kind, String item) {
    return matcher.preserved(kind, item) || kind == KeyKind.USER_INSTRUCTIONS
        && original.opening(item).map(matcher::opens).orElse(false);
  }
}
