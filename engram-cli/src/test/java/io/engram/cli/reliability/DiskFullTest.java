package io.engram.cli.reliability;

import io.engram.testing.ChildProcess;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.cli.CommandRun;
import io.engram.cli.EngramCommand;
import io.engram.cli.output.JsonOutput;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A full disk, for real: Engram's home is a 160 KiB tmpfs, mounted in a mount namespace of its own
 * ({@code unshare -rm}, no root needed where unprivileged user namespaces are allowed; the test is skipped,
 * saying so, where they are not). A store with memories is copied in, then a child JVM remembers ever larger
 * memories until the disk is full. The write that does not fit must fail with one clear line and exit 1,
 * and nothing stored before may change: the store is copied out and compared byte for byte.
 */
class DiskFullTest {
  private static final String SIZE = "160k";

  @TempDir Path work;

  @Test
  void writesOnAFullDiskFailCleanlyAndLoseNothingStored() throws Exception {
    assumeTrue(canMountTmpfs(), "unshare -rm cannot mount a tmpfs here (no unprivileged user namespaces)");
    ReliabilityLog log = new ReliabilityLog("disk-full", "a full disk (" + SIZE + " tmpfs) under remember");
    Path seed = Files.createDirectories(work.resolve("seed"));
    Path project = Files.createDirectories(work.resolve("project"));
    Path userHome = Files.createDirectories(work.resolve("user-home"));
    Path mount = Files.createDirectories(work.resolve("mnt"));
    Path out = Files.createDirectories(work.resolve("out"));
    for (int i = 0; i < 5; i++) {
      CommandRun r = CommandRun.in(seed, project, "--user-home", userHome.toString(), "remember", "--type", "project",
          "--name", "stored before " + i, "A memory stored before the disk filled up, number " + i + ".");
      assertThat(r.exitCode()).as(r.err()).isZero();
    }
    Map<String, byte[]> before = StoreCheck.snapshot(seed);

    String fill = String.join(" ", quoted(ChildEngram.command(FaultWorkload.class,
        List.of("fill", mount.toString(), project.toString(), userHome.toString()))));
    String list = String.join(" ", quoted(ChildEngram.command(EngramCommand.class,
        List.of("--home", mount.toString(), "--project", project.toString(), "--user-home", userHome.toString(),
            "list", "--json"))));
    String script = "set -e\n"
        + "mount -t tmpfs -o size=" + SIZE + " tmpfs '" + mount + "'\n"
        + "cp -a '" + seed + "'/. '" + mount + "'/\n"
        + fill + " > '" + out.resolve("fill.log") + "' 2>&1 || true\n"
        + list + " > '" + out.resolve("list.json") + "' 2> '" + out.resolve("list.err") + "' || true\n"
        + "mkdir '" + out.resolve("home") + "'\n"
        + "cp -a '" + mount + "'/. '" + out.resolve("home") + "'/\n";
    ChildProcess.Run shell = ChildProcess.run(
        new ProcessBuilder("unshare", "-rm", "sh", "-c", script).redirectErrorStream(true), "", Duration.ofSeconds(120));
    assertThat(shell.exit()).as(shell.out()).isZero();

    List<String> fills = Files.readAllLines(out.resolve("fill.log")).stream().filter(l -> l.startsWith("exit ")).toList();
    List<String> failed = fills.stream().filter(l -> !l.startsWith("exit 0")).toList();
    assertThat(failed).as("a write failed once the disk was full: %s", fills).hasSize(1);
    String refusal = failed.get(0);
    assertThat(refusal).as("exit 1 with one clear line").startsWith("exit 1 engram: ").doesNotContain("internal error")
        .doesNotContain("\tat ");
    Path home = out.resolve("home");
    Map<String, byte[]> after = StoreCheck.snapshot(home);
    List<String> changed = before.keySet().stream().filter(k -> !k.endsWith("MEMORY.md"))
        .filter(k -> !java.util.Arrays.equals(before.get(k), after.get(k))).collect(Collectors.toList());
    assertThat(changed).as("memories stored before the disk filled are unchanged").isEmpty();
    String indexBefore = new String(before.entrySet().stream().filter(e -> e.getKey().endsWith("MEMORY.md"))
        .findFirst().orElseThrow().getValue(), StandardCharsets.UTF_8);
    String indexAfter = Files.readString(StoreCheck.memoryDirs(home).get(0).resolve("MEMORY.md"));
    assertThat(indexAfter.lines()).as("MEMORY.md keeps every entry it had").containsAll(indexBefore.lines().toList());
    StoreCheck check = StoreCheck.of(home);
    assertThat(check.torn()).isEmpty();
    assertThat(check.temporary()).as("no temporary file of the failed write is left").isEmpty();
    assertThat(check.indexInStep()).as("MEMORY.md and the files agree: %s", check).isTrue();
    JsonNode listed = JsonOutput.mapper().readTree(Files.readString(out.resolve("list.json")));
    assertThat(listed.path("memories").size()).as("list still reads the store").isEqualTo(fills.size() - 1 + before.size() - 1);

    log.check("the write that does not fit exits 1 with one line (\"" + refusal.substring("exit 1 ".length()) + "\")",
        1, 1, "");
    log.check("memories stored before: byte for byte unchanged", before.size(), before.size(), "");
    log.check("no torn file, no temporary file, MEMORY.md in step", 1, 1, "");
    log.note(fills.size() - 1 + " writes fitted before the disk was full; `list` read all of them afterwards");
    log.write();
  }

  private static boolean canMountTmpfs() {
    try {
      return ChildProcess.run(new ProcessBuilder("unshare", "-rm", "sh", "-c", "mount -t tmpfs -o size=16k tmpfs /mnt")
          .redirectErrorStream(true), "", Duration.ofSeconds(20)).exit() == 0;
    } catch (Exception | AssertionError e) {
      return false;
    }
  }

  private static List<String> quoted(List<String> words) {
    List<String> out = new ArrayList<>();
    for (String w : words) {
      out.add("'" + w.replace("'", "'\\''") + "'");
    }
    return out;
  }
}
