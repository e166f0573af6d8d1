package io.engram.extract;

import java.util.List;
import java.util.Set;

/**
 * The sentences of a turn that make one correction whole: its core, and the sentences around it that say what to do
 * instead or why. People split a correction over sentences ("No, don't run the whole suite. Use -Dtest=... so it
 * stays offline; the full build downloads too much."); a memory of the first sentence alone keeps the "don't" and
 * loses the rest.
 *
 * <p>Forward, up to two sentences join while each gives a reason, names what to do, or refers back to the core
 * ("This is slow") or names what the core replaces ("not flask."), and is not a question or the core of another
 * correction. Backward, the one sentence before joins
 * when the core names nothing to do instead and that sentence states it ("Package manager is pnpm. Don't use npm."):
 * a statement that shares a word with the core, says what is or is used, or is a short command line; or when it
 * gives the reason ("They're hard to read. Use literal strings instead."); or when it asks to "just" do something
 * ("please just do the import. don't make me open a web page."), or when it questions the choice the core replaces
 * ("why python curl for testing? please use java curl only"). A core that opens against what came before
 * ("Instead, ...") takes up to two sentences before it. A blank line ends a correction either way.
 */
final class CorrectionSpans {
  // The span's definition (see above): at most two sentences join forward.
  private static final int MAX_FORWARD = 2;
  // A statement of at most 40 characters before the core that names a tool ("Package manager is pnpm.") joins it.
  private static final int SHORT_STATEMENT = 40;
  // A sentence over 300 characters is pasted text or a story, not a reason or an instruction: it never joins.
  private static final int MAX_JOINED = 300;
  private static final java.util.regex.Pattern JUST = java.util.regex.Pattern.compile(
      "(?i)^(?:(?:please|pls|ok(?:ay)?|no|so|then)\\b[\\s,.!]*)*just\\s+\\w|^(?:请)?直接");
  private static final java.util.regex.Pattern WHY = java.util.regex.Pattern.compile("(?i)^(?:(?:but|and|so)\\s+)?why\\b");
  /** A bare "not X." after a choice ("use fastapi for the backend. not flask."): what the choice replaces. */
  private static final java.util.regex.Pattern REJECTED = java.util.regex.Pattern.compile(
      "(?i)^(?:and\\s+|but\\s+)?not\\s+(?!(?:yet|now|really|sure|quite|exactly|bad|much|so|too|again|anymore|that|this|it|"
          + "here|there|me|you|working|needed|necessary)\\b)[\\w`'./-]+(?:\\s+[\\w`'./-]+){0,4}\\s*[.!]?$");
  private static final java.util.regex.Pattern CLAUSE_END = java.util.regex.Pattern.compile("[,;，；。!！]|\\.(?:\\s|$)");

  private CorrectionSpans() {}

  /** The sentences {@code [from, to]} of one correction, and its text as it stands in the turn. */
  record Span(int from, int to, String text) {}

  /** The correction around {@code sentences.get(core)}, in {@code text} (the turn the sentences were read from). */
  static Span around(String text, List<Sentence> sentences, int core) {
    Sentence c = sentences.get(core);
    int from = core;
    if (CorrectionClauses.turnsBack(c.text())) {
      // "Instead, ..." sets itself against what was just said: that is what not to do.
      // it needs what it turns from, which may close the paragraph before ("... remove X.\n\nInstead, ...")
      while (from > 0 && core - from < MAX_FORWARD
          && (from == core || sameParagraph(text, sentences.get(from - 1), sentences.get(from)))) {
        from--;
      }
    } else if (core > 0 && sameParagraph(text, sentences.get(core - 1), c)
        && (!CorrectionClauses.hasAlternative(withoutCore(c.text())) && states(sentences.get(core - 1), c)
            || givesReason(sentences.get(core - 1))
            // "... the same PrismaService, pooled by Nest. Inject PrismaService, don't use it": "it" is named before
            || CorrectionClauses.rejectsAPronoun(c.text()) && names(sentences.get(core - 1))
            // "please just do the import. don't make me navigate to a web page.": the "just" is what to do instead
            || JUST.matcher(sentences.get(core - 1).text()).find() && !Intents.isQuestion(sentences.get(core - 1).text())
            // "why python curl for testing? please use java curl only": the choice questioned is what not to do
            || WHY.matcher(sentences.get(core - 1).text()).find() && sharesTerm(sentences.get(core - 1), c))) {
      from = core - 1;
    }
    int to = core;
    while (to + 1 < sentences.size() && to - core < MAX_FORWARD) {
      Sentence next = sentences.get(to + 1);
      boolean joins = next.text().length() <= MAX_JOINED && !Intents.isQuestion(next.text())
          && (!CorrectionClauses.isCore(next.text()) || CorrectionClauses.turnsBack(next.text()))
          && sameParagraph(text, sentences.get(to), next)
          && (CorrectionClauses.hasReason(next.text()) || CorrectionClauses.hasAlternative(next.text())
              || CorrectionClauses.refersBack(next.text()) || sharesTerm(next, c)
              || REJECTED.matcher(next.text().strip()).matches());
      if (!joins) {
        break;
      }
      to++;
    }
    String joined = text.substring(sentences.get(from).start(), sentences.get(to).end())
        .replaceAll("\\n\\s*\\n+", "\n").strip();
    return new Span(from, to, joined);
  }

