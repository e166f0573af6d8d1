package io.engram.redact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RuleFileTest {
  private static String data() throws IOException {
    try (InputStream in = GitleaksRules.class.getResourceAsStream(GitleaksRules.RESOURCE)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void theRuleFileReadsAsATomlLibraryReadsIt() throws IOException {
    String text = data();
    JsonNode toml = new TomlMapper().readTree(text);
    RuleFile file = RuleFile.parse(text);
    ObjectMapper json = new ObjectMapper();
    assertThat(file.rules).hasSize(toml.path("rules").size()).hasSize(216);
    for (int i = 0; i < file.rules.size(); i++) {
      JsonNode ours = json.valueToTree(file.rules.get(i));
      JsonNode theirs = toml.path("rules").get(i);
      theirs.fieldNames().forEachRemaining(field -> assertThat(same(ours.path(field), theirs.path(field)))
          .as("rule %s, %s: %s against %s", theirs.path("id"), field, ours.path(field), theirs.path(field)).isTrue());
      assertThat(ours.path("allowlists").size()).isEqualTo(theirs.path("allowlists").size());
    }
    assertThat(same(json.valueToTree(file.allowlist), toml.path("allowlist"))).isTrue();
  }

  /** Equal as data: numbers by value (TOML libraries differ in number types), the rest exactly. */
  private static boolean same(JsonNode a, JsonNode b) {
    if (a.isNumber() && b.isNumber()) {
      return a.asDouble() == b.asDouble();
    }
    if (a.isContainerNode() && b.isContainerNode() && a.size() == b.size()) {
      if (a.isArray()) {
        for (int i = 0; i < a.size(); i++) {
          if (!same(a.get(i), b.get(i))) {
            return false;
          }
        }
        return true;
      }
      java.util.Iterator<String> names = b.fieldNames();
      while (names.hasNext()) {
        String n = names.next();
        if (!same(a.path(n), b.path(n))) {
          return false;
        }
      }
      return true;
    }
    return a.equals(b);
  }

  @Test
  void everyAdoptedRuleHasAnIdARegexAndKeywords() throws IOException {
    for (Map<String, Object> r : RuleFile.parse(data()).rules) {
      assertThat(r.get("id")).as(r.toString()).isInstanceOf(String.class);
      assertThat(r.get("regex")).as(r.toString()).isInstanceOf(String.class);
      assertThat(r.get("keywords")).as(r.toString()).asList().isNotEmpty();
    }
  }

  @Test
  void badLinesAreErrorsNamingTheLine() {
    assertThatThrownBy(() -> RuleFile.parse("[[rules]]\nid = \"x\"\nregex = '''unclosed\n"))
        .hasMessageContaining("line 3").hasMessageContaining("unclosed");
    assertThatThrownBy(() -> RuleFile.parse("id = \"before any table\""))
        .hasMessageContaining("line 1");
    assertThatThrownBy(() -> RuleFile.parse("[[rules]]\nentropy = high"))
        .hasMessageContaining("line 2").hasMessageContaining("high");
  }

  @Test
  void basicStringsKeepTheirEscapes() {
    RuleFile f = RuleFile.parse("[[rules]]\ndescription = \"a \\\"quoted\\\" word \\u00e9\"\nkeywords = [\"a\", '''b''']");
    assertThat(f.rules.get(0)).containsEntry("description", "a \"quoted\" word \u00e9")
        .containsEntry("keywords", java.util.List.of("a", "b"));
  }
}
