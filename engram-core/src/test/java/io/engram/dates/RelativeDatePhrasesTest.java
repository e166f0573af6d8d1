package io.engram.dates;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

class RelativeDatePhrasesTest {
  /** A Sunday. */
  private static final LocalDate SUNDAY = LocalDate.of(2026, 5, 17);

  private static List<PinnedDate> pin(String text, LocalDate said) {
    return RelativeDatePhrases.find(text).stream().map(f -> f.meaning().on(said)).toList();
  }

  private static LocalDate day(String text, LocalDate said) {
    List<PinnedDate> found = pin(text, said);
    assertThat(found).as(text).hasSize(1);
    return found.get(0).date();
  }

  @Test
  void lastFridayOnASundayIsTheSameDayInEveryLanguage() {
    LocalDate friday = LocalDate.of(2026, 5, 8);
    assertThat(SUNDAY.getDayOfWeek()).isEqualTo(DayOfWeek.SUNDAY);
    for (String phrase : List.of("We shipped it last Friday.", "上周五上线的", "先週の金曜日にリリースした",
        "Lo publicamos el viernes pasado y funciona.", "Wir haben es letzten Freitag ausgeliefert und es läuft.",
        "Nous l'avons livré vendredi dernier et il marche.")) {
      assertThat(day(phrase, SUNDAY)).as(phrase).isEqualTo(friday);
    }
    // the Friday two days back is this week's, in every language
    assertThat(day("this Friday", SUNDAY)).isEqualTo(LocalDate.of(2026, 5, 15)).isEqualTo(day("这周五", SUNDAY));
    assertThat(day("next Friday", SUNDAY)).isEqualTo(LocalDate.of(2026, 5, 22)).isEqualTo(day("下周五", SUNDAY))
        .isEqualTo(day("来週の金曜日", SUNDAY));
  }

  @Test
  void daysWeeksMonthsAndCountsInEachLanguage() {
    LocalDate tuesday = LocalDate.of(2026, 5, 12);
    assertThat(day("yesterday", tuesday)).isEqualTo(day("昨天", tuesday)).isEqualTo(day("昨日は雨", tuesday))
        .isEqualTo(day("El build falló ayer y lo arreglamos.", tuesday)).isEqualTo(day("Der Build ist gestern kaputt gegangen und wir haben ihn repariert.", tuesday))
        .isEqualTo(day("Le build a cassé hier et nous l'avons réparé.", tuesday)).isEqualTo(LocalDate.of(2026, 5, 11));
    assertThat(day("the day after tomorrow", tuesday)).isEqualTo(day("后天", tuesday))
        .isEqualTo(day("明後日に出す", tuesday)).isEqualTo(day("El release es pasado mañana y está listo.", tuesday))
        .isEqualTo(day("Der Release ist übermorgen und wir sind bereit.", tuesday)).isEqualTo(day("Le release est après-demain et il est prêt.", tuesday));
    assertThat(pin("3 days ago", tuesday)).isEqualTo(pin("3天前", tuesday)).isEqualTo(pin("3日前に", tuesday))
        .isEqualTo(pin("El build falla desde hace 3 días y nadie lo vio.", tuesday)).isEqualTo(pin("Der Build ist vor 3 Tagen kaputt gegangen und wir haben es gesehen.", tuesday))
        .isEqualTo(pin("il y a 3 jours, le build a cassé", tuesday)).containsExactly(new PinnedDate(DatePrecision.DAY,
            LocalDate.of(2026, 5, 9)));
    assertThat(pin("last month", tuesday)).isEqualTo(pin("上个月", tuesday)).isEqualTo(pin("先月は", tuesday))
        .isEqualTo(pin("La base de datos se migró el mes pasado y funciona.", tuesday)).isEqualTo(pin("Die Datenbank wurde letzten Monat migriert und das ist gut.", tuesday))
        .isEqualTo(pin("La base a été migrée le mois dernier et elle marche.", tuesday)).containsExactly(new PinnedDate(DatePrecision.MONTH,
            LocalDate.of(2026, 4, 1)));
    assertThat(pin("next week", tuesday)).isEqualTo(pin("下周", tuesday)).isEqualTo(pin("来週は", tuesday))
        .containsExactly(new PinnedDate(DatePrecision.WEEK, LocalDate.of(2026, 5, 18)));
  }

  @Test
  void aWordIsReadInTheLanguageOfItsText() {
    // German "hier" is "here", French "hier" is "yesterday"; "la mañana" is the morning, "mañana" tomorrow
    assertThat(pin("Hier ist der Fehler, und das ist nicht gut.", SUNDAY)).isEmpty();
    assertThat(pin("Le build a cassé hier et nous avons corrigé.", SUNDAY)).hasSize(1);
    assertThat(pin("Por la mañana el build falla.", SUNDAY)).isEmpty();
    assertThat(pin("Heute Morgen lief der Build nicht, das ist schlecht.", SUNDAY)).hasSize(1);
  }

  @Test
  void chineseNumerals() {
    assertThat(HanDatePhrases.zhNumber("十")).contains(10);
    assertThat(HanDatePhrases.zhNumber("二十三")).contains(23);
    assertThat(HanDatePhrases.zhNumber("两")).contains(2);
    assertThat(HanDatePhrases.zhNumber("十十")).isEmpty();
  }
}
