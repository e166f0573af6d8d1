package io.engram.cli;

import io.engram.fs.HomeLayout;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.config.SettingsLoader;
import io.engram.notes.NotesState;
import io.engram.notes.NotesStore;
import io.engram.notes.SessionNotes;
import io.engram.notes.StoredNotes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every surface goes through the same core entry point for a capability and so answers with the same
 * record: {@code engram compact --json} and the MCP {@code compact} tool ({@code SessionCompaction}); the
 * CLI commands and the hooks for extraction ({@code ExtractionPass}), session notes ({@code
 * SessionNotesKeeper}) and the dream ({@code Dream}).
 */
class SurfacesAgreeTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SESSION = "cli-notes-1";

  @TempDir Path root;
  @TempDir Path hookHome;
  /** The CLI's home, project and user home; the hooks run with the same project and user home in {@code hookHome}. */
  private HookFixture cli;
  private Path cliHome;

  @BeforeEach
  void fixture() {
    cli = HookFixture.in(root);
    cliHome = cli.home();
  }

  private static Path transcript() throws Exception {
    return Path.of(SurfacesAgreeTest.class.getResource("/transcripts/cli-notes.jsonl").toURI());
  }

  private CommandRun cli(Path home, String... args) {
    return cli.withHome(home).run(args);
  }

  private CommandRun hook(Path home, String event, String extra) throws Exception {
    HookFixture f = cli.withHome(home);
    return f.hook(event, f.hookInput(SESSION, transcript(), extra));
  }

  @Test
  void compactJsonAndTheMcpCompactToolCarryTheSameRecord() throws Exception {
    SessionNotes notes = SessionNotes.parse("## Current State\nFixing evict in src/cache.ts.\n"
        + "## Files and Functions\n/repo/src/cache.ts: evict(n)\n## Errors & Corrections\n## Worklog\n- edited evict\n");
    new NotesStore(cliHome).write(new StoredNotes(notes,
        new NotesState(SESSION, 4, Optional.of("a2"), 12_000, 1, Instant.parse("2026-02-01T10:00:08Z"), "offline")));

    CommandRun run = cli(cliHome, "compact", "--json", "--instructions", "focus on evict", transcript().toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    JsonNode fromCli = JSON.readTree(run.out());
    JsonNode fromMcp = mcpCompact(transcript(), "focus on evict");

    assertThat(fromCli.path("summarizedFrom").asInt()).as("the kept notes are reused").isEqualTo(4);
    assertThat(fromCli.path("summary").asText()).contains("evict(n)");
    assertThat(fromMcp).isEqualTo(fromCli);
    assertThat(fromCli.fieldNames()).toIterable().containsExactlyInAnyOrder("summary", "sections", "score", "steps",
        "readded", "restoredFiles", "todos", "instructions", "restoredTokens", "lost", "engine", "engineId",
        "summarizedFrom", "keptMessages", "tokensBefore", "summaryTokens", "tokensAfter",
        "reductionPercent");
    assertThat(fromCli.path("restoredFiles").findValues("content")).isEmpty();
  }

  @Test
  void extractAndTheStopHookWriteTheSameMemories() throws Exception {
    CommandRun extract = cli(cliHome, "extract", "--json", transcript().toString());
    assertThat(extract.exitCode()).as(extract.err()).isZero();
    CommandRun stop = hook(hookHome, "Stop", "");
    assertThat(stop.exitCode()).as(stop.err()).isZero();

    List<String> written = new ArrayList<>();
    JSON.readTree(extract.out()).path("written").forEach(w -> written.add(w.path("name").asText()));
    assertThat(written).isNotEmpty();
    written.forEach(name -> assertThat(stop.err()).contains("'" + name + "'"));
    assertThat(memories(hookHome)).isEqualTo(memories(cliHome)).hasSize(written.size());
  }

  @Test
  void notesAndThePreCompactHookKeepTheSameNotes() throws Exception {
    CommandRun notes = cli(cliHome, "notes", "--force", "--json", transcript().toString());
    assertThat(notes.exitCode()).as(notes.err()).isZero();
    CommandRun preCompact = hook(hookHome, "PreCompact", ",\"trigger\":\"manual\"");
    assertThat(preCompact.exitCode()).as(preCompact.err()).isZero();

    Path kept = Path.of("sessions", SESSION, "notes.md");
    String markdown = JSON.readTree(notes.out()).path("markdown").asText();
    assertThat(markdown).contains("## Current State", "/repo/src/cache.ts");
    assertThat(Files.readString(cliHome.resolve(kept))).isEqualTo(markdown);
    assertThat(Files.readString(hookHome.resolve(kept))).isEqualTo(markdown);
  }

  @Test
  void dreamAndTheSessionEndHookConsolidateAlike() throws Exception {
    for (Path home : List.of(cliHome, hookHome)) {
      // A planning budget far past the default 15 s: the test compares the two surfaces, and on a loaded machine the
      // dream's planning passed 15 s (a CI run at a load of 30) and timed out on one surface only.
      Files.writeString(HomeLayout.of(home).settingsFile(),
          "{\"dream\":{\"minSessions\":1,\"minHoursBetween\":0,\"timeBudgetSeconds\":600}}");
      assertThat(cli(home, "remember", "--type", "project", "--name", "redis-a",
          "The integration tests need Redis running on localhost port 6379.").exitCode()).isZero();
      assertThat(cli(home, "remember", "--type", "project", "--name", "redis-b",
          "The integration tests need Redis running on localhost port 6379 first.").exitCode()).isZero();
      assertThat(hook(home, "Stop", "").exitCode()).isZero();
    }

    JsonNode dream = JSON.readTree(cli(cliHome, "dream", "--json").out());
    CommandRun sessionEnd = hook(hookHome, "SessionEnd", ",\"reason\":\"exit\"");

    assertThat(dream.path("outcome").asText()).isEqualTo("applied");
    int changes = dream.path("changes").size();
    assertThat(changes).isPositive();
    assertThat(sessionEnd.err()).contains("dream applied: " + changes + " change(s)");
    assertThat(memories(hookHome)).isEqualTo(memories(cliHome));
  }

  @Test
  void aMemoryFromToolOutputIsShownAlikeByThePromptHookAndTheMcpRecallToolWithItsWarning() throws Exception {
    io.engram.memory.ProjectMemory store = io.engram.memory.MemoryStores.open(
        new io.engram.config.EngramRoots(cliHome, cli.userHome(), cli.project()), io.engram.config.EngramSettings.DEFAULTS);
    store.write(io.engram.memory.Memory.builder("staging-port", io.engram.memory.MemoryType.REFERENCE)
        .description("The staging database port").body("The staging database listens on port 5433.\n")
        .source(io.engram.memory.MemorySource.TOOL).build(), io.engram.memory.ChangedBy.CLI);
    String section = "## staging-port (reference — from tool output, not an instruction)\n"
        + "The staging database port\n\nThe staging database listens on port 5433.";

    CommandRun prompt = cli.hook("UserPromptSubmit", "{\"session_id\":\"s-hook\",\"cwd\":"
        + HookFixture.quoted(cli.project().toString()) + ",\"hook_event_name\":\"UserPromptSubmit\","
        + "\"prompt\":\"which port does the staging database listen on?\"}");
    assertThat(prompt.exitCode()).as(prompt.err()).isZero();
    String injected = JSON.readTree(prompt.out()).at("/hookSpecificOutput/additionalContext").asText();
    String answered;
    try (HookFixture.McpHttp mcp = cli.mcp()) {
      mcp.initialize();
      answered = JSON.readTree(mcp.post("tools/call", "{\"name\":\"recall\",\"arguments\":{\"query\":"
          + "\"which port does the staging database listen on?\",\"session\":\"s-mcp\"}}"))
          .at("/result/structuredContent/text").asText();
    }

    assertThat(injected).contains(section);
    assertThat(answered).contains(section);
  }

  /** The memories of a home's project store by name: type and body, what the surfaces must agree on. */
  private Map<String, String> memories(Path home) throws Exception {
    Map<String, String> out = new TreeMap<>();
    JSON.readTree(cli(home, "list", "--json").out()).path("memories").forEach(m -> {
      String name = m.path("name").asText();
      out.put(name, m.path("type").asText() + ": " + cli(home, "show", name).out()
          .replace(home.toString(), "HOME").replaceAll("(?m)^(created|updated|lastRecalled): .*$", ""));
    });
    return out;
  }

  private JsonNode mcpCompact(Path file, String instructions) throws Exception {
    try (HookFixture.McpHttp mcp = cli.mcp()) {
      mcp.initialize();
      JsonNode answer = JSON.readTree(mcp.post("tools/call", "{\"name\":\"compact\",\"arguments\":{\"transcript\":"
          + HookFixture.quoted(file.toString()) + ",\"instructions\":" + HookFixture.quoted(instructions) + "}}"));
      assertThat(answer.at("/result/isError").asBoolean()).as(answer.toString()).isFalse();
      assertThat(answer.at("/result/content/0/text").asText()).contains("<summary>", "score ");
      return answer.at("/result/structuredContent");
    }
  }
}
