package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramSettings;
import io.engram.context.ContextWindow;
import io.engram.model.ModelRouter;
import io.engram.tokens.JtokkitTokenCounter;
import io.engram.tokens.TokenCounter;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A compaction never fails on what a transcript holds: a part that fails degrades, and the result says so. */
class NeverFailTest {
  private static final EngramSettings SETTINGS = EngramSettings.DEFAULTS;
  private static final ContextWindow WINDOW = ContextWindow.forModel("", SETTINGS.context());

  private static List<TranscriptMessage> session() {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.text(Role.USER, "Make the importer skip blank rows and keep the tests green."));
    for (int i = 0; i < 10; i++) {
      ms.add(TranscriptMessage.of(Role.ASSISTANT, List.of(new ContentBlock.ToolUse("t" + i, "Bash",
          com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode().put("command", "mvn test")))));
      ms.add(TranscriptMessage.of(Role.USER, List.of(new ContentBlock.ToolResult("t" + i, "BUILD SUCCESS", false))));
    }
    ms.add(TranscriptMessage.text(Role.USER, "## Also\n\nLog how many rows were skipped."));
    return ms;
  }

  @Test
  void aFixWhoseCallComesBeforeItsErrorsResultNoLongerFailsTheCompaction() {
    // Two calls in one message answered out of order: the second (the fix) is answered before the first's error.
    List<TranscriptMessage> ms = new ArrayList<>();
    var json = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance;
    ms.add(TranscriptMessage.text(Role.USER, "Run the checks."));
    ms.add(TranscriptMessage.of(Role.ASSISTANT, List.of(
        new ContentBlock.ToolUse("a", "Bash", json.objectNode().put("command", "make lint")),
        new ContentBlock.ToolUse("b", "Bash", json.objectNode().put("command", "make lint")))));
    ms.add(TranscriptMessage.of(Role.USER, List.of(new ContentBlock.ToolResult("b", "ok", false))));
    ms.add(TranscriptMessage.of(Role.USER, List.of(new ContentBlock.ToolResult("a", "error: lint failed", true))));
    ms.add(TranscriptMessage.text(Role.ASSISTANT, "Right, the config is missing a rule before the import."));
    CompactionResult r = new Compactor(SETTINGS, new JtokkitTokenCounter(), ModelRouter.offline())
        .compact(CompactionInput.of(ms, WINDOW));
    assertThat(r.scoring().steps()).noneMatch(s -> s.action() == LadderStep.Action.DEGRADED);
    assertThat(r.summary()).contains("Run the checks.");
  }

  @Test
  void aCallOnTheRootPathIsNoFileAndTheCompactionIsNotDegraded() {
    // A call may name the root ("/", as a Read of a folder or a Glob's path does), and a comment's rule line is a run
    // of slashes: a path of slashes alone has no part.
    var json = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance;
    List<TranscriptMessage> ms = new ArrayList<>(session());
    ms.add(TranscriptMessage.text(Role.ASSISTANT, "Added a divider:\n////////////////\n// Importer\n"));
    for (String path : List.of("/", "////", "/src/")) {
      ms.add(TranscriptMessage.of(Role.ASSISTANT, List.of(new ContentBlock.ToolUse("r" + path.length(), "Read",
          json.objectNode().put("file_path", path)))));
      ms.add(TranscriptMessage.of(Role.USER, List.of(
          new ContentBlock.ToolResult("r" + path.length(), "EISDIR: illegal operation on a directory", true))));
    }
    CompactionResult r = new Compactor(SETTINGS, new JtokkitTokenCounter(), ModelRouter.offline())
        .compact(CompactionInput.of(ms, WINDOW));
    assertThat(r.scoring().steps()).noneMatch(s -> s.action() == LadderStep.Action.DEGRADED);
    assertThat(r.summary()).contains("Log how many rows were skipped.");
  }

  @Test
  void whenTheWholeCompactionFailsTheLastRungKeepsTheRecentMessagesAndTheUsersWords() {
    TokenCounter broken = text -> {
      throw new IllegalStateException("tokenizer lost its vocabulary");
    };
    CompactionResult r = new Compactor(SETTINGS, broken, ModelRouter.offline()).compact(CompactionInput.of(session(),
        WINDOW));
    assertThat(r.scoring().steps()).extracting(LadderStep::action).startsWith(LadderStep.Action.DEGRADED)
        .endsWith(LadderStep.Action.TRUNCATE);
    assertThat(r.scoring().steps().get(0).detail()).contains("IllegalStateException: tokenizer lost its vocabulary");
    assertThat(r.sizes().keptMessages()).isEqualTo((int) Math.ceil(0.3 * session().size()));
    assertThat(r.summary()).contains("Engram could not summarise this part")
        .contains("Make the importer skip blank rows and keep the tests green.")
        .contains("## Also");
    assertThat(r.scoring().score()).isEmpty();
  }

  @Test
  void aSummaryThatCannotBeScoredIsKeptAndTheStepSaysSo() {
    // A counter that fails only when the scorer asks: the summary is written, and cannot be judged.
    JtokkitTokenCounter real = new JtokkitTokenCounter();
    TokenCounter failsWhenScoring = text -> {
      if (java.util.Arrays.stream(Thread.currentThread().getStackTrace())
          .anyMatch(f -> f.getClassName().equals(CompactionScorer.class.getName()))) {
        throw new IllegalStateException("cannot count this");
      }
      return real.count(text);
    };
    CompactionResult r = new Compactor(SETTINGS, failsWhenScoring, ModelRouter.offline())
        .compact(CompactionInput.of(session(), WINDOW));
    assertThat(r.scoring().steps()).anySatisfy(s -> {
      assertThat(s.action()).isEqualTo(LadderStep.Action.DEGRADED);
      assertThat(s.detail()).contains("kept without a score");
    });
    assertThat(r.summary()).contains("Make the importer skip blank rows");
  }

  @Test
  void aGuardedPartThatFailsStandsInAndIsNamed() {
    StageGuard guard = new StageGuard();
    List<String> read = guard.attempt("reading the errors", () -> {
      throw new IndexOutOfBoundsException("fromIndex: 90 > toIndex: 89");
    }, List::of);
    assertThat(read).isEmpty();
    assertThat(guard.attempt("reading the files", () -> List.of("a.txt"), List::of)).containsExactly("a.txt");
    assertThat(guard.failures()).singleElement().asString()
        .startsWith("reading the errors failed (IndexOutOfBoundsException: fromIndex: 90 > toIndex: 89")
        .contains("NeverFailTest");
  }

  @Test
  void aSummaryNoAttemptCouldScoreIsKeptUnscoredWithItsStepsInOrder() {
    // The scorer fails on every attempt; the steps and the summary's preamble both say so.
    JtokkitTokenCounter real = new JtokkitTokenCounter();
    TokenCounter failsWhenScoring = text -> {
      if (java.util.Arrays.stream(Thread.currentThread().getStackTrace())
          .anyMatch(f -> f.getClassName().equals(CompactionScorer.class.getName()))) {
        throw new IllegalStateException("cannot count this");
      }
      return real.count(text);
    };
    CompactionResult r = new Compactor(SETTINGS, failsWhenScoring, ModelRouter.offline())
        .compact(CompactionInput.of(session(), WINDOW));
    assertThat(r.scoring().score()).isEmpty();
    assertThat(r.scoring().steps()).extracting(LadderStep::number).containsExactly(
        java.util.stream.IntStream.rangeClosed(1, r.scoring().steps().size()).boxed().toArray(Integer[]::new));
    assertThat(Optional.of(r.summary())).hasValueSatisfying(text -> assertThat(text).contains("Log how many rows"));
  }
}
