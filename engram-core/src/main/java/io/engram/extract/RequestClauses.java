package io.engram.extract;

import io.engram.config.ExtractionSettings;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The clauses of one sentence, read one by one when the sentence as a whole yields no rule: a clause that states a
 * standing preference, a rule over future work ("fix this, and never commit to main", "add the export and use uv for
 * installs", "update the Makefile - we don't use multipass anymore", 把按钮改成蓝色，以后统一用 pnpm), is kept though its
 * neighbour asks for an edit or names the one thing at hand, which makes the whole sentence the work at hand.
 *
 * <p>A clause is read as a sentence of its own, by the same rules (a one-off, an edit asked for, a "don't" of a pronoun
 * alone or bounded in time still yields nothing), and is kept only when it says it holds on ("always", "never", "from now
 * on", 以后, 一律, 统一), names a tool or a way set against another ("use uv for installs", "X, not Y", 改用 Y), states a
 * preference ("prefer X", 我喜欢), or says what the project does not do ("we don't use multipass anymore"). A plain
 * "don't" inside a request is as often the bounds of that request ("fix it and don't touch the tests") as a rule, and
 * is not kept on its own ({@link TaskScope}).
 */
final class RequestClauses {
  /**
   * Where an English sentence's clauses part (the blanks around are stripped from each clause, not matched, so that a
   * long run of blanks is scanned once): a semicolon, a dash between spaces, a comma (with the conjunction after
   * it), or a bare conjunction before a clause that opens as a rule does.
   */
  private static final Pattern ENGLISH = Pattern.compile("(?i);|\\s[-–—]+\\s|,(?:\\s*+(?:and|but|also|so|then|"
      + "plus)\\b)?|\\s(?:and|but|also|then|plus)\\s++(?=(?:also\\s+|please\\s+|pls\\s+)?(?:always|never|don'?t|dont|"
      + "do\\s+not|use|prefer|avoid|stop|we|make\\s+sure|keep|only|no\\s+longer)\\b)");
  /** Where a Chinese sentence's clauses part: a comma or semicolon, or a conjunction that adds one. */
  private static final Pattern CHINESE = Pattern.compile("[，,；;、]|并且|而且|另外|同时");
  /** A preference stated in a clause: what the person prefers or would rather, in either language. */
  private static final Pattern PREFERS = Pattern.compile("(?i)\\b(?:prefer|i'?d\\s+rather|rather\\s+than)\\b"
      + "|我?(?:更)?(?:喜欢|偏好|习惯)|统一(?:用|使用|改用|为)|一律|都(?:用|使用)|只(?:用|使用)");
  /** A time that bounds the whole sentence to the work at hand: "for now", "this time", 暂时, 这次. */
  private static final Pattern BOUNDED = Pattern.compile("(?i)\\b(?:for\\s+now|this\\s+time|just\\s+this\\s+once|"
      + "right\\s+now|yet)\\b|暂时|这次|这一次|目前先");
  /** A condition the sentence opens with, under which its clauses are said. */
  private static final Pattern CONDITION = Pattern.compile("(?i)\\s*(?:if|when|whenever|once|unless|in\\s+case)\\b"
      + "|\\s*(?:如果|假如|要是|若|当|一旦|除非)");
  // A clause of fewer letters or digits than this names nothing to keep ("ok", "and", 好的).
  private static final int LEAST_LETTERS = 4;

  private RequestClauses() {}

  /**
   * The clauses of {@code sentence}, each with its offsets in the turn (the sentence's offsets moved by where the clause
   * starts in it); the sentence alone when it has one.
   */
  static List<Sentence> of(Sentence sentence) {
    Pattern boundary = CorrectionClauses.of(sentence.text()) == CorrectionClauses.CHINESE ? CHINESE : ENGLISH;
    List<Sentence> out = new ArrayList<>();
    Matcher m = boundary.matcher(sentence.text());
    int from = 0;
    while (m.find()) {
      add(sentence, from, m.start(), out);
      from = m.end();
    }
    add(sentence, from, sentence.text().length(), out);
    return out;
  }

  private static void add(Sentence sentence, int from, int to, List<Sentence> out) {
    String text = sentence.text().substring(from, to).strip();
    if (text.codePoints().filter(Character::isLetterOrDigit).count() >= LEAST_LETTERS) {
      int at = sentence.text().indexOf(text, from);
      out.add(new Sentence(text, sentence.start() + at, sentence.start() + at + text.length()));
    }
  }

  /**
   * Whether {@code clause}, read as a sentence, states a rule over future work rather than a step of the request: it
   * holds on, names what to use (or what to use instead), states a preference, or says what the project does not do.
   */
  static boolean standing(String clause) {
    return Intents.holdsOn(clause) || PREFERS.matcher(clause).find()
        || Corrections.read(clause).filter(c -> c.use().isPresent() || c.avoid().isPresent()
            || SentenceRules.projectSpeaks(c.text())).isPresent();
  }

  /**
   * The drafts the clauses of {@code sentence} (when it has two or more) yield that state a rule over future work, each
   * read by {@link SentenceRules} as a sentence of its own and saying, in its body, the sentence it was said in.
   */
  static List<Draft> read(Sentence sentence, TaskScope scope, Optional<String> previousAssistant,
      Optional<LocalDate> said, ExtractionSettings.Offline limits, boolean stepOfWork) {
    List<Sentence> clauses = of(sentence);
    // a question asks, whatever its clauses say; a time that bounds the sentence ("for now", 暂时) bounds them all
    // a sentence that opens with a condition ("if there is an error, always exit with code 1") says what happens then,
    // each clause under it
    if (clauses.size() < 2 || Intents.isQuestion(sentence.text()) || BOUNDED.matcher(sentence.text()).find()
        || CONDITION.matcher(sentence.text()).lookingAt()) {
      return List.of();
    }
    List<Draft> out = new ArrayList<>();
    for (Sentence clause : clauses) {
      String c = clause.text();
      // "..., they don't really need to exist in the future state": what the speaker needs is the work at hand
      if (!standing(c) || scope.bounds(clause) || Secrets.contains(c) || CorrectionClauses.aboutTheTaskAtHand(c)) {
        continue;
      }
      List<Draft> drafts = SentenceRules.read(c, previousAssistant, said, limits, stepOfWork);
      if (drafts.isEmpty() && CorrectionClauses.isCore(c)) {
        drafts = SentenceRules.correction(c, limits);
      }
      for (Draft d : drafts) {
        out.add(d.saidIn(sentence.text(), limits));
      }
    }
    return out;
  }
}
