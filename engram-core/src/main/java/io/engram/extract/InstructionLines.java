package io.engram.extract;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A plain standing instruction written as an item of a list, the way rules files and pasted rules lists write them,
 * without any marker that it holds on: "- Use `date-fns` for date operations", "2. Write doc comments for all exported
 * APIs.", "- 每次缩进使用4个空格", "4. **依赖谨慎**: 不引入不必要的新依赖".
 *
 * <p>Being a list item and an instruction is the reading; the marker words ("always", 以后) are not needed. What
 * makes an item about the work at hand rather than a way of working keeps it out: it points at something in front of
 * the person (this, that, it, here, 这个, 这次), bounds itself in time (now, yet, first, then, 现在, 暂时), asks, or is a
 * how-to line naming a command after a colon ("Run ESLint: `pnpm lint`"). A list under a request for work ("I'd
 * like to do two things:", "Can you:"), after a line that asks for work ("Add a button to the card.", "In
 * src/app/page.tsx:"; {@link TaskScope}) or in a turn that asks lists the work asked, not rules. English items open
 * with an instruction verb of how to work (use, prefer, keep, write, document, follow, avoid, ...), not one of
 * editing a thing (fix, update, rename, remove), which task lists open with, or say what something must or should do
 * ("Commits must follow ..."), after a condition it holds under ("When referencing code, ..."); Chinese items carry an
 * obligation, a
 * prohibition or a preference (必须, 不得, 避免, 优先, 使用, 遵循).
 *
 * <p>A turn is scanned once ({@link #of}): where its first request stands and whether it asks, so a long turn's many
 * items cost no rescan each.
 */
final class InstructionLines {
  /** A list bullet or number opening the line, an optional bold mark after it. */
  private static final Pattern ITEM =
      Pattern.compile("[ \\t]*+(?:[-*•]|\\d{1,3}[.)])[ \\t]++(?:(?:[✅✔]\\uFE0F?|\\*\\*)[ \\t]*+)*+");
  /** A short label before the instruction ("Co-locate schemas: ", "**缩进**: "). */
  private static final Pattern LABEL =
      Pattern.compile("^(?:\\*\\*)?[^:：*`]{1,30}?(?:\\*\\*)?\\s*[:：](?:\\*\\*)?\\s*");
  private static final Pattern EN_VERB = Pattern.compile("(?i)^(?:(?:always|never|only|please)\\s+)?(?:use|prefer|"
      + "favou?r|keep|write|document|include|follow|avoid|ensure|make\\s+sure|generate|define|apply|support|organi[sz]e|"
      + "put|place|co-locate|consolidate|combine|minimi[sz]e|skip|mock|test|assume|ask|communicate|control|limit|name|"
      + "store|validate|wrap|log|treat|format|respond|reply|answer|mark|specify|provide|stick|adopt|require|verify|"
      + "declare|annotate|comment|run|do\\s+not|don'?t|never|stop|commit|add|create|prefix|separate|split|group|"
      + "return|handle|throw|catch|prioriti[sz]e|reuse|match|mirror|respect|preserve|maintain|be|merge|compose|build|"
      + "confirm|expose|guard|wire|enforce|give|stay|present|produce|reference|export|consult|invoke|clear|encrypt|"
      + "regenerate|read|call|check)\\b");
  /**
   * A condition the instruction holds under ("When referencing code, ...", "If the guard renames docs, run ...", "For any
   * task touching 3+ files: ..."): the instruction follows it. A condition on a state ("if error is of type X, do not
   * print") describes what a program does, not what the agent is to do.
   */
  private static final Pattern CONDITION = Pattern.compile("(?i)^(?:\\*\\*)?(?:when(?:ever)?|if|before|after|once|for\\s+"
      + "(?:any|every|each|all))\\b(?![^,:;]{0,60}?\\b(?:is|are|was|were)\\b)[^,:;]{1,100}?(?:\\*\\*)?[,:;](?:\\*\\*)?\\s*");
  /** What something must or should do, for every one of it ("Commits must follow ...", "All server functions should ..."). */
  private static final Pattern MODAL = Pattern.compile("(?i)^(?:all\\s+|every\\s+|each\\s+|any\\s+|new\\s+)?[\\w`'/.*@-]+"
      + "(?:\\s+[\\w`'/.*@-]+){0,5}?\\s+(?:must|should|shall|needs?\\s+to)\\s+(?!not\\s+be\\s+\\w+ed\\b)\\w");
  private static final Pattern ZH_DIRECTIVE = Pattern.compile("必须|需要|须|应该|应当|务必|不得|严禁|禁止|不要|不能|避免|"
      + "优先|保持|遵循|遵守|统一|一律|始终|总是|默认|尽量|只用|只能|使用|采用|不引入|不臆造|不加|不超过");
  /** What points at the work in front of the person, or bounds the item in time. */
  private static final Pattern AT_HAND = Pattern.compile("(?i)\\b(?:this|that|it|these|those|them|here|there|now|"
      + "yet|today|tomorrow|first|then|again|above|below|you(?:'ve| have)?\\s+(?:just|already))\\b"
      + "|这个|这些|那个|那些|这里|这次|本次|这一|刚才|现在|目前|暂时|上面|下面|它");
  /** A how-to line: what a command does, then the command after a colon. */
  private static final Pattern HOW_TO = Pattern.compile("[:：]\\s*`[^`]+`\\s*[.。]?$");
  /**
   * What asks for work ahead of a list, making its items the work asked ("I'd like to do two things:", "Can you:",
   * "what I want is:"), not rules.
   */
  private static final Pattern REQUEST = Pattern.compile("(?i)\\b(?:can|could|would|will)\\s+you\\b|\\bi(?:'d|\\s+would)?"
      + "\\s+(?:like|want|need)\\b|\\bwhat\\s+i\\s+want\\b|\\bwe\\s+(?:need|want)\\s+to\\b|\\blet'?s\\b|\\bhelp\\s+me\\b"
      + "|\\btrying\\s+to\\b|帮我|请你|我想|我需要|我希望|需要你");
  private static final Pattern HAN = Pattern.compile("\\p{IsHan}");
  /**
   * A line heading a list with work to do on the code ("Fix and improve the MQTT connection:", "Implement the admin
   * section step by step:", "In src/app/page.tsx:", "Goals:", "Exact changes:"): its items are the steps of that work,
   * not rules.
   */
  private static final Pattern WORK_HEADING = Pattern.compile("(?i)^(?:[#>*\\s]*+)(?:(?:please|now|then|next|also|and)"
      + "[,\\s]+)?(?:fix|implement|add|create|build|update|change|modify|refactor|remove|delete|replace|rename|move|make|"
      + "improve|redesign|rework|rewrite|convert|migrate|integrate|complete|finish|set\\s+up|install|debug|clean\\s+up|"
      + "adjust|tweak|polish|enhance|restyle|restructure|extend)\\b|^in\\s+`?[\\w./@-]+\\.\\w{1,5}`?\\s*[:：]"
      + "|^(?:\\*\\*)?(?:(?:the|new|exact|next)\\s+)?(?:tasks?|todo|goals?|steps?|changes(?:\\s+needed)?|improvements?|"
      + "requirements?|findings|deliverables?)\\b[^:：]{0,40}[:：]");
  /**
   * What reports a fault ("Swiping doesn't work", "手势处理不正确", "右侧没有显示 exif 的面板"): a list with one such line,
   * or under one, lists the problems to fix, and its other items are the fixes asked, not rules.
   */
  private static final Pattern FAULT = Pattern.compile("(?i)\\b(?:(?:does|do|is|are)n'?t\\s+work(?:ing)?|not\\s+working|"
      + "(?:is|are)\\s+broken|no\\s+longer)\\b|不正确|没有|无法|不对|不行|报错|失效");
  /** A heading asking for rules to be written ("add a rule providing guidance on ...") heads rules, not work. */
  private static final Pattern RULE_WORDS = Pattern.compile("(?i)\\b(?:rules?|guidelines?|conventions?|instructions?|"
      + "polic(?:y|ies)|principles?|standards?)\\b");

  private final String text;
  private final int firstRequest;
  private final boolean asks;

  private InstructionLines(String text, int firstRequest, boolean asks) {
    this.text = text;
    this.firstRequest = firstRequest;
    this.asks = asks;
  }

  /** The list items of {@code text}, one turn. */
  static InstructionLines of(String text) {
    Matcher request = REQUEST.matcher(text);
    int asked = request.find() ? request.start() : Integer.MAX_VALUE;
    return new InstructionLines(text, Math.min(asked, firstWorkLine(text)),
        text.lines().anyMatch(Intents::isQuestion));
  }

  /**
   * Where the first line of {@code text} that asks for work stands ("Add a button to the MQTT card.", "In
   * src/app/page.tsx:", "Review the findings."), a line that is no list item and asks for no rule; the lists after it
   * are that work's steps.
   */
  private static int firstWorkLine(String text) {
    int start = 0;
    while (start < text.length()) {
      int end = text.indexOf('\n', start);
      end = end < 0 ? text.length() : end;
      String line = text.substring(start, end);
      if (!ITEM.matcher(line).lookingAt() && TaskScope.asksForWork(line) && !RULE_WORDS.matcher(line).find()) {
        return start;
      }
      start = end + 1;
    }
    return Integer.MAX_VALUE;
  }

  /**
   * Whether {@code sentence}, which starts at {@code start} of the turn, opens a list item and reads as a standing
   * instruction.
   */
  boolean standing(int start, String sentence) {
    if (asks || start < 0 || start > text.length()) {
      return false;
    }
    int lineStart = text.lastIndexOf('\n', start - 1) + 1;
    if (firstRequest < lineStart || !ITEM.matcher(text.substring(lineStart, start)).matches()
        || headsWork(heading(lineStart)) || FAULT.matcher(list(lineStart)).find()) {
      return false;
    }
    String item = sentence.strip();
    if (Intents.isQuestion(item) || AT_HAND.matcher(item).find() || HOW_TO.matcher(item).find()) {
      return false;
    }
    String body = LABEL.matcher(item).replaceFirst("");
    if (HAN.matcher(body).find()) {
      return ZH_DIRECTIVE.matcher(body).find();
    }
    String instruction = CONDITION.matcher(body).replaceFirst("");
    return EN_VERB.matcher(instruction).find() || MODAL.matcher(instruction).find();
  }

  /** The nearest line above the list item at {@code lineStart} that is neither blank nor an item itself, or "". */
  private String heading(int lineStart) {
    int end = lineStart - 1;
    while (end > 0) {
      int from = text.lastIndexOf('\n', end - 1) + 1;
      String line = text.substring(from, end);
      if (!line.isBlank() && !ITEM.matcher(line).lookingAt()) {
        return line.strip();
      }
      end = from - 1;
    }
    return "";
  }

  private static boolean headsWork(String heading) {
    return WORK_HEADING.matcher(heading).find() && !RULE_WORDS.matcher(heading).find();
  }

  /**
   * The list the item at {@code lineStart} stands in: its heading and every item line next to it, blank lines between
   * items included.
   */
  private String list(int lineStart) {
    int from = lineStart;
    while (from > 0) {
      int previous = text.lastIndexOf('\n', from - 2) + 1;
      String line = text.substring(previous, from - 1);
      from = previous;
      if (!line.isBlank() && !ITEM.matcher(line).lookingAt()) {
        break;
      }
    }
    int to = lineStart;
    while (to < text.length()) {
      int end = text.indexOf('\n', to);
      end = end < 0 ? text.length() : end;
      String line = text.substring(to, end);
      if (!line.isBlank() && !ITEM.matcher(line).lookingAt()) {
        break;
      }
      to = Math.min(text.length(), end + 1);
    }
    return text.substring(from, Math.max(from, to));
  }
}
