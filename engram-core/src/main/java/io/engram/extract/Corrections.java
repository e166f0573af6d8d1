package io.engram.extract;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Corrections in the phrasings people use, English and Chinese: "no, use X", "don't use X here, use Y",
 * "not X, Y", "use Y, not X", "use Y instead of X", "instead of X, use Y", "it's Y, not X", "use Y as the package
 * manager" (a tool given a role), "we don't do X here",
 * "we use Y, not X", "actually, ...", "that's not how we do it: ...", 不要用X，用Y, 别用X, 不是X，是Y, 改用Y，不要用X,
 * 测试用Y跑，不是X, 提交信息不要写X，用Y, 我们这里不用X, 其实我们用的是Y，不是X.
 *
 * <p>What corrects nothing stays quiet: "not yet", "never mind", "not that one", "use the second approach you
 * suggested" (a pick among what was just said), "we don't need X" (for the task at hand).
 *
 * <p>"Here" in "we don't do X here" or "don't use gradle here" means this project, not this line; it is not
 * read as a one-off. A correction that opens with "no" or "actually" and states how things are ("releases
 * are cut from the release branches, not from main") is a fact about the project.
 */
final class Corrections {
  /** What a correction says. */
  enum Kind {
    /** A rule about how to work ("we don't squash", "use const, not var"). */
    RULE,
    /** A statement of how the project is, correcting the agent ("actually, releases are cut from ..."). */
    FACT
  }

  /**
   * A correction.
   *
   * @param kind rule or fact
   * @param text the correction without its opening ("no,", "actually,", 其实)
   * @param use what to use instead, when the sentence names it
   * @param avoid what not to use, when the sentence names it
   */
  record Correction(Kind kind, String text, Optional<String> use, Optional<String> avoid) {}

  private static final Pattern NEGATIVE_LEAD = Pattern.compile(
      "^(?:(?:(?:no|nope|nah|wrong|actually|not quite|that'?s (?:wrong|not right|incorrect|not it)|"
          + "that is (?:wrong|not right|incorrect)|that'?s not how we do (?:it|this|that|things)(?: here)?|"
          + "wrong (?:tool|command|one))\\b|不对|不是的|错了|其实|实际上)[\\s,，.。!！:：;；—–-]*)+",
      Pattern.CASE_INSENSITIVE);
  private static final Pattern BARE_NO = Pattern.compile("(?i)no\\s+");
  private static final String OBJ = "([^,，;；。:：—–]{1,50}?)";
  /** A separator between the two halves of a swap; a hyphen only after a space ("docker-compose" is one word). */
  private static final String SEP = "(?:\\s*[,;—–]+|\\s+-+)\\s*";
  /** What "not" negates when it corrects nothing: "not yet", "not that one", "not bad". */
  private static final String NOT_A_CHOICE = "(?!(?:yet|now|really|sure|quite|exactly|bad|much|so|too|again|anymore|that|"
      + "this|those|these|it|here|there|me|you)\\b)";
  /** "No emojis, use icons", "also please NO emojis, use icons": a bare "no" before what to avoid, then what to use. */
  private static final Pattern NO_SWAP = Pattern.compile("(?i)^(?:(?:also|please|and|but|so|just)\\s+)*no\\s+"
      + NOT_A_CHOICE + OBJ + SEP + "(?:just\\s+|instead\\s+)?(?:use|run)\\s+(.+)$");
  private static final List<Pattern> SWAPS = List.of(
      // don't use X (here), use Y  |  don't use X; Y instead
      Pattern.compile("(?i)^(?:please\\s+)?(?:don'?t|do not|never|stop)\\s+(?:use|using|run|running)\\s+" + OBJ
          + "(?:\\s+here)?(?:" + SEP + "|\\s*:\\s*)(?:just\\s+|instead\\s+)?(?:use|run)\\s+(.+)$"),
      NO_SWAP,
      // not X, Y  |  not X — run Y
      Pattern.compile("(?i)^not\\s+" + NOT_A_CHOICE + OBJ + SEP + "(?:but\\s+|use\\s+|run\\s+|it'?s\\s+|we use\\s+)?(.+)$"),
      // instead of X, use Y
      Pattern.compile("(?i)^instead of\\s+" + OBJ + "\\s*,?\\s*(?:please\\s+)?(?:use|run|call|write)\\s+(.+)$"));
  private static final List<Pattern> SWAPS_USE_FIRST = List.of(
      // (we) use Y (here), not X  |  Y, not X  (after a statement verb)
      Pattern.compile("(?i)^(?:please\\s+)?(?:we\\s+)?(?:use|run|prefer)\\s+" + OBJ + "(?:\\s+here)?(?:" + SEP + "|\\s+)"
          + "(?:and\\s+)?not\\s+(?:the\\s+)?(.+?)[.!]?$"),
      // use Y instead of X  |  use Y rather than X
      Pattern.compile("(?i)^(?:please\\s+)?(?:we\\s+)?(?:always\\s+)?(?:use|run)\\s+" + OBJ
          + "\\s+(?:instead of|rather than)\\s+(?:calling\\s+|using\\s+|running\\s+)?(?:the\\s+)?(.+?)[.!]?$"),
      // it's Y, not X (that ...)
      Pattern.compile("(?i)^it'?s\\s+" + OBJ + SEP + "not\\s+" + OBJ + "(?:" + SEP + ".*)?[.!]?$"),
      Pattern.compile("(?i)\\b(?:with|using|uses|use|on|in|from|as|called|named)\\s+" + OBJ + "\\s*,\\s*not\\s+(?:with\\s+|from\\s+|in\\s+|on\\s+)?"
          + "(?:the\\s+)?(.+?)[.!]?$"),
      Pattern.compile("^(?:我们)?(?:\\p{IsHan}{1,6}?)?(?:用的是|使用的是|用)\\s*(.{1,30}?)\\s*(?:来)?(?:跑|运行|执行|做)?\\s*[，,]"
          + "\\s*(?:而)?不是\\s*(.{1,30}?)[。！!]?$"),
      // 改用 Y，不要用 X
      Pattern.compile("^(?:请)?(?:改用|换成|换用|统一用)\\s*(.{1,30}?)\\s*[，,；;]\\s*(?:不要|别|不用)(?:再)?(?:用|使用)?\\s*(.{1,30}?)"
          + "[。！!]?$"));
  private static final List<Pattern> ZH_SWAPS = List.of(
      Pattern.compile("^(?:请)?(?:不要|别|不用|不要再|别再)(?:用|使用)\\s*(.{1,30}?)\\s*(?:了)?[，,；;]\\s*(?:要|请|统一|改|就)?"
          + "(?:用|使用|改用)\\s*(.{1,40}?)[。！!]?$"),
      Pattern.compile("^不是\\s*(.{1,30}?)\\s*[，,]\\s*(?:而)?是\\s*(.{1,40}?)[。！!]?$"),
      // 提交信息不要写中文，用英文: a topic, then what not to write or use, then what to use instead
      Pattern.compile("^\\p{IsHan}{0,8}?(?:不要|别|不能)(?:再)?(?:写|用|使用|加|带)\\s*(.{1,30}?)\\s*[，,；;]\\s*(?:要|请|统一|改|就)?"
          + "(?:用|使用|改用|写)\\s*(.{1,40}?)[。！!]?$"));
  /** After "no" or "actually", a bare "use Y": the correction names only what to use. */
  private static final Pattern USE_ONLY =
      Pattern.compile("(?i)^(?:just\\s+|please\\s+)?(?:only\\s+)?(?:use|switch to|go with)\\s+([^,;:]{1,50}?)[.!]?$");
  /** "use X only", "only use X": a choice that excludes the others corrects as a "no, use X" does. */
  private static final Pattern ONLY = Pattern.compile("(?i)^(?:just\\s+|please\\s+)?(?:only\\s+use\\b|use\\b.*\\bonly[.!]?$)");
  // The parts of a project a person picks a tool for: "use X for" one of them names the project's choice.
  private static final String TOOL_ROLE = "(?:dependency management|dependencies|package management|packages"
      + "|the backend|backend|the frontend|frontend|the ui|styling|styles|state management|testing|tests|unit tests"
      + "|e2e tests|the database|database|the db|auth|authentication|logging|formatting|linting|builds|deployments?"
      + "|http requests|routing|the orm|orm|migrations|the model|the llm|llm calls|docs|documentation"
      + "|environment management|virtual ?envs?|env management|validation|emails|payments|caching|background jobs"
      + "|task running|versioning|releases)\\b";
  /**
   * A tool given a role ("use uv as the package manager", "use fastapi for the backend", 用 pnpm 作为包管理器): a choice
   * that holds for the project. After "for", the role is one of the parts a project picks a tool for, so "use X for
   * this" or "for the header" stays a request about the work at hand.
   */
  private static final Pattern USE_AS = Pattern.compile("(?i)^(?:and\\s+)?(?:please\\s+)?(?:always\\s+)?(?:use|using)\\s+"
      + "(?!(?:it|this|that|these|those|them|one|mine|yours|the|a|an|my|your|our)\\b)([^,;:\\s]{1,30})"
      + "\\s+(?:as\\s+(?:the|our|a|an)\\s+\\p{L}[\\p{L}\\s-]{1,40}?|for\\s+(?:the\\s+|our\\s+|all\\s+)?" + TOOL_ROLE
      + "(?:\\s+\\([^)]{1,40}\\))?)(?:\\s+(?:pls|please))?[.!]?$|^(?:请)?(?:统一)?(?:用|使用)\\s*([^，,。\\s]{1,30}?)\\s*(?:作为|当作)"
      + "\\p{IsHan}{1,12}[。！!]?$");
  /** What a "no" or "actually" may lead into without correcting anything. */
  private static final Pattern CONVERSATIONAL = Pattern.compile(
      "(?i)^(?:never ?mind|forget (?:it|that)|not yet|no worries|no problem|all good)\\b|^(?:算了|没事)");
  private static final Pattern WE_DONT = Pattern.compile(
      "(?i)^(?:we|our team|this (?:project|repo|team))\\s+(?:don'?t|do not|never|doesn'?t|does not|won'?t|avoid)\\s+"
          + "(?!(?:know|think|understand|see|get|care|mind|remember|have to|need|want to)\\b)"
          // "we're not building a component system": what the project does not do, said of the work under way
          + "|^(?:we'?re|we\\s+are|were)\\s+not\\s+(?:using|building|doing|adding|supporting|writing|going\\s+to)\\s+"
          + "|^我们(?:这里|这边|项目里|项目中|项目|团队)?(?:不|从不|一般不|从来不)(?:用|使用|写|做|搞|允许|要)");
  private static final Pattern NORMATIVE = Pattern.compile(
      "(?i)\\b(?:never|always|don'?t|do not|must|should|shouldn'?t|use|instead|make sure|avoid|stop)\\b"
          + "|不要|别|必须|应该|一定要|禁止");
  private static final Pattern STATEMENT = Pattern.compile(
      "(?i)^(?:the\\s+|our\\s+|all\\s+)?(?:[\\w/.*-]+\\s+){0,4}?(?:is|are|was|were|lives?|runs?|comes?|goes?|gets?|"
          + "happens?|belongs?|sits?|stays?)\\b|^(?:我们)?(?:用的是|使用的是)|是\\s*\\S");

  private Corrections() {}

  /** The correction {@code sentence} makes, if it makes one. Questions make none. */
  static Optional<Correction> read(String sentence) {
    String s = sentence.strip();
    if (CorrectionLanguages.of(s).isPresent()) {
      // these phrasings are English and Chinese; another language's correction is read by its clauses alone
      return Optional.empty();
    }
    Matcher lead = NEGATIVE_LEAD.matcher(s);
    boolean negative = lead.find();
    String rest = negative ? withoutLead(s, lead) : s;
    if (rest.isEmpty() || Intents.isQuestion(rest) || CONVERSATIONAL.matcher(rest).find()) {
      return Optional.empty();
    }
    for (Pattern p : SWAPS) {
      Matcher m = p.matcher(rest);
      if (m.find()) {
        return Optional.of(new Correction(Kind.RULE, rest, Optional.of(clean(m.group(2))), Optional.of(clean(m.group(1)))));
      }
    }
    for (Pattern p : ZH_SWAPS) {
      Matcher m = p.matcher(rest);
      if (m.find()) {
        return Optional.of(new Correction(Kind.RULE, rest, Optional.of(clean(m.group(2))), Optional.of(clean(m.group(1)))));
      }
    }
    for (Pattern p : SWAPS_USE_FIRST) {
      Matcher m = p.matcher(rest);
      if (m.find()) {
        Kind kind = NORMATIVE.matcher(rest).find() || !STATEMENT.matcher(rest).find() ? Kind.RULE : Kind.FACT;
        return Optional.of(new Correction(kind, rest, Optional.of(clean(m.group(1))), Optional.of(clean(m.group(2)))));
      }
    }
    Matcher useOnly = USE_ONLY.matcher(rest);
    if ((negative || ONLY.matcher(rest).find()) && useOnly.find()) {
      return Optional.of(new Correction(Kind.RULE, rest, Optional.of(clean(useOnly.group(1))), Optional.empty()));
    }
    Matcher useAs = USE_AS.matcher(rest);
    if (useAs.find()) {
      String tool = useAs.group(1) != null ? useAs.group(1) : useAs.group(2);
      return Optional.of(new Correction(Kind.RULE, rest, Optional.of(clean(tool)), Optional.empty()));
    }
    if (WE_DONT.matcher(rest).find()) {
      return Optional.of(new Correction(Kind.RULE, rest, Optional.empty(), Optional.empty()));
    }
    if (negative && NORMATIVE.matcher(rest).find()) {
      return Optional.of(new Correction(Kind.RULE, rest, Optional.empty(), Optional.empty()));
    }
    if (negative && STATEMENT.matcher(rest).find() && rest.matches("(?s).*(?:,\\s*not\\b|，\\s*不是|而不是).*")) {
      return Optional.of(new Correction(Kind.FACT, rest, Optional.empty(), Optional.empty()));
    }
    return Optional.empty();
  }

  /** {@code sentence} read as a rule, without its opening ("no,", "actually,", 其实): the general correction. */
  static Correction general(String sentence) {
    String s = sentence.strip();
    if (CorrectionLanguages.of(s).isPresent()) {
      // "No uses console.log", "Не используй ...": in another language the opening is the sentence's own
      return new Correction(Kind.RULE, s, Optional.empty(), Optional.empty());
    }
    Matcher lead = NEGATIVE_LEAD.matcher(s);
    String rest = lead.find() ? withoutLead(s, lead) : s;
    return new Correction(Kind.RULE, rest.isEmpty() ? s : rest, Optional.empty(), Optional.empty());
  }

  /**
   * {@code s} without the opening {@code lead} found ("No, ...", "actually, ..."), unless it is a bare "no" before a
   * noun phrase ("No SQL queries only AL code!", "No emojis, use icons"), which forbids it and answers nothing: it stays
   * in the rule.
   */
  private static String withoutLead(String s, Matcher lead) {
    return BARE_NO.matcher(lead.group()).matches()
        && (CorrectionClauses.ENGLISH.avoid().matcher(s).lookingAt() || NO_SWAP.matcher(s).lookingAt()) ? s
        : s.substring(lead.end()).strip();
  }

  /** {@code text} without "here" or 这里 where it means this project, for the one-off test. */
  static String withoutProjectHere(String text) {
    return text.replaceAll("(?i)\\s+here\\b(?=\\s*[,;:.!—–-]|\\s*$)", "").replaceAll("我们(?:这里|这边)", "我们");
  }

  private static String clean(String part) {
    return part.split("[,，;；]")[0].strip().replaceAll("^(?:the|a|an)\\s+", "").replaceAll("[\\s.。!！]+$", "");
  }
}
