package io.engram.extract;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The clause structure of a correction, per language: what not to do (a directive negation, or the rejected side of
 * a contrast), what to do instead (an alternative), and why (a reason). One table of markers per language, chosen
 * by the sentence's script and function words; the reading is the same for every language.
 *
 * <p>A sentence is the core of a correction when it negates a directive about a thing ("don't use npm view",
 * 别用 CSS 背景, "we aren't to use cufft") or sets two things against each other ("instead of strings.Contains",
 * 而不是用正则, "replace getUserID with a machine identifier"). A negation of what the speaker needs, knows or wants
 * ("we don't need to", 别担心) directs nothing, and one whose object is only a pronoun ("don't set it", 别改了) is
 * about the task at hand unless the same correction names what to do instead. The sentences around a core that carry
 * an alternative or a reason belong to it ({@link CorrectionSpans}).
 */
final class CorrectionClauses {

  /**
   * One language's markers.
   *
   * @param id the language's code
   * @param avoid a directive negation or the rejected side of a contrast
   * @param contrast two alternatives set against each other within one clause
   * @param instead what to do: an imperative, an obligation, a preference
   * @param reason a cause, a purpose or a consequence
   * @param pronounObject a negated verb whose object is only a pronoun
   * @param lead the opening of a sentence that refers back ("This is slow", 后者...)
   * @param turn the opening of a sentence that sets what follows against what came before ("Instead, ...", 而是)
   */
  record Language(String id, Pattern avoid, Pattern contrast, Pattern instead, Pattern reason, Pattern pronounObject,
      Pattern lead, Pattern turn) {}

  private static final String EN_NOT_DIRECTED = "(?!(?:(?:really|quite|even|actually|necessarily)\\s+)?(?:need|have|know|think|understand|see|get|care|mind|"
      + "bother|worry|remember|forget|want|like|mean|seem|seems|agree|recall|believe|expect|suppose|happen|occur)\\b)";

  static final Language ENGLISH = new Language("en",
      // the speaker's own negation ("I don't follow", "so I don't waste my time") reports; it directs nobody
      // "we must never ignore errors", "you will never edit the main site": a modal before "never" directs as "never" does
      Pattern.compile("(?i)(?:^|[,;:(—–-]\\s*|\\b(?:and|but|so|please|just|also|then|we|you|they|it)\\s+|\\*\\*\\s*)"
          + "(?:(?:must|should|shall|will)\\s+(?=never\\b))?(?:really\\s+)?(?:don'?t|do\\s+not|never|must\\s+not|mustn'?t|should\\s+not|shouldn'?t|shall\\s+not|"
          + "aren'?t\\s+to|are\\s+not\\s+to|no\\s+longer|stop|quit|avoid)\\s+" + EN_NOT_DIRECTED + "\\w"
          // "You do not need the MCP server to read local files": what the agent need not do, it should stop doing
          // "We don't need to persist the cache": what the project need not do, the agent is not to do
          + "|\\b(?:you\\s+(?:don'?t|do\\s+not)\\s+need\\s+(?:to\\s+)?+|we\\s+(?:don'?t|do\\s+not)\\s+need\\s+to\\s+)"
          + "(?!(?:do\\s+)?(?:anything|that|this|it)\\b)(?!\\w+\\s+(?:it|this|that|these|those|them)\\b)" + EN_NOT_DIRECTED + "\\w"
          // "we don't need the read-only mode anymore": what is needed no longer is dropped from now on
          + "|\\b(?:we|you)\\s+(?:don'?t|do\\s+not)\\s+need\\b[^.;!?]{1,60}?\\bany\\s?more\\b"
          // a modal negation directs whoever its subject is, unless it only says what something is ("shouldn't be an issue")
          + "|\\b(?:should\\s+not|shouldn'?t|must\\s+not|mustn'?t|shall\\s+not)\\s+(?:be\\s+\\w+(?:ed|en)\\b|"
          + "(?!be\\b)" + EN_NOT_DIRECTED + "\\w)"
          // "No emoji in responses.": a bare noun phrase under "no" forbids it; a verb ("No files were found") or a
          // program's identifier ("No initial_attribution in metadata") makes it a report, a comma an answer ("No, ...")
          // "no I mean the MCP", "no the werkzeug", "no it doesnt show up": a subject or an article after it answers
          + "|^no\\s+(?!(?:worries|problem|need|way|idea|thanks|luck|matter|doubt|one|longer|change|changes|issue|issues"
          + "|i|i'm|im|it|it's|its|the|that|this|we|you|they|he|she|me|my)\\b)"
          + "(?![^.!?]*\\b[a-z]+_\\w)"
          + "(?![^.!?]*\\b(?:is|are|was|were|be|been|has|have|had|found|can|could|will|would|do|does|did|exists?|seems?|"
          + "matches?|available)\\b)[\\w`-]+(?:\\s+[\\w`/.-]+){0,5}\\s*[.!]?$"),
      Pattern.compile("(?i)\\binstead\\b|\\brather\\s+than\\b|\\breplace\\b.{1,80}?\\bwith\\b"
          + "|\\b(?:use|run|call|prefer|write|keep|only)\\b.{1,60}?\\band\\s+not\\b"
          // "not through the CLI, rather by calling the function"
          + "|\\bnot\\b[^.;!?]{1,60}?\\brather\\b(?!\\s+than)"
          // "it is now called X, not Y anymore": the name set against one no longer used
          + "|,\\s*not\\s+\\S[^,;.]{0,40}?\\s+any\\s?more\\b"),
      Pattern.compile("(?i)\\b(?:instead|rather|use|using|prefer|should|must|only|always|replace|switch\\s+to|go\\s+with|"
          + "stick\\s+to|run|call|read|keep|put)\\b"),
      Pattern.compile("(?i)\\b(?:because|since|so\\s+that|so\\s+(?:it|they|we|the|you)|otherwise|that\\s+way|that'?ll|"
          + "in\\s+order\\s+to|given|that'?s\\s+why|this\\s+way|it(?:'ll|\\s+will|\\s+would)|would\\s+(?:break|fail|cause)|"
          + "leads?\\s+to|results?\\s+in|prevents?|ensures?|guarantees?|"
          + "which\\s+(?:is|makes|means|breaks|causes|would|will)|to\\s+avoid|as\\s+(?:it|they)|the\\s+reason|due\\s+to|"
          + "rationale|for\\s+consistency|more\\s+(?:robust|consistent|reliable)|easier\\s+to|slow(?:er)?|breaks?|"
          + "causes?|fails?|hard\\s+to|difficult\\s+to|confusing|unreadable|fragile|flaky|error-prone|wrong|broken)\\b"),
      // "any" before a noun names what to avoid ("do not assume any details"), unless the noun is only a change or an
      // action of any kind ("don't make any changes"), which is "anything"
      Pattern.compile("(?i)\\b(?:don'?t|do\\s+not|never|stop|avoid)\\s+\\w+\\s+"
          + "(?:it|that|this|them|those|these|anything|everything|something|him|her|any(?!\\s+(?!(?:of|more|changes?|"
          + "edits?|modifications?|actions?|steps?|work|things?)\\b)[a-z]))\\b"),
      Pattern.compile("(?i)^(?:this|that|it|these|those|they|which|we|our|otherwise|because|since|so)\\b"),
      Pattern.compile("(?i)^(?:instead|rather)\\b"));

