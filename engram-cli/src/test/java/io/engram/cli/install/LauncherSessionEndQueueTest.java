package io.engram.cli.install;

import io.engram.testing.ChildProcess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.testing.ChildProcess.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Claude Code SessionEnd that no service takes is queued by the launcher itself, under bash, in the job file the
 * service reads (the one the JVM's hand-over writes), and the service is started in the background: no JVM stands
 * between the hook and its end, whose 1.5 s a JVM's start alone can pass under load. Input it cannot queue as it is
 * goes to the JVM as before.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class LauncherSessionEndQueueTest {
  private static final Path BASH = Path.of("/bin/bash");
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path tmp;
  Path home;
  Path project;
  Path launcher;
  Path calls;

  @BeforeEach
  void install() throws Exception {
    assumeTrue(Files.isExecutable(BASH), "bash is needed for this path");
    // Queued by the launcher only under bash 5 (its clock in milliseconds, EPOCHREALTIME); older ones use the JVM.
    Process version = new ProcessBuilder(BASH.toString(), "-c", "[ -n \"${EPOCHREALTIME:-}\" ]").start();
    assumeTrue(version.waitFor(10, java.util.concurrent.TimeUnit.SECONDS) && version.exitValue() == 0,
        "bash 5 is needed for this path");
    Path bin = Files.createDirectories(tmp.resolve("fake"));
    home = tmp.resolve("home");
    project = Files.createDirectories(tmp.resolve("project"));
    calls = tmp.resolve("java-calls");
    launcher = tmp.resolve("engram");
    Files.writeString(launcher, LauncherScript.text(tmp.resolve("engram.jar"), Path.of("/nowhere/java"), "dev", BASH));
    Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
    // The JVM stand-in notes each call; a hook call echoes its stdin as the JVM's answer.
    Path java = bin.resolve("java");
    Files.writeString(java, "#!/bin/sh\necho \"$*\" >> '" + calls + "'\ncase \"$*\" in *'daemon start') exit 0 ;; esac\n"
        + "read -r line; echo \"java $* <$line>\"\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  private Run hook(String stdin, String... args) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(Stream.concat(Stream.of(launcher.toString()), Stream.of(args)).toList());
    pb.environment().put("PATH", tmp.resolve("fake") + ":/usr/bin:/bin");
    pb.environment().put("ENGRAM_HOME", home.toString());
    pb.environment().put("TZ", "Asia/Shanghai");
    pb.environment().remove("ENGRAM_SERVICE");
    return ChildProcess.run(pb, stdin, Duration.ofSeconds(20));
  }

  private String input(String cwd) {
    return "{\"session_id\":\"5e6f\",\"transcript_path\":\"/tmp/t \\\"1\\\".jsonl\",\"cwd\":\"" + cwd + "\","
        + "\"hook_event_name\":\"SessionEnd\",\"reason\":\"exit\",\"note\":\"tab\\there, é 中文\"}";
  }

  private List<Path> queued() throws Exception {
    Path queue = home.resolve("service/queue");
    if (!Files.isDirectory(queue)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(queue)) {
      return files.toList();
    }
  }

  /** What the stand-in JVM was asked, once its background start has come (waited for, up to a deadline). */
  private String callsOnce(String expected) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (System.nanoTime() < deadline) {
      if (Files.exists(calls) && Files.readString(calls).contains(expected)) {
        return Files.readString(calls);
      }
      Thread.onSpinWait();
    }
    return Files.exists(calls) ? Files.readString(calls) : "";
  }

  @Test
  void aSessionEndNoServiceTookIsQueuedForTheServiceWithoutAJvmAndTheServiceStarted() throws Exception {
    String stdin = input(project.toString()) + "\n";

    Instant before = Instant.now().minusSeconds(1);
    Run run = hook(stdin, "hook", "SessionEnd");

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).isEqualTo("engram hook SessionEnd: queued for the Engram service\n");
    List<Path> jobs = queued();
    assertThat(jobs).singleElement().satisfies(f -> {
      assertThat(f.getFileName().toString()).matches("\\d{13}-\\d+-000001-SessionEnd\\.json");
      assertThat(Files.getPosixFilePermissions(f)).isEqualTo(PosixFilePermissions.fromString("rw-------"));
    });
    // What WorkQueue reads back: the event, the project, the input as it came, when it came (UTC, any TZ).
    JsonNode job = JSON.readTree(jobs.get(0).toFile());
    assertThat(job.get("event").asText()).isEqualTo("SessionEnd");
    assertThat(job.get("project").asText()).isEqualTo(project.toString());
    assertThat(job.get("input").asText()).isEqualTo(stdin.strip());
    assertThat(Instant.parse(job.get("enqueuedAt").asText())).isBetween(before, Instant.now().plusSeconds(1));
    assertThat(callsOnce("daemon start")).as("the JVM was asked only to start the service")
        .isEqualTo("-jar " + tmp.resolve("engram.jar") + " daemon start\n");
  }

  @Test
  void aSessionEndItCannotQueueAsItIsGoesToTheJvm() throws Exception {
    for (String cwd : List.of("project", project + "/", project + "/../project", tmp.resolve("gone").toString())) {
      Run run = hook(input(cwd), "hook", "SessionEnd");
      assertThat(run.out()).as(cwd).startsWith("java -jar " + tmp.resolve("engram.jar") + " hook SessionEnd <{");
    }
    Run gemini = hook(input(project.toString()), "hook", "--agent", "gemini", "SessionEnd");
    assertThat(gemini.out()).startsWith("java -jar " + tmp.resolve("engram.jar") + " hook --agent gemini SessionEnd <{");
    Run marked = hook("\uFEFF" + input(project.toString()), "hook", "SessionEnd");
    assertThat(marked.out()).startsWith("java -jar " + tmp.resolve("engram.jar") + " hook SessionEnd <");
    Run stop = hook(input(project.toString()).replace("SessionEnd", "Stop"), "hook", "Stop");
    assertThat(stop.out()).startsWith("java -jar " + tmp.resolve("engram.jar") + " hook Stop <{");
    assertThat(queued()).isEmpty();
  }
}
