package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Names a summary may say that no record holds as written: a module by its dotted name where the transcript has its
 * path, and the instruction file Claude Code loads itself.
 */
class NamesTheHarnessAndModulesTest {

  // A session that ran a pipeline's entry point by its path and edited a file beside it.
  private static List<TranscriptMessage> pipelineSession() {
    return List.of(
        TranscriptMessage.text(Role.USER, "Collect the prices again and check what was stored."),
        TranscriptMessage.of(Role.ASSISTANT, List.of(new ContentBlock.ToolUse("t1", "Read",
            JsonNodeFactory.instance.objectNode().put("file_path", "/repo/src/datapipeline/run.py")))),
        TranscriptMessage.of(Role.USER, List.of(new ContentBlock.ToolResult("t1", "def main(): collect_prices()",
            false))),
        TranscriptMessage.text(Role.ASSISTANT, "The collector runs from run.py; the rows land in prices."));
  }

  private static Continuity continuity(List<TranscriptMessage> ms) {
    return Continuity.of(Conversation.of(ms, 0, 25));
  }

  @Test
  void aPathIsHeldUnderTheDottedNamesOfItsModule() {
    Set<String> names = LastStretch.of(pipelineSession()).names();

    assertThat(names).contains("run.py", "datapipeline.run", "src.datapipeline.run", "repo.src.datapipeline.run");
  }

  @Test
  void aFolderNameThatNoLanguageCouldSpellEndsTheDottedName() {
    List<TranscriptMessage> ms = List.of(TranscriptMessage.text(Role.USER, "look at 2024-data/jobs/load.py"));

    assertThat(LastStretch.of(ms).names()).contains("jobs.load").doesNotContain("2024-data.jobs.load");
  }

  @Test
  void aNextStepThatRunsTheModuleByItsDottedNameNamesWhatTheTranscriptHolds() {
    Continuity state = continuity(pipelineSession());

    assertThat(state.grounding("Run `python -m datapipeline.run` and check the rows.")).isEqualTo(1.0);
    assertThat(state.grounding("Run `python -m pricefeed.collect` and check the rows.")).isLessThan(1.0);
  }

  @Test
  void theInstructionFileClaudeCodeLoadsCountsNeitherAsHeldNorAsMissing() {
    Continuity state = continuity(pipelineSession());
    String made = "Check datapipeline.run against warehouse_loader.py";

    assertThat(state.grounding("Follow CLAUDE.md's git rules and run.py's checks.")).isEqualTo(1.0);
    assertThat(state.grounding(made + " and CLAUDE.md")).isEqualTo(state.grounding(made));
    assertThat(state.grounding(made + " and CLAUDE.local.md")).isEqualTo(state.grounding(made));
  }

  @Test
  void theInstructionFileAPersonNamesIsNoFileToKeepUnlessTheSessionChangedIt() {
    KeyInformation named = KeyInformation.extract(new KeySources(
        List.of("Read and follow the project's CLAUDE.md, then fix src/app.py"), List.of(), List.of(), ""), 25);
    KeyInformation changed = KeyInformation.extract(new KeySources(
        List.of("Add the git rules to CLAUDE.md"), List.of(), List.of("/repo/CLAUDE.md"), ""), 25);

    assertThat(named.of(KeyKind.FILE_NAMES)).containsExactly("src/app.py");
    assertThat(changed.of(KeyKind.FILE_NAMES)).containsExactly("/repo/CLAUDE.md");
  }
}
