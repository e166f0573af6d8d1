package io.engram.context;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.ContextSettings;
import io.engram.testing.TestResources;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.Role;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ContextTimelineTest {
  private static final ContextSettings S = ContextSettings.DEFAULTS;

  // Levels per request counted independently in Python from the recorded usage of each message.id.
  @Test
  void levelsOfTheAutoCompactedSessionFollowTheRecordedUsage() throws IOException {
    Transcript t = TranscriptReader.read(
        TestResources.path("transcripts/claude-code/258c7280-ae70-4798-800f-63464d01a85d.jsonl"));
    List<ContextTimeline.Point> points = ContextTimeline.of(t, S);
    assertThat(points).hasSize(152).allMatch(p -> p.actualTokens().isPresent());
    Map<ContextLevel, Long> levels =
        points.stream().collect(Collectors.groupingBy(ContextTimeline.Point::level, Collectors.counting()));
    assertThat(levels).containsOnly(
        Map.entry(ContextLevel.NORMAL, 93L), Map.entry(ContextLevel.WARNING, 43L), Map.entry(ContextLevel.URGENT, 16L));
    int firstAfter = (int) points.stream().filter(p -> p.position().segment() == 0).count();
    assertThat(points.get(firstAfter - 1).level()).isEqualTo(ContextLevel.URGENT);
    assertThat(points.get(firstAfter).level()).isEqualTo(ContextLevel.NORMAL);
    assertThat(points.get(firstAfter).estimatedTokens()).isLessThan(points.get(firstAfter - 1).estimatedTokens());
  }

  @Test
  void withoutRecordedUsageTheCorrectedEstimateGivesTheLevel() {
    Function<Integer, TranscriptMessage> words =
        n -> TranscriptMessage.of(Role.USER, List.of(new ContentBlock.Text("w ".repeat(n))));
    Transcript t = Transcript.ofMessages("x", List.of(
        words.apply(100_000), TranscriptMessage.text(Role.ASSISTANT, "a"),
        words.apply(45_000), TranscriptMessage.text(Role.ASSISTANT, "b")));
    List<ContextTimeline.Point> points = ContextTimeline.of(t, S, text -> text.split(" ").length);
    assertThat(points).extracting(ContextTimeline.Point::estimatedTokens)
        .containsExactly((long) Math.ceil(100_000 * S.tokenCorrection()), (long) Math.ceil(145_001 * S.tokenCorrection()));
    assertThat(points).extracting(ContextTimeline.Point::level)
        .containsExactly(ContextLevel.WARNING, ContextLevel.CRITICAL);
  }
}
