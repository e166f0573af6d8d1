package io.engram.extract;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** Recognises requests to remember, standing rules, corrections and confirmations, in English and Chinese. */
final class Intents {
  /** Words a request may open with that carry no meaning of their own. */
  private static final Pattern LEAD =
      Pattern.compile(
          "^(?:(?:(?:no|nope|nah|ok|okay|so|and|but|also|actually|hey|well|please|pls|again|oh|yes|yeah)\\b|"
              + "好的|嗯|不对|不是|另外|还有|请(?!勿)|对了|哦)[\\s,，.!！:：、-]*)+",
          Pattern.CASE_INSENSITIVE);

  /**
   * A request to write a rule into the agent's own instructions, the rule after it: "update the skill to run nvm use 20
   * before the tests", "add to CLAUDE.md that we always run fmt with lint".
   */
  private static final Pattern KEEP_IN_FILE = Pattern.compile("(?i)\\b(?:update|add|write|put|note|record|save)\\s+"
      + "(?:(?:it|this|that)\\s+)?(?:(?:in|into|to)\\s+)?(?:the\\s+|your\\s+|our\\s+)?(?:claude\\.md|agents\\.md|gemini\\.md|"
      + "memory|skill|rules?(?:\\s+file)?|instructions?(?:\\s+file)?|\\.cursorrules|copilot-instructions(?:\\.md)?)\\s+"
      + "(?:that|to(?!\\s+(?:reflect|document|describe|explain|mention|include|cover|match|list|show|add)\\b)|so\\s+that)\\s+");
  /**
   * A request to write a rule into the agent's rules with the rule after it: "create a rule that specifies ...", "add a
   * rule to this file that ...", "update the @changelog.mdc rule to specify ...", "make a rule to record ...". Where the
   * rule goes (this file, my .cursor/rules folder) is no work at hand; what follows is the rule. "add this rule to ..."
   * and "update the rule accordingly" point back to a rule said before and hold none.
   */
  private static final Pattern RULE_TO_WRITE = Pattern.compile("(?i)\\b(?:add|create|write|make|update|modify)\\s+"
      + "(?:a\\s+|an\\s+|the\\s+)?(?:(?:new|global|cursor|project)\\s+)?(?:@?[\\w-]+\\.mdc(?:\\s+(?:rule|doc|file))?|rule)\\b"
      + "(?:\\s+(?:in|to|at|into)\\s+(?:my\\s+|the\\s+|this\\s+|that\\s+(?:same\\s+)?|your\\s+)?[\\w./@-]+"
      + "(?:\\s+(?:folder|file|dir|directory))?)?\\s*,?\\s*"
      + "(?:that|which|so\\s+that|providing|to\\s+(?:specify|say|include|record|state|mention|require|enforce))\\s+");
  /** The same in Chinese, the rule before it: 把使用 memory 写进 claude.md. */
  private static final Pattern ZH_KEEP_IN_FILE = Pattern.compile("把(.{2,60}?)(?:写进|写入|加入|加到|增加到|更新到|记到|存到|添加到)"
      + "\\s*[^，,。；;]{0,30}?(?:claude\\.md|agents\\.md|gemini\\.md|skill|规则|记忆|memory)", Pattern.CASE_INSENSITIVE);
  /** "add a rule: ...", "add the following rules". */
  private static final Pattern ADD_RULE =
      Pattern.compile("(?i)\\badd (?:a |this |these |the following )?(?:new )?rules?\\b[\\s:,-]*");
  /** 加入规则：..., 加一条规则. */
  private static final Pattern ZH_ADD_RULE =
      Pattern.compile("(?:加入|添加|新增|加一条|记一条)(?:一条|以下|这些|这条)?规则[：:，,\\s]*");
  /** What only points back ("这一条", 以上, "this"): the rule is elsewhere. */
  private static final Pattern POINTS_BACK = Pattern.compile("^(?:这|那|以上|上面|上述|此|该|刚才)");
  /** A request put as a question ("can you ..."), which asks for work rather than for an answer. */
  /**
   * What a "don't want" is about when it is the work at hand, not a way of working: a pronoun ("I don't want this"), or
   * a verb of changing, keeping or getting on with the thing in front of the person ("I don't want to modify any
   * tables", "... to commit yet") or one whose object is a pronoun ("I don't want to turn this into three projects").
   */
  static final String WISH_AT_HAND = "(?:it|this|that|these|those|them|when|how|what|anything|to\\s+(?:(?:change|"
      + "modify|touch|alter|edit|break|lose|delete|remove|commit|push|wait|deal|do|see|go|be|have\\s+to|get|make|bother|"
      + "worry|redo)\\b|\\w+\\s+(?:it|this|that|these|those|them|anything|everything)\\b))\\b";
  private static final Pattern POLITE_ASK = Pattern.compile("(?i)^(?:can|could|would|will)\\s+you\\s+(?:please\\s+)?");

