package io.engram.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.dream.Dream;
import io.engram.memory.MemoryStores;
import io.engram.model.ModelRouter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** PostToolUse through {@link HookRunner}: a subdirectory's instruction files, once per session. */
class InstructionsOnReadTest {
  @TempDir Path home;
  @TempDir Path project;
  HookRunner runner;

  @BeforeEach
  void open() throws IOException {
    EngramRoots roots = EngramRoots.resolve(Optional.of(home), Optional.of(project), Map.of(), home.resolve("u"));
    EngramSettings settings = EngramSettings.DEFAULTS;
    runner = new HookRunner(roots, MemoryStores.open(roots, settings, Clock.systemUTC(), Dream.sessionCounter()),
        settings, ModelRouter.offline(), Clock.systemUTC());
    write("AGENTS.md", "Root rules, loaded at start.");
    write("services/api/AGENTS.md", "API rules: every handler validates its input.");
    write("services/api/CLAUDE.md", "Claude's own API file.");
    write("services/api/Handler.java", "class Handler {}");
    write("web/AGENTS.md", "Web rules: no inline styles.");
  }

  private void write(String relative, String text) throws IOException {
    Path p = project.resolve(relative);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }

  private HookRunner.Answer touched(String session, String tool, String file) throws IOException {
    return runner.run(HookEvent.POST_TOOL_USE, HookInput.parse("{\"session_id\":\"" + session + "\",\"cwd\":\""
        + project + "\",\"hook_event_name\":\"PostToolUse\",\"tool_name\":\"" + tool + "\",\"tool_input\":{\""
        + (tool.equals("NotebookEdit") ? "notebook_path" : "file_path") + "\":\"" + file + "\"},"
        + "\"tool_response\":{\"success\":true}}"));
  }

  @Test
  void theFirstReadBelowADirectorySendsItsAgentsFileButNotWhatClaudeCodeLoadsItself() throws IOException {
    HookRunner.Answer first = touched("s1", "Read", project.resolve("services/api/Handler.java").toString());
    assertThat(first.additionalContext()).hasValueSatisfying(c -> assertThat(c)
        .contains("API rules: every handler validates its input.", project.resolve("services/api/AGENTS.md").toString())
        .doesNotContain("Claude's own API file", "Root rules"));
    assertThat(first.log()).anyMatch(l -> l.contains("services/api/CLAUDE.md") && l.contains("Claude Code itself"));
  }

  @Test
  void aLargeAgentsFileIsSentWithinTheCapUpToALineSayingWhereTheRestIs() throws IOException {
    write("big/AGENTS.md", "# Big rules\n" + "- a rule of the big directory, 规则 🚀\n".repeat(20_000));
    HookRunner.Answer answer = touched("s1", "Read", project.resolve("big/x.ts").toString());
    assertThat(answer.additionalContext()).hasValueSatisfying(c -> assertThat(c)
        .hasSizeLessThanOrEqualTo(EngramSettings.DEFAULTS.hooks().contextCharCap())
        .contains("# Big rules", "- a rule of the big directory, 规则 🚀\n")
        .contains("more lines not shown here: the rest is in " + project.resolve("big/AGENTS.md")));
  }

  @Test
  void aSubtreeIsSentOncePerSessionAndAgainInAnotherSession() throws IOException {
    assertThat(touched("s1", "Read", project.resolve("services/api/Handler.java").toString()).additionalContext())
        .isPresent();
    assertThat(touched("s1", "Edit", project.resolve("services/api/Other.java").toString()).additionalContext())
        .isEmpty();
    assertThat(touched("s1", "Write", "web/index.html").additionalContext())
        .hasValueSatisfying(c -> assertThat(c).contains("no inline styles").doesNotContain("API rules"));
    assertThat(touched("s2", "Read", project.resolve("services/api/Handler.java").toString()).additionalContext())
        .isPresent();
  }

  @Test
  void aCompactionForgetsWhatWasSentSoTheNextReadSendsItAgain() throws IOException {
    touched("s1", "Read", project.resolve("services/api/Handler.java").toString());
    runner.run(HookEvent.SESSION_START, HookInput.parse("{\"session_id\":\"s1\",\"source\":\"resume\"}"));
    assertThat(touched("s1", "Read", project.resolve("services/api/Handler.java").toString()).additionalContext())
        .isEmpty();
    runner.run(HookEvent.SESSION_START, HookInput.parse("{\"session_id\":\"s1\",\"source\":\"compact\"}"));
    assertThat(touched("s1", "Read", project.resolve("services/api/Handler.java").toString()).additionalContext())
        .hasValueSatisfying(c -> assertThat(c).contains("API rules"));
  }

  @Test
  void filesInTheProjectOrOutsideItOrWithoutAPathBringNothingAndKeepNoState() throws IOException {
    assertThat(touched("s1", "Read", project.resolve("README.md").toString()).additionalContext()).isEmpty();
    assertThat(touched("s1", "Read", "/etc/hosts").additionalContext()).isEmpty();
    assertThat(runner.run(HookEvent.POST_TOOL_USE, HookInput.parse("{\"session_id\":\"s1\",\"tool_name\":\"Read\"}"))
        .additionalContext()).isEmpty();
    assertThat(home.resolve("sessions/s1/session.json")).doesNotExist();
  }

  @Test
  void aNotebookEditNamesItsFileAsNotebookPath() throws IOException {
    write("analysis/AGENTS.md", "Notebooks: clear outputs before committing.");
    assertThat(touched("s1", "NotebookEdit", project.resolve("analysis/a.ipynb").toString()).additionalContext())
        .hasValueSatisfying(c -> assertThat(c).contains("clear outputs"));
  }
}
