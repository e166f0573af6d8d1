package io.engram.compaction;

import io.engram.config.CompactionSettings;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Summaries made to game the score rather than to let anyone continue the work: what a scorer that tracks
 * quality must keep below the retry band. The benchmark and the score's tests score them beside real
 * summaries of the same span.
 */
public final class AdversarialSummaries {
  private static final List<String> CONTINUITY = List.of("First", "then", "next", "next step", "after that",
      "finally", "currently", "so far", "continue", "remaining");

  private AdversarialSummaries() {}

  /**
   * Every section heading, each followed by the span's technical keywords, the names of the files it
   * changed and the continuity words: everything the old score counted, and nothing said.
   */
  public static String keywordDump(Transcript transcript, CompactionSettings settings) {
    Conversation c = conversation(transcript, settings);
    Set<String> bag = new LinkedHashSet<>(c.key().of(KeyKind.TECHNICAL_KEYWORDS));
    bag.addAll(c.key().of(KeyKind.FILE_NAMES));
    bag.addAll(CONTINUITY);
    String body = String.join("\n", bag.stream().map(w -> "- " + w).toList());
    StringBuilder out = new StringBuilder("<summary>\n");
    for (SummarySection s : SummarySection.values()) {
      out.append(s.number()).append(". ").append(s.title()).append(":\n").append(body).append("\n\n");
    }
    return out.append("</summary>\n").toString();
  }

  /** The span's user messages word for word under their heading, and nothing else. */
  public static String userMessagesAlone(Transcript transcript, CompactionSettings settings) {
    Conversation c = conversation(transcript, settings);
    List<String> lines = new ArrayList<>();
    c.userMessages().forEach(m -> lines.add("- " + m.replace("\n", "\n  ")));
    return "<summary>\n6. All user messages:\n" + String.join("\n", lines) + "\n</summary>\n";
  }

  private static Conversation conversation(Transcript transcript, CompactionSettings settings) {
    List<TranscriptMessage> segment = transcript.segments().get(transcript.segments().size() - 1).messages();
    return Conversation.of(segment, 0, settings.maxTechnicalKeywords(), settings.userQuoteChars());
  }
}
