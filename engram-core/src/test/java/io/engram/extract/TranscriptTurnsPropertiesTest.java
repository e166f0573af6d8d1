package io.engram.extract;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.transcript.ContentBlock;
import io.engram.transcript.Role;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

class TranscriptTurnsPropertiesTest {

  @Provide
  Arbitrary<TranscriptMessage> messages() {
    return Arbitraries.oneOf(
        Arbitraries.strings().ofMaxLength(40).map(t -> TranscriptMessage.text(Role.USER, t)),
        Arbitraries.of("<command-name>/x</command-name>", "<system-reminder>r</system-reminder>",
            "Base directory for this skill: /s", "[Request interrupted by user]")
            .map(t -> TranscriptMessage.text(Role.USER, t)),
        Arbitraries.strings().ofMaxLength(40).map(t -> TranscriptMessage.text(Role.ASSISTANT, t)),
        Arbitraries.strings().ofMaxLength(40).map(t ->
            TranscriptMessage.of(Role.USER, List.of(new ContentBlock.ToolResult("t", t, false)))));
  }

  @Property(tries = 300)
  void turnsTileTheRangeAndOnlyHumanTextOpensOne(
      @ForAll @Size(max = 30) List<@net.jqwik.api.From("messages") TranscriptMessage> list,
      @ForAll @IntRange(max = 30) int a, @ForAll @IntRange(max = 30) int b) {
    Transcript t = Transcript.ofMessages("s", list);
    int from = Math.min(Math.min(a, b), list.size());
    int to = Math.min(Math.max(a, b), list.size());

    List<TranscriptTurn> turns = TranscriptTurns.withoutMemoryDirs().split(t, from, to);

    int next = from;
    List<TranscriptMessage> seen = new ArrayList<>();
    for (int i = 0; i < turns.size(); i++) {
      TranscriptTurn turn = turns.get(i);
      assertThat(turn.startIndex()).isEqualTo(next);
      assertThat(turn.endIndex()).isGreaterThan(turn.startIndex());
      assertThat(turn.humanInput()).isEqualTo(TranscriptTurns.isHumanText(list.get(turn.startIndex())));
      if (i > 0) {
        assertThat(turn.humanInput()).isTrue();
      }
      for (int j = turn.startIndex() + 1; j < turn.endIndex(); j++) {
        assertThat(TranscriptTurns.isHumanText(list.get(j))).isFalse();
      }
      seen.addAll(turn.messages());
      next = turn.endIndex();
    }
    assertThat(next).isEqualTo(to);
    assertThat(seen).isEqualTo(list.subList(from, to));
    assertThat(TranscriptTurns.withoutMemoryDirs().texts(t, from, to))
        .allSatisfy(x -> assertThat(x.text()).isNotBlank().doesNotContain("<system-reminder>", "<command-name>"));
  }
}
