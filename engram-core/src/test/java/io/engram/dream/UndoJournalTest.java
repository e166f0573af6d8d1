package io.engram.dream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UndoJournalTest {

  @Test
  void undoRestoresChangedFilesAndSetsAsideCreatedOnes(@TempDir Path memory) throws Exception {
    Files.writeString(memory.resolve("MEMORY.md"), "- [a](a.md) - hook\n");
    Files.writeString(memory.resolve("a.md"), "old a\n");
    Files.writeString(memory.resolve("b.md"), "old b\n");
    UndoJournal journal = new UndoJournal(memory);
    journal.begin("run-1", List.of("MEMORY.md", "a.md", "b.md", "sub/new.md"));

    Files.writeString(memory.resolve("MEMORY.md"), "- [new](sub/new.md)\n");
    Files.writeString(memory.resolve("a.md"), "merged a+b\n");
    Files.delete(memory.resolve("b.md"));
    Files.createDirectories(memory.resolve("sub"));
    Files.writeString(memory.resolve("sub/new.md"), "created\n");

    UndoResult result = journal.undo().orElseThrow();
    assertThat(result.runId()).isEqualTo("run-1");
    assertThat(result.restored()).containsExactly("MEMORY.md", "a.md", "b.md");
    assertThat(result.removed()).containsExactly("sub/new.md");
    assertThat(Files.readString(memory.resolve("MEMORY.md"))).isEqualTo("- [a](a.md) - hook\n");
    assertThat(Files.readString(memory.resolve("a.md"))).isEqualTo("old a\n");
    assertThat(Files.readString(memory.resolve("b.md"))).isEqualTo("old b\n");
    assertThat(memory.resolve("sub/new.md")).doesNotExist();
    assertThat(memory.resolve(".dream/undo/run-1/removed/sub/new.md")).hasContent("created");
  }

  @Test
  void aFileChangedAfterTheRunIsKeptWithItsReasonAndTheRestIsUndone(@TempDir Path memory) throws Exception {
    Files.writeString(memory.resolve("MEMORY.md"), "- [a](a.md) - a\n- [b](b.md) - b\n- [c](c.md) - c\n");
    for (String f : List.of("a", "b", "c")) {
      Files.writeString(memory.resolve(f + ".md"), "old " + f + "\n");
    }
    UndoJournal journal = new UndoJournal(memory);
    journal.begin("run-1", List.of("MEMORY.md", "a.md", "b.md", "c.md", "d.md", "e.md"));
    // The run rewrites a, b and c, creates d and e, and drops c's line; then it is done.
    for (String f : List.of("a", "b", "c", "d", "e")) {
      Files.writeString(memory.resolve(f + ".md"), "dreamt " + f + "\n");
    }
    Files.writeString(memory.resolve("MEMORY.md"), "- [a](a.md) - a by the dream\n- [b](b.md) - b\n- [d](d.md) - d\n"
        + "- [e](e.md) - e\n");
    journal.complete("run-1");
    // Then the user edits a, deletes b and edits d (which the dream made); c and e stay as the dream left them.
    Files.writeString(memory.resolve("a.md"), "a as the user wrote it\n");
    Files.delete(memory.resolve("b.md"));
    Files.writeString(memory.resolve("d.md"), "d as the user wrote it\n");
    Files.writeString(memory.resolve("MEMORY.md"), "- [a](a.md) - a by the user\n- [d](d.md) - d\n- [e](e.md) - e\n");

    UndoResult result = journal.undo().orElseThrow();

    assertThat(result.kept()).extracting(UndoResult.Kept::path).containsExactly("a.md", "b.md", "d.md");
    assertThat(result.kept()).extracting(UndoResult.Kept::why).satisfiesExactly(
        a -> assertThat(a).startsWith("edited since the dream"),
        b -> assertThat(b).startsWith("deleted since the dream"),
        d -> assertThat(d).startsWith("edited since the dream"));
    assertThat(memory.resolve("a.md")).hasContent("a as the user wrote it");
    assertThat(memory.resolve("b.md")).doesNotExist();
    assertThat(memory.resolve("d.md")).hasContent("d as the user wrote it");
    assertThat(memory.resolve("c.md")).hasContent("old c");
    assertThat(memory.resolve("e.md")).doesNotExist();
    assertThat(result.restored()).containsExactly("MEMORY.md", "c.md");
    assertThat(result.removed()).containsExactly("e.md");
    assertThat(Files.readString(memory.resolve("MEMORY.md"))).as("a kept file's line is the one it has now")
        .isEqualTo("- [a](a.md) - a by the user\n- [c](c.md) - c\n- [d](d.md) - d\n");
  }

  @Test
  void aRunKilledWhileApplyingIsPutBackWhole(@TempDir Path memory) throws Exception {
    Files.writeString(memory.resolve("a.md"), "old a\n");
    UndoJournal journal = new UndoJournal(memory);
    journal.begin("run-1", List.of("a.md"));
    Files.writeString(memory.resolve("a.md"), "half-dreamt a\n"); // never completed: no record of what it left

    UndoResult result = journal.undo().orElseThrow();

    assertThat(result.kept()).isEmpty();
    assertThat(memory.resolve("a.md")).hasContent("old a");
  }

  @Test
  void theIndexPutBackKeepsWhatOtherWritersDidSinceTheRun(@TempDir Path memory) throws Exception {
    Files.writeString(memory.resolve("MEMORY.md"), "# Index\n- [a](a.md) - a\n- [b](b.md) - b\n- [c](c.md) - c\n"
        + "- [d](d.md) - d\n- [e](e.md) - e\n");
    for (String f : List.of("a", "b", "c", "d", "e")) {
      Files.writeString(memory.resolve(f + ".md"), f + "\n");
    }
    UndoJournal journal = new UndoJournal(memory);
    journal.begin("run-1", List.of("MEMORY.md", "a.md", "b.md"));
    // The run merges b into a and prunes c's and e's lines; then others save "later" and edit d.
    Files.writeString(memory.resolve("a.md"), "a and b\n");
    Files.delete(memory.resolve("b.md"));
    Files.writeString(memory.resolve("later.md"), "later\n");
    Files.writeString(memory.resolve("MEMORY.md"), "# Index\n- [a](a.md) - a and b\n- [d](d.md) - d edited\n"
        + "- [later](later.md) - saved after the run\n");

    journal.undo().orElseThrow();

    assertThat(Files.readString(memory.resolve("MEMORY.md"))).isEqualTo("# Index\n- [a](a.md) - a\n- [b](b.md) - b\n"
        + "- [c](c.md) - c\n- [d](d.md) - d edited\n- [e](e.md) - e\n- [later](later.md) - saved after the run\n");
  }

  @Test
  void undoTwiceDoesNothingTheSecondTime(@TempDir Path memory) throws Exception {
    Files.writeString(memory.resolve("a.md"), "v1");
    UndoJournal journal = new UndoJournal(memory);
    journal.begin(UndoJournal.newRunId(Instant.now()), List.of("a.md"));
    Files.writeString(memory.resolve("a.md"), "v2");
    assertThat(journal.undo()).isPresent();
    assertThat(journal.undo()).isEmpty();
    assertThat(journal.lastRunId()).isEmpty();
    assertThat(memory.resolve("a.md")).hasContent("v1");
  }

  @Test
  void onlyTheLastRunIsUndone(@TempDir Path memory) throws Exception {
    Files.writeString(memory.resolve("a.md"), "v1");
    UndoJournal journal = new UndoJournal(memory);
    journal.begin("run-1", List.of("a.md"));
    Files.writeString(memory.resolve("a.md"), "v2");
    journal.begin("run-2", List.of("a.md"));
    Files.writeString(memory.resolve("a.md"), "v3");
    assertThat(journal.undo().orElseThrow().runId()).isEqualTo("run-2");
    assertThat(memory.resolve("a.md")).hasContent("v2");
  }

  @Test
  void nothingToUndoBeforeAnyRun(@TempDir Path memory) throws Exception {
    assertThat(new UndoJournal(memory).undo()).isEmpty();
  }

  @Test
  void pathsOutsideTheMemoryDirectoryAreRefused(@TempDir Path memory) {
    UndoJournal journal = new UndoJournal(memory);
    assertThatThrownBy(() -> journal.begin("r", List.of("../escape.md")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("../escape.md");
    assertThatThrownBy(() -> journal.begin("r", List.of(".dream/state.json")))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> journal.begin("../r", List.of("a.md"))).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void runIdsSortByTime() {
    String earlier = UndoJournal.newRunId(Instant.parse("2026-05-11T10:00:00Z"));
    String later = UndoJournal.newRunId(Instant.parse("2026-05-12T09:00:00Z"));
    assertThat(earlier).startsWith("20260511T100000Z-").isLessThan(later);
  }

  @Test
  void pruneDropsOldJournalsButNeverTheLast(@TempDir Path memory) throws Exception {
    Files.writeString(memory.resolve("a.md"), "v1");
    UndoJournal journal = new UndoJournal(memory);
    journal.begin("run-1", List.of("a.md"));
    journal.begin("run-2", List.of("a.md"));
    Instant muchLater = Instant.now().plus(java.time.Duration.ofDays(31));
    assertThat(journal.prune(muchLater, java.time.Duration.ofDays(30))).containsExactly("run-1");
    assertThat(memory.resolve(".dream/undo/run-1")).doesNotExist();
    assertThat(journal.lastRunId()).contains("run-2");
    assertThat(journal.prune(Instant.now(), java.time.Duration.ofDays(30))).isEmpty();
  }
}
