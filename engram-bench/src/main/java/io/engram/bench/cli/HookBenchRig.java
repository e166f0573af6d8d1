package io.engram.bench.cli;

import io.engram.service.ServiceClient;
import io.engram.service.ServiceStatus;
import io.engram.config.EngramRoots;
import io.engram.hooks.HookEvent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The processes {@code bench hook} times: a temporary Engram home with a store of generated memories,
 * its resident service, the installed launcher, and {@code java -version}. Every call is a process started
 * the same way ({@link TimedRun}), so the baseline pays what the hook pays to be started; the memories are {@link
 * GeneratedMemories}.
 */
final class HookBenchRig implements AutoCloseable {
  /** The prompt every timed hook call asks; the generated memories answer it. */
  private static final String SAMPLE_PROMPT = "How do I run the tests with redis and postgres?";

  private final Path dir;
  private final Path home;
  private final Path project;
  private final Path launcher;
  private final Path java;
  private final Map<String, String> environment;
  private final List<String> stopSessions = new ArrayList<>();

  private HookBenchRig(Path dir, Path launcher, Path java) {
    this.dir = dir;
    this.home = dir.resolve("home");
    this.project = dir.resolve("project");
    this.launcher = launcher;
    this.java = java;
    Map<String, String> env = new HashMap<>(System.getenv());
    env.put("ENGRAM_HOME", home.toString());
    env.put("HOME", dir.resolve("user").toString());
    env.remove("ENGRAM_SERVICE");
    this.environment = Map.copyOf(env);
  }

  /** Seeds the store and starts the service. */
  static HookBenchRig start(Path dir, Path launcher, Path java, int memories, Optional<Path> models)
      throws IOException {
    HookBenchRig rig = new HookBenchRig(dir, launcher, java);
    Files.createDirectories(rig.project);
    if (models.isPresent()) { // model jars installed as engram models add leaves them: recall.embeddingModel auto uses them
      Path into = io.engram.fs.HomeLayout.of(rig.home).models();
      Files.createDirectories(into);
      try (var jars = Files.newDirectoryStream(models.get(), "*.jar")) {
        for (Path jar : jars) {
          Files.copy(jar, into.resolve(jar.getFileName()));
        }
      }
    }
    GeneratedMemories.seed(rig.roots(rig.project), memories, "");
    TimedRun started = rig.run(List.of(launcher.toString(), "daemon", "start"), Optional.empty(), Map.of());
    if (started.exit() != 0) {
      throw new IOException("engram daemon start failed: " + started.out());
    }
    return rig;
  }

  private EngramRoots roots(Path projectDir) {
    return new EngramRoots(home, dir.resolve("user"), projectDir);
  }

  /**
   * {@code calls} calls first, after one recall that builds the project's index with vectors: the service's code
   * is compiled by the JIT over the first hundred calls or so (a service runs for hours).
   */
  void warmUp(int calls) throws IOException {
    // The service loads the model in the background (recall answers with keywords until then), and the first
    // recall with vectors embeds the whole store: on a loaded machine that can take longer than a hook client
    // waits, so it is asked directly, with time to finish, until it answers with vectors.
    ServiceClient client = ServiceClient.find(home).orElseThrow(() -> new IOException("the service is gone"));
    long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
    for (int i = 0; ; i++) {
      String input = promptInput("bench-first-" + i, project, SAMPLE_PROMPT);
      Optional<ServiceClient.Reply> first = client.hook(HookEvent.USER_PROMPT_SUBMIT, input, Optional.empty(),
          Duration.ofMinutes(5));
      if (first.isEmpty() || !first.get().answered()) {
        throw new IOException("the first recall failed: " + first.map(r -> r.body()).orElse("no answer"));
      }
      if (first.get().body().contains("bm25 + vectors")) {
        break;
      }
      if (System.nanoTime() > deadline) {
        throw new IOException("the service still recalls without vectors after 5 minutes: " + first.get().body());
      }
      sleep(200);
    }
    for (int i = 0; i < calls; i++) {
      prompt(-1, i);
    }
  }

  long javaVersion() {
    return run(List.of(java.toString(), "-version"), Optional.empty(), Map.of()).nanos();
  }

  long prompt(int thread, int i) {
    return promptIn(project, "bench-" + thread + "-" + i, Map.of());
  }

  long jvmPrompt(int i) {
    return promptIn(project, "bench-jvm-" + i, Map.of("ENGRAM_SERVICE", "off"));
  }

  private long promptIn(Path where, String session, Map<String, String> env) {
    String input = promptInput(session, where, SAMPLE_PROMPT);
    TimedRun r = run(List.of(launcher.toString(), "hook", "UserPromptSubmit"), Optional.of(input), env);
    if (r.exit() != 0 || !r.out().contains("hookSpecificOutput")) {
      throw new IllegalStateException("the hook gave no context for the sample prompt (exit " + r.exit() + "): "
          + r.out());
    }
    return r.nanos();
  }

