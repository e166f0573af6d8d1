package io.engram.cli.integration;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.engram.cli.CommandRun;
import io.engram.cli.HookFixture;
import io.engram.redact.SecretCorpus;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

/**
 * Every way out of Engram that the secrets tests watch: a home driven through {@link HookFixture} with a model
 * configured whose every request is recorded (an OpenAI-compatible server on loopback), everything printed or
 * answered, and the search of all of it, and of every file under the home, for each secret of a corpus.
 */
final class SecretExits implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  /**
   * How many cases the tests write to one home before they take a fresh one: a store's every write reads each of its
   * topic files (to find the file of the name) and rewrites its MEMORY.md, so a home's writes cost the square of its
   * size; a hundred to a home took two fifths of the command line's secrets test, twenty-five take a quarter of that.
   */
  static final int PER_HOME = 25;

  /**
   * The service the hooks start here runs on the quick compiler alone, without verifying the class path's classes, as
   * every other JVM the tests start: its command line names no compiler, so the JVM's own {@code JAVA_TOOL_OPTIONS}
   * sets them. Its work (SessionEnd's queue over the corpus's transcript) lasts seconds, too short for the optimising
   * compiler to earn back its threads: the service took 6.2 and 7.2 s of processor time against 8.5 and 8.6 s with
   * both (alternating runs, load 10-14).
   */
  private static final Map<String, String> QUICK_SERVICE_JVM = Map.of("JAVA_TOOL_OPTIONS",
      "-XX:TieredStopAtLevel=1 -XX:+UnlockDiagnosticVMOptions -XX:-BytecodeVerificationRemote");

  private final List<String> modelRequests = Collections.synchronizedList(new ArrayList<>());
  private final List<String> printed = Collections.synchronizedList(new ArrayList<>());
  /** Homes beside the fixture's, written by {@link #runEach} when it spreads its commands over several. */
  private final List<Path> otherHomes = new ArrayList<>();
  private long phaseStart = System.nanoTime();
  private final HttpServer model;
  private final HookFixture fixture;

  private SecretExits(Path root, Map<String, String> environment) throws IOException {
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
    env.putAll(environment);
    env.put("ENGRAM_MODEL", "openai:recorder");
    env.put("OPENAI_BASE_URL", "http://127.0.0.1:" + model.getAddress().getPort() + "/v1");
    env.put("OPENAI_API_KEY", "local-recorder");
    fixture = HookFixture.in(root).withEnvironment(env);
  }

  /**
   * A fresh home, project and recording model under {@code root} (a test's temporary directory); hooks start the
   * resident service behind them as they do for a user, so {@link #settleService} must end the test.
   */
  static SecretExits in(Path root) throws IOException {
    return new SecretExits(root, QUICK_SERVICE_JVM);
  }

  /** The same, with {@code ENGRAM_SERVICE=off}: every hook answers in the test's process and starts nothing. */
  static SecretExits inProcess(Path root) throws IOException {
    return new SecretExits(root, Map.of("ENGRAM_SERVICE", "off"));
  }

  HookFixture fixture() {
    return fixture;
  }

  List<String> modelRequests() {
    return modelRequests;
  }

  String printed() {
    synchronized (printed) {
      return String.join("\n", printed);
    }
  }

  /** Runs {@code engram ARGS...} against the home and keeps what it printed. */
  void run(String... args) {
    record(fixture.run(args));
  }

  /**
   * Runs each of {@code commands} ({@code engram ARGS...}) against the home in turn and keeps what each printed; each
   * run takes one of the command trees the runs share ({@link CommandRun}).
   */
  void runEach(List<String[]> commands) {
    commands.forEach(this::run);
  }

  /**
   * Runs {@code commands} ({@code engram ARGS...}), {@code perHome} of them against each of fresh homes under {@code
   * root} (searched with the fixture's home), and keeps what each printed: a store's every write rewrites its
   * MEMORY.md, so a thousand memories in one home cost the square of what they cost spread over ten. The homes are
   * written side by side ({@link #acrossHomes}); each run takes one of the command trees the runs share ({@link
   * CommandRun}), not a tree of its own.
   */
  void runEach(List<String[]> commands, int perHome, Path root) throws Exception {
    int homes = (commands.size() + perHome - 1) / perHome;
    acrossHomes(homes, root, (home, i) -> commands.subList(i * perHome, Math.min(commands.size(), (i + 1) * perHome))
        .forEach(args -> record(home.run(args))));
  }

  /** What {@link #acrossHomes} does in the {@code index}th home, driven through {@code home}. */
  interface HomeWork {
    void run(HookFixture home, int index) throws Exception;
  }

  /**
   * Makes {@code count} fresh homes under {@code root} ({@link #newHome}) and does {@code work} in each, four homes at
   * a time: a write spends most of its time waiting for the disk (a file and a directory flushed per replaced file),
   * and writes to separate homes share no file and no lock, so their waits overlap. The first failure is rethrown
   * once every home is done.
   */
  void acrossHomes(int count, Path root, HomeWork work) throws Exception {
    List<HookFixture> homes = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      homes.add(fixture.withHome(newHome(root)));
    }
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Void>> done = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        int index = i;
        done.add(pool.submit(() -> {
          work.run(homes.get(index), index);
          return null;
        }));
      }
      Exception first = null;
      for (Future<Void> f : done) {
        try {
          f.get();
        } catch (ExecutionException e) {
          if (first == null) {
            first = e.getCause() instanceof Exception cause ? cause : e;
          }
        }
      }
      if (first != null) {
        throw first;
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /** A fresh home under {@code root}, searched with the fixture's from now on. */
  Path newHome(Path root) throws IOException {
    Path home = Files.createDirectories(root.resolve("home-" + otherHomes.size()));
    otherHomes.add(home);
    return home;
  }

  /** The homes this searches: the fixture's and those {@link #runEach(List, int, Path)} wrote. */
  List<Path> homes() {
    List<Path> all = new ArrayList<>(List.of(fixture.home()));
    all.addAll(otherHomes);
    return all;
  }

  /** Prints how long the phase that ends here took, so that a slow exit shows in the test's output. */
  void phase(String name) {
    long now = System.nanoTime();
    System.out.printf("  %-40s %6d ms%n", name, (now - phaseStart) / 1_000_000);
    phaseStart = now;
  }

  void record(CommandRun r) {
    printed.add(r.out());
    printed.add(r.err());
  }

  /** Posts one MCP request and keeps its answer, as sent and JSON-decoded. */
  void post(HookFixture.McpHttp mcp, String method, String params) throws Exception {
    String body = mcp.post(method, params);
    printed.add(body);
    printed.add(JSON.readTree(body).toString());
  }

  /** The MCP {@code initialize} request, kept like any other answer. */
  void initialize(HookFixture.McpHttp mcp) throws Exception {
    post(mcp, "initialize", "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
        + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}");
  }

  /**
   * Lets the resident service that hooks start behind them finish the work they queued for it (its queue files,
   * {@code <home>/service/queue/*.json}, deleted when done) and stops it with {@code engram daemon stop}: what it
   * wrote and asked a model is then searched too, and nothing writes under the home once the test is over.
   */
  void settleService(Duration within) throws IOException, InterruptedException {
    Path queue = fixture.home().resolve("service").resolve("queue");
    Instant deadline = Instant.now().plus(within);
    while (queuedJobs(queue) > 0 && Instant.now().isBefore(deadline)) {
      Thread.sleep(100);
    }
    assertThat(queuedJobs(queue)).as("hook work still queued for the service after %s", within).isZero();
    run("daemon", "stop");
    // The stop returns once the service no longer answers; it removes its files (service.json, the address files)
    // as it exits and holds service.lock until then, so the lock is taken here before the home is searched.
    Path lock = fixture.home().resolve("service").resolve("service.lock");
    if (Files.exists(lock)) {
      try (var exited = io.engram.fs.FileLock.tryAcquire(lock, within)
          .orElseThrow(() -> new AssertionError("the service still holds " + lock + " after " + within))) {
        // Held only to know the service has exited.
      }
    }
  }

  private static long queuedJobs(Path queue) throws IOException {
    if (!Files.isDirectory(queue)) {
      return 0;
    }
    try (Stream<Path> files = Files.list(queue)) {
      return files.filter(p -> p.getFileName().toString().endsWith(".json")).count();
    }
  }

  /**
   * Every place a secret of {@code cases} was found: a file's name or bytes under the home (case-insensitively),
   * a recorded model request (as sent and JSON-decoded), or anything printed or answered.
   */
  List<String> leaks(List<SecretCorpus.SecretCase> cases) throws IOException {
    List<String> leaks = new ArrayList<>();
    Map<String, String> files = filesUnder();
    String outputs = printed();
    // Each text is searched once for every secret (NeedleIndex); a secret is then looked up in what each text holds.
    List<String> needles = new ArrayList<>();
    for (SecretCorpus.SecretCase c : cases) {
      for (String secret : c.secrets()) {
        needles.add(secret);
        needles.add(secret.toLowerCase(Locale.ROOT));
      }
    }
    NeedleIndex index = new NeedleIndex(needles);
    // Which files hold each needle, in the order the files are met: a secret is then looked up once, not tested
    // against every file's findings (thousands of secrets times thousands of files).
    Map<String, List<String>> holders = new HashMap<>();
    files.forEach((path, content) -> {
      Set<String> found = index.foundIn(path.toLowerCase(Locale.ROOT));
      found.addAll(index.foundIn(content));
      found.forEach(needle -> holders.computeIfAbsent(needle, n -> new ArrayList<>()).add(path));
    });
    Set<String> inRequests = index.foundIn(String.join("\n", modelRequests));
    inRequests.addAll(index.foundIn(requestTexts()));
    Set<String> inOutputs = index.foundIn(outputs);
    for (SecretCorpus.SecretCase c : cases) {
      for (String secret : c.secrets()) {
        // a PIN is a number: found only as a whole number, not inside a longer one (a timestamp, an id)
        List<String> forms = NeedleIndex.digitsOnly(secret) ? List.of(secret)
            : List.of(secret.toLowerCase(Locale.ROOT), secret);
        Set<String> inFiles = new java.util.LinkedHashSet<>();
        forms.forEach(form -> inFiles.addAll(holders.getOrDefault(form, List.of())));
        inFiles.forEach(path -> leaks.add(c.family() + " secret '" + secret + "' in " + path));
        if (forms.stream().anyMatch(inRequests::contains)) {
          leaks.add(c.family() + " secret '" + secret + "' in a model request");
        }
        if (forms.stream().anyMatch(inOutputs::contains)) {
          leaks.add(c.family() + " secret '" + secret + "' in printed output: ..." + around(outputs, secret) + "...");
        }
      }
    }
    System.out.printf("secrets through every exit: %d cases, %d files under the home, %d model requests,"
        + " %d outputs; %d leaks%n", cases.size(), files.size(), modelRequests.size(), printed.size(), leaks.size());
    leaks.stream().limit(50).forEach(l -> System.out.println("  leak: " + l));
    return leaks;
  }

  /**
   * Every case of the corpora the tests drive through every exit: the provider families ({@link
   * SecretCorpus#secrets()}) and every set of secrets as people write them.
   */
  static List<SecretCorpus.SecretCase> everyCase() {
    List<SecretCorpus.SecretCase> all = new ArrayList<>(SecretCorpus.secrets());
    all.addAll(SecretCorpus.asWritten());
    all.addAll(SecretCorpus.heldOut());
    all.addAll(SecretCorpus.fresh());
    all.addAll(SecretCorpus.fourth());
    all.addAll(SecretCorpus.fifth());
    all.addAll(SecretCorpus.sixth());
    return all;
  }

  /** Up to 60 characters on each side of where {@code secret} first stands in {@code text} (in any case). */
  private static String around(String text, String secret) {
    int at = text.toLowerCase(Locale.ROOT).indexOf(secret.toLowerCase(Locale.ROOT));
    return at < 0 ? "" : text.substring(Math.max(0, at - 60), Math.min(text.length(), at + secret.length() + 60))
        .replace('\n', ' ');
  }

  /**
   * The secrets that the redactor leaves in their own case's text (the corpus tests report them): no exit may leak
   * any other, so a leak of one of these is the redactor's miss, not an exit that skipped redaction.
   */
  static List<String> missedByTheRedactor(List<SecretCorpus.SecretCase> cases) {
    List<String> missed = new ArrayList<>();
    for (SecretCorpus.SecretCase c : cases) {
      String out = io.engram.redact.SecretRedactor.standard().redact(c.text()).text();
      c.secrets().stream().filter(out::contains).forEach(missed::add);
    }
    System.out.println("secrets the redactor itself leaves in their case: " + missed);
    return missed;
  }

  /** The leaks that are not one of {@code missed}: what an exit let through on its own. */
  static List<String> beyond(List<String> leaks, List<String> missed) {
    return leaks.stream().filter(l -> missed.stream().noneMatch(m -> l.contains("'" + m + "'"))).toList();
  }

  /** The message texts of every recorded request, JSON-decoded. */
  String requestTexts() throws IOException {
    StringBuilder out = new StringBuilder();
    for (String request : List.copyOf(modelRequests)) {
      for (JsonNode m : JSON.readTree(request).path("messages")) {
        out.append(m.path("content").isTextual() ? m.path("content").asText() : m.path("content").toString()).append('\n');
      }
    }
    return out.toString();
  }

  /**
   * Every file under the homes ({@link #homes}): its path (relative to its home, after the home's name when it is not
   * the fixture's) to its bytes as lower-case ISO-8859-1 text (binary files too).
   */
  Map<String, String> filesUnder() throws IOException {
    Map<String, String> out = new HashMap<>();
    for (Path dir : homes()) {
      String prefix = dir.equals(fixture.home()) ? "" : dir.getFileName() + "/";
      try (Stream<Path> s = Files.walk(dir)) {
        for (Path p : s.filter(Files::isRegularFile).toList()) {
          out.put(prefix + dir.relativize(p),
              new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT));
        }
      }
    }
    return out;
  }


  static String oneLine(String text) {
    return text.replaceAll("\\s+", " ").strip();
  }

  static String prefix(String text, int chars) {
    String line = oneLine(text);
    return line.substring(0, Math.min(chars, line.length())).strip();
  }

  @Override
  public void close() {
    model.stop(0);
  }
}
