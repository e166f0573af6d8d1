package io.engram.cli;

import io.engram.Engram;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.config.SettingsLoader;
import io.engram.mcp.EngramMcpServer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An Engram home, a project and a user home, driven the ways Claude Code and a person drive Engram: {@code engram}
 * commands run in-process, hooks with their JSON on stdin, and the MCP server over streamable HTTP.
 *
 * <p>Commands run with {@code ENGRAM_SERVICE=off} unless {@link #withEnvironment} says otherwise, so a hook answers
 * in the test's process and never starts a resident service behind it.
 */
public final class HookFixture {
  /** A bearer token the MCP HTTP server accepts (64 hex digits: 256 bits). */
  public static final String MCP_TOKEN = "4c7e1a9f3b6d2e8a0f5c9b1d7e3a6f2c8b4d0e9a5f1c7b3e6d2a8f4c0b9e5d1a";

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path home;
  private final Path project;
  private final Path userHome;
  private final Map<String, String> environment;

  private HookFixture(Path home, Path project, Path userHome, Map<String, String> environment) {
    this.home = home;
    this.project = project;
    this.userHome = userHome;
    this.environment = Map.copyOf(environment);
  }

  /** A fresh home, project and user home under {@code root} (a test's temporary directory). */
  public static HookFixture in(Path root) {
    try {
      return new HookFixture(Files.createDirectories(root.resolve("engram-home")),
          Files.createDirectories(root.resolve("project")), Files.createDirectories(root.resolve("user-home")),
          serviceOff(System.getenv()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The same project and user home with another Engram home, for comparing two surfaces side by side. */
  public HookFixture withHome(Path otherHome) {
    return new HookFixture(otherHome, project, userHome, environment);
  }

  /** The same directories, the commands run as if the process's environment were {@code env}. */
  public HookFixture withEnvironment(Map<String, String> env) {
    return new HookFixture(home, project, userHome, env);
  }

  public Path home() {
    return home;
  }

  public Path project() {
    return project;
  }

  public Path userHome() {
    return userHome;
  }

  /** Runs {@code engram --home HOME --project PROJECT --user-home USER ARGS...}. */
  public CommandRun run(String... args) {
    List<String> all = new ArrayList<>(globalArguments());
    all.addAll(List.of(args));
    return CommandRun.inEnvironment(environment, all.toArray(String[]::new));
  }

  private List<String> globalArguments() {
    return List.of("--home", home.toString(), "--project", project.toString(), "--user-home", userHome.toString());
  }

  /**
   * Runs {@code engram hook EVENT} with {@code stdin} as its input, as Claude Code does: no {@code --project}, the
   * project is the input's {@code cwd}.
   */
  public CommandRun hook(String event, String stdin) {
    return hookWith(stdin, "hook", event);
  }

  /** Runs {@code engram hook --agent AGENT EVENT} with {@code stdin} as its input, as that agent does. */
  public CommandRun hook(String agent, String event, String stdin) {
    return hookWith(stdin, "hook", "--agent", agent, event);
  }

  private CommandRun hookWith(String stdin, String... command) {
    InputStream before = System.in;
    System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
    try {
      List<String> all = new ArrayList<>(List.of("--home", home.toString(), "--user-home", userHome.toString()));
      all.addAll(List.of(command));
      return CommandRun.inEnvironment(environment, all.toArray(String[]::new));
    } finally {
      System.setIn(before);
    }
  }

  /**
   * A hook's input for {@code session} in the project: {@code extraFields} (JSON members, each led by a comma) are
   * added after {@code session_id}, {@code transcript_path} and {@code cwd}.
   */
  public String hookInput(String session, Path transcript, String extraFields) {
    return "{\"session_id\":" + quoted(session) + ",\"transcript_path\":" + quoted(transcript.toString()) + ",\"cwd\":"
        + quoted(project.toString()) + extraFields + "}";
  }

  /** {@code s} as a JSON string literal. */
  public static String quoted(String s) {
    try {
      return JSON.writeValueAsString(s);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Starts the MCP server over HTTP on loopback, serving this home and project with the home's settings. */
  public McpHttp mcp() throws IOException {
    EngramRoots roots = EngramRoots.resolve(Optional.of(home), Optional.of(project), Map.of(), userHome);
    EngramSettings settings = SettingsLoader.load(home);
    Engram engram = Engram.builder(roots).settings(settings).build();
    return new McpHttp(EngramMcpServer.serveHttp(engram, new InetSocketAddress("127.0.0.1", 0), MCP_TOKEN, "test"));
  }

  /** A running MCP HTTP server and a client that posts JSON-RPC requests to it with the bearer token. */
  public static final class McpHttp implements AutoCloseable {
    private final EngramMcpServer.Http server;
    private final URI uri;
    private final HttpClient client = HttpClient.newHttpClient();
    private int nextId = 1;

    private McpHttp(EngramMcpServer.Http server) {
      this.server = server;
      this.uri = URI.create("http://127.0.0.1:" + server.address().getPort() + server.endpoint());
    }

    /** Sends the {@code initialize} request a client starts with; returns the answer's body. */
    public String initialize() throws IOException, InterruptedException {
      return post("initialize", "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
          + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}");
    }

    /** Posts one request, checks the answer is HTTP 200 and returns its body. */
    public String post(String method, String params) throws IOException, InterruptedException {
      String body = "{\"jsonrpc\":\"2.0\",\"id\":" + nextId++ + ",\"method\":\"" + method + "\",\"params\":" + params + "}";
      HttpResponse<String> r = client.send(HttpRequest.newBuilder(uri)
          .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
          .header("Authorization", "Bearer " + MCP_TOKEN).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      return r.body();
    }

    @Override
    public void close() {
      server.close();
    }
  }

  private static Map<String, String> serviceOff(Map<String, String> env) {
    Map<String, String> out = new HashMap<>(env);
    out.putIfAbsent("ENGRAM_SERVICE", "off");
    return out;
  }
}
