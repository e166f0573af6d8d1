package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramSettings;
import io.engram.context.ContextWindow;
import io.engram.model.ModelRouter;
import io.engram.testing.TestResources;
import io.engram.tokens.JtokkitTokenCounter;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The offline compactor on the labelled compaction points (src/test/resources/compaction/labels): precision
 * and recall of its Pending Tasks, next step and error causes, beside Claude Code's own summaries of the same
 * span measured in the same run, with floors just below what was measured (docs/BENCHMARKS.md).
 */
class CompactionEvaluationTest {
  private static final EngramSettings SETTINGS = EngramSettings.DEFAULTS;
  private static final List<CompactionLabel> LABELS = new ArrayList<>();
  private static final List<CompactionEvaluation.Grade> OURS = new ArrayList<>();
  private static final List<CompactionEvaluation.Grade> CLAUDE = new ArrayList<>();
  private static final List<CompactionEvaluation.Grade> OURS_ON_CLAUDES = new ArrayList<>();

  @BeforeAll
  static void gradeEveryLabelledTranscript() throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.list(TestResources.path("compaction/labels"))) {
      files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
    }
    for (Path file : files) {
      CompactionLabel label = CompactionLabel.read(file);
      LABELS.add(label);
      Transcript t = TranscriptReader.read(TestResources.path(label.transcript()));
      List<TranscriptMessage> part = label.messagesAtCut(t);
      CompactionResult r = new Compactor(SETTINGS, new JtokkitTokenCounter(), ModelRouter.offline())
          .compact(CompactionInput.of(part, ContextWindow.forModel("claude-opus-4-5", SETTINGS.context())));
      CompactionEvaluation.Grade ours = CompactionEvaluation.grade(label, r.summary());
      OURS.add(ours);
      print(file.getFileName().toString(), "Engram offline", ours);
      var claude = label.cut() == CompactionLabel.Cut.COMPACTION ? CompactionEvaluation.claudeCodeSummary(t)
          : java.util.Optional.<String>empty();
      if (claude.isPresent()) {
        CompactionEvaluation.Grade theirs = CompactionEvaluation.grade(label, claude.get());
        CLAUDE.add(theirs);
        OURS_ON_CLAUDES.add(ours);
        print(file.getFileName().toString(), "Claude Code", theirs);
      }
    }
    System.out.println(table("Engram offline, all labelled transcripts", CompactionEvaluation.total(OURS)));
    System.out.println(table("Engram offline, the transcripts Claude Code compacted",
        CompactionEvaluation.total(OURS_ON_CLAUDES)));
    System.out.println(table("Claude Code, same transcripts", CompactionEvaluation.total(CLAUDE)));
  }

  @Test
  void labelledSetCoversTheLongSessionsAndOtherOpenWork() {
    assertThat(LABELS).hasSizeGreaterThanOrEqualTo(6);
    assertThat(LABELS).filteredOn(l -> l.cut() == CompactionLabel.Cut.COMPACTION).hasSize(2);
    assertThat(LABELS).allSatisfy(l -> assertThat(l.openTasks()).isNotEmpty());
    assertThat(CLAUDE).hasSize(2);
  }

  @Test
  void claudeCodesOwnSummariesGradeWellAgainstTheLabels() {
    CompactionEvaluation.Totals t = CompactionEvaluation.total(CLAUDE);
    assertThat(t.pendingRecall()).isEqualTo(1.0);
    assertThat(t.inProgressListed()).isEqualTo(2);
    assertThat(t.nextRecall()).isEqualTo(1.0);
  }

  @Test
  void offlineSummariesNameTheOpenWorkTheNextStepAndTheCausesOfErrors() {
    // Measured: Pending Tasks P 1.00 R 1.00, next step P 1.00 R 1.00, error causes P 1.00 R 0.90, fixes 0.70
    // (before the rules were written: P 0.44 R 0.29, next step 0/6, causes P 0.26 R 0.25).
    CompactionEvaluation.Totals t = CompactionEvaluation.total(OURS);
    assertThat(t.pendingPrecision()).isGreaterThanOrEqualTo(0.9);
    assertThat(t.pendingRecall()).isGreaterThanOrEqualTo(0.9);
    assertThat(t.inProgressListed()).isEqualTo(LABELS.size());
    assertThat(t.nextPrecision()).isGreaterThanOrEqualTo(0.9);
    assertThat(t.nextRecall()).isGreaterThanOrEqualTo(0.8);
    assertThat(t.causePrecision()).isGreaterThanOrEqualTo(0.9);
    assertThat(t.causeRecall()).isGreaterThanOrEqualTo(0.85);
    assertThat(t.fixRecall()).isGreaterThanOrEqualTo(0.7);
  }

  private static void print(String file, String who, CompactionEvaluation.Grade g) {
    System.out.printf(Locale.ROOT, "%s [%s] pending %d/%d items, %d/%d tasks, in progress listed %s; next '%s' "
            + "(to do %s, right %s); errors %d/%d items with cause, causes %d/%d, fixes %d/%d%n", file, who,
        g.pending().itemsMatching(), g.pending().items(), g.pending().tasksFound(), g.pending().tasks(),
        g.pending().inProgressListed(), g.next().lead(), g.next().stillToDo(), g.next().right(),
        g.errors().itemsWithCause(), g.errors().items(), g.errors().causes(), g.errors().errors(),
        g.errors().fixes(), g.errors().errors());
    g.pending().falsePositives().forEach(fp -> System.out.println("    pending FP: " + first(fp)));
    g.errors().itemsWithoutCause().forEach(e -> System.out.println("    error item without a labelled cause: " + first(e)));
    g.errors().missedCauses().forEach(e -> System.out.println("    cause not given: " + first(e)));
  }

  private static String first(String text) {
    String line = text.lines().findFirst().orElse("");
    return line.length() > 160 ? line.substring(0, 160) + "..." : line;
  }

  static String table(String title, CompactionEvaluation.Totals t) {
    return String.format(Locale.ROOT, "%s (%d summaries)%n"
            + "  Pending Tasks  precision %.2f (%d/%d)  recall %.2f (%d/%d)  in progress listed %d%n"
            + "  Next step      precision %.2f (%d/%d)  recall %.2f (%d/%d)%n"
            + "  Error causes   precision %.2f (%d/%d)  recall %.2f (%d/%d)  fixes %.2f (%d/%d)",
        title, t.summaries(), t.pendingPrecision(), t.pendingMatching(), t.pendingItems(), t.pendingRecall(),
        t.openFound(), t.openTasks(), t.inProgressListed(), t.nextPrecision(), t.nextToDo(), t.nextStated(),
        t.nextRecall(), t.nextRight(), t.nextLabelled(), t.causePrecision(), t.errorItemsWithCause(), t.errorItems(),
        t.causeRecall(), t.causes(), t.errors(), t.fixRecall(), t.fixes(), t.errors());
  }
}
