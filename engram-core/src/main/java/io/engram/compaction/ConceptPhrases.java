package io.engram.compaction;

import io.engram.config.CompactionSettings;
import io.engram.transcript.MessageKind;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Key Technical Concepts as short phrases: each of the session's most used names with the agent's own shortest
 * sentence about it (one that says what it is or does, not what the agent was about to do), so the section reads as
 * concepts rather than a list of identifiers. Names the agent never explained in a sentence of their own are named
 * together on a last line. At most {@code concepts} are explained, each by a sentence of at most {@code
 * conceptChars} (a longer one is a paragraph).
 */
final class ConceptPhrases {
  // A phrase is one sentence of at least 30 characters: a shorter one is a fragment ("Fixed it.").
  private static final int MIN_CHARS = 30;
  private static final Pattern SENTENCE = Pattern.compile("(?<=[.!?])\\s+|\\n+");
  private static final Pattern FILLER = Pattern.compile(
      "(?i)^(?:let me|let's|now\\b|i'll|i will|i need|i should|perfect|great|good|ok\\b|okay|done|first,|next,)");
  private static final Pattern CODE = Pattern.compile("\\||[{};]|:=|=>|->|//|\\bfunc\\b|\\breturn\\b");
  // A sentence whose characters are mostly words (three-quarters) is prose, not code pasted in a reply.
  private static final double PROSE_SHARE = 0.75;
  private static final Pattern MARKUP = Pattern.compile("^[-*#>\\d.)\\s]+|\\*\\*");

  private ConceptPhrases() {}

  // A sentence of words, not a table row, a line of code or a log line: mostly letters and spaces.
  private static boolean prose(String s) {
    if (CODE.matcher(s).find()) {
      return false;
    }
    long words = s.chars().filter(ch -> Character.isLetter(ch) || ch == ' ').count();
    return words >= PROSE_SHARE * s.length();
  }

  /** The section's text for {@code keywords}, most used first, explained from {@code messages}. */
  static String of(List<String> keywords, List<TranscriptMessage> messages, CompactionSettings.Offline limits) {
    Map<String, String> explained = new LinkedHashMap<>();
    List<String> named = new ArrayList<>();
    List<String> sentences = new ArrayList<>();
    for (TranscriptMessage m : messages) {
      if (m.kind() == MessageKind.ASSISTANT) {
        for (String s : SENTENCE.split(m.text())) {
          String t = MARKUP.matcher(s.strip()).replaceAll("").strip();
          if (t.length() >= MIN_CHARS && t.length() <= limits.conceptChars() && !FILLER.matcher(t).find()
              && !t.endsWith(":")
              && !t.endsWith("?") && prose(t)) {
            sentences.add(t);
          }
        }
      }
    }
    for (String k : keywords) {
      Pattern word = Pattern.compile("(?<![\\w.])" + Pattern.quote(k) + "(?![\\w])");
      String best = "";
      for (String s : sentences) {
        if (word.matcher(s).find() && !explained.containsValue(s) && (best.isEmpty() || s.length() < best.length())) {
          best = s;
        }
      }
      if (!best.isEmpty() && explained.size() < limits.concepts()) {
        explained.put(k, best);
      } else {
        named.add(k);
      }
    }
    List<String> lines = new ArrayList<>();
    explained.forEach((k, s) -> lines.add("- `" + k + "`: " + s));
    if (!named.isEmpty()) {
      lines.add("- Also named: " + String.join(", ", named.stream().map(n -> "`" + n + "`").toList()) + ".");
    }
    return lines.isEmpty() ? "None stood out." : String.join("\n", lines);
  }
}