  long stop(int thread, int i) {
    String session = "bench-stop-" + thread + "-" + i;
    Path transcript = dir.resolve(session + ".jsonl");
    try {
      Files.writeString(transcript, "{\"type\":\"user\",\"uuid\":\"u-" + session + "\",\"sessionId\":\"" + session
          + "\",\"message\":{\"role\":\"user\",\"content\":\"The tests need " + GeneratedMemories.topic(thread + i)
          + " running on localhost.\"}}\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String input = "{\"session_id\":\"" + session + "\",\"cwd\":\"" + project + "\",\"transcript_path\":\""
        + transcript + "\",\"hook_event_name\":\"Stop\"}";
    TimedRun r = run(List.of(launcher.toString(), "hook", "Stop"), Optional.of(input), Map.of());
    if (r.exit() != 0) {
      throw new IllegalStateException("hook Stop failed: " + r.out());
    }
    synchronized (stopSessions) {
      stopSessions.add(session);
    }
    return r.nanos();
  }

  /** Waits for the service's queue to empty; every timed Stop must have run its extraction. */
  void checkExtractions() throws IOException {
    long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
    Path queue = home.resolve("service/queue");
    while (System.nanoTime() < deadline && count(queue) > 0) {
      sleep(100);
    }
    List<String> missing = new ArrayList<>();
    for (String s : stopSessions) {
      if (!io.engram.extract.ExtractionPass.hasRun(home, s)) {
        missing.add(s);
      }
    }
    if (!missing.isEmpty()) {
      throw new IOException(missing.size() + " of " + stopSessions.size() + " Stop calls were answered but not"
          + " extracted: " + missing.subList(0, Math.min(5, missing.size())));
    }
  }

  long residentMiB() {
    return status().memory().residentMiB();
  }

  private ServiceStatus status() {
    return ServiceClient.find(home).flatMap(c -> c.status(Duration.ofSeconds(10)))
        .orElseThrow(() -> new IllegalStateException("the service does not answer"));
  }

  /** Indexes {@code count} more memories in a second project (one recall there) and reads the service's memory. */
  HookBench.Resident indexMore(int count) throws IOException {
    Path second = Files.createDirectories(dir.resolve("project-large"));
    GeneratedMemories.seedDirectly(roots(second), count, "large-");
    ServiceClient client = ServiceClient.find(home).orElseThrow(() -> new IOException("the service is gone"));
    String input = promptInput("bench-large", second, SAMPLE_PROMPT);
    long start = System.nanoTime();
    Optional<ServiceClient.Reply> reply = client.hook(HookEvent.USER_PROMPT_SUBMIT, input, Optional.empty(),
        Duration.ofMinutes(30));
    long millis = (System.nanoTime() - start) / 1_000_000;
    if (reply.isEmpty() || !reply.get().answered()) {
      throw new IOException("the recall over " + count + " memories failed: " + reply.map(r -> r.body()).orElse("no answer"));
    }
    ServiceStatus s = status();
    // The first recall embeds for a moment; the service embeds the rest in the background, reported in its status.
    // Meanwhile a session asks as a person would, every half second, a new session each time (no repeat rule).
    Latencies during = new Latencies();
    int nothingSent = 0;
    String[] prompts = {SAMPLE_PROMPT, "Where are deploys watched?",
        "Which package manager does the build use?", "Why does the cache need warming before the release?"};
    while (status().queue().embedding() > 0 && System.nanoTime() - start < Duration.ofMinutes(30).toNanos()) {
      long asked = System.nanoTime();
      boolean sent = asks(client, second, "bench-catch-up-" + during.count(), prompts[during.count() % prompts.length]);
      during.add(System.nanoTime() - asked);
      nothingSent += sent ? 0 : 1;
      sleep(500);
    }
    long allEmbedded = (System.nanoTime() - start) / 1_000_000;
    ServiceStatus after = status();
    int nothingOnceEmbedded = 0;
    for (int i = 0; i < prompts.length; i++) {
      nothingOnceEmbedded += asks(client, second, "bench-embedded-" + i, prompts[i]) ? 0 : 1;
    }
    return new HookBench.Resident(count, millis, allEmbedded, s.memory().residentMiB(), s.memory().heapUsedMiB(),
        after.memory().residentMiB(), new HookBench.CatchUp(during.count(), during.percentileMs(50),
            during.percentileMs(95), during.percentileMs(100), nothingSent, prompts.length, nothingOnceEmbedded));
  }

  /** Asks the service's UserPromptSubmit hook {@code prompt} in a new session of {@code project}: whether it sent any. */
  private static boolean asks(ServiceClient client, Path project, String session, String prompt) throws IOException {
    Optional<ServiceClient.Reply> answer = client.hook(HookEvent.USER_PROMPT_SUBMIT,
        promptInput(session, project, prompt), Optional.empty(), Duration.ofMinutes(5));
    return answer.isPresent() && answer.get().body().contains("additionalContext");
  }

  /** A UserPromptSubmit hook's input as Claude Code writes it: {@code prompt} in {@code session} of {@code project}. */
  private static String promptInput(String session, Path project, String prompt) {
    return "{\"session_id\":\"" + session + "\",\"cwd\":\"" + project + "\",\"hook_event_name\":"
        + "\"UserPromptSubmit\",\"prompt\":\"" + prompt + "\"}";
  }

  @Override
  public void close() {
    run(List.of(launcher.toString(), "daemon", "stop"), Optional.empty(), Map.of());
  }

  private TimedRun run(List<String> command, Optional<String> stdin, Map<String, String> extraEnv) {
    Map<String, String> env = new HashMap<>(environment);
    env.putAll(extraEnv);
    return TimedRun.of(command, stdin, env, dir);
  }

  private static long count(Path d) throws IOException {
    if (!Files.isDirectory(d)) {
      return 0;
    }
    try (Stream<Path> files = Files.list(d)) {
      return files.filter(f -> f.toString().endsWith(".json")).count();
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  static void deleteQuietly(Path dir) {
    if (dir == null) {
      return;
    }
    try (var walk = Files.walk(dir)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // a temp directory left behind is harmless
    }
  }
}
