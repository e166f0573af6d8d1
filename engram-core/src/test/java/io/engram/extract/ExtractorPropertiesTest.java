package io.engram.extract;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.memory.MemoryNames;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class ExtractorPropertiesTest {
  private final RuleBasedExtractor extractor = new RuleBasedExtractor();

  @Property(tries = 300)
  void anyTextNeverCrashesAndEvidenceStaysInsideItsTurn(@ForAll("texts") String text, @ForAll TurnRole role) {
    TurnText second = role == TurnRole.TOOL_CALL
        ? TurnText.of(new ToolCall("Bash", text, ToolCall.Outcome.SUCCEEDED, text)) : TurnText.of(role, text);
    List<TurnText> turns = List.of(TurnText.of(TurnRole.ASSISTANT, text), second);
    for (MemoryCandidate c : extractor.extract(turns, List.of(new ExistingMemory("x", text)))) {
      String source = turns.get(c.provenance().evidence().turnIndex()).text();
      assertThat(c.provenance().evidence().end()).isLessThanOrEqualTo(source.length());
      String span = source.substring(c.provenance().evidence().start(), c.provenance().evidence().end());
      String quote = c.provenance().evidence().quote();
      assertThat(quote).hasSameSizeAs(span);
      for (int i = 0; i < span.length(); i++) {
        // The quote is what was read: the original text with code, tags and private spans blanked.
        assertThat(quote.charAt(i)).isIn(span.charAt(i), ' ');
      }
      assertThat(c.description()).doesNotContain("\n");
      // A readable name in the text's own script ("用-pnpm" stays Chinese), already the file name it will have.
      assertThat(c.name()).matches("[\\p{Ll}\\p{Lo}\\p{Nd}][\\p{Ll}\\p{Lo}\\p{Nd}-]*");
      assertThat(MemoryNames.slug(c.name())).isEqualTo(c.name());
      assertThat(role).as("tool output is evidence only").isNotEqualTo(TurnRole.TOOL_OUTPUT);
      if (role == TurnRole.TOOL_CALL) {
        assertThat(c.type()).isEqualTo(CandidateType.PROJECT);
        assertThat(c.provenance().source()).isEqualTo(CandidateSource.SESSION);
      }
    }
  }

  @Provide
  Arbitrary<String> texts() {
    Arbitrary<String> words =
        Arbitraries.of(
            "remember", "that", "always", "never", "don't", "use", "pnpm", "instead of", "npm", "tests", "need",
            "Redis", "https://grafana.x.io/d/1", "记住", "以后都", "不要", "应该用", "而不是", "我是", "工程师",
            "I'm a", "developer", "2026-05-01", "deadline", "```", "<private>", "</private>", "\n", ".", "。",
            "?", "！", "keep doing that", "就是这样", "password=abc12345", "http://", "月", "日", " ");
    Arbitrary<String> structured = words.list().ofMaxSize(30).map(l -> String.join(" ", l));
    return Arbitraries.oneOf(structured, Arbitraries.strings().ofMaxLength(300), Arbitraries.strings().all().ofMaxLength(80));
  }
}
