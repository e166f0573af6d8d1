package io.engram.cli.memory;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.cli.CommandRun;
import io.engram.cli.output.JsonOutput;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ImportCommandTest {
  @TempDir Path user;
  @TempDir Path project;

  private CommandRun run(String... args) {
    Map<String, String> env = new HashMap<>(System.getenv());
    env.put("HOME", user.toString());
    env.put("ENGRAM_SERVICE", "off");
    env.put("CODEX_HOME", user.resolve("codex-home").toString());
    String[] all = new String[args.length + 4];
    all[0] = "--home";
    all[1] = user.resolve(".engram").toString();
    all[2] = "--project";
    all[3] = project.toString();
    System.arraycopy(args, 0, all, 4, args.length);
    return CommandRun.inEnvironment(env, all);
  }

  @Test
  void importsCodexsMemoryOnceAndListsWhereEachCameFrom() throws Exception {
    Path memories = Files.createDirectories(user.resolve("codex-home/memories"));
    Files.writeString(memories.resolve("MEMORY.md"), "## Release process\nTag with vX.Y.Z, then run"
        + " ./scripts/release.sh; never publish from a branch.\n");

    CommandRun dry = run("import", "--from", "codex", "--dry-run");
    CommandRun first = run("import", "--from", "codex", "--json");
    CommandRun again = run("import", "--from", "codex");

    assertThat(dry.exitCode()).isZero();
    assertThat(dry.out()).contains("would import 'Release process'");
    JsonNode report = JsonOutput.mapper().readTree(first.out());
    assertThat(report.get("agent").asText()).isEqualTo("codex");
    assertThat(report.get("outcomes").get(0).get("kind").asText()).isEqualTo("CREATED");
    assertThat(again.out()).contains("already known as 'Release process'").contains("0 imported, 1 already known");
    assertThat(run("list").out()).contains("Release process").contains("(from Codex)");
  }

  @Test
  void anAgentItCannotImportFromIsAUsageError() {
    CommandRun r = run("import", "--from", "cursor");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("not an agent to import from");
  }
}
