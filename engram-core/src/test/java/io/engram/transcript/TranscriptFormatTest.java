package io.engram.transcript;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.testing.TestResources;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which agent wrote a session file, told by the first record that only one agent writes. */
class TranscriptFormatTest {
  private static final List<String> LINE_FILES = List.of(
      "codex/codemie__rollout-2026-05-11T13-28-45-019e1695-0522-7c83-8b39-0dd379793f80.jsonl",
      "gemini/git-ai__session-simple.jsonl",
      "cursor/git-ai__cursor-session-simple.jsonl",
      "claude-code/258c7280-ae70-4798-800f-63464d01a85d.jsonl");

  @TempDir Path tmp;

  @Test
  void aCursorTranscriptThatStartsWithItsMetadataLineIsReadAsCursors() throws IOException {
    Path real = TestResources.path("transcripts/cursor/git-ai__cursor-session-simple.jsonl");
    Path withMetadata = Files.writeString(tmp.resolve("with-metadata.jsonl"),
        "{\"type\":\"metadata\",\"metadata\":{\"overview\":\"Fix the build\"}}\n" + Files.readString(real));

    Transcript read = TranscriptReader.read(withMetadata);
    Transcript without = TranscriptReader.read(real);

    assertThat(TranscriptFormat.of(withMetadata)).isEqualTo(TranscriptFormat.CURSOR);
    assertThat(read.userMessages()).hasSameSizeAs(without.userMessages()).isNotEmpty();
    assertThat(read.toolCallCounts()).isEqualTo(without.toolCallCounts());
    assertThat(read.problems()).isEmpty();
  }

  @Test
  void aFileWhereNoRecordDecidesIsClaudeCodesWhoseReaderReportsIt() throws IOException {
    String undecided = "{\"type\":\"turn_ended\",\"status\":\"success\"}\n".repeat(TranscriptFormat.RECORDS_LOOKED_AT + 1)
        + "{\"role\":\"user\",\"message\":{\"content\":[]}}\n";

    assertThat(TranscriptFormat.of(new StringReader(undecided))).isEqualTo(TranscriptFormat.CLAUDE_CODE);
    assertThat(TranscriptFormat.of(new StringReader(""))).isEqualTo(TranscriptFormat.CLAUDE_CODE);
    assertThat(TranscriptFormat.of(new StringReader("not json"))).isEqualTo(TranscriptFormat.CLAUDE_CODE);
  }

  @Property(tries = 200)
  void recordsNoReaderClaimsBeforeASessionDoNotChangeItsFormat(@ForAll("fileIndex") int file,
      @ForAll("unclaimed") List<String> before) throws IOException {
    Path real = TestResources.path("transcripts/" + LINE_FILES.get(file));
    String head;
    try (var lines = Files.lines(real)) {
      head = lines.limit(5).collect(Collectors.joining("\n"));
    }
    String text = before.stream().map(r -> r + "\n").collect(Collectors.joining()) + head;

    assertThat(TranscriptFormat.of(new StringReader(text))).isEqualTo(TranscriptFormat.of(real));
  }

  @Provide
  Arbitrary<Integer> fileIndex() {
    return Arbitraries.integers().between(0, LINE_FILES.size() - 1);
  }

  /** Records of a type no agent writes, with keys no reader looks at (prefixed, so none is one of theirs). */
  @Provide
  Arbitrary<List<String>> unclaimed() {
    Arbitrary<String> word = Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(12);
    Arbitrary<String> value = Arbitraries.oneOf(word.map(w -> "\"" + w + "\""), Arbitraries.integers().map(String::valueOf),
        Arbitraries.of("{}", "[]", "null", "{\"a\":[1,{\"b\":2}]}"));
    Arbitrary<String> record = Combinators.combine(word, word, value)
        .as((type, key, v) -> "{\"type\":\"x-" + type + "\",\"k_" + key + "\":" + v + "}");
    return record.list().ofMaxSize(TranscriptFormat.RECORDS_LOOKED_AT - 6);
  }
}
