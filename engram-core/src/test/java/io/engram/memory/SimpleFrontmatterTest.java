package io.engram.memory;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class SimpleFrontmatterTest {
  private static final YAMLMapper YAML = new YAMLMapper();

  @Property(tries = 1000)
  void theFastPathReadsWhatTheYamlParserReads(@ForAll("values") String value) throws Exception {
    String yaml = "name: n\ndescription: " + FrontmatterFields.scalar(value) + "\ntype: user\n";
    Optional<Map<String, Object>> fast = SimpleFrontmatter.parse(yaml);
    @SuppressWarnings("unchecked")
    Map<String, Object> full = YAML.readValue(yaml, Map.class);
    assertThat(full.get("description")).isEqualTo(value);
    fast.ifPresent(m -> assertThat(m).isEqualTo(full));
  }

  @Property(tries = 1000)
  void everyPlainValueIsReadBackAsItselfByYaml(@ForAll("values") String value) throws Exception {
    if (!FrontmatterFields.isPlain(value)) {
      return;
    }
    assertThat(YAML.readValue("k: " + value + "\n", Map.class).get("k")).isEqualTo(value);
  }

  @Test
  void listsCommentsAndNumbersGoToTheYamlParser() {
    assertThat(SimpleFrontmatter.parse("name: n\npaths:\n  - a\n")).isEmpty();
    assertThat(SimpleFrontmatter.parse("type: user # comment\n")).isEmpty();
    assertThat(SimpleFrontmatter.parse("version: 3\n")).isEmpty();
    assertThat(SimpleFrontmatter.parse("name: a\nname: b\n")).isEmpty();
    assertThat(SimpleFrontmatter.parse("recallCount: 3\ncreated: \"2026-05-01T00:00:00Z\"\n"))
        .contains(Map.of("recallCount", 3, "created", "2026-05-01T00:00:00Z"));
  }

  @Provide
  Arbitrary<String> values() {
    Arbitrary<String> tricky = Arbitraries.of("true", "Yes", "NO", "on", "null", "~", "0x1F", "0o17", "0b101", "1e3",
        "12:30", ".inf", "-.5", "- item", "key: value", "a #comment", "a# b", "[x]", "{y}", "'q'", "\"dq\"", "---",
        "...", "@at", "`tick`", "*star", "&anchor", "!tag", "|", ">", "%pct", "?q", "a: ", "x:", "2026-05-11",
        "3.14", "+1", "中文", "a\"b", "a\\b", "it's", "http://x.y/z?a=b#c", "C:\\dir", "=", "<<", "a, b", "a]b", "._", "-._", ".", "._e+1");
    Arbitrary<String> random = Arbitraries.strings().withCharRange(' ', '~').withChars('é', '中', '\t')
        .ofMinLength(1).ofMaxLength(30);
    return Arbitraries.oneOf(tricky, random);
  }
}
