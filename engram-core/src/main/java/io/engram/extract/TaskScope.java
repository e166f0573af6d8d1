package io.engram.extract;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a request for one piece of work leaves alone: in a turn that asks for work ("In src/app/page.tsx: add a button
 * ...", "Update docs/TECH_SPEC.md only.", "Design the waitlist flow. Explain ..."), a plain "do not" of changing a
 * thing ("Do not change other parts of the page.", "Do NOT touch the Supabase card.", "No other changes.")
 * bounds that work, and one of doing the work itself ("Do NOT write code.", "Do not implement.") or of a thing it is
 * not to make, in a few plain words ("Do not add deployment notes."), says what the request is not. Neither is a standing rule: it holds while this request is done.
 *
 * <p>It is a rule still when it says it holds on ("never", "always", "from now on"), gives its reason ("... since it
 * can only have one value"), draws a boundary or a condition that outlasts the work ("outside src/", "unless asked",
 * "until I say", "without asking", "ever", "again"), or guards what is the person's own ("Do not change my chosen
 * approach"). English only: Chinese turns have their own readings of the work at hand ({@link CorrectionClauses}).
 */
final class TaskScope {
  /** A line that asks for work: it opens with a verb of making, changing or working out a thing, or names a file. */
  private static final Pattern WORK = Pattern.compile("(?im)^[ \\t#>*\\-•\\d.)]*+(?:(?:please|now|then|next|also|and|"
      + "ok(?:ay)?|so)[,\\s]+)?(?:fix|implement|add|create|build|update|change|modify|refactor|remove|delete|replace|"
      + "rename|move|make|improve|redesign|rework|rewrite|convert|migrate|integrate|complete|finish|set\\s+up|install|"
      + "debug|clean\\s+up|adjust|tweak|polish|enhance|restyle|restructure|extend|review|design|explain|analy[sz]e|draft|"
      + "produce|generate|write|document|suggest|propose|plan|prepare|outline|describe|list|define|investigate|continue|"
      + "proceed|recreate|re-create|fill|scaffold|wire|style)\\b|^[ \\t]*+in\\s+`?[\\w./@-]+\\.\\w{1,5}`?\\s*[:：]");
  /**
   * A plain "do not" (not "never") of changing a thing, or of doing the work itself (writing code, implementing), as
   * the sentence's own opening.
   */
  private static final Pattern LEAVES_ALONE = Pattern.compile("(?i)^(?:(?:however|but|and|also|just|so)[,\\s]+)?"
      + "(?:(?:please\\s+)?(?:do\\s+not|don'?t|dont)\\s+(?:(?:change|modify|touch|alter|edit|rewrite|re-write|rename|"
      + "renumber|remove|delete|hide|reformat|restructure|reorder|rearrange|move)\\b"
      + "|(?:write|implement)\\s+(?:(?:any|the|new|\\w+)\\s+)?(?:code|anything|it)\\b|implement\\s*[.!]?$"
      // "Do NOT write ORM models.", "Do not add implementation guidance.", "Do not collect leads.": a thing the work is not
      // to make, said plainly in a few words (not "any new dependencies": what no work is to grow into, a rule)
      + "|(?:write|add|create|build|generate|produce|collect|enrich|include)\\s+(?!(?:any|new)\\b)(?:[\\w`'./-]+\\s+){0,3}?[\\w`'./-]+\\s*[.!]?$"
      // "Do not add new features": what the work is not to grow into (not "new dependencies", a standing rule)
      + "|(?:add|introduce)\\s+(?:any\\s+)?new\\s+(?:product\\s+|stretch\\s+)?(?:features?|functionality|scope)\\b)"
      // "No other changes — ...", "No changes to connectCoinCap()": the same bounds, said as a noun
      + "|no\\s+(?:other\\s+)?(?:changes?|edits?|modifications?)\\b)");
  /** What makes it outlast the work: a boundary, a condition, a recurrence, the person's own thing. */
  private static final Pattern OUTLASTS = Pattern.compile("(?i)\\b(?:outside|beyond|unless|until|without\\s+"
      + "(?:asking|permission|approval|confirmation|my)|ever|again|any\\s?more|my|our|mine)\\b");

  private final String text;
  private final boolean asksForWork;

  private TaskScope(String text, boolean asksForWork) {
    this.text = text;
    this.asksForWork = asksForWork;
  }

  /** Whether {@code line}, one line of a turn, asks for work: it opens with a verb of work or names a file. */
  static boolean asksForWork(String line) {
    return WORK.matcher(line).lookingAt();
  }

  /** The scope of the work {@code text}, one turn, asks for (none when it asks for none). */
  static TaskScope of(String text) {
    return new TaskScope(text, WORK.matcher(text).find());
  }

  /** Whether {@code sentence}, a sentence of this turn, only bounds the work the turn asks for. */
  boolean bounds(Sentence sentence) {
    if (!asksForWork || CorrectionClauses.of(sentence.text()) != CorrectionClauses.ENGLISH) {
      return false;
    }
    String s = sentence.text().strip();
    if (!LEAVES_ALONE.matcher(s).find() || OUTLASTS.matcher(s).find() || Intents.holdsOn(s)
        || CorrectionClauses.hasReason(s)) {
      return false;
    }
    return asksBeside(sentence);
  }

  /**
   * Whether the turn asks for work on a line other than {@code sentence}'s, so that what the sentence asks is a step of
   * that work ("After fix, remind to run pnpm dev").
   */
  boolean asksBeside(Sentence sentence) {
    if (!asksForWork) {
      return false;
    }
    Matcher work = WORK.matcher(text);
    while (work.find()) {
      if (work.start() < sentence.start() || work.start() >= sentence.end()) {
        return true;
      }
    }
    return false;
  }
}
