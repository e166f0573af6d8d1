package io.engram.memory;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.engram.testing.FuzzChecks;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;

/**
 * Topic files as any bytes, frontmatter first: read, or refused with the documented
 * {@link InvalidMemoryException} naming the file; what is read is written back as a file that reads the same.
 */
class FrontmatterFuzzTest {
  private static final Path WHERE = Path.of("fuzz.md");

  // Reads stored inputs once before the first input's time limit starts: under the fuzzer every class loaded is
  // instrumented first, and the first input must not pay for all of them (a first input passed the 10 s limit at a
  // load of 30, on the parser's classes alone).
  @BeforeAll
  static void readStoredInputsFirst() throws Exception {
    new FrontmatterFuzzTest().topicFileIsReadOrRefusedInOneLine(stored("valid"));
  }

  private static byte[] stored(String name) throws java.io.IOException {
    try (var in = FrontmatterFuzzTest.class.getResourceAsStream("FrontmatterFuzzTestInputs/topicFileIsReadOrRefusedInOneLine/" + name)) {
      return java.util.Objects.requireNonNull(in, name).readAllBytes();
    }
  }

  @FuzzTest(maxDuration = FuzzChecks.DURATION)
  @Timeout(value = FuzzChecks.HANG_SECONDS, unit = TimeUnit.SECONDS)
  // libFuzzer's dictionary takes printable ASCII: line breaks and the BOM come from the stored inputs.
  @DictionaryEntries({"---", "name: ", "description: ", "type: ", "user", "feedback", "project",
      "reference", "tags: [", "]", "created: ", "updated: ", "source: ", "supersededBy: ", "&a ", "*a", "!!", "|",
      ">", "- ", "\"", "'", "#", "...", "2026-01-01T00:00:00Z"})
  void topicFileIsReadOrRefusedInOneLine(byte[] input) throws Exception {
    String text = new String(input, StandardCharsets.UTF_8);
    Memory memory;
    try {
      memory = MemoryFormat.parse(text, WHERE);
    } catch (Exception e) {
      FuzzChecks.assertDocumentedRefusal(e, InvalidMemoryException.class);
      assertThat(e.getMessage()).contains("fuzz.md");
      return;
    }
    assertThat(MemoryFormat.parse(MemoryFormat.format(memory), WHERE)).isEqualTo(memory);
  }
}