  private static final List<Pattern> EXPLICIT =
      List.of(
          Pattern.compile(
              "(?i)(?<!\\bi )(?<!\\byou )(?<!\\bto )\\b(?:please\\s+)?remember\\b(?!\\s+(?:when|how|why|what|if|where))"
                  + "(?:\\s*(?:that|this|:|,|-))?\\s*"),
          Pattern.compile("(?i)^(?:note|keep in mind|bear in mind|for future reference|fyi)\\b(?:\\s*(?:that|:|,|-))?\\s*"),
          Pattern.compile("(?i)\\b(?:make a note|take note)\\b(?:\\s*(?:that|of|:|,))?\\s*"),
          RULE_TO_WRITE,
          ADD_RULE,
          ZH_ADD_RULE,
          Pattern.compile("(?i)\\bdon'?t forget\\b(?:\\s*(?:that|:|,))?\\s*"),
          KEEP_IN_FILE,
          Pattern.compile("(?<![我你他她])(?:请记住|记住|记下|记一下|记得|别忘了|不要忘了|不要忘记|注意(?!到|力))[，,：:\\s]*"));

  private static final List<Pattern> STANDING =
      List.of(
          Pattern.compile("(?i)\\b(?:from now on|going forward|from here on|for all future|next time"
              + "|for future reference)\\b[\\s,:-]*"),
          // "In the future, please don't push ...": said to the agent as the sentence opens; a subject after it ("in the
          // future we could add", "I'd like to"), or "in the future" inside a sentence ("it will in the future support
          // issues", "in future versions"), tells what the work or the program may become
          Pattern.compile("(?i)^in\\s+the\\s+future\\b[\\s,:;-]*+(?!(?:i|i'?d|i'?ll|i'?m|we|we'?d|we'?ll|it|they|the|this|that"
              + "|these|those|there|a|an|he|she|you\\s+(?:will|would|could|might|may|can)|maybe|perhaps)\\b)"),
          // "Refresh should always sync with the remote": a modal "always" holds from now on, wherever it stands
          Pattern.compile("(?i)\\b(?:should|must|shall|please)\\s+(?:just\\s+|\\w+ly\\s+)?always\\b\\s*"),
          // "apply the changes yourself, always": a closing "always" holds the whole request from now on
          Pattern.compile("(?i)[,;]\\s*always\\s*[.!]*\\s*$"),
          // "Always the same error", "never mind": a description, not a rule, when no verb follows.
          Pattern.compile(
              "(?i)^(?:always|never|every time|each time|whenever)\\b(?!\\s+(?:the|a|an|same|this|that|these|those|it|"
                  + "its|is|was|were|been|mind|fails?|failing|failed|happens?|crash\\w*|breaks?|works?|returns?|"
                  + "gives?|shows?|seems?)\\b)\\s*"),
          // 以后 opening a clause is "from now on"; after a verb ("改了以后", "进入vim以后") it is "after doing it", and 以后的 is
          // "the future ...", unless what follows says all of it (以后的回答都使用中文: "from now on every answer ...")
          Pattern.compile("(?:以后都|以后也|(?:^|(?<=[，,。；;：:\\s]|你|我们|请|都))以后(?!再|的(?![^，,。；;]{1,10}?(?:都|一律|必须|全部|统一)))"
              + "|今后|从现在开始|从现在起|下次(?!再)|每次都|"
              + "永远不要|永远别)[，,：:\\s]*"),
          // "When I say go, implement it", 当我说...: what the person will say next time, and what to do then (not what they
          // type into the program: "when I type X it takes me to Y" reports a bug)
          Pattern.compile("(?i)\\b(?:when|whenever|if|each time|every time)\\s+i\\s+(?:ask|say|tell|mention|request)\\b"
              + "|(?:当|如果|每当|只要)我(?:说|问|让你|要你|提到|发给你)"),
          // "When you lose the connection, always re-check the state": a condition on what the agent or the person does
          // and an "always" or "never" that directs (not "if there is an error, always exit": what a program does)
          Pattern.compile("(?i)\\b(?:when|whenever|if|once|before|after)\\s+(?:you|we|i|\\w+ing)\\b[^.;!?]{1,80}?\\b(?:always|never)\\s+"
              + "(?!(?:the|a|an|same|this|that|these|those|it|its|is|was|were|been|be|mind|fails?|failing|failed|happens?|crash\\w*|"
              + "breaks?|works?|returns?|gives?|shows?|seems?|gets?|has|had|have|did|does|goes|comes|ends?|\\w+ed)\\b)[a-z]"),
          // a stated principle or convention holds beyond the task: 原则是..., 我们约定..., "our convention is ..."
          Pattern.compile("(?i)\\b(?:the|our|my)\\s+(?:convention|principle|policy)\\s+(?:is|here\\s+is)\\b"
              + "|原则是|原则[：:]|(?:我们|我)(?:的|现在的)?(?:规范|约定|原则)是|我们约定"),
          // the language of every answer, said without a verb of its own: 中文回答, 用中文交流, "answer in Chinese"
          Pattern.compile("(?i)^(?=(?:please\\s+)?(?:always\\s+)?(?:answer|reply|respond|talk|speak)\\s+(?:to\\s+me\\s+)?in\\s+"
              + "(?:chinese|english|japanese|korean|french|german|spanish|portuguese)\\b"
              + "|(?:请|以后|之后)?(?:都|始终|一律)?(?:用|使用)?(?:简体)?(?:中文|英文)(?:来)?(?:回答|回复|交互|交流|沟通|对话)(?!问题|用户)"
              + "|(?:文档|注释|提交信息)(?:都|统一|一律)?(?:用|使用)(?:中文|英文))"),
          // "Please git commit after each successful sub-task", "bump the version each time we make changes", "whenever
          // you're dealing with the event store, ...": a request that recurs with the work holds from now on
          Pattern.compile("(?i)\\b(?:after|before)\\s+(?:each|every)\\b|\\b(?:each|every)\\s+time\\s+(?:we|you)\\s+(?!need\\b)[a-z]"
              + "|\\bwhenever\\s+(?:you|we)(?:'re|\\s+are)\\s+\\w+ing\\b"),
          // "we dont want to use that directory format ever": a "don't" for ever
          Pattern.compile("(?i)\\b(?:don'?t|dont|do\\s+not|never)\\b[^.;!?]{0,80}?\\bever\\b"),
          // "keep the specification.md updated", "... as we progress": a duty that recurs with the work
          Pattern.compile("(?i)\\bkeep\\s+(?:[\\w`'./@-]+\\s+){0,4}?(?:updated|up[\\s-]to[\\s-]date|in\\s+sync)\\b"
              + "|\\bas\\s+we\\s+(?:go|progress|work)\\b|\\bthroughout\\s+(?:the\\s+)?(?:development|project)\\b"),
          // "just use Toast from Sonner in every case", "Replace ESP_LOGI with Serial logging in all files", "use
          // autowiring all places": a choice made for the whole code, not for one thing of it, holds on (matched ahead, so the
          // whole sentence is the rule)
          Pattern.compile("(?i)(?:^|[-:,;]\\s*|\\b(?:just|please|pls|and|also|then|so)\\s+)(?=(?:use|replace|change|switch|"
              + "swap|convert)\\b[^.;!?]{1,120}?\\b(?:everywhere|in\\s+every\\s+case|in\\s+all\\s+(?:cases|places|code|files|"
              + "components|pages|modules)|all\\s+places|(?:throughout|across)\\s+the\\s+(?:whole\\s+|entire\\s+)?(?:app|"
              + "application|codebase|project|code|repo(?:sitory)?))\\b)"),
          Pattern.compile("^(?:始终|总是|一律|务必|一定要)\\s*"));

