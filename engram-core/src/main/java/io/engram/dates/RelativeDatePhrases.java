package io.engram.dates;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Relative date phrases in text, one table per language ({@link LatinDatePhrases}, {@link HanDatePhrases}), each phrase
 * ({@link DatePhrase}) read into a {@link RelativeDate}: the tables say what a phrase means, {@link RelativeDate#on} is
 * the one arithmetic that pins it. English, Chinese, Japanese, Spanish, German and French. Han text is read as Japanese
 * when it holds kana, else as Chinese; Latin text in the language its common words say ({@link DateLanguage#latinOf}),
 * so that German "hier" (here) is never French "hier" (yesterday).
 *
 * <p>Bare weekdays ("on Friday", 周五) are ambiguous and not read. Where phrases overlap, the one that starts first
 * wins, then the longest.
 */
public final class RelativeDatePhrases {

  /** A phrase found: where it stands, its language and what it means. */
  public record Found(int start, int end, DateLanguage language, RelativeDate meaning) {}

  private static final Pattern HAN = Pattern.compile("\\p{IsHan}|[\\p{IsHiragana}\\p{IsKatakana}]");
  private static final Pattern LATIN = Pattern.compile("\\p{IsLatin}");

  private static final Map<DateLanguage, List<DatePhrase>> TABLES = Map.of(
      DateLanguage.ENGLISH, LatinDatePhrases.english(),
      DateLanguage.CHINESE, HanDatePhrases.chinese(),
      DateLanguage.JAPANESE, HanDatePhrases.japanese(),
      DateLanguage.SPANISH, LatinDatePhrases.spanish(),
      DateLanguage.GERMAN, LatinDatePhrases.german(),
      DateLanguage.FRENCH, LatinDatePhrases.french());

  private RelativeDatePhrases() {}

  /** The relative date phrases of {@code text}, in order, none overlapping. */
  public static List<Found> find(String text) {
    return find(text, 0, text.length(), languagesOf(text));
  }

  /**
   * The languages {@code text} is read in: the one its Han characters are in, if any, and the one its Latin words are
   * in, if any. Told once for a whole text, so that each stretch of it is read in the language of its document.
   */
  public static List<DateLanguage> languagesOf(String text) {
    List<DateLanguage> languages = new ArrayList<>();
    if (HAN.matcher(text).find()) {
      languages.add(DateLanguage.hanOf(text));
    }
    if (LATIN.matcher(text).find()) {
      languages.add(DateLanguage.latinOf(text));
    }
    return List.copyOf(languages);
  }

  /**
   * The relative date phrases of {@code text} between {@code from} and {@code to} in {@code languages} ({@link
   * #languagesOf} the whole text), in order, none overlapping.
   */
  public static List<Found> find(String text, int from, int to, List<DateLanguage> languages) {
    String lower = text.substring(from, to).toLowerCase(Locale.ROOT);
    List<Found> candidates = new ArrayList<>();
    for (DateLanguage language : languages) {
      for (DatePhrase phrase : TABLES.get(language)) {
        if (!phrase.mayMatch(lower)) {
          continue;
        }
        Matcher m = phrase.pattern().matcher(text);
        int pos = from;
        while (pos < to && m.region(pos, to).useTransparentBounds(true).find()) {
          Optional<RelativeDate> meaning = meaning(phrase, m);
          int start = m.start();
          meaning.ifPresent(r -> candidates.add(new Found(start, m.end(), language, r)));
          // Overlapping matches are all kept: one that loses to an earlier phrase ("上周五十三个月前") or means
          // nothing ("五三个月前") may hide a shorter one that wins ("十三个月前").
          pos = start + 1;
        }
      }
    }
    candidates.sort(Comparator.comparingInt(Found::start).thenComparing(f -> -(f.end() - f.start())));
    List<Found> out = new ArrayList<>();
    int taken = from;
    for (Found f : candidates) {
      if (f.start() >= taken) {
        out.add(f);
        taken = f.end();
      }
    }
    return out;
  }

  private static Optional<RelativeDate> meaning(DatePhrase phrase, Matcher m) {
    try {
      return phrase.meaning().apply(m.toMatchResult());
    } catch (ArithmeticException | NumberFormatException e) {
      return Optional.empty();
    }
  }
}
