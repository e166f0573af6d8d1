package io.engram.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.dream.Dream;
import io.engram.memory.MemoryStores;
import io.engram.model.ModelRouter;
import io.engram.notes.NotesStore;
import io.engram.testing.GrowingTranscript;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The context levels through the hooks, on a transcript that grows past 60%, 80% and 92% of its window. */
class WindowLevelsTest {
  private static final int WINDOW = 200_000;
  @TempDir Path home;
  @TempDir Path project;
  HookRunner runner;
  Path transcript;
  GrowingTranscript session;

  @BeforeEach
  void open() throws IOException {
    EngramRoots roots = EngramRoots.resolve(Optional.of(home), Optional.of(project), Map.of(), home.resolve("u"));
    runner = new HookRunner(roots, MemoryStores.open(roots, EngramSettings.DEFAULTS, Clock.systemUTC(),
        Dream.sessionCounter()), EngramSettings.DEFAULTS, ModelRouter.offline(), Clock.systemUTC());
    transcript = project.resolve("s1.jsonl");
    // 20,000 tokens at the first request, 4,000 more each turn: 60% after 26 turns, 80% after 36, 92% after 42.
    session = new GrowingTranscript("s1", "claude-sonnet-4-5", 20_000, 4_000);
  }

  private HookRunner.Answer hook(HookEvent event, String extra) throws IOException {
    session.write(transcript);
    return runner.run(event, HookInput.parse("{\"session_id\":\"s1\",\"transcript_path\":\"" + transcript
        + "\",\"cwd\":\"" + project + "\"" + extra + "}"));
  }

  private Optional<String> prompt() throws IOException {
    return hook(HookEvent.USER_PROMPT_SUBMIT, ",\"prompt\":\"next step please\"").additionalContext();
  }

  private Path sessionFile(String name) {
    return home.resolve("sessions/s1").resolve(name);
  }

  @Test
  void eachLevelActsOnceAndTellsTheAgentWithTheTurnsLeft() throws IOException {
    session.growPast(0.5, WINDOW);
    hook(HookEvent.STOP, "");
    assertThat(prompt()).isEmpty();

    session.growPast(0.6, WINDOW);
    int notesBefore = new NotesStore(home).read("s1").orElseThrow().state().coveredMessages();
    HookRunner.Answer warning = hook(HookEvent.STOP, "");
    assertThat(warning.log()).anyMatch(l -> l.contains("session notes brought up to date"));
    assertThat(new NotesStore(home).read("s1").orElseThrow().state().coveredMessages()).isGreaterThan(notesBefore);
    // 120,500 tokens; 184,000 is the critical level; 4,000 a turn.
    assertThat(prompt()).hasValueSatisfying(c -> assertThat(c)
        .startsWith("Engram: context at 60%, about 15 turns left (this session adds about 4,000 tokens a turn)"));
    assertThat(prompt()).isEmpty();
    assertThat(sessionFile("prepared-compaction.json")).doesNotExist();

    session.turn();
    assertThat(hook(HookEvent.STOP, "").log()).noneMatch(l -> l.contains("session notes brought up to date"));

    session.growPast(0.8, WINDOW);
    HookRunner.Answer urgent = hook(HookEvent.STOP, "");
    assertThat(urgent.log()).anyMatch(l -> l.startsWith("compaction prepared at 80%"));
    JsonNode prepared = new ObjectMapper().readTree(sessionFile("prepared-compaction.json").toFile());
    assertThat(prepared.get("percent").asInt()).isEqualTo(80);
    assertThat(prepared.get("summary").asText()).contains("<summary>");
    assertThat(prepared.at("/result/tokensBefore").asLong()).isPositive();
    assertThat(prompt()).hasValueSatisfying(c -> assertThat(c).startsWith(
        "Engram: context at 80%, about 5 turns left (this session adds about 4,000 tokens a turn);"
            + " a compaction is prepared: run /compact when convenient."));

    session.growPast(0.92, WINDOW);
    HookRunner.Answer critical = hook(HookEvent.STOP, "");
    assertThat(critical.log()).anyMatch(l -> l.startsWith("compaction prepared at 92%"));
    assertThat(new ObjectMapper().readTree(sessionFile("prepared-compaction.json").toFile()).get("messages").asInt())
        .isEqualTo(session.turns() * 2);
    assertThat(prompt()).hasValueSatisfying(c -> assertThat(c).startsWith("Engram: context at 92%: the window is"
        + " nearly full and a compaction is due now: run /compact now; Engram's prepared summary"));
  }

  @Test
  void claudeCodesCompactionGetsThePreparedSummaryWithItsRestartTextAndTheLevelsStartAgain() throws IOException {
    session.growPast(0.92, WINDOW);
    hook(HookEvent.STOP, "");
    HookRunner.Answer pre = hook(HookEvent.PRE_COMPACT, ",\"trigger\":\"auto\"");
    assertThat(pre.log()).anyMatch(l -> l.contains("handed to the session's restart"));

    session.compacted(25_000);
    HookRunner.Answer restart = hook(HookEvent.SESSION_START, ",\"source\":\"compact\"");
    assertThat(restart.additionalContext()).hasValueSatisfying(c -> assertThat(c)
        .contains("# Compaction summary Engram prepared (at 92% of the window", "<summary>",
            "the messages it kept from before the compaction are in " + sessionFile("restart-context.md")));
    assertThat(java.nio.file.Files.readString(sessionFile("restart-context.md"))).contains(
        "## Messages kept from before the compaction", "Step 1: update src/feature1.ts");
    assertThat(hook(HookEvent.SESSION_START, ",\"source\":\"compact\"").additionalContext().orElse(""))
        .doesNotContain("Compaction summary Engram prepared");

    session.turn();
    hook(HookEvent.STOP, "");
    assertThat(prompt()).isEmpty();
    session.growPast(0.6, WINDOW);
    hook(HookEvent.STOP, "");
    assertThat(prompt()).hasValueSatisfying(c -> assertThat(c).startsWith("Engram: context at 60%"));
  }

  @Test
  void aSessionThatJumpsPastTheUrgentLevelWithFewTurnsGetsTheTypicalEstimate() throws IOException {
    session = new GrowingTranscript("s1", "claude-sonnet-4-5", 165_000, 4_000);
    session.turn();
    hook(HookEvent.STOP, "");
    assertThat(prompt()).hasValueSatisfying(c -> assertThat(c).startsWith("Engram: context at 82%, about 8-12 turns"
        + " left (a typical session at this level; this one has too few turns to measure); a compaction is prepared"));
    assertThat(sessionFile("prepared-compaction.json")).exists();
  }
}
