package io.engram.extract;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Text a person passes on that is someone else speaking: a prompt written for a model ("You are a read-only
 * classifier. Do not write files ..."; a sub-agent's brief lands in a transcript as a user turn), and a reviewer's or a
 * bot's comment pasted in (a paragraph labelled "CodeRabbit:", "Review comment:", 审查意见：, or a line that says where it
 * comes from, "(from Copilot)", "(quoted from the docs)", （来自 CodeRabbit）). Its "don't" is an instruction to that
 * model or a suggestion from that reviewer, never the person's own rule, so it is blanked before the rules read a turn;
 * what the person says around it stays.
 *
 * <p>Blanking replaces characters by spaces, so offsets into the turn stay valid.
 */
final class PastedVoices {
  /** A turn that opens by giving a model its role. */
  private static final Pattern PROMPT = Pattern.compile(
      "(?i)^\\s*(?:you\\s+are|you're|act\\s+as)\\s+(?:a|an)\\s+|^\\s*你(?:现在)?是一(?:个|名|位)");
  /** A line labelled by a reviewer or a bot: its paragraph is what they said. */
  private static final Pattern REVIEW_LABEL = Pattern.compile(
      "(?im)^[ \\t>*_#-]*(?:(?:code\\s*)?review(?:er)?(?:\\s+comments?)?|coderabbit(?:ai)?|copilot|sonar\\w*|codacy|"
          + "deepsource|[\\w-]*bot(?:\\[bot\\])?|(?:代码)?(?:审查|评审|审核|检视)意见)\\s*(?:\\([^)\\n]*\\))?\\s*[:：]");
  /** A line that ends by saying whose words it holds. */
  private static final Pattern ATTRIBUTED = Pattern.compile(
      "(?im)^.*[（(]\\s*(?:(?:quoted|taken|copied)\\s+)?(?:from|by|via|来自|出自|引自)\\s*[^()（）\\n]{1,40}[)）]\\s*$");
  private static final Pattern PARAGRAPH_END = Pattern.compile("\\n[ \\t]*\\n");

  private PastedVoices() {}

  /** {@code text} with what others said in it blanked. */
  static String blank(String text) {
    if (PROMPT.matcher(text).find()) {
      return " ".repeat(text.length());
    }
    StringBuilder out = null;
    Matcher label = REVIEW_LABEL.matcher(text);
    while (label.find()) {
      Matcher end = PARAGRAPH_END.matcher(text);
      out = spaces(out, text, label.start(), end.find(label.start()) ? end.start() : text.length());
    }
    Matcher attributed = ATTRIBUTED.matcher(text);
    while (attributed.find()) {
      out = spaces(out, text, attributed.start(), attributed.end());
    }
    return out == null ? text : out.toString();
  }

  private static StringBuilder spaces(StringBuilder out, String text, int from, int to) {
    StringBuilder b = out == null ? new StringBuilder(text) : out;
    for (int i = from; i < to; i++) {
      if (b.charAt(i) != '\n') {
        b.setCharAt(i, ' ');
      }
    }
    return b;
  }
}