  // 不准 before a verb forbids; 不准确, or 不准 closing a clause, is "inaccurate" ("最低点的位子不准")
  // 不能用 with nothing after it ("历史记录都不能用") says a thing does not work, a fault reported, not a prohibition
  static final Language CHINESE = new Language("zh",
      Pattern.compile("(?:不要再?|别再?(?!人|的|处|名|针|墅|扭)|禁止|请勿|切勿|勿(?=[用使将把在直])|不准(?![确\\s，,。！!；;]|$)|不许|不能(?:用|使用)(?![\\s，,。！!；;]|$)|不能(?:直接|再)|"
          // 可不可以 asks (A-not-A); 不可做 is "cannot be done"
          // 不再 before a verb of using or writing: "no longer", as English's
          + "不允许|(?<!可)不可以|(?<!可)不可(?=[用使将把在直写改硬动删调存放])|不得|杜绝|不再(?=使用|用|写|生成|添加|加)|"
          + "不应该?|不该|(?:^|请|应该?|应当|要|尽量|务必)避免|不用再|不推荐|不建议)(?!谢|客气|急|担心|着急|管|了[，,。！!\\s]|了$|紧)"),
      Pattern.compile("而不是|而不仅仅是|而不只是|而非|代替|取代|替代|替换成|改用|换成|换用|不是.{1,30}?而是"),
      Pattern.compile("改用|换成|应该|应当|必须|要用|请用|请使用|请直接|统一|一律|只用|只能|直接用|使用|用|标准做法|"
          + "正确|更稳妥|而是|推荐|建议|MUST|按|让|直接把|始终|总是|永远|只关注|都用"),
      Pattern.compile("因为|由于|否则|不然|以免|免得|以防|才能|导致|会|理由|原因|Rationale|所以|为了|容易|兼容|报错|出错|失败|慢|浪费"),
      Pattern.compile("(?:不要|别|禁止|不能)(?:再)?(?:用|使用|改|动|碰|删)?(?:它|这个|那个|这些|那些|这样|了)"
          + "(?![\\p{IsHan}A-Za-z])"),
      Pattern.compile("^(?:这|那|它|后者|前者|因为|由于|否则|不然|所以|这样|理由|原因)"),
      Pattern.compile("^(?:而是|改为|改成|相反|应该是|正确的是)"));

