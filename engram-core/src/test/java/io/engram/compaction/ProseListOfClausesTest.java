package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A list item that names what to do as a row of short clauses says something; a row of names does not. */
class ProseListOfClausesTest {

  @Test
  void aToDoListOfClausesAVerbOpensIsAStatement() {
    assertThat(Prose.says("- **Implementation (current)**: Create feature branch `CHA-19-crm-tab`, implement 9 files,"
        + " run cargo check + tests + biome, push branch, create PR, link to Linear")).isTrue();
    assertThat(Prose.says("1. rebase onto main, rerun clippy, push the branch")).isTrue();
  }

  @Test
  void aRowOfNamesOrConceptsIsNone() {
    assertThat(Prose.says("- Rust, Axum web server, Preact SPA frontend, WebSocket RPC")).isFalse();
    assertThat(Prose.says("- Parser.java, Lexer.java, Token.java, Grammar.java")).isFalse();
    assertThat(Prose.says("- `sendRpc`, `registerPage`, `NavCounts`, `GonData`")).isFalse();
  }

  @Test
  void twoClausesAreNotEnoughToTellAToDoListFromAPairOfNames() {
    assertThat(Prose.says("- push branch, create PR, Lexer.java")).isFalse();
  }

  @Test
  void clausesOutsideAListItemAreReadAsAnyOtherLine() {
    assertThat(Prose.says("implement 9 files, push branch, create PR, post comment")).isFalse();
  }

  @Test
  void aFileNamedInJapaneseIsNoSentence() {
    assertThat(Prose.says("- /Users/dev/book/column/1万件の声を集めて気づいたこと.md")).isFalse();
    assertThat(Prose.says("- `11_03_多元現実の事例記事.md`")).isFalse();
    assertThat(Prose.says("- 多元現実の事例記事を column/11_03.md に統合した")).isTrue();
    assertThat(Prose.says("多元現実の事例記事をコラムに統合しました。")).isTrue();
  }
}
