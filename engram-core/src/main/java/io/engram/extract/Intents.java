package io.engram.extract;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Recognises requests to remember, standing rules, corrections and confirmations, in English and Chinese. */
final class Intents {
  /** Words a request may open with that carry no meaning of their own. */
  private static final Pattern LEAD =
      Pattern.compile(
          "^(?:(?:(?:no|nope|nah|ok|okay|so|and|but|also|actually|hey|well|please|pls|again|oh|yes|yeah)\\b|"
              + "好的|嗯|不对|不是|另外|还有|请(?!勿)|对了|哦)[\\s,，.!！:：、-]*)+",
          Pattern.CASE_INSENSITIVE);

  private static final List<Pattern> EXPLICIT =
      List.of(
          Pattern.compile(
              "(?i)(?<!\\bi )(?<!\\byou )(?<!\\bto )\\b(?:please\\s+)?remember\\b(?!\\s+(?:when|how|why|what|if|where))"
                  + "(?:\\s*(?:that|this|:|,|-))?\\s*"),
          Pattern.compile("(?i)^(?:note|keep in mind|bear in mind|for future reference|fyi)\\b(?:\\s*(?:that|:|,|-))?\\s*"),
          Pattern.compile("(?i)\\b(?:make a note|take note)\\b(?:\\s*(?:that|of|:|,))?\\s*"),
          Pattern.compile("(?i)\\badd (?:a |this |these |the following )?(?:new )?rules?\\b[\\s:,-]*"),
          Pattern.compile("(?:加入|添加|新增|加一条|记一条)(?:一条|以下|这些|这条)?规则[：:，,\\s]*"),
          Pattern.compile("(?i)\\bdon'?t forget\\b(?:\\s*(?:that|:|,))?\\s*"),
          Pattern.compile("(?<![我你他她])(?:请记住|记住|记下|记一下|记得|别忘了|不要忘了|不要忘记|注意(?!到|力))[，,：:\\s]*"));

  private static final List<Pattern> STANDING =
      List.of(
          Pattern.compile("(?i)\\b(?:from now on|going forward|in (?:the )?future|from here on|for all future|next time"
              + "|for future reference)\\b[\\s,:-]*"),
          // "Refresh should always sync with the remote": a modal "always" holds from now on, wherever it stands
          Pattern.compile("(?i)\\b(?:should|must|shall|please)\\s+(?:just\\s+|\\w+ly\\s+)?always\\b\\s*"),
          // "apply the changes yourself, always": a closing "always" holds the whole request from now on
          Pattern.compile("(?i)[,;]\\s*always\\s*[.!]*\\s*$"),
          // "Always the same error", "never mind": a description, not a rule, when no verb follows.
          Pattern.compile(
              "(?i)^(?:always|never|every time|each time|whenever)\\b(?!\\s+(?:the|a|an|same|this|that|these|those|it|"
                  + "its|is|was|were|been|mind|fails?|failing|failed|happens?|crash\\w*|breaks?|works?|returns?|"
                  + "gives?|shows?|seems?)\\b)\\s*"),
          Pattern.compile("(?:以后都|以后也|以后(?!再)|今后|从现在开始|从现在起|下次(?!再)|每次都|永远不要|永远别)[，,：:\\s]*"),
          // "Please git commit after each successful sub-task": a request that recurs holds from now on
          Pattern.compile("(?i)\\b(?:after|before)\\s+(?:each|every)\\b"),
          Pattern.compile("^(?:始终|总是|一律|务必|一定要)\\s*"));

  private static final List<Pattern> CORRECTION =
      List.of(
          Pattern.compile(
              "(?i)^(?:don'?t|do not|stop|quit|avoid|no more|refrain from)\\b"
                  + "(?!\\s+(?:worry|know|think|understand|see|get|have|care|mind|bother|remember|forget)\\b)\\s*"),
          Pattern.compile("(?i)\\b(?:use|prefer|pick|choose)\\b.{1,60}?\\b(?:instead of|rather than|over)\\b"),
          Pattern.compile("(?i)^(?:i prefer|i'?d prefer|i'?d rather|i like it when|i don'?t like (?:it )?when|i hate (?:it )?when)\\b\\s*"),
          // "i dont like emdashes": a dislike of a kind of thing is a preference; of "this", "it" or "the bold", a verdict on
          // the thing at hand
          Pattern.compile("(?i)(?:^|[+,;]\\s*|\\band\\s+)i\\s+(?:really\\s+)?(?:don'?t|do not)\\s+(?:like|want)\\s+(?!(?:it|this|that|these|those|them|to|when|how|the|what)\\b)"),
          Pattern.compile("^(?:不要|别|不用|禁止|请勿|千万别|千万不要|绝对不要|不准|不许|不能)(?!客气|谢|紧|急|担心|管|了(?:[，,。！!\\s]|$))\\s*"),
          Pattern.compile("(?:应该用|应该使用|要用|改用|用|使用).{1,30}?(?:而不是|而非|代替|替代|取代)"),
          Pattern.compile("^我(?:更)?(?:喜欢|偏好|习惯|希望你|讨厌|不喜欢)\\s*"));

  private static final Pattern CONFIRM =
      Pattern.compile(
          "(?i)\\b(?:keep doing (?:that|this|it)|keep (?:it|that|this) (?:up|that way|this way)|"
              + "(?:do|doing) it (?:this|that) way|continue (?:doing|like) (?:that|this)|"
              + "exactly what i (?:wanted|want|meant)|that'?s (?:exactly )?(?:the right (?:way|approach|call)|how i want it)|"
              + "this is the (?:right )?way)\\b"
              + "|就是这样|就这么做|以后也这么|以后都这么|保持这样|继续这样|这样做很好|这个做法很好|这样就对了");

  private static final Pattern QUESTION =
      Pattern.compile(
          "(?i)(?:[?？]\\s*$|^(?:can|could|would|will|should|do(?!\\s+not\\b)|does|did|is|are|how|what|why|where|which|who|when)\\b"
              + "|吗[。]?$|呢[。]?$|^(?:为什么|怎么|什么|哪))");

  private Intents() {}

  static boolean isQuestion(String sentence) {
    return QUESTION.matcher(sentence.strip()).find();
  }

  /** Whether {@code sentence} says it holds from now on ("always", "after each", 以后) or asks to be remembered. */
  static boolean holdsOn(String sentence) {
    return read(sentence).filter(i -> i.kind() == Intent.Kind.STANDING || i.kind() == Intent.Kind.EXPLICIT).isPresent();
  }

  /** The request in {@code sentence}, if it holds one. Questions hold none. */
  static Optional<Intent> read(String sentence) {
    String s = LEAD.matcher(sentence.strip()).replaceFirst("");
    if (s.isEmpty() || isQuestion(s)) {
      return Optional.empty();
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
