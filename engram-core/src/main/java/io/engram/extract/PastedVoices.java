package io.engram.extract;

import java.util.List;
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
 * <p>A turn written in an agent's voice is a model's answer passed on as the user's message, whole: Aider's architect
 * mode hands the architect model's plan to the editor model as the user turn ("Looking at TODO.md, the first task ...
 * Should I proceed?"), and people paste an assistant's answer back. Its "don't" and its steps are that model's. It is
 * read by its shape, two or more phrases an assistant says to the one it helps ("I'll help you", "the file you
 * provided", "you've asked me to", "Would you like me to", "Let me check"), at least one of them speaking to that
 * person as the one helped; a person says "let me check" or "I'll add it" to an agent, hardly both with "the files you
 * provided".
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
  /** What only an assistant says to the person it helps: the person as the one who asked, shared or is to decide. */
  private static final List<Pattern> HELPER_TO_HELPED = List.of(
      Pattern.compile("(?i)\\bI'?ll\\s+help\\s+you\\b"),
      Pattern.compile("(?i)\\byou(?:'ve|\\s+have)\\s+(?:asked|requested|told)\\s+me\\b"),
      Pattern.compile("(?i)\\b(?:files?|code|snippets?|(?<![\\w-])[\\w-]++\\.\\w{1,5})\\s+you(?:'ve|\\s+have)?\\s+(?:provided|shared|shown|showed|given)\\b"),
      Pattern.compile("(?i)\\b(?:should|shall)\\s+I\\s+(?:proceed|continue|go\\s+ahead)\\b"),
      Pattern.compile("(?i)\\bwould\\s+you\\s+like\\s+me\\s+to\\b"),
      Pattern.compile("(?i)\\bsince\\s+I\\s+can(?:'t|not)\\b"),
      Pattern.compile("(?i)\\A\\s*Looking\\s+at\\s+(?:the\\s+)?\\S+"));
  /** What an assistant says of its own next step, which a person may say too. */
  private static final List<Pattern> HELPER_STEP = List.of(
      Pattern.compile("(?i)\\blet\\s+me\\s+(?:first\\s+|now\\s+)?(?:check|verify|analy[sz]e|look|clarify|implement|examine|review|"
          + "start|read|create|update|fix|proceed)\\b"),
      Pattern.compile("(?i)\\bI\\s+can\\s+see\\s+(?:that|from|the)\\b"),
      Pattern.compile("(?i)\\bI(?:'ll|\\s+will)\\s+(?:now\\s+|first\\s+)?(?:implement|create|update|provide|add|make|proceed|mark|"
          + "modify|start)\\b"),
      Pattern.compile("(?i)\\bHere(?:'s|\\s+is)\\s+(?:the|my)\\s+(?:plan|implementation|updated|complete)\\b"));
  // Two phrases of an assistant's voice, one of them to the one it helps: one alone a person may quote or say.
  private static final int AGENT_VOICE_PHRASES = 2;

  private PastedVoices() {}

  /** {@code text} with what others said in it blanked. */
  static String blank(String text) {
    if (PROMPT.matcher(text).find() || inAgentsVoice(text)) {
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

  /** Whether {@code text} is written in an assistant's voice, to the person it helps (a model's answer passed on). */
  static boolean inAgentsVoice(String text) {
    long toHelped = HELPER_TO_HELPED.stream().filter(p -> p.matcher(text).find()).count();
    if (toHelped == 0) {
      return false;
    }
    return toHelped + HELPER_STEP.stream().filter(p -> p.matcher(text).find()).count() >= AGENT_VOICE_PHRASES;
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
