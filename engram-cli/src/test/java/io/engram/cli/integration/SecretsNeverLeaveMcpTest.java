package io.engram.cli.integration;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.cli.HookFixture;
import io.engram.redact.SecretCorpus;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The secrets corpus ({@link SecretCorpus}) goes in through the MCP tools over streamable HTTP ({@code remember}
 * each case as name, description and body, then {@code recall} and {@code list}), with a model configured whose
 * every request is recorded. Then every file under Engram's home, every model request and every answer is
 * searched for each secret: one hit fails the test. The command line and the hooks get the same corpus in
 * {@link SecretsNeverLeaveTest}; the two are separate classes so that two test JVMs can run them side by side.
 */
class SecretsNeverLeaveMcpTest {
  @TempDir Path root;
  private SecretExits exits;

  @BeforeEach
  void recordingModel() throws Exception {
    exits = SecretExits.in(root);
  }

  @AfterEach
  void stopModel() {
    exits.close();
  }

  @Test
  void noSecretOfTheCorpusReachesDiskAModelOrAnAnswerThroughTheMcpTools() throws Exception {
    List<SecretCorpus.SecretCase> cases = SecretExits.everyCase();
    // SecretExits.PER_HOME cases to a home, each home served by its own MCP server: every write reads every topic file
    // of the store and rewrites MEMORY.md, so a thousand memories in one home cost the square of what they cost spread.
    exits.acrossHomes((cases.size() + SecretExits.PER_HOME - 1) / SecretExits.PER_HOME, root, (home, h) -> {
      try (HookFixture.McpHttp mcp = home.mcp()) {
        exits.initialize(mcp);
        for (int i = h * SecretExits.PER_HOME; i < Math.min(cases.size(), (h + 1) * SecretExits.PER_HOME); i++) {
          String text = cases.get(i).text();
          exits.post(mcp, "tools/call", "{\"name\":\"remember\",\"arguments\":{\"type\":\"reference\",\"name\":"
              + HookFixture.quoted("mcp " + i) + ",\"description\":"
              + HookFixture.quoted(SecretExits.oneLine(text)) + ",\"body\":" + HookFixture.quoted(text) + "}}");
          if (i % 10 == 0) { // a name holding the secret is refused, and the refusal must not show it either
            exits.post(mcp, "tools/call", "{\"name\":\"remember\",\"arguments\":{\"type\":\"reference\",\"name\":"
                + HookFixture.quoted("named " + i + " " + SecretExits.prefix(text, 40)) + ",\"description\":\"d\","
                + "\"body\":" + HookFixture.quoted(text) + "}}");
          }
        }
        exits.post(mcp, "tools/call", "{\"name\":\"recall\",\"arguments\":{\"query\":\"deploy token password\"}}");
        exits.post(mcp, "tools/call", "{\"name\":\"list\",\"arguments\":{}}");
      }
    });
    exits.phase("remember each case, recall, list");

    List<String> leaks = exits.leaks(cases);
    exits.phase("searching the home, requests and output");

    // The path really ran: a memory written for every case, and the answers showed what was redacted.
    Map<String, String> files = exits.filesUnder();
    assertThat(files.keySet()).anyMatch(p -> p.endsWith("MEMORY.md"));
    assertThat(files.keySet().stream().filter(p -> p.endsWith(".md"))).hasSizeGreaterThan(cases.size());
    assertThat(exits.printed()).contains("[REDACTED:");
    assertThat(SecretExits.beyond(leaks, SecretExits.missedByTheRedactor(cases))).isEmpty();
  }
}
