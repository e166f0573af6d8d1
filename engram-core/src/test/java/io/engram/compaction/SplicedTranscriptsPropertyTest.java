package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramSettings;
import io.engram.instructions.LoadedInstructions;
import io.engram.model.ModelRouter;
import io.engram.testing.TestResources;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptReader;
import io.engram.transcript.UserRequest;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Real transcripts cut, shuffled and spliced into shapes no session had: a window of one session, part of
 * another joined to it, some records swapped, the last one cut mid-line. Compaction never fails on them, and
 * whatever rung of the ladder it ends on, what the person asked is in the summary word for word.
 */
class SplicedTranscriptsPropertyTest {
  private static final List<String> SOURCES = List.of(
      "transcripts/claude-code/258c7280-ae70-4798-800f-63464d01a85d.jsonl",
      "transcripts/claude-code/ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl",
      "transcripts/claude-code/tool_heavy.jsonl",
      "transcripts/claude-code/subagent.jsonl",
      "transcripts/claude-code/entire-cli__record-kinds.jsonl",
      "transcripts/claude-code/hand-written__team-and-unknown.jsonl",
      "transcripts/claude-code/claude-code-log__edge_cases.jsonl",
      "transcripts/claude-code/claude-code-log__todowrite_examples.jsonl");
  private static final int MAX_WINDOW = 300;
  private static final List<List<String>> LINES = SOURCES.stream().map(SplicedTranscriptsPropertyTest::lines).toList();

  private static List<String> lines(String resource) {
    try {
      return Files.readAllLines(TestResources.path(resource), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** How to make one transcript: windows of two sources, how many records to swap, whether to cut the last line. */
  record Shape(int first, double from, double length, int second, double secondLength, int swaps, boolean cut,
      long seed) {}

  @Property(tries = 20)
  void compactionNeverFailsAndKeepsWhatThePersonAskedWordForWord(@ForAll("shapes") Shape shape) throws IOException {
    String jsonl = String.join("\n", transcript(shape));
    Transcript t = TranscriptReader.read(new StringReader(jsonl), "spliced");
    if (t.messages().isEmpty()) {
      return;
    }
    Path home = Files.createTempDirectory("engram-spliced");
    try {
      SessionCompaction compaction =
          new SessionCompaction(EngramSettings.DEFAULTS, ModelRouter.offline(), home, LoadedInstructions::empty);
      CompactionResult r = compaction.compact(t, SessionCompaction.Request.userRequested("")
          .withNotes(SessionCompaction.Notes.NONE));
      assertThat(r.summary()).isNotBlank();
      String flat = collapse(r.summary());
      var segment = t.segments().get(t.segments().size() - 1).messages();
      for (UserRequest asked : UserRequest.of(segment)) {
        assertThat(flat).as("the summary quotes %s", asked.text()).contains(collapse(asked.text()));
      }
    } finally {
      io.engram.fs.FileTrees.delete(home);
    }
  }

  private static List<String> transcript(Shape s) {
    List<String> out = new ArrayList<>(window(LINES.get(s.first()), s.from(), s.length()));
    out.addAll(window(LINES.get(s.second()), 0, s.secondLength()));
    Random random = new Random(s.seed());
    for (int i = 0; i < s.swaps() && out.size() > 1; i++) {
      Collections.swap(out, random.nextInt(out.size()), random.nextInt(out.size()));
    }
    if (s.cut() && !out.isEmpty()) {
      String last = out.get(out.size() - 1);
      out.set(out.size() - 1, last.substring(0, random.nextInt(last.length() + 1)));
    }
    return out;
  }

  private static List<String> window(List<String> lines, double from, double length) {
    int start = (int) (from * lines.size());
    int end = Math.min(lines.size(), start + Math.min(MAX_WINDOW, (int) Math.ceil(length * lines.size())));
    return lines.subList(start, Math.max(start, end));
  }

  private static String collapse(String text) {
    return text.replaceAll("\\s+", " ").strip();
  }

  @Provide
  Arbitrary<Shape> shapes() {
    Arbitrary<Integer> source = Arbitraries.integers().between(0, SOURCES.size() - 1);
    Arbitrary<Double> share = Arbitraries.doubles().between(0, 1);
    return Combinators.combine(source, share, share, source, share.map(d -> d / 4),
        Arbitraries.integers().between(0, 12), Arbitraries.of(true, false), Arbitraries.longs())
        .as(Shape::new);
  }
}
