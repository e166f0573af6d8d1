package io.engram.redact;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Held-out ordinary text: the real Claude Code transcripts among the test fixtures (5.7 MB of JSONL: ids,
 * hashes, tool output, code, prose) were not used to write the rules. What redaction changes in them is
 * printed with its context for review; at most 1% of their lines may change.
 */
class RealTranscriptTextTest {
  private static final Pattern MARKER = Pattern.compile("\\[REDACTED:[a-z0-9-]+]");

  @Test
  void realTranscriptsAreAlmostUntouched() throws IOException {
    SecretRedactor redactor = SecretRedactor.standard();
    List<Path> files;
    try (Stream<Path> s = Files.walk(Path.of("src/test/resources/transcripts"))) {
      files = s.filter(p -> p.toString().endsWith(".jsonl")).sorted().toList();
    }
    int lines = 0;
    int changed = 0;
    Map<String, Integer> kinds = new TreeMap<>();
    for (Path f : files) {
      for (String line : Files.readAllLines(f)) {
        lines++;
        Redaction r = redactor.redact(line);
        if (r.changed()) {
          changed++;
          r.kinds().forEach(k -> kinds.merge(k.label(), 1, Integer::sum));
          Matcher m = MARKER.matcher(r.text());
          while (m.find()) {
            String context = r.text().substring(Math.max(0, m.start() - 50), Math.min(r.text().length(), m.end() + 10));
            System.out.println("  redacted in a real transcript: ..." + context.replace("\n", "\\n") + "...");
          }
        }
      }
    }
    double rate = 100.0 * changed / lines;
    System.out.printf("redaction on real transcripts: %d of %d lines changed (%.2f%%) %s%n", changed, lines, rate, kinds);
    assertThat(lines).isGreaterThan(1000);
    assertThat(rate).isLessThan(1.0);
  }
}
