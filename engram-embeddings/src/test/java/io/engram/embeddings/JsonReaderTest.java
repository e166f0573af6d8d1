package io.engram.embeddings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class JsonReaderTest {
  private static final ObjectMapper JACKSON = new ObjectMapper();

  @Test
  void readsEveryKindOfValue() {
    Object value = JsonReader.parse(
        " {\"a\": [1, -2, 3000000000, 0.5, -1e3, true, false, null], \"b\": {\"c\": \"x\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00\"}} ");

    Map<String, Object> b = new HashMap<>();
    b.put("c", "x\"\\/\b\f\n\r\té😀");
    assertThat(value).isEqualTo(Map.of("a", Arrays.asList(1, -2, 3000000000L, 0.5, -1000.0, true, false, null), "b", b));
  }

  @Test
  void emptyContainersAndTopLevelScalars() {
    assertThat(JsonReader.parse("{}")).isEqualTo(Map.of());
    assertThat(JsonReader.parse("[ ]")).isEqualTo(List.of());
    assertThat(JsonReader.parse("\"s\"")).isEqualTo("s");
    assertThat(JsonReader.parse("0")).isEqualTo(0);
  }

  @Test
  void malformedTextIsRefusedWithTheOffset() {
    assertThatThrownBy(() -> JsonReader.parse("{\"a\": [1, 2}"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("not valid JSON at character 11: expected ']'");
    for (String bad : List.of("", "{", "[1,]", "{\"a\" 1}", "01", "1.", "-", "tru", "\"\\x\"", "\"\\u12\"", "\"a",
        "{} x", "{\"a\":1,}", "\"tab\there\"")) {
      assertThatThrownBy(() -> JsonReader.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Property(tries = 300)
  void readsWhatJacksonWrites(@ForAll("values") Object value) throws Exception {
    assertThat(JsonReader.parse(JACKSON.writeValueAsString(value))).isEqualTo(value);
  }

  @Property(tries = 500)
  void anyTextIsReadOrRefusedWithAnIllegalArgument(@ForAll("jsonish") String text) {
    try {
      JsonReader.parse(text);
    } catch (IllegalArgumentException expected) {
      assertThat(expected).hasMessageStartingWith("not valid JSON at character ");
    }
  }

  @Provide
  Arbitrary<Object> values() {
    return value(3);
  }

  private Arbitrary<Object> value(int depth) {
    Arbitrary<Object> scalar = Arbitraries.oneOf(
        Arbitraries.strings().ofMaxLength(20).map(s -> (Object) s),
        Arbitraries.integers().map(i -> (Object) i),
        Arbitraries.longs().filter(l -> l != (int) (long) l).map(l -> (Object) l),
        Arbitraries.doubles().map(d -> (Object) d),
        Arbitraries.of(true, false).map(b -> (Object) b));
    if (depth == 0) {
      return scalar;
    }
    Arbitrary<Object> list = value(depth - 1).list().ofMaxSize(4).map(l -> (Object) new ArrayList<>(l));
    Arbitrary<Object> map = Arbitraries.maps(Arbitraries.strings().ofMaxLength(8), value(depth - 1)).ofMaxSize(4)
        .map(m -> (Object) new HashMap<>(m));
    return Arbitraries.oneOf(scalar, list, map);
  }

  @Provide
  Arbitrary<String> jsonish() {
    return Arbitraries.strings().withChars("{}[]\",:\\ -+.0123456789eEtruefalsnu\t\n").ofMaxLength(40);
  }
}
