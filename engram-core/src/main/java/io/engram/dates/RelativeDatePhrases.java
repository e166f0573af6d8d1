package io.engram.dates;

import io.engram.dates.RelativeDate.Count;
import io.engram.dates.RelativeDate.DayShift;
import io.engram.dates.RelativeDate.MonthShift;
import io.engram.dates.RelativeDate.WeekShift;
import io.engram.dates.RelativeDate.WeekdayOfWeek;
import io.engram.dates.RelativeDate.YearShift;
import java.time.DayOfWeek;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Relative date phrases in text, one table per language, each phrase read into a {@link RelativeDate}: the tables
 * say what a phrase means, {@link RelativeDate#on} is the one arithmetic that pins it. English, Chinese, Japanese,
 * Spanish, German and French. Han text is read as Japanese when it holds kana, else as Chinese; Latin text in the
 * language its common words say ({@link DateLanguage#latinOf}), so that German "hier" (here) is never French
 * "hier" (yesterday).
 *
 * <p>Bare weekdays ("on Friday", 周五) are ambiguous and not read. Where phrases overlap, the one that starts first
 * wins, then the longest.
 */
public final class RelativeDatePhrases {

  /** A phrase found: where it stands, its language and what it means. */
  public record Found(int start, int end, DateLanguage language, RelativeDate meaning) {}

  /**
   * One phrase of a table; it can only match where the lower-cased text contains one of its {@code triggers}, a cheap
   * test that spares most pattern runs.
   */
  private record Phrase(List<String> triggers, Pattern pattern, Function<MatchResult, Optional<RelativeDate>> meaning) {
    boolean mayMatch(String lowerText) {
      for (String t : triggers) {
        if (lowerText.contains(t)) {
          return true;
        }
      }
      return false;
    }
  }

  // A phrase glued to the close of a pinned date ("昨天（2026-05-11）yesterday") was glued to a word before it was
  // pinned: it is not a phrase now either, so that pinning twice changes nothing.
  private static final String BEFORE = "(?<![\\p{L}\\p{N}_）-])";
  private static final String AFTER = "(?![\\p{L}\\p{N}_-])";
  private static final Pattern HAN = Pattern.compile("\\p{IsHan}|[\\p{IsHiragana}\\p{IsKatakana}]");
  private static final Pattern LATIN = Pattern.compile("\\p{IsLatin}");

  private static final Map<DateLanguage, List<Phrase>> TABLES = Map.of(
      DateLanguage.ENGLISH, DateTables.english(),
      DateLanguage.CHINESE, DateTables.chinese(),
      DateLanguage.JAPANESE, DateTables.japanese(),
      DateLanguage.SPANISH, DateTables.spanish(),
      DateLanguage.GERMAN, DateTables.german(),
      DateLanguage.FRENCH, DateTables.french());

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
      for (Phrase phrase : TABLES.get(language)) {
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

  private static Optional<RelativeDate> meaning(Phrase phrase, Matcher m) {
    try {
      return phrase.meaning().apply(m.toMatchResult());
    } catch (ArithmeticException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** The phrase tables, one method per language. */
  static final class DateTables {
    private DateTables() {}

    private static Phrase latin(List<String> triggers, String regex, Function<MatchResult, Optional<RelativeDate>> m) {
      return new Phrase(triggers,
          Pattern.compile(BEFORE + "(?:" + regex + ")" + AFTER, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE), m);
    }

    private static Phrase han(List<String> triggers, String regex, Function<MatchResult, Optional<RelativeDate>> m) {
      return new Phrase(triggers, Pattern.compile(regex), m);
    }

    private static Optional<RelativeDate> day(int shift) {
      return Optional.of(new DayShift(shift));
    }

    private static Optional<RelativeDate> weekday(int weeks, DayOfWeek d) {
      return Optional.of(new WeekdayOfWeek(weeks, d));
    }

    private static Optional<RelativeDate> count(int n, ChronoUnit unit) {
      return Optional.of(new Count(n, unit));
    }

    private static int number(String word, Map<String, Integer> words) {
      String w = word.toLowerCase(Locale.ROOT);
      Integer n = words.get(w);
      return n != null ? n : Integer.parseInt(w);
    }

    private static DayOfWeek dayIn(String name, List<String> names) {
      String n = name.toLowerCase(Locale.ROOT);
      for (int i = 0; i < names.size(); i++) {
        if (n.startsWith(names.get(i))) {
          return DayOfWeek.of(i + 1);
        }
      }
      throw new NumberFormatException("no weekday: " + name);
    }

    private static ChronoUnit unitIn(String word, List<List<String>> units) {
      String w = word.toLowerCase(Locale.ROOT);
      ChronoUnit[] order = {ChronoUnit.DAYS, ChronoUnit.WEEKS, ChronoUnit.MONTHS, ChronoUnit.YEARS};
      for (int i = 0; i < units.size(); i++) {
        for (String u : units.get(i)) {
          if (w.startsWith(u)) {
            return order[i];
          }
        }
      }
      throw new NumberFormatException("no unit: " + word);
    }

    private static int shift(String which, Map<String, Integer> shifts) {
      Integer s = shifts.get(which.toLowerCase(Locale.ROOT));
      if (s == null) {
        throw new NumberFormatException("no shift: " + which);
      }
      return s;
    }

    private static final List<String> EN_DAYS = List.of("mon", "tue", "wed", "thu", "fri", "sat", "sun");
    private static final String EN_DAY = "(monday|tuesday|wednesday|thursday|friday|saturday|sunday)";
    private static final String EN_NUM = "(\\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)";
    private static final Map<String, Integer> EN_WORDS = Map.ofEntries(Map.entry("a", 1), Map.entry("an", 1),
        Map.entry("one", 1), Map.entry("two", 2), Map.entry("three", 3), Map.entry("four", 4), Map.entry("five", 5),
        Map.entry("six", 6), Map.entry("seven", 7), Map.entry("eight", 8), Map.entry("nine", 9), Map.entry("ten", 10),
        Map.entry("eleven", 11), Map.entry("twelve", 12));
    private static final Map<String, Integer> EN_SHIFT = Map.of("last", -1, "this", 0, "next", 1);
    private static final List<List<String>> EN_UNITS = List.of(List.of("day"), List.of("week"), List.of("month"),
        List.of("year"));

    static List<Phrase> english() {
      return List.of(
          latin(List.of("yesterday"), "the day before yesterday", m -> day(-2)),
          latin(List.of("tomorrow"), "the day after tomorrow", m -> day(2)),
          latin(List.of("yesterday", "last night"), "yesterday(?:['’]s)?|last night", m -> day(-1)),
          latin(List.of("today", "tonight", "this "),
              "today(?:['’]s)?|tonight(?:['’]s)?|this (?:morning|afternoon|evening)|(?:earlier|later) today", m -> day(0)),
          latin(List.of("tomorrow"), "tomorrow(?:['’]s)?", m -> day(1)),
          latin(List.of("last ", "next ", "this "), "(last|next|this) " + EN_DAY,
              m -> weekday(shift(m.group(1), EN_SHIFT), dayIn(m.group(2), EN_DAYS))),
          latin(List.of("last ", "next ", "this "), "(last|next|this) week(?:['’]s)?",
              m -> Optional.of(new WeekShift(shift(m.group(1), EN_SHIFT)))),
          latin(List.of("last ", "next ", "this "), "(last|next|this) month(?:['’]s)?",
              m -> Optional.of(new MonthShift(shift(m.group(1), EN_SHIFT)))),
          latin(List.of("last ", "next ", "this "), "(last|next|this) year(?:['’]s)?",
              m -> Optional.of(new YearShift(shift(m.group(1), EN_SHIFT)))),
          latin(List.of(" ago"), EN_NUM + " (day|week|month|year)s? ago",
              m -> count(-number(m.group(1), EN_WORDS), unitIn(m.group(2), EN_UNITS))),
          latin(List.of("in "), "in " + EN_NUM + " (day|week|month|year)s?",
              m -> count(number(m.group(1), EN_WORDS), unitIn(m.group(2), EN_UNITS))));
    }

    /** A count: digits that do not continue a longer number ("2026年前" is a year), or Chinese numerals. */
    private static final String ZH_NUM = "((?<![0-9])[0-9]{1,3}|[一二两三四五六七八九十]{1,3})";
    // A digit weekday (周2) must not run into a number or a word, which would change its meaning.
    private static final String ZH_DAY = "([一二三四五六日天]|[1-7](?![\\p{IsLatin}\\p{N}_-]))";
    private static final Map<String, Integer> ZH_SHIFT = Map.of("上上", -2, "上", -1, "这", 0, "本", 0, "下", 1, "下下", 2);

    static List<Phrase> chinese() {
      return List.of(
          han(List.of("前天"), "大前天", m -> day(-3)),
          han(List.of("后天"), "大后天", m -> day(3)),
          han(List.of("前天"), "前天", m -> day(-2)),
          han(List.of("后天"), "后天", m -> day(2)),
          han(List.of("昨"), "昨天|昨日|昨晚|昨夜", m -> day(-1)),
          han(List.of("今"), "今天|今日|今早|今晚|今夜", m -> day(0)),
          han(List.of("明"), "明天|明日|明早|明晚", m -> day(1)),
          han(List.of("周", "星期", "礼拜"), "(上上|上|这|本|下下|下)个?(?:周|星期|礼拜)" + ZH_DAY,
              m -> weekday(shift(m.group(1), ZH_SHIFT), DayOfWeek.of(zhDay(m.group(2))))),
          han(List.of("周末", "星期末"), "(上上|上|这|本|下下|下)个?(?:周末|星期末)",
              m -> weekday(shift(m.group(1), ZH_SHIFT), DayOfWeek.SATURDAY)),
          han(List.of("周", "星期", "礼拜"), "(上上|上|这|本|下下|下)个?(?:周|星期|礼拜)(?![一二三四五六日天1-7末期年边围刊报转长])",
              m -> Optional.of(new WeekShift(shift(m.group(1), ZH_SHIFT)))),
          han(List.of("月"), "(上|这|本|下)个?月", m -> Optional.of(new MonthShift(shift(m.group(1), ZH_SHIFT)))),
          han(List.of("年"), "(前|去|今|明)年",
              m -> Optional.of(new YearShift(Map.of("前", -2, "去", -1, "今", 0, "明", 1).get(m.group(1))))),
          han(List.of("前", "后"), ZH_NUM + "(天|日|周|星期|礼拜|个星期|个礼拜|个月|年)(?:以|之)?(前|后)",
              m -> zhNumber(m.group(1)).flatMap(n -> count(m.group(3).equals("前") ? -n : n, hanUnit(m.group(2))))));
    }

    private static final String JA_DAY = "(月|火|水|木|金|土|日)曜(?:日)?";
    private static final Map<String, Integer> JA_SHIFT = Map.of("先々週", -2, "先週", -1, "今週", 0, "来週", 1, "再来週", 2);

    static List<Phrase> japanese() {
      return List.of(
          // kanji forms only: kana readings (きょう, あす) are also parts of other words (きょうだい, ます)
          han(List.of("一昨日", "おととい"), "一昨日|おととい", m -> day(-2)),
          han(List.of("明後日", "あさって"), "明後日|あさって", m -> day(2)),
          han(List.of("昨"), "昨日|昨夜|昨晩", m -> day(-1)),
          han(List.of("今"), "今日|今朝|今夜|今晩", m -> day(0)),
          han(List.of("明"), "明日", m -> day(1)),
          han(List.of("週"), "(先々週|先週|今週|再来週|来週)の?" + JA_DAY,
              m -> weekday(shift(m.group(1), JA_SHIFT), DayOfWeek.of("月火水木金土日".indexOf(m.group(2)) + 1))),
          han(List.of("週"), "(先々週|先週|今週|再来週|来週)(?!の?[月火水木金土日]曜)",
              m -> Optional.of(new WeekShift(shift(m.group(1), JA_SHIFT)))),
          han(List.of("月"), "(先月|今月|来月)",
              m -> Optional.of(new MonthShift(Map.of("先月", -1, "今月", 0, "来月", 1).get(m.group(1))))),
          han(List.of("年"), "(一昨年|去年|昨年|今年|来年)",
              m -> Optional.of(new YearShift(Map.of("一昨年", -2, "去年", -1, "昨年", -1, "今年", 0, "来年", 1)
                  .get(m.group(1))))),
          han(List.of("前", "後"), ZH_NUM + "(日|週間|か月|ヶ月|カ月|ケ月|年)(前|後)",
              m -> zhNumber(m.group(1)).flatMap(n -> count(m.group(3).equals("前") ? -n : n, hanUnit(m.group(2))))));
    }

    private static final List<String> ES_DAYS = List.of("lu", "ma", "mi", "ju", "vi", "s", "do");
    private static final String ES_DAY = "(lunes|martes|miércoles|miercoles|jueves|viernes|sábado|sabado|domingo)";
    private static final String ES_NUM = "(\\d{1,3}|un|una|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez)";
    private static final Map<String, Integer> ES_WORDS = Map.ofEntries(Map.entry("un", 1), Map.entry("una", 1),
        Map.entry("uno", 1), Map.entry("dos", 2), Map.entry("tres", 3), Map.entry("cuatro", 4), Map.entry("cinco", 5),
        Map.entry("seis", 6), Map.entry("siete", 7), Map.entry("ocho", 8), Map.entry("nueve", 9), Map.entry("diez", 10));
    private static final List<List<String>> ES_UNITS = List.of(List.of("día", "dia"), List.of("semana"), List.of("mes"),
        List.of("año", "ano"));

    static List<Phrase> spanish() {
      return List.of(
          latin(List.of("anteayer", "antier"), "anteayer|antier", m -> day(-2)),
          latin(List.of("ayer"), "ayer", m -> day(-1)),
          latin(List.of("hoy", "esta mañana", "esta tarde", "esta noche"), "hoy|esta (?:mañana|tarde|noche)", m -> day(0)),
          latin(List.of("pasado mañana"), "pasado mañana", m -> day(2)),
          // "la mañana" is the morning, not tomorrow
          latin(List.of("mañana"), "(?<!la\\s)(?<!esta\\s)(?<!pasado\\s)mañana", m -> day(1)),
          latin(List.of("pasado"), "el " + ES_DAY + " pasado", m -> weekday(-1, dayIn(m.group(1), ES_DAYS))),
          latin(List.of("próximo", "proximo"), "el (?:próximo|proximo) " + ES_DAY, m -> weekday(1, dayIn(m.group(1), ES_DAYS))),
          latin(List.of("que viene"), "el " + ES_DAY + " que viene", m -> weekday(1, dayIn(m.group(1), ES_DAYS))),
          latin(List.of("este "), "este " + ES_DAY, m -> weekday(0, dayIn(m.group(1), ES_DAYS))),
          latin(List.of("semana"), "la semana pasada", m -> Optional.of(new WeekShift(-1))),
          latin(List.of("semana"), "la (?:próxima|proxima) semana|la semana que viene", m -> Optional.of(new WeekShift(1))),
          latin(List.of("semana"), "esta semana", m -> Optional.of(new WeekShift(0))),
          latin(List.of("mes"), "el mes pasado", m -> Optional.of(new MonthShift(-1))),
          latin(List.of("mes"), "el (?:próximo|proximo) mes|el mes que viene", m -> Optional.of(new MonthShift(1))),
          latin(List.of("mes"), "este mes", m -> Optional.of(new MonthShift(0))),
          latin(List.of("año", "ano"), "el (?:año|ano) pasado", m -> Optional.of(new YearShift(-1))),
          latin(List.of("año", "ano"), "el (?:próximo|proximo) (?:año|ano)|el (?:año|ano) que viene",
              m -> Optional.of(new YearShift(1))),
          latin(List.of("año", "ano"), "este (?:año|ano)", m -> Optional.of(new YearShift(0))),
          latin(List.of("hace "), "hace " + ES_NUM + " (días|dias|día|dia|semanas?|mes(?:es)?|años?|anos?)",
              m -> count(-number(m.group(1), ES_WORDS), unitIn(m.group(2), ES_UNITS))),
          latin(List.of("en "), "en " + ES_NUM + " (días|dias|día|dia|semanas?|mes(?:es)?|años?|anos?)",
              m -> count(number(m.group(1), ES_WORDS), unitIn(m.group(2), ES_UNITS))));
    }

    private static final List<String> DE_DAYS = List.of("mo", "di", "mi", "do", "fr", "sa", "so");
    private static final String DE_DAY = "(montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)";
    private static final String DE_NUM = "(\\d{1,3}|einem|einer|einen|ein|eine|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn)";
    private static final Map<String, Integer> DE_WORDS = Map.ofEntries(Map.entry("ein", 1), Map.entry("eine", 1),
        Map.entry("einem", 1), Map.entry("einer", 1), Map.entry("einen", 1), Map.entry("zwei", 2), Map.entry("drei", 3),
        Map.entry("vier", 4), Map.entry("fünf", 5), Map.entry("sechs", 6), Map.entry("sieben", 7), Map.entry("acht", 8),
        Map.entry("neun", 9), Map.entry("zehn", 10));
    private static final List<List<String>> DE_UNITS = List.of(List.of("tag"), List.of("woche"), List.of("monat"),
        List.of("jahr"));

    static List<Phrase> german() {
      return List.of(
          latin(List.of("vorgestern"), "vorgestern", m -> day(-2)),
          latin(List.of("gestern"), "gestern(?: (?:früh|morgen|abend|nachmittag|vormittag))?", m -> day(-1)),
          latin(List.of("heute"), "heute(?: (?:früh|morgen|abend|nachmittag|vormittag))?", m -> day(0)),
          latin(List.of("übermorgen"), "übermorgen", m -> day(2)),
          // lower case: "morgen" is tomorrow, "Morgen" the morning
          new Phrase(List.of("morgen"), Pattern.compile(BEFORE + "(?<!heute )(?<!gestern )morgen" + AFTER),
              m -> day(1)),
          latin(List.of("letzt", "vergangen", "vorig"), "(?:letzten|letzter|vergangenen|vorigen) " + DE_DAY,
              m -> weekday(-1, dayIn(m.group(1), DE_DAYS))),
          latin(List.of("nächst", "kommend"), "(?:nächsten|nächster|kommenden) " + DE_DAY,
              m -> weekday(1, dayIn(m.group(1), DE_DAYS))),
          latin(List.of("diese"), "(?:diesen|dieser) " + DE_DAY, m -> weekday(0, dayIn(m.group(1), DE_DAYS))),
          latin(List.of("woche"), "(?:letzte|vergangene|vorige) woche", m -> Optional.of(new WeekShift(-1))),
          latin(List.of("woche"), "(?:nächste|kommende) woche", m -> Optional.of(new WeekShift(1))),
          latin(List.of("woche"), "diese woche", m -> Optional.of(new WeekShift(0))),
          latin(List.of("monat"), "(?:letzten|vergangenen|vorigen) monat", m -> Optional.of(new MonthShift(-1))),
          latin(List.of("monat"), "(?:nächsten|kommenden) monat", m -> Optional.of(new MonthShift(1))),
          latin(List.of("monat"), "diesen monat", m -> Optional.of(new MonthShift(0))),
          latin(List.of("jahr"), "(?:letztes|vergangenes|voriges) jahr", m -> Optional.of(new YearShift(-1))),
          latin(List.of("jahr"), "(?:nächstes|kommendes) jahr", m -> Optional.of(new YearShift(1))),
          latin(List.of("jahr"), "dieses jahr", m -> Optional.of(new YearShift(0))),
          latin(List.of("vor "), "vor " + DE_NUM + " (tagen?|wochen?|monaten?|jahren?)",
              m -> count(-number(m.group(1), DE_WORDS), unitIn(m.group(2), DE_UNITS))),
          latin(List.of("in "), "in " + DE_NUM + " (tagen?|wochen?|monaten?|jahren?)",
              m -> count(number(m.group(1), DE_WORDS), unitIn(m.group(2), DE_UNITS))));
    }

    private static final List<String> FR_DAYS = List.of("lu", "ma", "me", "je", "ve", "sa", "di");
    private static final String FR_DAY = "(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)";
    private static final String FR_NUM = "(\\d{1,3}|un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix)";
    private static final Map<String, Integer> FR_WORDS = Map.ofEntries(Map.entry("un", 1), Map.entry("une", 1),
        Map.entry("deux", 2), Map.entry("trois", 3), Map.entry("quatre", 4), Map.entry("cinq", 5), Map.entry("six", 6),
        Map.entry("sept", 7), Map.entry("huit", 8), Map.entry("neuf", 9), Map.entry("dix", 10));
    private static final List<List<String>> FR_UNITS = List.of(List.of("jour"), List.of("semaine"), List.of("mois"),
        List.of("an"));

    static List<Phrase> french() {
      return List.of(
          latin(List.of("avant-hier"), "avant-hier", m -> day(-2)),
          // "hier" but not the second half of "avant-hier"
          new Phrase(List.of("hier"), Pattern.compile("(?<![\\p{L}\\p{N}_])(?<!-)hier" + AFTER,
              Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE), m -> day(-1)),
          latin(List.of("aujourd"), "aujourd['’]hui|ce (?:matin|soir|midi)", m -> day(0)),
          latin(List.of("ce matin", "ce soir", "ce midi"), "ce (?:matin|soir|midi)", m -> day(0)),
          latin(List.of("après-demain"), "après-demain", m -> day(2)),
          new Phrase(List.of("demain"), Pattern.compile("(?<![\\p{L}\\p{N}_])(?<!-)demain" + AFTER,
              Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE), m -> day(1)),
          latin(List.of("dernier"), FR_DAY + " dernier", m -> weekday(-1, dayIn(m.group(1), FR_DAYS))),
          latin(List.of("prochain"), FR_DAY + " prochain", m -> weekday(1, dayIn(m.group(1), FR_DAYS))),
          latin(List.of("ce "), "ce " + FR_DAY, m -> weekday(0, dayIn(m.group(1), FR_DAYS))),
          latin(List.of("semaine"), "la semaine (?:dernière|passée)", m -> Optional.of(new WeekShift(-1))),
          latin(List.of("semaine"), "la semaine prochaine", m -> Optional.of(new WeekShift(1))),
          latin(List.of("semaine"), "cette semaine", m -> Optional.of(new WeekShift(0))),
          latin(List.of("mois"), "le mois (?:dernier|passé)", m -> Optional.of(new MonthShift(-1))),
          latin(List.of("mois"), "le mois prochain", m -> Optional.of(new MonthShift(1))),
          latin(List.of("mois"), "ce mois(?:-ci)?", m -> Optional.of(new MonthShift(0))),
          latin(List.of("année", "an "), "l['’]année (?:dernière|passée)|l['’]an (?:dernier|passé)",
              m -> Optional.of(new YearShift(-1))),
          latin(List.of("année", "an "), "l['’]année prochaine|l['’]an prochain", m -> Optional.of(new YearShift(1))),
          latin(List.of("année"), "cette année", m -> Optional.of(new YearShift(0))),
          latin(List.of("il y a "), "il y a " + FR_NUM + " (jours?|semaines?|mois|ans|années?)",
              m -> count(-number(m.group(1), FR_WORDS), unitIn(m.group(2), FR_UNITS))),
          latin(List.of("dans "), "dans " + FR_NUM + " (jours?|semaines?|mois|ans|années?)",
              m -> count(number(m.group(1), FR_WORDS), unitIn(m.group(2), FR_UNITS))));
    }

    private static int zhDay(String c) {
      int i = "一二三四五六日".indexOf(c);
      if (i >= 0) {
        return i + 1;
      }
      return c.equals("天") ? 7 : Integer.parseInt(c);
    }

    private static ChronoUnit hanUnit(String unit) {
      if (unit.equals("天") || unit.equals("日")) {
        return ChronoUnit.DAYS;
      }
      if (unit.contains("月")) {
        return ChronoUnit.MONTHS;
      }
      return unit.equals("年") ? ChronoUnit.YEARS : ChronoUnit.WEEKS;
    }

    /** Parses 0-999 written with digits or with Chinese numerals up to 九十九. */
    static Optional<Integer> zhNumber(String text) {
      if (text.chars().allMatch(Character::isDigit)) {
        return Optional.of(Integer.parseInt(text));
      }
      String digits = "零一二三四五六七八九";
      String t = text.replace('两', '二');
      int ten = t.indexOf('十');
      if (ten < 0) {
        return t.length() == 1 ? Optional.of(digits.indexOf(t.charAt(0))) : Optional.empty();
      }
      if (t.indexOf('十', ten + 1) >= 0 || ten > 1 || t.length() - ten > 2) {
        return Optional.empty();
      }
      int tens = ten == 0 ? 1 : digits.indexOf(t.charAt(0));
      int ones = ten == t.length() - 1 ? 0 : digits.indexOf(t.charAt(ten + 1));
      return tens < 0 || ones < 0 ? Optional.empty() : Optional.of(tens * 10 + ones);
    }
  }
}
