package io.engram.dates;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The languages whose relative dates are read, and how a pinned date is written after a phrase in each: {@code
 * " (2026-05-11)"} in the languages written with Latin letters, {@code "（2026-05-11）"} in Chinese and Japanese; a week
 * names its Monday in the language's words.
 */
public enum DateLanguage {
  ENGLISH(" (", ")", "week of "),
  CHINESE("（", "）", null),
  JAPANESE("（", "）", null),
  SPANISH(" (", ")", "semana del "),
  GERMAN(" (", ")", "Woche ab "),
  FRENCH(" (", ")", "semaine du ");

  private static final Pattern LATIN_WORD = Pattern.compile("\\p{IsLatin}+(?:'\\p{IsLatin}+)?");
  private static final Pattern KANA = Pattern.compile("[\\p{IsHiragana}\\p{IsKatakana}]");
  private static final Set<String> EN = Set.of("the", "and", "is", "are", "with", "for", "to", "of", "it", "we", "this",
      "that", "was", "be", "on", "at", "from", "have", "not");
  private static final Set<String> ES = Set.of("el", "los", "las", "que", "y", "es", "por", "con", "para", "se", "lo",
      "del", "al", "una", "pero", "como", "está", "muy", "hace", "ayer");
  private static final Set<String> DE = Set.of("der", "die", "das", "und", "ist", "nicht", "mit", "ein", "eine", "zu",
      "den", "dem", "auf", "für", "ich", "wir", "war", "wurde", "haben", "gestern", "sind", "auch", "noch");
  private static final Set<String> FR = Set.of("le", "les", "des", "est", "et", "pas", "une", "dans", "pour", "avec",
      "qui", "au", "du", "ce", "il", "nous", "sur", "été", "avons", "hier");

  private final String open;
  private final String close;
  private final String weekOf;

  DateLanguage(String open, String close, String weekOf) {
    this.open = open;
    this.close = close;
    this.weekOf = weekOf;
  }

  /** The text written after a phrase to pin it, such as {@code " (2026-05-11)"} or {@code "（2026-05-11 起的一周）"}. */
  public String annotation(PinnedDate d) {
    String value = switch (d.precision()) {
      case WEEK -> switch (this) {
        case CHINESE -> d.date() + " 起的一周";
        case JAPANESE -> d.date() + " からの週";
        default -> weekOf + d.date();
      };
      case MONTH -> d.date().toString().substring(0, 7);
      case YEAR -> Integer.toString(d.date().getYear());
      case DAY -> d.date().toString();
    };
    return open + value + close;
  }

  /**
   * The language whose words a text in Latin letters is written in: the one of English, Spanish, German and French
   * whose common words it uses most, English when none stands out.
   */
  static DateLanguage latinOf(String text) {
    int en = 0;
    int es = 0;
    int de = 0;
    int fr = 0;
    Matcher m = LATIN_WORD.matcher(text.toLowerCase(Locale.ROOT));
    while (m.find()) {
      String w = m.group();
      en += EN.contains(w) ? 1 : 0;
      es += ES.contains(w) ? 1 : 0;
      de += DE.contains(w) ? 1 : 0;
      fr += FR.contains(w) ? 1 : 0;
    }
    int best = Math.max(Math.max(es, de), fr);
    if (best <= en) {
      return ENGLISH;
    }
    return best == es ? SPANISH : best == de ? GERMAN : FRENCH;
  }

  /** Japanese when the text holds kana, else Chinese: the language its Han characters are read in. */
  static DateLanguage hanOf(String text) {
    return KANA.matcher(text).find() ? JAPANESE : CHINESE;
  }
}