  private static final List<Pattern> CORRECTION =
      List.of(
          Pattern.compile(
              "(?i)^(?:don'?t|do not|stop|quit|avoid|no more|refrain from)\\b"
                  + "(?!\\s+(?:worry|know|think|understand|see|get|have|care|mind|bother|remember|forget)\\b)\\s*"),
          Pattern.compile("(?i)\\b(?:use|prefer|pick|choose)\\b.{1,60}?\\b(?:instead of|rather than|over)\\b"),
          // "run everything via tmuxinator only", "pls answer in this chat panel only": a way of working that excludes the
          // others (matched ahead, so the whole sentence is the rule)
          Pattern.compile("(?i)(?:^|[,;]\\s*|\\b(?:and|pls|please|just)\\s+)(?=(?:run|use|answer|ans|reply|respond|write|work|"
              + "deploy|test|commit|install)\\b[^.!?\\n]{1,60}\\bonly\\s*[.!]?$)"),
          Pattern.compile("(?i)^(?:i prefer|i'?d prefer|i'?d rather|i like it when|i don'?t like (?:it )?when|i hate (?:it )?when)\\b\\s*"),
          // "i dont like emdashes", "I don't want the localization fr/nl", "i'd like it documented that i don't want word
          // statistics": not wanting a kind of thing, or a way of doing, is a preference; a dislike of "this", "it" or "the
          // bold" is a verdict on the thing at hand, and so is not wanting to change, wait for or do it (WISH_AT_HAND)
          Pattern.compile("(?i)(?:^|[+,;]\\s*|\\b(?:and|but|so|that|also)\\s+)i\\s+(?:really\\s+|actually\\s+)?(?:don'?t|do not)\\s+"
              + "(?:like\\s+(?!the\\b)|want\\s+|wanna\\s+)(?!" + WISH_AT_HAND + ")"),
          // "I would like to use .NET Aspire to orchestrate all of this", "I want to use ReactJS with functional
          // components": a choice of what to build with, stated as the person's wish, holds for the project (not "the same
          // colour as the header" or "the second one": a pick for the thing at hand)
          Pattern.compile("(?i)(?:^|[,;:]\\s*|\\s[-–—]\\s*|\\b(?:and|but|so|also|that)\\s+)i(?:'d|\\s+would)?\\s+(?:really\\s+)?"
              + "(?:like|want|prefer)\\s+to\\s+(?:use|switch\\s+to|go\\s+with|stick\\s+(?:with|to)|move\\s+to|migrate\\s+to)\\s+"
              + "(?!(?:it|this|that|these|those|them|the\\s+(?:same|one|other|first|second|last))\\b)\\S"),
          Pattern.compile("^(?:不要|别|不用|禁止|请勿|千万别|千万不要|绝对不要|不准(?![确\\s，,。！!；;]|$)|不许|不能|不允许|(?<!可)不可以|不得|杜绝)"
              + "(?!客气|谢|紧|急|担心|管|了(?:[，,。！!\\s]|$))\\s*"),
          Pattern.compile("(?:应该用|应该使用|要用|改用|用|使用).{1,30}?(?:而不是|而非|代替|替代|取代)"),
          Pattern.compile("^我(?:更)?(?:喜欢|偏好|习惯|希望你|讨厌|不喜欢)\\s*"));