  /**
   * The rule read from {@code sentences.get(rule)}, not a correction's core, with the sentences right after it that say
   * why ("When you lose the connection, always re-check the state. Otherwise you tend to create duplicates."): up to
   * two, each giving a reason in the same paragraph, neither a question nor a rule or correction of its own.
   */
  static Span reasonAfter(String text, List<Sentence> sentences, int rule) {
    int to = rule;
    while (to + 1 < sentences.size() && to - rule < MAX_FORWARD) {
      Sentence next = sentences.get(to + 1);
      String n = next.text();
      if (n.length() > MAX_JOINED || Intents.isQuestion(n) || !CorrectionClauses.hasReason(n)
          || CorrectionClauses.isCore(n) || Intents.read(n).isPresent() || !sameParagraph(text, sentences.get(to), next)) {
        break;
      }
      to++;
    }
    String joined = text.substring(sentences.get(rule).start(), sentences.get(to).end())
        .replaceAll("\\n\\s*\\n+", "\n").strip();
    return new Span(rule, to, joined);
  }

  /** The core without the thing it rejects, so that "don't use npm" does not count "use" as what to do. */
  private static String withoutCore(String core) {
    java.util.regex.Matcher m = CorrectionClauses.of(core).avoid().matcher(core);
    if (!m.find()) {
      return core;
    }
    java.util.regex.Matcher end = CLAUSE_END.matcher(core);
    int cut = end.find(m.end()) ? end.start() : core.length();
    return core.substring(0, m.start()) + " " + core.substring(cut);
  }

  /** A statement before the core that says why ("They're hard to read. Use literal strings instead."). */
  private static boolean givesReason(Sentence previous) {
    String p = previous.text();
    return !Intents.isQuestion(p) && p.length() <= MAX_JOINED && !CorrectionClauses.isCore(p)
        && CorrectionClauses.hasReason(p);
  }

  /** A sentence that names one of the core's things ("Don't mock the database. Test against a real database."). */
  private static boolean sharesTerm(Sentence other, Sentence core) {
    Set<String> shared = Terms.of(other.text());
    shared.retainAll(Terms.of(core.text()));
    return !shared.isEmpty();
  }

  /** A statement that can name what a pronoun stands for. */
  private static boolean names(Sentence previous) {
    String p = previous.text();
    return !Intents.isQuestion(p) && p.length() <= MAX_JOINED && !CorrectionClauses.isCore(p) && !Terms.of(p).isEmpty();
  }

  private static boolean states(Sentence previous, Sentence core) {
    String p = previous.text();
    if (Intents.isQuestion(p) || p.length() > MAX_JOINED || CorrectionClauses.isCore(p)) {
      return false;
    }
    // a statement of what is used, or a short command line ("yarn start"), names the alternative; a request does not
    return sharesTerm(previous, core) || p.length() <= SHORT_STATEMENT && ToolNames.named(p)
        || p.matches("(?is).*\\b(?:is|are|uses|only)\\b.*|.*(?:是|只|用|使用).*");
  }

  private static boolean sameParagraph(String text, Sentence a, Sentence b) {
    return !text.substring(a.end(), b.start()).matches("(?s).*\\n\\s*\\n.*");
  }
}
