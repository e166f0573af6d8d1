package io.engram.hooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.config.HooksSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClaudeHookSettingsTest {
  @TempDir Path dir;
  @TempDir Path locks;
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HooksSettings HOOKS = HooksSettings.DEFAULTS;

  @Test
  void installKeepsOtherHooksAndSettingsAndIsIdempotent() throws Exception {
    Path f = dir.resolve(".claude/settings.json");
    Files.createDirectories(f.getParent());
    Files.writeString(f, "{\"model\":\"opus\",\"hooks\":{\"Stop\":[{\"hooks\":[{\"type\":\"command\",\"command\":\"notify-send done\"}]}],"
        + "\"PostToolUse\":[{\"matcher\":\"Write\",\"hooks\":[{\"type\":\"command\",\"command\":\"fmt\"}]}]}}");
    ClaudeHookSettings.install(f, "engram", HOOKS, locks);
    ClaudeHookSettings.Change again = ClaudeHookSettings.install(f, "engram", HOOKS, locks);
    assertThat(again.written()).isFalse();
    JsonNode root = JSON.readTree(f.toFile());
    assertThat(root.get("model").asText()).isEqualTo("opus");
    assertThat(root.at("/hooks/PostToolUse/0/hooks/0/command").asText()).isEqualTo("fmt");
    assertThat(root.at("/hooks/Stop")).hasSize(2);
    assertThat(root.at("/hooks/Stop/0/hooks/0/command").asText()).isEqualTo("notify-send done");
    // Only the tool event is narrowed to the tools that name a file.
    assertThat(root.at("/hooks/PostToolUse/1/matcher").asText()).isEqualTo("Read|Edit|Write|MultiEdit|NotebookEdit");
    assertThat(root.at("/hooks/Stop/1/matcher").isMissingNode()).isTrue();
    for (HookEvent e : HookEvent.values()) {
      long ours = 0;
      for (JsonNode group : root.at("/hooks/" + e.hookName())) {
        for (JsonNode h : group.get("hooks")) {
          ours += h.get("command").asText().equals("command -v engram >/dev/null 2>&1 || exit 0; engram hook "
              + e.hookName()) ? 1 : 0;
        }
      }
      assertThat(ours).as(e.hookName()).isEqualTo(1);
    }
  }

  @Test
  void anEventHeldAsOneGroupWithoutItsListKeepsTheUsersHookAndGetsOursBesideIt() throws Exception {
    Path f = dir.resolve("settings.json");
    Files.writeString(f, "{\"hooks\":{\"Stop\":{\"hooks\":[{\"type\":\"command\",\"command\":\"notify-send done\"}]}}}");

    ClaudeHookSettings.install(f, "engram", HOOKS, locks);
    ClaudeHookSettings.Change again = ClaudeHookSettings.install(f, "engram", HOOKS, locks);

    assertThat(again.written()).isFalse();
    JsonNode stop = JSON.readTree(f.toFile()).at("/hooks/Stop");
    assertThat(stop.isArray()).isTrue();
    assertThat(stop).hasSize(2);
    assertThat(stop.at("/0/hooks/0/command").asText()).isEqualTo("notify-send done");
    assertThat(ClaudeHookSettings.isOurs(stop.at("/1/hooks/0/command").asText())).isTrue();
  }

  @Test
  void anEventHeldAsSomethingElseIsRefusedNamingTheFileAndTheKeyAndNothingChanges() throws Exception {
    Path f = dir.resolve("settings.json");
    String theirs = "{\"hooks\":{\"SessionEnd\":\"notify-send bye\",\"Stop\":[]}}";
    Files.writeString(f, theirs);

    assertThatThrownBy(() -> ClaudeHookSettings.install(f, "engram", HOOKS, locks))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(f.toString())
        .hasMessageContaining("\"hooks\" > \"SessionEnd\" is a string, not a list of hook groups")
        .hasMessageContaining("left unchanged");
    assertThat(Files.readString(f)).isEqualTo(theirs);
  }

  @Test
  void uninstallRemovesOnlyEngramsHooks() throws Exception {
    Path f = dir.resolve("settings.json");
    Files.writeString(f, "{\"hooks\":{\"Stop\":[{\"hooks\":[{\"type\":\"command\",\"command\":\"notify-send done\"}]}]}}");
    ClaudeHookSettings.install(f, "java -jar '/opt/engram/engram.jar'", HOOKS, locks);
    ClaudeHookSettings.Change removed = ClaudeHookSettings.uninstall(f, locks);
    assertThat(removed.removed()).hasSize(HookEvent.values().length);
    assertThat(JSON.readTree(f.toFile())).isEqualTo(
        JSON.readTree("{\"hooks\":{\"Stop\":[{\"hooks\":[{\"type\":\"command\",\"command\":\"notify-send done\"}]}]}}"));
  }

  @Test
  void aBrokenSettingsFileIsRefusedAndLeftAsItWas() throws Exception {
    Path f = dir.resolve("settings.json");
    Files.writeString(f, "{ not json");
    assertThatThrownBy(() -> ClaudeHookSettings.install(f, "engram", HOOKS, locks)).hasMessageContaining("not valid JSON");
    assertThat(Files.readString(f)).isEqualTo("{ not json");
    Files.writeString(f, "{\"hooks\":[]}");
    assertThatThrownBy(() -> ClaudeHookSettings.install(f, "engram", HOOKS, locks)).hasMessageContaining("\"hooks\" must be a JSON object");
  }

  @Test
  void aSettingsFileThatIsNotUtf8OrNotAFileIsNamedAndLeftAsItWas() throws Exception {
    Path f = dir.resolve("settings.json");
    byte[] latin1 = {'{', '"', 'x', '"', ':', '"', (byte) 0xe9, '"', '}'};
    Files.write(f, latin1);
    assertThatThrownBy(() -> ClaudeHookSettings.install(f, "engram", HOOKS, locks))
        .hasMessage(f + " is not UTF-8 text; left unchanged");
    assertThatThrownBy(() -> ClaudeHookSettings.uninstall(f, locks)).hasMessageContaining(f + " is not UTF-8 text");
    assertThat(Files.readAllBytes(f)).isEqualTo(latin1);
    Files.delete(f);
    Files.createDirectories(f);
    assertThatThrownBy(() -> ClaudeHookSettings.install(f, "engram", HOOKS, locks))
        .hasMessageContaining(f + " is not a regular file");
  }

  @Test
  void theFileKeepsItsModeAndNoLockIsLeftBesideIt() throws Exception {
    Path f = dir.resolve(".claude/settings.json");
    Files.createDirectories(f.getParent());
    Files.writeString(f, "{\"model\":\"opus\"}");
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-rw-r--"));
    ClaudeHookSettings.install(f, "engram", HOOKS, locks);
    ClaudeHookSettings.uninstall(f, locks);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(f))).isEqualTo("rw-rw-r--");
    try (var files = Files.list(f.getParent())) {
      assertThat(files).extracting(p -> p.getFileName().toString()).containsExactly("settings.json");
    }
  }

  @Test
  void aHookWhoseProgramIsGoneExitsZeroInSilenceAndOneThatIsThereRuns() throws Exception {
    Path present = dir.resolve("it's engram");
    Files.writeString(present, "#!/bin/sh\necho \"ran $*\"; exit 1\n");
    present.toFile().setExecutable(true);
    Path gone = dir.resolve("gone/engram");
    String quotedPresent = "'" + present.toString().replace("'", "'\\''") + "'";
    String quotedGone = "'" + gone + "'";
    for (String missing : java.util.List.of(quotedGone, "no-such-engram-here", "java -jar " + quotedGone + ".jar")) {
      Shell run = sh(ClaudeHookSettings.commandLine(missing, HookEvent.USER_PROMPT_SUBMIT));
      assertThat(run.exit()).as(missing).isZero();
      assertThat(run.output()).as(missing).isEmpty();
      assertThat(ClaudeHookSettings.isOurs(ClaudeHookSettings.commandLine(missing, HookEvent.STOP))
          || !missing.contains("engram")).isTrue();
    }
    Shell ran = sh(ClaudeHookSettings.commandLine(quotedPresent, HookEvent.STOP));
    assertThat(ran.output()).isEqualTo("ran hook Stop\n");
    assertThat(ran.exit()).as("the program's own exit code is kept").isEqualTo(1);
  }

  private record Shell(int exit, String output) {}

  private static Shell sh(String line) throws Exception {
    io.engram.testing.ChildProcess.Run r = io.engram.testing.ChildProcess.run(
        new ProcessBuilder("/bin/sh", "-c", line).redirectErrorStream(true), "", java.time.Duration.ofSeconds(60));
    return new Shell(r.exit(), r.out());
  }
}