  private static final List<Language> LANGUAGES = List.of(ENGLISH, CHINESE);
  private static final Pattern UNDIRECTED = Pattern.compile("(?i)\\b(?:don'?t|do\\s+not|doesn'?t)\\s+"
      + "(?:(?:really|quite|even|actually|necessarily)\\s+)?(?:need|know|think|mean|have|care|mind|remember)\\b"
      // a dislike of the thing at hand ("I don't like this"); of a thing it names, a preference ("I dont like emdashes")
      + "|\\b(?:don'?t|do\\s+not)\\s+(?:really\\s+)?(?:want|wanna|like)\\s+" + Intents.WISH_AT_HAND);
  private static final Pattern HAN = Pattern.compile("\\p{IsHan}");
  /**
   * What makes a sentence about the one thing at hand whatever else it says: a time that bounds it ("don't make any
   * changes yet", "for now") or a request put as a question ("can you change it to 1:30 instead").
   */
  private static final Pattern ONE_OFF = Pattern.compile(
      "(?i)\\b(?:yet|for\\s+now|right\\s+now|this\\s+time|just\\s+now)\\b|\\b(?:can|could|would)\\s+you\\b"
          // 先 (first, before anything else) with a "don't": "先思考如何优化，不要改代码" holds until the person says go
          + "|暂时|先别|这次|目前先|(?<!首|优|事|预|领|原|率)先[^。；;!！?？]{0,20}?(?:不要|别|不用)(?!再)");

  /**
   * A request to edit the work in front of the person, or their report of an edit: an imperative of editing ("put the
   * error message underneath instead", "lets extract this to a common function instead of duplicating it", 帮我把...改成...)
   * or "I changed X to Y instead of Z". What it sets aside is one state of the work, not a way of working.
   */
  private static final Pattern EDIT = Pattern.compile(
      "(?i)^(?:(?:ok(?:ay)?|great|good|nice|cool|perfect|fantastic|phenomenal|awesome|thanks|no|yes|so|and|but|also|"
          + "now|then|please|pls|let'?s|lets|instead|update\\s+\\d+)\\b[\\s,.!:;-]*)*"
          + "(?:(?:find|put|remove|update|extract|move|rename|add|change|make(?!\\s+sure)|fix|colou?r|create|re-?write|"
          + "show|sort|position|place|delete|set|give|turn|convert|display|try|draw|label|split|merge|refactor|revert|"
          + "optimi[sz]e|simplify|improve|adjust|increase|decrease|reduce|resize|clean)\\b"
          + "|i\\s+(?:also\\s+|just\\s+|already\\s+)?(?!(?:told|said|asked|mentioned|meant|explained|specified|wanted|"
          + "needed|decided|preferred)\\b)(?:\\w+ed|made|did|put|wrote|set|left|undid|ran)\\b)"
          // a sentence that opens by asking to replace one thing of the work with another ("Replace the bad query with
          // a safe auth check", "In S12, replace the wording with ..."); "let's instead replace X with Y", said after why,
          // stays a correction
          + "|^(?:in\\s+[\\w./-]+,\\s*)?(?:replace|swap)\\b(?=.{1,160}?\\bwith\\b)"
          // 帮我... anywhere asks for work; 把 X 改成/放在 Y moves one thing of it
          + "|帮我|把[^，,。；;]{1,40}?(?:改成|改为|换成|做成|放在|放到|移到)"
          // a sentence that opens with a verb of rewriting (改成 webgl, 换成 libheif-js), or names the thing at hand
          // and rewrites it (这个 scroll container 换成 ...), as an English "change it to ..." does
          + "|^(?:(?:好的?|嗯|可以|行|那就?|现在|然后|再|请|另外|还有)[，,、\\s]*)*(?:改成|改为|改写|换成|重写)"
          + "|^(?:这个|这里|这些|那个)[^，,。；;]{0,40}?(?:改成|改为|换成|做成|改写)");
  /**
   * A clause inside a Chinese sentence that opens with a marker of from now on (以后, 今后, 往后), after a clause
   * boundary or a wish (并且以后..., 我希望以后...): from there the sentence states a rule even when what comes before
   * asks for the work at hand. 以后 straight after a verb ("after doing") opens no such clause.
   */
  private static final Pattern STANDING_TAIL = Pattern.compile(
      "(?:^|[，,；;、]\\s*)(?:并且|而且|另外|同时|还有)?\\s*(?:我)?(?:希望|想)?\\s*"
          + "((?:以后|今后|往后|从今以后|从现在开始|从现在起)(?!的(?![^，,。；;]{1,10}?(?:都|一律|必须|全部|统一)))[^。；;！!？?]+)");

