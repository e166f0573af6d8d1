package io.engram.extract;

import static io.engram.extract.Fixtures.all;
import static io.engram.extract.Fixtures.user;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Corrections said in Japanese, Korean, Vietnamese, Russian, Spanish, Portuguese, French and German are read by how
 * each language forbids, sets one thing against another and gives a cause, kept whole with what to do instead and why;
 * a report, a question or a request about the work at hand in those languages stays quiet.
 */
class OtherLanguageCorrectionsTest {

  @Test
  void aJapaneseNegativeRequestIsKeptWithItsReason() {
    assertThat(user("最終段にcatをつけるのはやめて、無意味だから")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("catをつけるのはやめて", "無意味だから"));
    assertThat(user("npmは使わないでください。代わりにpnpmを使ってください。")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("npmは使わないで", "pnpmを使って"));
  }

  @Test
  void aJapaneseRuleForNextTimeIsARule() {
    assertThat(user("今後はコミットの前に必ずテストを実行してください。")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("テストを実行して"));
  }

  @Test
  void aJapaneseReportOrQuestionIsNoCorrection() {
    assertThat(user("テストが通らないです。")).isEmpty();
    assertThat(user("ビルドが失敗しました、ログを確認してもらえますか？")).isEmpty();
    assertThat(user("このファイルを確認しないで進めました。")).isEmpty();
  }

