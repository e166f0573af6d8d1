package io.engram.compaction;

import static io.engram.compaction.ToolCalls.call;
import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramSettings;
import io.engram.instructions.LoadedInstructions;
import io.engram.model.ModelRouter;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.Role;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The score of a summary against a session of a repository whose files every session touches: another session's
 * summary, which names those same files but its own functions and tasks, stays under the retry band, while a summary
 * of this session whose next step says the same thing in other words passes.
 */
class SameRepositoryScoreTest {
  @TempDir Path home;

  static TranscriptMessage result(String id, String text) {
    return TranscriptMessage.of(Role.USER, List.of(new ContentBlock.ToolResult(id, text, false)));
  }

  /**
   * A session of the catalog repository: it read and changed Catalog.java and Index.java all along (every session
   * there does), then was asked for a CSV export and began CatalogExporter.java.
   */
  private static Transcript session() {
    List<TranscriptMessage> ms = new ArrayList<>();
    String[] asks = {"Make the catalog keep its entries sorted by title.", "Show the entry count in the index.",
      "Let the index drop entries whose title is blank."};
    for (int i = 0; i < asks.length; i++) {
      ms.add(TranscriptMessage.text(Role.USER, asks[i]));
      ms.add(call("r" + i, "Read", "file_path", "/w/src/store/Catalog.java"));
      ms.add(result("r" + i, "class Catalog { List<Entry> entries; void add(Entry e) {} }"));
      ms.add(call("e" + i, "Edit", "file_path", "/w/src/store/Index.java"));
      ms.add(result("e" + i, "updated"));
      ms.add(TranscriptMessage.text(Role.ASSISTANT, "Catalog.java and Index.java now do it; the catalog tests pass."));
    }
    ms.add(TranscriptMessage.text(Role.USER, "Add a CSV export of the catalog: one line per entry, and a title that "
        + "holds a comma must be quoted."));
    ms.add(call("w1", "Write", "file_path", "/w/src/store/CatalogExporter.java"));
    ms.add(result("w1", "created"));
    ms.add(TranscriptMessage.text(Role.ASSISTANT, "CatalogExporter.java has exportCsv writing one line per entry. "
        + "Next I'll make exportCsv quote a title holding a comma and add CatalogExporterTest for it."));
    return Transcript.ofMessages("s1", ms);
  }

  private static String summary(String pending, String current, String next) {
    return "<summary>\n1. Primary Request and Intent:\nThe person wants the catalog kept sorted, counted and exported."
        + "\n\n2. Key Technical Concepts:\n- The catalog is kept in Catalog.java and indexed by Index.java.\n\n"
        + "3. Files and Code Sections:\n- Catalog.java, Index.java and CatalogExporter.java were changed.\n\n"
        + "4. Errors and fixes:\nNone.\n\n5. Problem Solving:\nEach change was checked with the catalog tests.\n\n"
        + "6. All user messages:\n- Make the catalog keep its entries sorted by title.\n- Show the entry count in the"
        + " index.\n- Let the index drop entries whose title is blank.\n- Add a CSV export of the catalog: one line per"
        + " entry, and a title that holds a comma must be quoted.\n\n7. Pending Tasks:\n" + pending
        + "\n\n8. Current Work:\n" + current + "\n\n9. Optional Next Step:\n" + next + "\n</summary>\n";
  }

  private SessionCompaction compaction() {
    return new SessionCompaction(EngramSettings.DEFAULTS, ModelRouter.offline(), home, LoadedInstructions::empty);
  }

  @Test
  void anotherSessionsSummaryThatSharesTheRepositorysFileNamesStaysUnderSeventy() {
    String other = summary(
        "- Finish IndexCompactor.compactSegments so that merged segments keep their deletions.",
        "I was changing IndexCompactor.java: compactSegments now merges two segments of Index.java at a time and "
            + "Catalog.java calls it after every rebuildSegments.",
        "Run IndexCompactorTest after the change to Index.java and Catalog.java, then fix mergeDeletions.");
    CompactionScore score = compaction().score(session(), other);
    assertThat(score.total()).isLessThan(70);
  }

  @Test
  void aNextStepInOtherWordsThanTheAgentsStillEarnsItsPoints() {
    String paraphrase = summary(
        "- The CSV export asked for last: titles with a comma still need quoting.",
        "CatalogExporter.java was just created; exportCsv prints each catalog entry on its own line.",
        "Wrap a title in quotes in exportCsv when it contains a comma, then cover that case in "
            + "CatalogExporterTest.");
    CompactionScore score = compaction().score(session(), paraphrase);
    Continuity.Result parts = Continuity.of(Conversation.of(session().messages(), 0, 25))
        .score(SummarySections.parse(paraphrase));
    assertThat(parts.next()).isEqualTo(30);
    assertThat(parts.pending()).isEqualTo(40);
    assertThat(score.total()).isGreaterThanOrEqualTo(80);
  }
}
