package io.engram.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.AlphaChars;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

class JsonAnswerTest {
  record Pick(List<String> files, String reason) {}

  @Test
  void fencedJsonIsTakenFromTheFence() {
    JsonNode node = JsonAnswer.tree("Here you go:\n```json\n{\"a\": 1}\n```\nHope that helps {not json}");
    assertThat(node.get("a").asInt()).isEqualTo(1);
  }

  @Test
  void proseBeforeAndAfterTheValueIsIgnored() {
    Pick pick = JsonAnswer.bind("Sure! {\"files\": [\"a.md\"], \"reason\": \"tests\"} Anything else?", Pick.class);
    assertThat(pick).isEqualTo(new Pick(List.of("a.md"), "tests"));
  }

  @Test
  void missingRecordComponentIsReportedByName() {
    assertThatThrownBy(() -> JsonAnswer.bind("{\"files\": []}", Pick.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("reason");
  }

  @Test
  void missingRequiredFieldsAreListed() {
    assertThatThrownBy(() -> JsonAnswer.object("{\"a\": 1, \"b\": null}", List.of("a", "b", "c")))
        .hasMessageContaining("b, c");
  }

  @Test
  void answerWithoutJsonSaysSo() {
    assertThatThrownBy(() -> JsonAnswer.tree("I cannot help with that."))
        .hasMessageContaining("no JSON");
    assertThatThrownBy(() -> JsonAnswer.tree("{\"a\": tru"))
        .hasMessageContaining("not valid JSON");
  }

  @Property(tries = 200)
  void anyObjectSurvivesProseAndFences(
      @ForAll Map<@AlphaChars @StringLength(min = 1, max = 8) String, Integer> fields,
      @ForAll @AlphaChars @StringLength(max = 30) String prose,
      @ForAll boolean fenced)
      throws Exception {
    String json = new ObjectMapper().writeValueAsString(fields);
    String answer = fenced ? prose + "\n```json\n" + json + "\n```\n" + prose : prose + " " + json + " " + prose;
    JsonNode parsed = JsonAnswer.tree(answer);
    assertThat(new ObjectMapper().convertValue(parsed, Map.class)).isEqualTo(fields);
  }
}
