package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.Character.UnicodeScript;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What language a summary writes in, and what of the transcript's words it can be asked to hold in another one. */
class WrittenLanguageTest {

  private static Set<String> words(String text) {
    return Continuity.words(text).keySet();
  }

  private static WrittenLanguage of(String text) {
    return WrittenLanguage.of(text);
  }

  @Test
  void portugueseGermanAndSpanishRequestsAreToldFromAnEnglishSummaryInTheSameScript() {
    WrittenLanguage english = WrittenLanguage.of("Backing up the database and documenting the memory setup; the"
        + " backup script was written and the next step is to verify that it restores.");
    assertThat(english.differs(of("guarda na sua memoria também, e depois faz o backup"))).isTrue();
    assertThat(english.differs(of("Kannst du bitte noch die Tests für den Parser schreiben und das Log prüfen?")))
        .isTrue();
    assertThat(english.differs(of("¿Puedes revisar los errores del servidor? Quiero que todo funcione ahora.")))
        .isTrue();
    assertThat(english.differs(of("please back up the database before the migration runs"))).isFalse();
  }

  @Test
  void aSummaryInThePersonsLanguageIsInTheirLanguage() {
    WrittenLanguage portuguese = WrittenLanguage.of("O backup do banco foi feito e agora falta verificar se a"
        + " restauração funciona; depois vamos documentar isso na memória.");
    assertThat(portuguese.latin()).contains(LatinLanguage.PORTUGUESE);
    assertThat(portuguese.differs(of("guarda na sua memoria também, e depois faz o backup"))).isFalse();
  }

  @Test
  void anEnglishSummaryThatQuotesAChineseRequestStillWritesInEnglish() {
    WrittenLanguage summary = WrittenLanguage.of("The user asked \"这个是不是好难安装，帮我看看安装脚本\" and the"
        + " install script was being rewritten to check the Python version first.\n> 帮我看看安装脚本");
    assertThat(summary.scripts()).containsExactly(UnicodeScript.LATIN);
    assertThat(summary.differs(of("这个是不是好难安装，帮我看看安装脚本"))).isTrue();
  }

  @Test
  void koreanProductNamesInAnEnglishSummaryAreNoKoreanOfItsOwn() {
    WrittenLanguage summary = WrittenLanguage.of("""
        - Review other product groups (미니멀러그, 시어서커, 사이잘러그, 블랭킷) for sales data accuracy
        - Handle 방석/쿠션 (cushions) last, as the user asked
        """);
    assertThat(summary.scripts()).containsExactly(UnicodeScript.LATIN);
    assertThat(WrittenLanguage.of("- 다른 제품군 (미니멀러그, 시어서커) 판매 데이터 검토 필요").scripts())
        .contains(UnicodeScript.HAN);
  }

  @Test
  void aChineseSummaryWithNamesInItWritesInBoth() {
    WrittenLanguage summary = WrittenLanguage.of("正在修复登录页面的错误，更新 LoginPage.tsx 的表单校验逻辑");
    assertThat(summary.scripts()).contains(UnicodeScript.HAN);
    assertThat(summary.differs(of("帮我修一下登录页面的表单校验"))).isFalse();
  }

  @Test
  void inAnotherLanguageOnlyNamesNumbersAndWordsTheSummaryHoldsAreAskedFor() {
    WrittenLanguage english = WrittenLanguage.of("Pushing the raft project to GOGS: the push failed for want of a"
        + " token, and the user is to say where it is kept.");
    Map<String, Double> request = Map.of("토큰", 3.0, "로컬", 2.8, "메모", 3.9, "gogs", 2.0,
        "raft_db.fl", 6.0, "2024", 1.0);
    Map<String, Double> expected = english.expected(request, words("Pushing the raft project to GOGS"), Set.of());
    assertThat(expected).containsOnlyKeys("gogs", "raft_db.fl", "2024");
  }

  @Test
  void aPortugueseRequestIsAskedForItsNamesAndWhatTheSummaryHolds() {
    WrittenLanguage english = WrittenLanguage.of("Saving the backup notes to memory: the documentation of the backup"
        + " script is written and the memory file is being updated.");
    Map<String, Double> request = Map.of("guarda", 4.0, "sua", 1.0, "memoria", 4.0, "também", 2.0,
        "backup", 3.0, "backupservice", 6.0);
    Map<String, Double> expected = english.expected(request, words("Saving the backup notes to memory"),
        Set.of("backupservice"));
    assertThat(expected).containsOnlyKeys("backup", "backupservice");
  }

  @Test
  void inItsOwnLanguageEveryWordOfItsScriptsIsAskedFor() {
    WrittenLanguage english = WrittenLanguage.of("The parser was being taught to read a quoted field at the end.");
    Map<String, Double> request = Map.of("parser", 2.0, "quoted", 1.5, "comma", 1.0, "字段", 2.0);
    assertThat(english.expected(request, words("The parser"), Set.of())).containsOnlyKeys("parser", "quoted",
        "comma");
  }
}
