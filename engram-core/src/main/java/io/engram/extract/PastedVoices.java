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
 * <p>A prompt template a command expands into the turn (a spec tool's steps, an agent persona to load, a harness's
 * notice) is written for a model about the person it serves: it speaks of "the user" in the third person ("You MUST
 * consider the user input", "do not ask the user to repeat it", "Briefly inform the user") or of the role the model is to
 * play ("this agent's persona", "stay in character"), and carries a template's marks (a placeholder, a tag pair of its
 * own markup, a heading for the user's input). Two such phrases, one of them said to the model, make the whole turn the
 * template's: its "NEVER" and its steps are the tool author's, never the person's rule; one alone is how people
 * describe their own program's user. What the template quotes as the block right after its heading for the user's
 * input is the person's and stays.
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
  /**
   * What a prompt says to the model it is written for: of the person it serves, in the third person (a person says
   * "me"), or of the role the model is to play.
   */
  private static final List<Pattern> TO_A_MODEL = List.of(
      Pattern.compile("(?i)\\b(?:ask|inform|tell|remind|notify|warn)\\s+the\\s+user\\b|\\bconfirm\\s+with\\s+the\\s+user\\b"),
      Pattern.compile("(?i)\\bthe\\s+user(?:'s)?\\s+(?:input|request|message|query|prompt|arguments)\\b"),
      Pattern.compile("(?i)\\bthe\\s+user\\s+(?:typed|explicitly|provided|specified|asked|says|said|requests)\\b"),
      Pattern.compile("(?i)\\b(?:agent|assistant)'s\\s+persona\\b|\\b(?:stay|staying)\\s+in\\s+character\\b"
          + "|\\bbreak\\s+character\\b"));
  /** The heading a prompt template gives the user's input, the block after it the person's words. */
  private static final Pattern INPUT_HEADING = Pattern.compile("(?im)^#{1,6}[ \\t]*(?:user[ \\t]+(?:input|request|query|"
      + "prompt|message)|arguments)[ \\t]*:?[ \\t]*$");
  /** A prompt template's marks: a placeholder, a heading for the user's input. */
  private static final List<Pattern> TEMPLATE_MARKS = List.of(
      Pattern.compile("\\$ARGUMENTS\\b|\\{\\{\\s*\\w+\\s*\\}\\}"), INPUT_HEADING);
  /** The opening of a tag of a prompt's own markup: a name joined by '_' or '-' (HTML's names are single words). */
  private static final Pattern MARKUP_TAG = Pattern.compile("<([a-z]+(?:[_-][a-z]+)+)\\b[^<>\\n]*>");
  private static final Pattern FENCE = Pattern.compile("(?m)^[ \\t]*```");
  // Two phrases of a prompt's voice, one to the model: one alone a person may say of their program's user.
  private static final int PROMPT_VOICE_PHRASES = 2;

  private PastedVoices() {}

  /** {@code text} with what others said in it blanked. */
  static String blank(String text) {
    if (PROMPT.matcher(text).find() || inAgentsVoice(text)) {
      return " ".repeat(text.length());
    }
    if (inPromptsVoice(text)) {
      return keepingTheUsersInput(text);
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

  /** Whether {@code text} is a prompt template written for a model about the user it serves. */
  static boolean inPromptsVoice(String text) {
    long toAModel = TO_A_MODEL.stream().filter(p -> p.matcher(text).find()).count();
    if (toAModel == 0) {
      return false;
    }
    long marks = TEMPLATE_MARKS.stream().filter(p -> p.matcher(text).find()).count() + (hasMarkup(text) ? 1 : 0);
    return toAModel + marks >= PROMPT_VOICE_PHRASES;
  }

  /** Whether {@code text} holds a tag of a prompt's markup with its closing tag. */
  private static boolean hasMarkup(String text) {
    Matcher tag = MARKUP_TAG.matcher(text);
    while (tag.find()) {
      if (text.indexOf("</" + tag.group(1) + ">", tag.end()) >= 0) {
        return true;
      }
    }
    return false;
  }

  /** {@code text}, a prompt template, blanked but for the fenced block right after its heading for the user's input. */
  private static String keepingTheUsersInput(String text) {
    StringBuilder out = spaces(null, text, 0, text.length());
    Matcher heading = INPUT_HEADING.matcher(text);
    if (!heading.find()) {
      return out.toString();
    }
    Matcher fence = FENCE.matcher(text);
    if (!fence.find(heading.end()) || !text.substring(heading.end(), fence.start()).isBlank()) {
      return out.toString();
    }
    int from = text.indexOf('\n', fence.end());
    int to = from >= 0 && fence.find(from) ? fence.start() : -1;
    if (to > from) {
      out.replace(from, to, text.substring(from, to));
    }
    return out.toString();
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
