package io.engram.mcp.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineReaderTest {
  @Test
  void splitsOnNewlinesDropsCarriageReturnsAndKeepsALastLineWithoutEnd() throws IOException {
    assertThat(lines("a\r\nbb\n\nccc", 100)).containsExactly("a", "bb", "", "ccc");
  }

  @Test
  void aLineOverTheLimitIsReportedAndTheNextLineIsReadWhole() throws IOException {
    LineReader reader = new LineReader(input("x".repeat(200_000) + "\nok\n"), 1_000);
    LineReader.Line first = reader.next();
    assertThat(first.tooLong()).isTrue();
    LineReader.Line second = reader.next();
    assertThat(new String(second.bytes(), 0, second.length(), StandardCharsets.UTF_8)).isEqualTo("ok");
    assertThat(second.number()).isEqualTo(2);
    assertThat(reader.next()).isNull();
  }

  @Test
  void aLineExactlyAtTheLimitIsKept() throws IOException {
    assertThat(lines("y".repeat(1_000) + "\n", 1_000)).containsExactly("y".repeat(1_000));
  }

  private static List<String> lines(String text, int max) throws IOException {
    LineReader reader = new LineReader(input(text), max);
    List<String> out = new ArrayList<>();
    for (LineReader.Line l = reader.next(); l != null; l = reader.next()) {
      out.add(new String(l.bytes(), 0, l.length(), StandardCharsets.UTF_8));
    }
    return out;
  }

  private static ByteArrayInputStream input(String text) {
    return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
  }
}
