package io.engram.recall;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DocumentScriptsTest {
  @Test
  void aStoreInTheQuerysScriptHoldsNoOtherScript() {
    DocumentScripts scripts = new DocumentScripts();
    scripts.follow(List.of(RecallFixtures.doc("a", "The build uses Gradle."), RecallFixtures.doc("b", "Run tests.")),
        Set.of());

    assertThat(scripts.anyOtherThan(Script.LATIN)).isFalse();
    assertThat(scripts.anyOtherThan(Script.CJK)).isTrue();
    assertThat(scripts.otherThan("a", Script.LATIN)).isFalse();
    assertThat(scripts.otherThan("a", Script.CJK)).isTrue();
    assertThat(scripts.otherThan("unknown", Script.CJK)).isFalse();
  }

  @Test
  void aChangedDocumentIsReadAgainAndARemovedOneForgotten() {
    DocumentScripts scripts = new DocumentScripts();
    RecallDocument english = RecallFixtures.doc("a", "The build uses Gradle.");
    scripts.follow(List.of(english, RecallFixtures.doc("b", "运行测试前先启动数据库。")), Set.of());
    assertThat(scripts.anyOtherThan(Script.LATIN)).isTrue();

    scripts.follow(List.of(english, RecallFixtures.doc("b", "Start the database first.")), Set.of("b"));
    assertThat(scripts.anyOtherThan(Script.LATIN)).isFalse();

    scripts.follow(List.of(RecallFixtures.doc("c", "构建用 Gradle，测试前先启动数据库。")), Set.of());
    assertThat(scripts.otherThan("a", Script.CJK)).isFalse();
    assertThat(scripts.otherThan("c", Script.LATIN)).isTrue();
    assertThat(scripts.anyOtherThan(Script.CJK)).isFalse();
  }
}