  private CorrectionClauses() {}

  /**
   * The clause of {@code sentence} from a marker of from now on that does not open the sentence ({@link
   * #STANDING_TAIL}), to be read as a sentence of its own; empty when there is none.
   */
  static Optional<String> standingTail(String sentence) {
    Matcher m = STANDING_TAIL.matcher(sentence);
    while (m.find()) {
      if (m.start(1) > 0) {
        return Optional.of(m.group(1).strip());
      }
    }
    return Optional.empty();
  }

  /**
   * Whether {@code sentence} asks for an edit of the work at hand, or reports one, without saying it holds on (a
   * standing marker or a request to remember, {@link Intents}).
   */
  static boolean asksForAnEdit(String sentence) {
    return EDIT.matcher(sentence.strip()).find() && !Intents.holdsOn(sentence);
  }

  /**
   * The language whose markers read {@code sentence}: one of the other languages when it is in one ({@link
   * CorrectionLanguages}: Japanese before Chinese, since Japanese writes Han characters too), Chinese when it holds Han
   * characters, else English.
   */
  static Language of(String sentence) {
    return CorrectionLanguages.of(sentence).map(CorrectionLanguages.Markers::clauses)
        .orElse(HAN.matcher(sentence).find() ? CHINESE : ENGLISH);
  }

  /** Every language known, for tests that go through all of them. */
  static List<Language> languages() {
    return java.util.stream.Stream.concat(LANGUAGES.stream(),
        CorrectionLanguages.languages().stream().map(CorrectionLanguages.Markers::clauses)).toList();
  }

  /**
   * Whether {@code sentence} is the core of a correction: a directive negation or a contrast. A negation of a
   * pronoun alone counts only when the sentence also says what to do instead.
   */
  static boolean isCore(String sentence) {
    Optional<CorrectionLanguages.Markers> other = CorrectionLanguages.of(sentence);
    if (other.isPresent()) {
      return CorrectionLanguages.isCore(other.get(), sentence);
    }
    Language l = of(sentence);
    if (l.contrast().matcher(sentence).find() || l.turn().matcher(sentence.strip()).find()) {
      return true;
    }
    if (!l.avoid().matcher(sentence).find()) {
      return false;
    }
    return !l.pronounObject().matcher(sentence).find() || l.instead().matcher(withoutAvoid(l, sentence)).find();
  }

  /** Whether {@code sentence} names what to do. */
  static boolean hasAlternative(String sentence) {
    Language l = of(sentence);
    return l.instead().matcher(sentence).find() || l.contrast().matcher(sentence).find();
  }

  /** Whether {@code sentence} gives a reason. */
  static boolean hasReason(String sentence) {
    return of(sentence).reason().matcher(sentence).find();
  }

  /**
   * Whether {@code sentence} is about the one thing at hand rather than a way of working: its negation says what the
   * speaker needs or knows ("they don't really need to exist"), or rejects only a pronoun ("don't set it", 别改了)
   * whose thing the sentence does not name, without saying what to do instead.
   */
  static boolean aboutTheTaskAtHand(String sentence) {
    Language l = of(sentence);
    if (ONE_OFF.matcher(sentence).find() || CorrectionLanguages.oneOff(sentence)) {
      return true;
    }
    if (l == ENGLISH && UNDIRECTED.matcher(sentence).find() && !l.avoid().matcher(sentence).find()
        && !l.contrast().matcher(sentence).find()) {
      return true;
    }
    java.util.regex.Matcher pronoun = l.pronounObject().matcher(sentence);
    // "the API base URL comes from API_URL, never hardcode it": the pronoun has its thing in the sentence
    return pronoun.find() && Terms.of(sentence.substring(0, pronoun.start())).isEmpty()
        && !l.contrast().matcher(sentence).find() && !l.instead().matcher(withoutAvoid(l, sentence)).find();
  }

  /** Whether {@code sentence} rejects a pronoun alone ("don't use it", 不要再用它). */
  static boolean rejectsAPronoun(String sentence) {
    return of(sentence).pronounObject().matcher(sentence).find();
  }

  /** Whether {@code sentence} opens by setting what follows against what came before ("Instead, ...", 而是...). */
  static boolean turnsBack(String sentence) {
    return of(sentence).turn().matcher(sentence.strip()).find();
  }

  /** Whether {@code sentence} opens by referring back to what was just said ("This is slow", 后者...). */
  static boolean refersBack(String sentence) {
    return of(sentence).lead().matcher(sentence.strip()).find();
  }

  private static String withoutAvoid(Language l, String sentence) {
    return l.pronounObject().matcher(sentence).replaceAll(" ");
  }
}
