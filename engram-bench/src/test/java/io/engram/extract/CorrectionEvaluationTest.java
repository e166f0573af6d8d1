package io.engram.extract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class CorrectionEvaluationTest {

  @Property
  void aLargerSetAsideShareHoldsEveryItemASmallerOneHolds(@ForAll String id, @ForAll @IntRange(max = 10) int tenths) {
    CorrectionEvaluation.Item item = new CorrectionEvaluation.Item(id, "en", "", "text", Optional.empty());
    if (item.setAside(tenths)) {
      assertThat(item.setAside(Math.min(10, tenths + 1))).isTrue();
    }
    assertThat(item.setAside(0)).isFalse();
    assertThat(item.setAside(10)).isTrue();
    assertThat(item.setAside()).isEqualTo(item.setAside(3));
  }

  @Property
  void everyTurnOfAChatFallsInTheTenthOfItsChat(@ForAll @IntRange(max = 500) int chat, @ForAll @IntRange(max = 99) int a,
      @ForAll @IntRange(max = 99) int b) {
    CorrectionEvaluation.Item one = new CorrectionEvaluation.Item("s:owner/repo:ab/" + chat + ":" + a, "en", "", "t",
        Optional.empty());
    CorrectionEvaluation.Item other = new CorrectionEvaluation.Item("s:owner/repo:ab/" + chat + ":" + b, "en", "", "t",
        Optional.empty());

    assertThat(one.chatTenth()).isEqualTo(other.chatTenth());
  }

  @Test
  void chatsSpreadOverEveryTenth() {
    assertThat(IntStream.range(0, 200).mapToObj(n -> new CorrectionEvaluation.Item("s:r:chat" + n + ":1", "en", "",
        "t", Optional.empty()).chatTenth()).distinct().count()).isEqualTo(10);
  }

  @Test
  void aHalfShareSetsAsideAboutHalfOfManyIds() {
    long aside = java.util.stream.IntStream.range(0, 2000)
        .mapToObj(n -> new CorrectionEvaluation.Item("id-" + n, "en", "", "t", Optional.empty()))
        .filter(i -> i.setAside(5)).count();
    assertThat(aside).isBetween(900L, 1100L);
  }

  @Test
  void readsLabelsAndScoresWhatIsFoundKeptAndWrittenFromNegatives() throws IOException {
    String jsonl = """
        {"id": "a", "lang": "en", "prev": "", "text": "Don't use npm here, use pnpm because the lockfile is pnpm's.", \
        "expected": {"avoid": "npm", "instead": "pnpm", "reason": "lockfile"}}
        {"id": "b", "lang": "en", "prev": "", "text": "Can you rename the button?", "expected": null}
        """;
    List<CorrectionEvaluation.Item> items = CorrectionEvaluation.read(new StringReader(jsonl));
    assertThat(items).extracting(CorrectionEvaluation.Item::id).containsExactly("a", "b");
    CorrectionScore score = CorrectionEvaluation.score(
        CorrectionEvaluation.outcomes(new RuleBasedExtractor(), items, i -> true));
    assertThat(score.corrections()).isEqualTo(1);
    assertThat(score.found()).isEqualTo(1);
    assertThat(score.alternativeKept()).isEqualTo(1);
    assertThat(score.reasonKept()).isEqualTo(1);
    assertThat(score.negatives()).isEqualTo(1);
    assertThat(score.falsePositives()).isZero();
  }

  @Test
  void aNegativeTurnWithSeveralCandidatesIsOneTurnWrittenPerHundred() throws IOException {
    String jsonl = """
        {"id": "a", "lang": "en", "prev": "", "text": "x", "expected": null}
        {"id": "b", "lang": "en", "prev": "", "text": "y", "expected": null}
        {"id": "c", "lang": "en", "prev": "", "text": "z", "expected": null}
        {"id": "d", "lang": "en", "prev": "", "text": "w", "expected": null}
        """;
    MemoryCandidate one = new MemoryCandidate(CandidateAction.CREATE, "one", "one", CandidateType.FEEDBACK, "one",
        new MemoryCandidate.Provenance(CandidateSource.USER, true, new Evidence(0, 0, 1, "x"), 0.5));
    Extractor writesTwoForX = (turns, existing) -> turns.get(turns.size() - 1).text().equals("x")
        ? List.of(one, one) : List.of();

    CorrectionScore score = CorrectionEvaluation.score(CorrectionEvaluation.outcomes(writesTwoForX,
        CorrectionEvaluation.read(new StringReader(jsonl)), i -> true));

    assertThat(score.falsePositives()).isEqualTo(2);
    assertThat(score.negativesWritten()).isEqualTo(1);
    assertThat(score.falsePositivesPer100()).isEqualTo(25.0);
    assertThat(score.toString()).contains("false positives 2 on 4 negatives (1 turns, 25.0 per 100)");
  }

  @Test
  void aLineThatIsNoLabelSaysWhichLine() {
    assertThatThrownBy(() -> CorrectionEvaluation.read(new StringReader("{\"id\": \"a\", \"text\": \"x\"}\nnot json")))
        .isInstanceOf(IOException.class).hasMessageContaining("line 2");
  }
}
