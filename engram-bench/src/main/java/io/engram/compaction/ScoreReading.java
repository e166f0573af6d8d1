package io.engram.compaction;

import io.engram.config.EngramSettings;
import io.engram.context.ContextWindow;
import io.engram.tokens.JtokkitTokenCounter;
import io.engram.tokens.TokenCounter;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The score of a transcript's current segment read once, so that many summaries can be scored against it (the lab's
 * all-pairs check) and one score explained part by part: the same scorer {@link SessionCompaction#score} builds,
 * kept, with the continuity it asks and the names the transcript holds.
 */
public final class ScoreReading {
  private final CompactionScorer scorer;
  private final Continuity continuity;

  private ScoreReading(CompactionScorer scorer, Continuity continuity) {
    this.scorer = scorer;
    this.continuity = continuity;
  }

  /**
   * Reads {@code transcript}'s current segment as {@link SessionCompaction#score} does.
   *
   * @throws IllegalArgumentException when the transcript holds no message
   */
  public static ScoreReading of(EngramSettings settings, Transcript transcript) {
    if (transcript.messages().isEmpty()) {
      throw new IllegalArgumentException("the transcript of session " + transcript.sessionId() + " holds no messages");
    }
    String model = transcript.messages().stream().flatMap(m -> m.model().stream()).reduce((a, b) -> b).orElse("");
    CompactionInput input = CompactionInput.currentSegment(transcript, ContextWindow.forModel(model,
        settings.context()));
    TokenCounter counter = JtokkitTokenCounter.forModel(model, settings.context());
    var c = settings.compaction();
    List<TranscriptMessage> all = input.messages();
    long target = (long) (input.window().windowTokens() * c.pruneTargetShare());
    PrunedConversation pruned = PrunedConversation.of(all, target, c.pruneProtectRecent(), new MessageTokens(counter));
    Conversation conversation = Conversation.of(all, 0, c.maxTechnicalKeywords(), c.userQuoteChars());
    Continuity continuity = Continuity.of(conversation);
    int partTokens = (int) Math.min(Integer.MAX_VALUE, pruned.tokens());
    return new ScoreReading(new CompactionScorer(c, conversation.key(), continuity, partTokens, counter), continuity);
  }

  /** The score of {@code summary}. */
  public CompactionScore score(String summary) {
    return scorer.score(summary);
  }

  /** A page that says why {@code summary} scores as it does: each part, what it lost, what 7 to 9 name. */
  public String explain(String summary) {
    CompactionScore s = scorer.score(summary);
    StringBuilder out = new StringBuilder();
    out.append(String.format(Locale.ROOT, "total %.1f: SC %.1f KP %.1f CC %.1f CR %.1f (ratio %.3f)%n", s.total(),
        s.sections(), s.keyInformation(), s.continuity(), s.compression(), s.ratio()));
    out.append("missing sections: ").append(s.evidence().missingSections()).append('\n');
    for (KeyKind kind : KeyKind.values()) {
      List<String> items = scorer.original().of(kind);
      List<String> lost = s.evidence().lost().get(kind);
      out.append(String.format(Locale.ROOT, "KP %s %.1f (%d items, %d lost)%n", kind, s.evidence().preservation()
          .get(kind), items.size(), lost.size()));
      lost.forEach(l -> out.append("   - ").append(l.replace("\n", " | ")).append('\n'));
    }
    scorer.original().openings().forEach((item, opening) -> out.append("opening of a templated prompt: ")
        .append(opening).append(s.evidence().lost().get(KeyKind.USER_INSTRUCTIONS).contains(item) ? " (lost)" : " (kept)")
        .append('\n'));
    SummarySections parsed = SummarySections.parse(summary);
    Continuity.Result r = continuity.score(parsed);
    out.append(String.format(Locale.ROOT, "CC pending %.1f current %.1f next %.1f%n", r.pending(), r.current(),
        r.next()));
    r.missing().forEach(m -> out.append("   missing: ").append(m).append('\n'));
    String seven = String.join("\n", parsed.get(SummarySection.PENDING_TASKS).orElse(""),
        parsed.get(SummarySection.CURRENT_WORK).orElse(""), parsed.get(SummarySection.NEXT_STEP).orElse(""));
    Set<String> names = new TreeSet<>();
    Set<String> notHeld = new TreeSet<>();
    Continuity.words(seven).forEach((w, name) -> {
      if (name) {
        names.add(w);
        if (continuity.held().map(h -> !h.contains(w)).orElse(false)) {
          notHeld.add(w);
        }
      }
    });
    out.append(String.format(Locale.ROOT, "names in 7-9: %d, not in the transcript: %s; grounding 7-9 %.2f,"
        + " whole %.2f%n", names.size(), notHeld, continuity.grounding(seven), continuity.grounding(summary)));
    out.append("open items: ").append(continuity.open()).append('\n');
    out.append("request words: ").append(top(continuity.request())).append('\n');
    out.append("live words: ").append(top(continuity.live())).append('\n');
    return out.toString();
  }

  // The heaviest words first, as "word 2.31".
  private static String top(Map<String, Double> weights) {
    return String.join(", ", weights.entrySet().stream()
        .sorted(Map.Entry.<String, Double>comparingByValue().reversed())
        .map(e -> String.format(Locale.ROOT, "%s %.2f", e.getKey(), e.getValue())).toList());
  }
}