  private static final Pattern CONFIRM =
      Pattern.compile(
          "(?i)\\b(?:keep doing (?:that|this|it)|keep (?:it|that|this) (?:up(?![\\s-]+to[\\s-]+date)|that way|this way)|"
              + "(?:do|doing) it (?:this|that) way|continue (?:doing|like) (?:that|this)|"
              + "exactly what i (?:wanted|want|meant)|that'?s (?:exactly )?(?:the right (?:way|approach|call)|how i want it)|"
              + "this is the (?:right )?way)\\b"
              + "|就是这样|就这么做|以后也这么|以后都这么|保持这样|继续这样|这样做很好|这个做法很好|这样就对了");

  private static final Pattern QUESTION =
      Pattern.compile(
          "(?i)(?:[?？]\\s*$|^(?:can|could|would|will|should|do(?!\\s+(?:not|it|this|that|so)\\b)|does|did|is|are|how|what|why|where|which|who|when(?=\\s+(?:is|are|was|were|do|does|did|will|would|should|can|could|shall)\\b))\\b"
              + "|吗[。]?$|呢[。]?$|^(?:为什么|怎么|什么|哪)"
              // a Chinese question often ends without a mark: its last clause asks (..., 应该如何操作; 下次能不能恢复,
              // 什么情况下不能恢复), unless the word is a check's object (检查是否..., 确认现在是否...), "whatever" (不管怎么, 无论如何)
              // or "anything" (什么都不要改)
              + "|(?:^|[，,；;])[^，,；;]*(?:(?<!无论)如何|(?<!不管|无论)怎么(?!样都)|怎样|为何|(?<!(?:检查|确认|判断|确定|看看|验证|评估)[^，,；;]{0,6})是否"
              + "|能不能|能否|可不可以|要不要|(?<!检查|看看|确认)有没有|(?<!不管|无论|不论)什么(?![都也])|哪(?:个|些|里|儿))"
              + "[^，,；;]*[。]?$)");

