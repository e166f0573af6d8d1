package io.engram.compaction;

import io.engram.transcript.ContentBlock;
import io.engram.transcript.MessageKind;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What the agent said it will do, as {@link LiveIntent} reads its plan: the last sentence of a message that states a
 * plan in English ("Let me...", "I'll..."), or, in any language, the agent's words right before a call.
 */
final class StatedPlan {
  // A plan's sentence is quoted within 300 characters, about four lines; the continuity score reads the plan too.
  private static final int PLAN_CHARS = 300;
  // A sentence ends at . ! ? and a space, or at a full stop of Chinese or Japanese (no space follows those).
  private static final Pattern SENTENCE = Pattern.compile("(?<=[.!?])\\s+|(?<=[。！？])|\\n+");
  // A last sentence of fewer than six characters ("Done.", "OK") narrates nothing.
  private static final int MIN_NARRATION = 6;
  // A sentence of fewer than 12 characters ("Let me see.") states no plan, however it opens.
  private static final int MIN_PLAN_SENTENCE = 12;
  private static final Pattern INTENT = Pattern.compile(
      "(?i)(?:^|\\b)(?:let me|let's|i'll|i will|i need to|i should|i'm going to|i am going to|now i|next,? i"
          + "|then i'll|the next step is|next step:|now let me|now let's)\\b");
  private static final Pattern NOT_A_PLAN = Pattern.compile("(?i)\\b(?:let me know|if you(?:'d)? like|want me to|"
      + "shall i|should i|would you like)\\b");

  private StatedPlan() {}

  // The last sentence of an agent's message that says what it will do: its text first, then its reasoning.
  static String in(TranscriptMessage m) {
    for (boolean text : new boolean[] {true, false}) {
      String said = m.blocks().stream()
          .filter(b -> text ? b instanceof ContentBlock.Text : b instanceof ContentBlock.Thinking)
          .map(ContentBlock::promptText).reduce("", (a, b) -> a + "\n" + b);
      List<String> sentences = new ArrayList<>();
      for (String s : SENTENCE.split(said.strip())) {
        String t = s.strip().replaceAll("\\s+", " ");
        if (t.length() >= MIN_PLAN_SENTENCE && INTENT.matcher(t).find() && !NOT_A_PLAN.matcher(t).find()) {
          sentences.add(t.endsWith(":") ? t.substring(0, t.length() - 1) + "." : t);
        }
      }
      if (!sentences.isEmpty()) {
        return Excerpts.shorten(sentences.get(sentences.size() - 1), PLAN_CHARS);
      }
    }
    return "";
  }

  // The agent's words right before a call, in whatever language it writes: what the call is for. Used when none of
  // its sentences since the request holds a phrase of the plan lexicon above, which knows English only.
  static String narration(List<TranscriptMessage> messages, int at, int from) {
    if (messages.get(at).kind() != MessageKind.ASSISTANT || messages.get(at).toolUses().isEmpty()) {
      return "";
    }
    for (int j = at - 1; j > from && messages.get(j).kind() == MessageKind.ASSISTANT; j--) {
      String said = messages.get(j).blocks().stream().filter(b -> b instanceof ContentBlock.Text)
          .map(ContentBlock::promptText).reduce("", (a, b) -> a + "\n" + b).strip();
      if (!said.isEmpty()) {
        String[] sentences = SENTENCE.split(said);
        String last = sentences[sentences.length - 1].strip().replaceAll("\\s+", " ");
        return last.codePointCount(0, last.length()) < MIN_NARRATION ? ""
            : Excerpts.shorten(last.endsWith(":") ? last.substring(0, last.length() - 1) + "."
                : last.endsWith("：") ? last.substring(0, last.length() - 1) + "。" : last, PLAN_CHARS);
      }
    }
    return "";
  }
}
