package io.engram.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramSettings;
import io.engram.fs.FileLock;
import io.engram.hooks.AgentSetup.Scope;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every file an agent's install writes is written under that file's lock: while another writer (a second install, an
 * uninstall in another process) holds it, the install waits and writes nothing; once it is let go, the install ends.
 */
class SettingsFileLockTest {
  // Long enough for an unlocked install to have written its files many times over on a loaded machine.
  private static final long WAIT_MILLIS = 400;

  @TempDir Path project;
  @TempDir Path user;
  @TempDir Path locks;

  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource({"opencode, .opencode/plugins/engram.js", "codex, .codex/config.toml", "codex, .codex/hooks.json",
      "claude-code, .claude/settings.json", "claude-code, .mcp.json", "cursor, .cursor/mcp.json"})
  void anInstallWaitsForTheLockOfEachFileItWrites(String agent, String relative) throws Exception {
    HookDialect dialect = HookDialect.parse(agent).orElseThrow();
    Path file = project.resolve(relative);
    AgentSetup.Places places = new AgentSetup.Places(project, user, Map.of());
    CompletableFuture<AgentSetup.Outcome> install;
    try (FileLock held = SettingsFileLock.acquire(locks, file)) {
      install = CompletableFuture.supplyAsync(() -> {
        try {
          return AgentSetup.install(dialect, Scope.PROJECT, places, EngramCommand.of("engram"),
              EngramSettings.DEFAULTS, locks);
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      });
      Thread.sleep(WAIT_MILLIS);
      assertThat(install).isNotDone();
      assertThat(file).doesNotExist();
    }
    AgentSetup.Outcome outcome = install.get(60, TimeUnit.SECONDS);
    assertThat(file).exists();
    assertThat(outcome.files()).anySatisfy(change -> assertThat(change.file()).isEqualTo(file));
    assertThat(Files.readString(file)).contains("engram");
  }
}