  private Intents() {}

  static boolean isQuestion(String sentence) {
    return QUESTION.matcher(asksToKeep(sentence).strip()).find() || CorrectionLanguages.asks(sentence);
  }

  /**
   * {@code sentence} without its polite question ("can you ...?") when what it asks is to write a rule into the agent's
   * instructions ("can you update CLAUDE.md that we should always run fmt with lint?"): a request, not a question.
   */
  static String asksToKeep(String sentence) {
    Matcher ask = POLITE_ASK.matcher(sentence.strip());
    if (!ask.find()) {
      return sentence;
    }
    String rest = sentence.strip().substring(ask.end());
    Matcher keep = KEEP_IN_FILE.matcher(rest);
    return keep.find() && keep.start() == 0 ? rest.replaceFirst("[?？]\\s*$", "") : sentence;
  }

  /**
   * Whether {@code sentence} asks for a rule to be written into the agent's rules or instructions ("add a rule: ...",
   * 加入规则：..., 把 X 写进 CLAUDE.md) or confirms the agent's approach: what the person plainly asked to keep.
   */
  static boolean asksForARule(String sentence) {
    String s = asksToKeep(LEAD.matcher(sentence.strip()).replaceFirst(""));
    return Stream.of(KEEP_IN_FILE, ZH_KEEP_IN_FILE, RULE_TO_WRITE, ADD_RULE, ZH_ADD_RULE, CONFIRM)
        .anyMatch(p -> p.matcher(s).find());
  }

  /** Whether {@code sentence} says it holds from now on ("always", "after each", 以后) or asks to be remembered. */
  static boolean holdsOn(String sentence) {
    return read(sentence).filter(i -> i.kind() == Intent.Kind.STANDING || i.kind() == Intent.Kind.EXPLICIT).isPresent()
        || CorrectionLanguages.holdsOn(sentence);
  }

  /** The request in {@code sentence}, if it holds one. Questions hold none. */
  static Optional<Intent> read(String sentence) {
    String s = asksToKeep(LEAD.matcher(sentence.strip()).replaceFirst(""));
    if (s.isEmpty() || isQuestion(s)) {
      return Optional.empty();
    }
    Matcher kept = ZH_KEEP_IN_FILE.matcher(s);
    if (kept.find() && !POINTS_BACK.matcher(kept.group(1).strip()).find()) {
      return Optional.of(new Intent(Intent.Kind.EXPLICIT, kept.group(1).strip()));
    }
    Optional<Intent> explicit = first(EXPLICIT, s, Intent.Kind.EXPLICIT);
    if (explicit.isPresent()) {
      return explicit;
    }
    if (CONFIRM.matcher(s).find()) {
      return Optional.of(new Intent(Intent.Kind.CONFIRMATION, s));
    }
    Optional<Intent> standing = first(STANDING, s, Intent.Kind.STANDING);
    if (standing.isPresent()) {
      return standing;
    }
    Optional<Intent> correction = first(CORRECTION, s, Intent.Kind.CORRECTION);
    if (correction.isPresent()) {
      // A correction's trigger words are part of the rule ("don't mock ..."): keep the whole sentence.
      return Optional.of(new Intent(Intent.Kind.CORRECTION, s));
    }
    return Optional.empty();
  }

  private static Optional<Intent> first(List<Pattern> patterns, String s, Intent.Kind kind) {
    for (Pattern p : patterns) {
      Matcher m = p.matcher(s);
      if (m.find()) {
        String rest = (s.substring(0, m.start()) + " " + s.substring(m.end())).strip();
        String kept = kind == Intent.Kind.STANDING ? s : rest;
        return rest.replaceAll("[\\p{Punct}\\s，。！？、：]", "").length() < 2
            ? Optional.empty()
            : Optional.of(new Intent(kind, kept));
      }
    }
    return Optional.empty();
  }
}
