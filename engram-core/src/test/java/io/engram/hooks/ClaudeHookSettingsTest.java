package io.engram.hooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.config.EngramSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClaudeHookSettingsTest {
  @TempDir Path dir;
  @TempDir Path locks;
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final EngramSettings.Hooks HOOKS = EngramSettings.Hooks.DEFAULTS;

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
          ours += h.get("command").asText().equals("engram hook " + e.hookName()) ? 1 : 0;
        }
      }
      assertThat(ours).as(e.hookName()).isEqualTo(1);
    }
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
}
