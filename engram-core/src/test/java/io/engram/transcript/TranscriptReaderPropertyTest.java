package io.engram.transcript;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class TranscriptReaderPropertyTest {

  @Property(tries = 300)
  void randomLinesNeverCrashTheReader(@ForAll("lines") List<String> lines) throws IOException {
    Transcript t = TranscriptReader.read(new StringReader(String.join("\n", lines)), "prop");
    long nonBlank = lines.stream().filter(l -> !l.isBlank()).count();
    // every non-blank line is either counted as a record or reported as a problem
    int records = t.recordCounts().values().stream().mapToInt(Integer::intValue).sum();
    assertThat(records + t.problems().size()).isEqualTo(nonBlank);
    assertThat(t.segments()).hasSize(t.boundaries().size() + 1);
  }

  @Provide
  Arbitrary<List<String>> lines() {
    Arbitrary<String> noise = Arbitraries.strings().ofMaxLength(60).map(s -> s.replace('\n', ' ').replace('\r', ' '));
    Arbitrary<String> type = Arbitraries.of("user", "assistant", "system", "summary", "progress", "x");
    Arbitrary<String> content = Arbitraries.of(
        "\"hello\"", "[]", "null", "42", "[\"s\"]", "[{\"type\":\"text\",\"text\":\"t\"}]",
        "[{\"type\":\"tool_use\",\"id\":\"a\",\"name\":\"Read\",\"input\":{\"file_path\":7}}]",
        "[{\"type\":\"tool_result\",\"tool_use_id\":1,\"content\":{\"x\":1},\"is_error\":\"yes\"}]",
        "[{\"type\":\"image\"}, 3, null]", "{\"weird\":true}");
    Arbitrary<String> record = net.jqwik.api.Combinators.combine(type, content, noise)
        .as((t, c, n) -> "{\"type\":\"" + t + "\",\"subtype\":\"compact_boundary\",\"timestamp\":\""
            + n.replace("\"", "").replace("\\", "") + "\",\"compactMetadata\":" + c
            + ",\"message\":{\"role\":\"user\",\"content\":" + c + ",\"usage\":" + c + "}}");
    Arbitrary<String> truncated = record.flatMap(r -> Arbitraries.integers().between(0, r.length())
        .map(i -> r.substring(0, i)));
    return Arbitraries.oneOf(noise, record, truncated).list().ofMaxSize(20);
  }
}
