package io.engram.extract;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The languages a correction is read in beyond English and Chinese, and which of them a sentence is in.
 *
 * <p>Each language's markers are read from how it says "don't", "use X instead", "always", "from now on" and
 * "because" ({@link AsianMarkers}, {@link EuropeanMarkers}): its grammar of prohibition (a negated imperative, a
 * prohibitive ending, a word that forbids), of contrast and of cause, not words fitted to a few turns. A sentence is
 * in a language by its script (kana is Japanese, Hangul Korean, Cyrillic Russian and Ukrainian) or, in Latin script,
 * by Vietnamese's own letters or by the function words that tell Spanish, Portuguese, French and German from English
 * and from each other; a sentence none of them claims is read as English.
 *
 * <p>Beside the clause markers, a language says a rule holds on ({@link Markers#holdsOn}: from now on, next time,
 * remember, the language every answer is in) or holds always ({@link Markers#always}: always, never, every time), the
 * latter only with an imperative or an obligation in the same sentence, since "always" also describes what happens.
 */
final class CorrectionLanguages {

  /**
   * One language's markers.
   *
   * @param clauses the markers of a correction's clauses
   * @param holdsOn a marker that the rule holds from now on, or a request to remember it
   * @param always a marker of always or never, a rule only beside an imperative or obligation
   * @param oneOff a time that bounds what is said to the work at hand (for now, this time, not yet)
   * @param question how a question ends when it has no question mark (Japanese か, Korean 까, Vietnamese không)
   * @param words function words that tell the language from English and its neighbours (Latin script only)
   */
  record Markers(CorrectionClauses.Language clauses, Pattern holdsOn, Pattern always, Pattern oneOff, Pattern question,
      Set<String> words) {}

  private static final List<Markers> LATIN = List.of(EuropeanMarkers.SPANISH, EuropeanMarkers.PORTUGUESE,
      EuropeanMarkers.FRENCH, EuropeanMarkers.GERMAN);
  private static final List<Markers> ALL = List.of(AsianMarkers.JAPANESE, AsianMarkers.KOREAN,
      AsianMarkers.VIETNAMESE, EuropeanMarkers.RUSSIAN, EuropeanMarkers.SPANISH, EuropeanMarkers.PORTUGUESE,
      EuropeanMarkers.FRENCH, EuropeanMarkers.GERMAN);
  private static final Pattern KANA = Pattern.compile("[\\p{IsHiragana}\\p{IsKatakana}&&[^ー・]]");
  private static final Pattern HANGUL = Pattern.compile("\\p{IsHangul}");
  private static final Pattern HAN = Pattern.compile("\\p{IsHan}");
  // Letters only Vietnamese writes among the languages read here: a horn, a breve, a bar, or a tone mark under or over
  // a vowel that already carries one
  private static final Pattern VIETNAMESE_LETTER = Pattern.compile(
      "[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]", Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
  // Two of Vietnamese's own letters make a sentence Vietnamese: one may be a name or a loanword
  private static final int VIETNAMESE_LETTERS = 2;
  // Two function words of a language, and more than of English, make a sentence that language; one does when no
  // English word is there and the language's own marker of a rule is
  private static final int FUNCTION_WORDS = 2;
  private static final Pattern WORD = Pattern.compile("\\p{L}+(?:['’]\\p{L}+)?");
  private static final Set<String> ENGLISH_WORDS = Set.of("the", "and", "is", "are", "to", "of", "it", "that", "this",
      "for", "with", "you", "not", "don't", "dont", "be", "on", "please", "we", "i", "do", "can", "should", "in",
      "from", "instead", "never", "always", "just", "if", "my", "your", "have", "will", "what", "all", "so");

  private CorrectionLanguages() {}

  /** The language of {@code sentence} when it is one of these, else empty (English or Chinese: the caller's). */
  static Optional<Markers> of(String sentence) {
    if (KANA.matcher(sentence).find()) {
      return Optional.of(AsianMarkers.JAPANESE);
    }
    if (HANGUL.matcher(sentence).find()) {
      return Optional.of(AsianMarkers.KOREAN);
    }
    if (HAN.matcher(sentence).find()) {
      return Optional.empty();
    }
    int cyrillic = 0;
    int latin = 0;
    for (int i = 0; i < sentence.length(); i++) {
      char c = sentence.charAt(i);
      if (Character.isLetter(c)) {
        Character.UnicodeScript s = Character.UnicodeScript.of(c);
        cyrillic += s == Character.UnicodeScript.CYRILLIC ? 1 : 0;
        latin += s == Character.UnicodeScript.LATIN ? 1 : 0;
      }
    }
    if (cyrillic > latin) {
      return Optional.of(EuropeanMarkers.RUSSIAN);
    }
    if (latin == 0) {
      return Optional.empty();
    }
    Matcher v = VIETNAMESE_LETTER.matcher(sentence);
    int vietnamese = 0;
    while (vietnamese < VIETNAMESE_LETTERS && v.find()) {
      vietnamese++;
    }
    if (vietnamese >= VIETNAMESE_LETTERS) {
      return Optional.of(AsianMarkers.VIETNAMESE);
    }
    return latinByWords(sentence);
  }

  /** Every language read here, for tests that go through all of them. */
  static List<Markers> languages() {
    return ALL;
  }

  /**
   * Whether {@code sentence}, in one of these languages, says its rule holds on (from now on, remember, the language
   * of every answer) or holds always beside an imperative or an obligation ("常に実行し続けてください").
   */
  static boolean holdsOn(String sentence) {
    Optional<Markers> m = of(sentence);
    if (m.isEmpty()) {
      return false;
    }
    if (m.get().question().matcher(sentence.strip()).find() || m.get().oneOff().matcher(sentence).find()) {
      return false;
    }
    if (m.get().holdsOn().matcher(sentence).find()) {
      return true;
    }
    Matcher always = m.get().always().matcher(sentence);
    return always.find() && m.get().clauses().instead().matcher(without(sentence, always)).find();
  }

  /**
   * Whether {@code sentence}, in the language {@code m}, is the core of a correction: a directive negation (of a
   * pronoun alone only with what to do instead), a contrast beside an imperative or an obligation (a contrast alone
   * describes as often as it directs: "IDはmgr-001ではなく、kyb-001となっている"), an opening that turns against what
   * came before, or a rule said to hold on.
   */
  static boolean isCore(Markers m, String sentence) {
    CorrectionClauses.Language l = m.clauses();
    if (l.turn().matcher(sentence.strip()).find() || holdsOn(sentence)) {
      return true;
    }
    Matcher contrast = l.contrast().matcher(sentence);
    if (contrast.find() && l.instead().matcher(without(sentence, contrast)).find()) {
      return true;
    }
    Matcher avoid = l.avoid().matcher(sentence);
    if (!avoid.find()) {
      return false;
    }
    return !l.pronounObject().matcher(sentence).find() || l.instead().matcher(without(sentence, avoid)).find();
  }

  /** Whether {@code sentence} is bounded to the work at hand by a time ("for now", "this time") in its language. */
  static boolean oneOff(String sentence) {
    return of(sentence).filter(m -> m.oneOff().matcher(sentence).find()).isPresent();
  }

  /** Whether {@code sentence} asks, by how its language ends a question that has no question mark. */
  static boolean asks(String sentence) {
    return of(sentence).filter(m -> m.question().matcher(sentence.strip()).find()).isPresent();
  }

  private static String without(String sentence, Matcher found) {
    return sentence.substring(0, found.start()) + " " + sentence.substring(found.end());
  }

  private static Optional<Markers> latinByWords(String sentence) {
    Matcher w = WORD.matcher(sentence.toLowerCase(Locale.ROOT));
    int english = 0;
    int[] counts = new int[LATIN.size()];
    while (w.find()) {
      String word = w.group().replace('’', '\'');
      english += ENGLISH_WORDS.contains(word) ? 1 : 0;
      for (int i = 0; i < counts.length; i++) {
        counts[i] += LATIN.get(i).words().contains(word) ? 1 : 0;
      }
    }
    int best = -1;
    boolean tie = false;
    for (int i = 0; i < counts.length; i++) {
      if (best < 0 || counts[i] > counts[best]) {
        best = i;
        tie = false;
      } else if (counts[i] == counts[best]) {
        tie = true;
      }
    }
    if (tie || counts[best] <= english || counts[best] == 0) {
      return Optional.empty();
    }
    Markers m = LATIN.get(best);
    boolean marked = m.clauses().avoid().matcher(sentence).find() || m.holdsOn().matcher(sentence).find()
        || m.clauses().contrast().matcher(sentence).find();
    return counts[best] >= FUNCTION_WORDS || english == 0 && marked ? Optional.of(m) : Optional.empty();
  }
}
