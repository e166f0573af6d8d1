package io.engram.dates;

import static io.engram.dates.DatePhrase.AFTER;
import static io.engram.dates.DatePhrase.BEFORE;
import static io.engram.dates.DatePhrase.count;
import static io.engram.dates.DatePhrase.day;
import static io.engram.dates.DatePhrase.latin;
import static io.engram.dates.DatePhrase.shift;
import static io.engram.dates.DatePhrase.weekday;

import io.engram.dates.RelativeDate.MonthShift;
import io.engram.dates.RelativeDate.WeekShift;
import io.engram.dates.RelativeDate.YearShift;
import java.time.DayOfWeek;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The phrase tables of the languages written in Latin letters, one method per language (English, Spanish, German,
 * French), with the number words, weekday names and units each reads.
 */
final class LatinDatePhrases {
  private LatinDatePhrases() {}

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

  static List<DatePhrase> english() {
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

  private static final List<String> ES_DAYS = List.of("lu", "ma", "mi", "ju", "vi", "s", "do");
  private static final String ES_DAY = "(lunes|martes|miércoles|miercoles|jueves|viernes|sábado|sabado|domingo)";
  private static final String ES_NUM = "(\\d{1,3}|un|una|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez)";
  private static final Map<String, Integer> ES_WORDS = Map.ofEntries(Map.entry("un", 1), Map.entry("una", 1),
      Map.entry("uno", 1), Map.entry("dos", 2), Map.entry("tres", 3), Map.entry("cuatro", 4), Map.entry("cinco", 5),
      Map.entry("seis", 6), Map.entry("siete", 7), Map.entry("ocho", 8), Map.entry("nueve", 9), Map.entry("diez", 10));
  private static final List<List<String>> ES_UNITS = List.of(List.of("día", "dia"), List.of("semana"), List.of("mes"),
      List.of("año", "ano"));

  static List<DatePhrase> spanish() {
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

  static List<DatePhrase> german() {
    return List.of(
        latin(List.of("vorgestern"), "vorgestern", m -> day(-2)),
        latin(List.of("gestern"), "gestern(?: (?:früh|morgen|abend|nachmittag|vormittag))?", m -> day(-1)),
        latin(List.of("heute"), "heute(?: (?:früh|morgen|abend|nachmittag|vormittag))?", m -> day(0)),
        latin(List.of("übermorgen"), "übermorgen", m -> day(2)),
        // lower case: "morgen" is tomorrow, "Morgen" the morning
        new DatePhrase(List.of("morgen"), Pattern.compile(BEFORE + "(?<!heute )(?<!gestern )morgen" + AFTER),
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

  static List<DatePhrase> french() {
    return List.of(
        latin(List.of("avant-hier"), "avant-hier", m -> day(-2)),
        // "hier" but not the second half of "avant-hier"
        new DatePhrase(List.of("hier"), Pattern.compile("(?<![\\p{L}\\p{N}_])(?<!-)hier" + AFTER,
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE), m -> day(-1)),
        latin(List.of("aujourd"), "aujourd['’]hui|ce (?:matin|soir|midi)", m -> day(0)),
        latin(List.of("ce matin", "ce soir", "ce midi"), "ce (?:matin|soir|midi)", m -> day(0)),
        latin(List.of("après-demain"), "après-demain", m -> day(2)),
        new DatePhrase(List.of("demain"), Pattern.compile("(?<![\\p{L}\\p{N}_])(?<!-)demain" + AFTER,
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
}
