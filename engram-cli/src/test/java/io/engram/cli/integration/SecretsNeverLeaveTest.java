package io.engram.cli.integration;

import io.engram.fs.HomeLayout;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.engram.cli.HookFixture;
import io.engram.config.SettingsLoader;
import io.engram.redact.SecretCorpus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The secrets corpus ({@link SecretCorpus}: hundreds of fake secrets of every family) goes in through every
 * write path of the command line and the hooks, with a model configured whose every request is recorded (an
 * OpenAI-compatible server on loopback): {@code engram remember}, {@code extract}, {@code notes}, {@code compact},
 * {@code recall}, {@code show}, {@code list}, {@code dream}, and the {@code Stop}, {@code PreCompact} and
 * {@code SessionEnd} hooks on a transcript holding them. Then every file under Engram's home (names and contents,
 * case-insensitively), every recorded model request and everything printed or answered is searched for each
 * secret: one hit fails the test. The MCP tools get the same corpus in {@link SecretsNeverLeaveMcpTest}.
 */
class SecretsNeverLeaveTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SESSION = "secrets-session-1";

  @TempDir Path root;
  @TempDir Path work;
  private SecretExits exits;
  private HookFixture f;
  private Path home;
  private Path project;

  /** Drives the home of {@code e}, whose recording model the test stops at its end. */
  private void drive(SecretExits e) {
    exits = e;
    f = e.fixture();
    home = f.home();
    project = f.project();
  }

  @AfterEach
  void stopModel() {
    if (exits != null) {
      exits.close();
    }
  }

  @Test
  void noSecretOfTheCorpusReachesDiskAModelOrAnyOutput() throws Exception {
    drive(SecretExits.in(root));
    List<SecretCorpus.SecretCase> cases = SecretExits.everyCase();
    Files.writeString(HomeLayout.of(home).settingsFile(), "{\"dream\":{\"minSessions\":1,\"minHoursBetween\":0}}");
    Path transcript = transcript(cases);

    // Every case as a memory of its own (name, description, body), each a whole run of `engram remember` on one of the
    // command trees the runs share (CommandRun), SecretExits.PER_HOME cases to a home: each write reads every topic
    // file of the store (to find the name's file) and rewrites MEMORY.md.
    // The store refuses a name holding a secret (redacted, two such names would be one): each case is written under
    // a name of its own, and the first hundred are also offered with the case's start as the name, whose refusal
    // must not show the secret either.
    List<String[]> remembers = new ArrayList<>();
    for (int i = 0; i < cases.size(); i++) {
      String text = cases.get(i).text();
      remembers.add(new String[] {"remember", "--type", "project", "--name", "note " + i, "--description",
          SecretExits.oneLine(text), text});
    }
    for (int i = 0; i < Math.min(cases.size(), 100); i++) {
      String text = cases.get(i).text();
      remembers.add(new String[] {"remember", "--type", "project", "--name",
          "named " + i + " " + SecretExits.prefix(text, 60), "--description", SecretExits.oneLine(text), text});
    }
    exits.runEach(remembers, SecretExits.PER_HOME, work);
    exits.phase("remember, each case");
    exits.run("extract", "--dry-run", "--json", transcript.toString());
    exits.run("extract", "--json", transcript.toString());
    exits.run("notes", "--force", "--json", transcript.toString());
    exits.run("notes", "--force", transcript.toString());
    exits.run("compact", "--json", transcript.toString());
    exits.run("compact", transcript.toString());
    exits.phase("extract, notes, compact");
    for (String event : List.of("Stop", "PreCompact", "SessionEnd")) {
      exits.record(f.hook(event, f.hookInput(SESSION, transcript, ",\"hook_event_name\":\"" + event + "\","
          + "\"trigger\":\"auto\",\"reason\":\"exit\"")));
    }
    exits.phase("Stop, PreCompact, SessionEnd hooks");
    exits.run("list", "--json");
    exits.run("recall", "--json", "deploy token password key");
    exits.run("recall", "staging deploy credentials");
    exits.run("show", "note 0");
    exits.run("dream", "--force", "--json");
    // The hooks started the resident service and queued SessionEnd's work for it: it is searched once done.
    exits.phase("list, recall, show, dream");
    exits.settleService(Duration.ofMinutes(2));
    exits.phase("the service's queued work");

    List<String> leaks = exits.leaks(cases);
    exits.phase("searching the home, requests and output");

    // The paths really ran: memories written, the model asked by extraction, notes and compaction.
    Map<String, String> files = exits.filesUnder();
    assertThat(files.keySet()).anyMatch(p -> p.endsWith("MEMORY.md"));
    assertThat(files.keySet().stream().filter(p -> p.endsWith(".md"))).hasSizeGreaterThan(cases.size());
    assertThat(files.keySet()).anyMatch(p -> p.endsWith("notes.md"));
    assertThat(exits.requestTexts()).contains("[REDACTED:");
    assertThat(exits.modelRequests()).hasSizeGreaterThanOrEqualTo(6);
    assertThat(SecretExits.beyond(leaks, SecretExits.missedByTheRedactor(cases))).isEmpty();
  }

  @Test
  void secretsInAMemoryEditedByHandAreRedactedOnTheWayOut() throws Exception {
    // The hooks here answer in this process either way; no service is left running behind them.
    drive(SecretExits.inProcess(root));
    exits.run("remember", "--type", "project", "--name", "deploy notes", "Deploys go through the staging cluster first.");
    Path store;
    try (Stream<Path> s = Files.walk(home)) {
      store = s.filter(p -> p.getFileName().toString().equals("MEMORY.md")).findFirst().orElseThrow().getParent();
    }
    String token = "ghp_Zx81Qw72Er63Ty54Ui45Op36As27Df18Gh09";
    String password = "Wq8!zR3#pL6v";
    Files.writeString(store.resolve("staging-access.md"), "---\nname: staging access\ndescription: how to reach"
        + " staging, token " + token + "\ntype: reference\n---\nPush with " + token + "; the staging deploy password is "
        + password + "\n");
    Files.writeString(store.resolve("MEMORY.md"), Files.readString(store.resolve("MEMORY.md"))
        + "- [staging access](staging-access.md) - how to reach staging, token " + token + "\n");

    exits.run("recall", "--json", "staging deploy access token");
    exits.run("recall", "how do I reach staging");
    exits.run("show", "staging access");
    exits.run("list", "--json");
    exits.run("context", "--json");
    for (String event : List.of("SessionStart", "UserPromptSubmit")) {
      exits.record(f.hook(event, "{\"session_id\":\"" + SESSION + "\",\"cwd\":" + HookFixture.quoted(project.toString())
          + ",\"hook_event_name\":\"" + event + "\",\"source\":\"startup\",\"prompt\":\"how do I reach staging?\"}"));
    }
    try (HookFixture.McpHttp mcp = f.mcp()) {
      exits.initialize(mcp);
      exits.post(mcp, "tools/call", "{\"name\":\"recall\",\"arguments\":{\"query\":\"staging access token\"}}");
      exits.post(mcp, "tools/call", "{\"name\":\"list\",\"arguments\":{}}");
      exits.post(mcp, "tools/call", "{\"name\":\"context\",\"arguments\":{}}");
      exits.post(mcp, "resources/list", "{}");
    }

    String outputs = exits.printed();
    assertThat(outputs).as("the memory was shown at all").contains("staging");
    assertThat(outputs).contains("[REDACTED:").doesNotContain(token, password);
  }

  /** A Claude Code transcript: each case said by the user, repeated by the agent, and every fifth read back by a tool. */
  private Path transcript(List<SecretCorpus.SecretCase> cases) throws IOException {
    SessionRecords records = new SessionRecords(SESSION, project);
    Instant at = Instant.parse("2026-11-30T09:00:00Z");
    for (int i = 0; i < cases.size(); i++) {
      String text = cases.get(i).text();
      records.add("u" + i, at.plusSeconds(4L * i), "user",
          SessionRecords.text("Remember this for the project: " + text));
      if (i % 5 == 0) {
        ObjectNode use = JSON.createObjectNode().put("type", "tool_use").put("id", "toolu_" + i).put("name", "Bash");
        use.putObject("input").put("command", "cat .env");
        records.add("a" + i, at.plusSeconds(4L * i + 1), "assistant", JSON.createArrayNode().add(use));
        ObjectNode result = JSON.createObjectNode().put("type", "tool_result").put("tool_use_id", "toolu_" + i)
            .put("content", text);
        records.add("r" + i, at.plusSeconds(4L * i + 2), "user", JSON.createArrayNode().add(result));
      }
      records.add("b" + i, at.plusSeconds(4L * i + 3), "assistant",
          SessionRecords.text("Noted, I will keep in mind: " + text));
    }
    return records.write(work.resolve(SESSION + ".jsonl"));
  }
}
