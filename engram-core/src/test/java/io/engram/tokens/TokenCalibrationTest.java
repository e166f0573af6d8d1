package io.engram.tokens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.engram.config.ContextSettings;
import io.engram.testing.TestResources;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TokenCalibrationTest {
  private static final List<String> REAL = List.of(
      "258c7280-ae70-4798-800f-63464d01a85d.jsonl", "ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl",
      "short.jsonl", "subagent.jsonl", "tool_heavy.jsonl");

  private static Transcript read(String name) throws IOException {
    return TranscriptReader.read(TestResources.path("transcripts/claude-code/" + name));
  }

  @Test
  void oneSamplePerRequestWithThePrefixOfItsSegment() throws IOException {
    TokenCounter words = t -> t.isBlank() ? 0 : t.strip().split("\\s+").length;
    Transcript t = TranscriptReader.read(TestResources.path("transcripts/synthetic-session.jsonl"));
    List<TokenCalibration.Sample> samples = TokenCalibration.samples(t, words);
    // msg_1 (split over two records) after "Fix the failing build"; msg_2 later; msg_3 after the summary
    assertThat(samples).extracting(TokenCalibration.Sample::actual).containsExactly(1203L, 1355L, 415L);
    assertThat(samples.get(0).estimated()).isEqualTo(4);
    assertThat(samples.get(2).estimated()).isEqualTo(words.count(t.segments().get(1).messages().get(0).promptText()));
    // 152 distinct requests in the long session (counted with jq over message.id)
    assertThat(TokenCalibration.samples(read(REAL.get(0)), words)).hasSize(152);
  }

  @Test
  void fitRecoversAKnownSlopeAndPerGroupOverhead() {
    List<TokenCalibration.Sample> samples = new ArrayList<>();
    for (int i = 1; i <= 10; i++) {
      samples.add(new TokenCalibration.Sample("a", "m", i * 1000L, 5000 + (long) (1.25 * i * 1000)));
      samples.add(new TokenCalibration.Sample("b", "m", i * 700L, 9000 + (long) (1.25 * i * 700)));
    }
    TokenCalibration.Fit fit = TokenCalibration.fit(samples);
    assertThat(fit.factor()).isCloseTo(1.25, within(1e-9));
    assertThat(fit.overheads()).containsOnlyKeys("a", "b");
    assertThat(fit.overheads().get("b")).isCloseTo(9000, within(1e-6));
    assertThat(fit.errorCalibrated()).isCloseTo(0, within(1e-9));
    assertThat(fit.errorRaw()).isGreaterThan(fit.errorOverheadOnly());
    assertThatThrownBy(() -> TokenCalibration.fit(samples.subList(0, 1))).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theDefaultCorrectionsAreWhatTheRealTranscriptsYield() throws IOException {
    List<TokenCalibration.Sample> all = new ArrayList<>();
    for (String name : REAL) {
      all.addAll(TokenCalibration.samples(read(name), new JtokkitTokenCounter()));
    }
    ContextSettings settings = ContextSettings.DEFAULTS;
    TokenCalibration.Fit pooled = TokenCalibration.fit(all);
    assertThat(pooled.factor()).isCloseTo(settings.tokenCorrection(), within(0.01));
    for (Map.Entry<String, Double> e : settings.modelTokenCorrections().entrySet()) {
      TokenCalibration.Fit fit = TokenCalibration.fit(
          all.stream().filter(s -> s.model().startsWith(e.getKey())).toList());
      assertThat(fit.factor()).as(e.getKey()).isCloseTo(e.getValue(), within(0.01));
      assertThat(fit.errorCalibrated()).as(e.getKey()).isLessThan(fit.errorOverheadOnly());
    }
    assertThat(pooled.errorCalibrated()).isLessThan(pooled.errorOverheadOnly()).isLessThan(pooled.errorRaw());
  }

  @Test
  void countersPickTheCorrectionOfTheirModel() {
    ContextSettings s = ContextSettings.DEFAULTS;
    assertThat(JtokkitTokenCounter.correctionFor("claude-haiku-4-5-20251001", s)).isEqualTo(1.64);
    assertThat(JtokkitTokenCounter.correctionFor("claude-opus-4-6", s)).isEqualTo(1.23);
    assertThat(JtokkitTokenCounter.correctionFor("gpt-4o", s)).isEqualTo(s.tokenCorrection());
    String text = "The quick brown fox jumps over the lazy dog. ".repeat(20);
    int raw = new JtokkitTokenCounter().count(text);
    assertThat(JtokkitTokenCounter.forModel("claude-opus-4-6", s).count(text)).isEqualTo((int) Math.ceil(raw * 1.23));
  }
}