  @Test
  void aKoreanProhibitionAndItsAlternativeStayTogether() {
    assertThat(user("npm 대신 pnpm을 사용하세요. npm은 잠금 파일을 깨뜨리니까요.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("pnpm을 사용하세요", "깨뜨리니까요"));
    assertThat(user("주석을 영어로 쓰지 마세요.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("쓰지 마세요"));
    assertThat(user("앞으로 내가 일을 맡길 때 이 규칙을 기억해.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("기억해"));
  }

  @Test
  void aKoreanReportIsNoCorrection() {
    assertThat(user("홈 화면에서 버튼을 눌러도 아무 반응이 없어.")).isEmpty();
  }

  @Test
  void aVietnameseDontAndAWishThatHoldsOnAreRead() {
    assertThat(user("Đừng dùng npm, hãy dùng pnpm vì lockfile của dự án là pnpm.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("đừng dùng npm", "pnpm", "vì lockfile"));
    assertThat(user("Từ giờ trở đi, bạn luôn trả lời bằng tiếng Việt nhé.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("trả lời bằng tiếng việt"));
    assertThat(user("Tôi đã chạy lại nhưng vẫn lỗi ở bước build.")).isEmpty();
  }

  @Test
  void aRussianNegatedImperativeIsReadAndAStatementIsNot() {
    assertThat(user("Ничего от себя не добавляй, в коде меняем только то, что обсудили.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("не добавляй", "меняем только то"));
    assertThat(user("Не используй moment.js, вместо него используй date-fns, потому что moment тяжелый."))
        .singleElement().satisfies(m -> assertThat(all(m)).contains("не используй moment.js", "date-fns", "потому что"));
    assertThat(user("Общайся на русском.")).singleElement();
    assertThat(user("Тесты не работали после обновления.")).isEmpty();
    assertThat(user("Я не знаю, почему сборка падает.")).isEmpty();
  }

  @Test
  void aSpanishOrPortugueseNegativeImperativeIsReadButAStatementIsNot() {
    assertThat(user("No uses console.log para depurar, usa el logger porque guarda el contexto.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("no uses console.log", "usa el logger", "porque"));
    assertThat(user("El botón no funciona en la página de inicio.")).isEmpty();
    assertThat(user("Não altere os testes existentes, em vez disso corrija o código.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("não altere", "corrija o código"));
    assertThat(user("O build não funciona no meu computador.")).isEmpty();
  }

  @Test
  void aFrenchOrGermanProhibitionIsReadButAReportIsNot() {
    assertThat(user("N'utilise jamais var, utilise const parce que c'est plus sûr.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("n'utilise jamais var", "utilise const", "parce que"));
    assertThat(user("Ça ne marche pas sur mon poste.")).isEmpty();
    assertThat(user("Verwende kein npm, sondern pnpm, weil das Lockfile von pnpm ist.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("verwende kein npm", "pnpm", "weil"));
    assertThat(user("Das funktioniert nicht auf meinem Rechner.")).isEmpty();
  }

  @Test
  void aContrastThatOnlyDescribesIsNoCorrection() {
    assertThat(user("IDで表示されているのはmgr-001ではなく、kyb-001となっている。")).isEmpty();
    assertThat(user("ý tôi là trung tâm của mọi cuộc hội thoại chứ ko phải của dự án này")).isEmpty();
    assertThat(user("Вместо значения длина трассы отображалась новая длина.")).isEmpty();
    // beside an imperative, the same contrast says what to use instead
    assertThat(user("モックデータではなく実際のデータを使ってください。")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("実際のデータを使って"));
  }

  @Test
  void anEditAskedForIsNoContrast() {
    assertThat(user("Замени текст Длина кабеля на Длина трассы.")).isEmpty();
    assertThat(user("Reemplaza el texto del botón por Guardar, por favor.")).isEmpty();
  }

  @Test
  void aTimeThatBoundsItOrAQuestionsEndingMakesItTheWorkAtHand() {
    assertThat(user("Сейчас пока обсуждаем, не меняй ничего.")).isEmpty();
    // not changing anything, said bare beside the work asked, bounds that work; not adding anything of one's own holds on
    assertThat(user("А теперь давай пообсуждаем, ничего не меняй.")).isEmpty();
    assertThat(user("Просто отвечай на вопрос, менять код не нужно.")).isEmpty();
    assertThat(user("Ничего от себя не добавляй.")).singleElement();
    assertThat(user("今回はテストを書かないでください。")).isEmpty();
    assertThat(user("앞으로 내가 어디까지 배워야하는지.")).isEmpty();
    assertThat(user("Por ahora no toques los tests.")).isEmpty();
  }

  @Test
  void aRussianInfinitivePastFormOrTheSpeakersNeedIsNoProhibition() {
    assertThat(user("Так не отобразились параметры.")).isEmpty();
    assertThat(user("Да, можешь не спрашивать, найди все тексты и создай файл.")).isEmpty();
    assertThat(user("Нет, эти значения мне не нужно экспортировать в эксель.")).isEmpty();
    assertThat(user("Ничего добавлять от себя не нужно, меняем в коде только то, что обсудили.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("не нужно", "меняем в коде только"));
  }

  @Test
  void aJapaneseWishAboutTheProgramOrAWordHoldingNeverIsNoProhibition() {
    assertThat(user("切り替え時に一瞬No Signalにならないでほしい。")).isEmpty();
    assertThat(user("この問題を解決してほしい。")).isEmpty();
    assertThat(user("実装しなくていいから、どう思う。")).isEmpty();
  }

  @Test
  void aSentenceIsReadInItsOwnLanguage() {
    assertThat(CorrectionClauses.of("npmは使わないでください").id()).isEqualTo("ja");
    assertThat(CorrectionClauses.of("不要用 npm").id()).isEqualTo("zh");
    assertThat(CorrectionClauses.of("주석을 영어로 쓰지 마세요").id()).isEqualTo("ko");
    assertThat(CorrectionClauses.of("Не используй npm").id()).isEqualTo("ru");
    assertThat(CorrectionClauses.of("Đừng dùng npm nữa").id()).isEqualTo("vi");
    assertThat(CorrectionClauses.of("No uses npm, usa pnpm para todo").id()).isEqualTo("es");
    assertThat(CorrectionClauses.of("Não altere os testes, por favor").id()).isEqualTo("pt");
    assertThat(CorrectionClauses.of("Ne fais pas ça avec le build").id()).isEqualTo("fr");
    assertThat(CorrectionClauses.of("Bitte nicht die Tests ändern, das ist wichtig").id()).isEqualTo("de");
    assertThat(CorrectionClauses.of("Don't use npm for the build, use pnpm").id()).isEqualTo("en");
    assertThat(CorrectionClauses.of("Use la library de date-fns in the app").id()).isEqualTo("en");
  }
}
