package io.engram.cli.integration;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import io.engram.cli.CommandRun;
import io.engram.cli.HookFixture;
import io.engram.config.SettingsLoader;
import io.engram.redact.SecretCorpus;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The secrets corpus ({@link SecretCorpus}: hundreds of fake secrets of every family) goes in through every
 * write path, with a model configured whose every request is recorded (an OpenAI-compatible server on
 * loopback): {@code engram remember}, {@code extract}, {@code notes}, {@code compact}, {@code recall},
 * {@code show}, {@code list}, {@code dream}, the {@code Stop}, {@code PreCompact} and {@code SessionEnd}
 * hooks on a transcript holding them, and the MCP {@code remember}, {@code recall} and {@code list} tools.
 * Then every file under Engram's home (names and contents, case-insensitively), every recorded model
 * request and everything printed or answered is searched for each secret: one hit fails the test.
 */
class SecretsNeverLeaveTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SESSION = "secrets-session-1";

  @TempDir Path root;
  @TempDir Path work;
  private HookFixture f;
  private Path home;
  private Path project;

  private final List<String> modelRequests = Collections.synchronizedList(new ArrayList<>());
  private final List<String> printed = new ArrayList<>();
  private HttpServer model;

  @BeforeEach
  void recordingModel() throws IOException {
    model = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    model.createContext("/", exchange -> {
      modelRequests.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
      // Not the JSON any engine asks for: each engine retries once, then falls back to its offline path.
      byte[] answer = ("{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"model\":\"recorder\",\"choices\":[{"
          + "\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"no JSON here\"},\"finish_reason\":\"stop\"}],"
          + "\"usage\":{\"prompt_tokens\":10,\"completion_tokens\":3,\"total_tokens\":13}}").getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      exchange.sendResponseHeaders(200, answer.length);
      exchange.getResponseBody().write(answer);
      exchange.close();
    });
    model.start();
    Map<String, String> env = new HashMap<>(System.getenv());
    env.put("ENGRAM_MODEL", "openai:recorder");
    env.put("OPENAI_BASE_URL", "http://127.0.0.1:" + model.getAddress().getPort() + "/v1");
    env.put("OPENAI_API_KEY", "local-recorder");
    f = HookFixture.in(root).withEnvironment(env);
    home = f.home();
    project = f.project();
  }

  @AfterEach
  void stopModel() {
    model.stop(0);
  }

  @Test
  void noSecretOfTheCorpusReachesDiskAModelOrAnyOutput() throws Exception {
    List<SecretCorpus.SecretCase> cases = SecretCorpus.secrets();
    Files.writeString(home.resolve(SettingsLoader.FILE_NAME), "{\"dream\":{\"minSessions\":1,\"minHoursBetween\":0}}");
    Path transcript = transcript(cases);

    for (int i = 0; i < cases.size(); i++) {
      String text = cases.get(i).text();
      run("remember", "--type", "project", "--name", "note " + i + " " + prefix(text, 60), "--description",
          oneLine(text), text);
    }
    run("extract", "--dry-run", "--json", transcript.toString());
    run("extract", "--json", transcript.toString());
    run("notes", "--force", "--json", transcript.toString());
    run("notes", "--force", transcript.toString());
    run("compact", "--json", transcript.toString());
    run("compact", transcript.toString());
    for (String event : List.of("Stop", "PreCompact", "SessionEnd")) {
      hook(event, transcript);
    }
    run("list", "--json");
    run("recall", "--json", "deploy token password key");
    run("recall", "staging deploy credentials");
    run("show", "note 0");
    run("dream", "--force", "--json");
    mcp(cases);

    List<String> leaks = new ArrayList<>();
    Map<String, String> files = filesUnder(home);
    String requests = String.join("\n", modelRequests);
    String requestTexts = requestTexts();
    String outputs = String.join("\n", printed);
    for (SecretCorpus.SecretCase c : cases) {
      for (String secret : c.secrets()) {
        String lower = secret.toLowerCase(Locale.ROOT);
        files.forEach((path, content) -> {
          if (path.toLowerCase(Locale.ROOT).contains(lower) || content.contains(lower)) {
            leaks.add(c.family() + " secret '" + secret + "' in " + path);
          }
        });
        if (requests.contains(secret) || requestTexts.contains(secret)) {
          leaks.add(c.family() + " secret '" + secret + "' in a model request");
        }
        if (outputs.contains(secret)) {
          leaks.add(c.family() + " secret '" + secret + "' in printed output");
        }
      }
    }
    System.out.printf("secrets through every exit: %d cases, %d files under the home, %d model requests,"
        + " %d outputs; %d leaks%n", cases.size(), files.size(), modelRequests.size(), printed.size(), leaks.size());
    leaks.stream().limit(50).forEach(l -> System.out.println("  leak: " + l));

    // The paths really ran: memories written, the model asked by extraction, notes and compaction.
    assertThat(files.keySet()).anyMatch(p -> p.endsWith("MEMORY.md"));
    assertThat(files.keySet().stream().filter(p -> p.endsWith(".md"))).hasSizeGreaterThan(cases.size());
    assertThat(files.keySet()).anyMatch(p -> p.endsWith("notes.md"));
    assertThat(requestTexts).contains("[REDACTED:");
    assertThat(modelRequests).hasSizeGreaterThanOrEqualTo(6);
    assertThat(leaks).isEmpty();
  }

  @Test
  void secretsInAMemoryEditedByHandAreRedactedOnTheWayOut() throws Exception {
    run("remember", "--type", "project", "--name", "deploy notes", "Deploys go through the staging cluster first.");
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

    run("recall", "--json", "staging deploy access token");
    run("recall", "how do I reach staging");
    run("show", "staging access");
    run("list", "--json");
    run("context", "--json");
    for (String event : List.of("SessionStart", "UserPromptSubmit")) {
      record(f.hook(event, "{\"session_id\":\"" + SESSION + "\",\"cwd\":" + quoted(project.toString())
          + ",\"hook_event_name\":\"" + event + "\",\"source\":\"startup\",\"prompt\":\"how do I reach staging?\"}"));
    }
    try (HookFixture.McpHttp mcp = f.mcp()) {
      post(mcp, "initialize", "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
          + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}");
      post(mcp, "tools/call", "{\"name\":\"recall\",\"arguments\":{\"query\":\"staging access token\"}}");
      post(mcp, "tools/call", "{\"name\":\"list\",\"arguments\":{}}");
      post(mcp, "tools/call", "{\"name\":\"context\",\"arguments\":{}}");
      post(mcp, "resources/list", "{}");
    }

    String outputs = String.join("\n", printed);
    assertThat(outputs).as("the memory was shown at all").contains("staging");
    assertThat(outputs).contains("[REDACTED:").doesNotContain(token, password);
  }

  private void run(String... args) {
    record(f.run(args));
  }

  private void record(CommandRun r) {
    printed.add(r.out());
    printed.add(r.err());
  }

  private void hook(String event, Path transcript) {
    record(f.hook(event, f.hookInput(SESSION, transcript, ",\"hook_event_name\":\"" + event + "\",\"trigger\":\"auto\","
        + "\"reason\":\"exit\"")));
  }

  /** A Claude Code transcript: each case said by the user, repeated by the agent, and every fifth read back by a tool. */
  private Path transcript(List<SecretCorpus.SecretCase> cases) throws IOException {
    List<String> lines = new ArrayList<>();
    String parent = null;
    Instant at = Instant.parse("2026-11-30T09:00:00Z");
    for (int i = 0; i < cases.size(); i++) {
      String text = cases.get(i).text();
      parent = record(lines, "u" + i, parent, at.plusSeconds(4L * i), "user", text(
          "Remember this for the project: " + text));
      if (i % 5 == 0) {
        ObjectNode use = JSON.createObjectNode().put("type", "tool_use").put("id", "toolu_" + i).put("name", "Bash");
        use.putObject("input").put("command", "cat .env");
        parent = record(lines, "a" + i, parent, at.plusSeconds(4L * i + 1), "assistant",
            JSON.createArrayNode().add(use));
        ObjectNode result = JSON.createObjectNode().put("type", "tool_result").put("tool_use_id", "toolu_" + i)
            .put("content", text);
        parent = record(lines, "r" + i, parent, at.plusSeconds(4L * i + 2), "user", JSON.createArrayNode().add(result));
      }
      parent = record(lines, "b" + i, parent, at.plusSeconds(4L * i + 3), "assistant",
          text("Noted, I will keep in mind: " + text));
    }
    Path file = work.resolve(SESSION + ".jsonl");
    Files.write(file, lines);
    return file;
  }

  private static ArrayNode text(String s) {
    ArrayNode content = JSON.createArrayNode();
    content.addObject().put("type", "text").put("text", s);
    return content;
  }

  private String record(List<String> lines, String uuid, String parent, Instant at, String role, ArrayNode content) {
    ObjectNode r = JSON.createObjectNode().put("type", role).put("uuid", uuid).put("parentUuid", parent)
        .put("sessionId", SESSION).put("cwd", project.toString()).put("timestamp", at.toString());
    ObjectNode message = r.putObject("message").put("role", role);
    if (role.equals("assistant")) {
      message.put("model", "claude-sonnet-4-5").put("id", "msg_" + uuid);
    }
    message.set("content", content);
    lines.add(r.toString());
    return uuid;
  }

  /** The MCP tools over streamable HTTP: remember every case, then recall and list. */
  private void mcp(List<SecretCorpus.SecretCase> cases) throws Exception {
    try (HookFixture.McpHttp mcp = f.mcp()) {
      post(mcp, "initialize", "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
          + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}");
      for (int i = 0; i < cases.size(); i++) {
        String text = cases.get(i).text();
        post(mcp, "tools/call", "{\"name\":\"remember\",\"arguments\":{\"type\":\"reference\",\"name\":"
            + quoted("mcp " + i + " " + prefix(text, 40)) + ",\"description\":" + quoted(oneLine(text))
            + ",\"body\":" + quoted(text) + "}}");
      }
      post(mcp, "tools/call", "{\"name\":\"recall\",\"arguments\":{\"query\":\"deploy token password\"}}");
      post(mcp, "tools/call", "{\"name\":\"list\",\"arguments\":{}}");
    }
  }

  private void post(HookFixture.McpHttp mcp, String method, String params) throws Exception {
    String body = mcp.post(method, params);
    printed.add(body);
    printed.add(JSON.readTree(body).toString());
  }

  /** The message texts of every recorded request, JSON-decoded. */
  private String requestTexts() throws IOException {
    StringBuilder out = new StringBuilder();
    for (String request : modelRequests) {
      for (JsonNode m : JSON.readTree(request).path("messages")) {
        out.append(m.path("content").isTextual() ? m.path("content").asText() : m.path("content").toString()).append('\n');
      }
    }
    return out.toString();
  }

  /** Every file under {@code dir}: relative path to its bytes as lower-case ISO-8859-1 text (binary files too). */
  private static Map<String, String> filesUnder(Path dir) throws IOException {
    Map<String, String> out = new HashMap<>();
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.filter(Files::isRegularFile).toList()) {
        out.put(dir.relativize(p).toString(),
            new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT));
      }
    }
    return out;
  }

  private static String oneLine(String text) {
    return text.replaceAll("\\s+", " ").strip();
  }

  private static String prefix(String text, int chars) {
    String line = oneLine(text);
    return line.substring(0, Math.min(chars, line.length())).strip();
  }

  private static String quoted(String s) {
    return HookFixture.quoted(s);
  }
}
