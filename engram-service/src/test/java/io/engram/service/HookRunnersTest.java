package io.engram.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.Engram;
import io.engram.config.EngramSettings;
import io.engram.config.SettingsException;
import io.engram.memory.ChangedBy;
import io.engram.memory.Memory;
import io.engram.memory.MemoryChange;
import io.engram.memory.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HookRunnersTest {
  @TempDir Path home;
  @TempDir Path user;
  private HookRunners runners;

  private HookRunners runners() {
    runners = new HookRunners(home, user, Map.of(), line -> {});
    return runners;
  }

  @AfterEach
  void close() {
    if (runners != null) {
      runners.close();
    }
  }

  @Test
  void aRewriteOfTheSameSizeAndTimeIsStillSeen() throws Exception {
    Path file = home.resolve("settings.json");
    Files.writeString(file, "{\"recall\": {\"filesPerTurn\": 3}}");
    FileTime stamp = Files.getLastModifiedTime(file);
    HookRunners r = runners();
    assertThat(r.settings().recall().filesPerTurn()).isEqualTo(3);

    Files.writeString(file, "{\"recall\": {\"filesPerTurn\": 4}}");
    Files.setLastModifiedTime(file, stamp);

    assertThat(r.settings().recall().filesPerTurn()).isEqualTo(4);
  }

  @Test
  void aRemovedFileMeansTheDefaultsAndABrokenOneIsAnErrorThatNamesIt() throws Exception {
    Path file = home.resolve("settings.json");
    Files.writeString(file, "{\"recall\": {\"filesPerTurn\": 3}}");
    HookRunners r = runners();
    assertThat(r.settings().recall().filesPerTurn()).isEqualTo(3);

    Files.delete(file);
    assertThat(r.settings()).isEqualTo(EngramSettings.DEFAULTS);

    Files.writeString(file, "{\"recall\": ");
    assertThatThrownBy(r::settings).isInstanceOf(SettingsException.class).hasMessageContaining(file.toString());
  }

  @Test
  void whatAHookCallWritesIsHeardByTheEngramMcpKeepsForTheProject() throws Exception {
    Files.writeString(home.resolve("settings.json"), "{\"recall\": {\"vectors\": \"NEVER\"}}");
    Path project = Files.createDirectories(user.resolve("app"));
    HookRunners r = runners();
    Engram mcp = r.engram(project, "mcp", Runnable::run);
    List<MemoryChange> heard = new CopyOnWriteArrayList<>();
    mcp.changes().subscribe(heard::add);

    Engram hookCall = r.engram(project, "s1", Runnable::run);
    hookCall.memory().write(Memory.builder("port", MemoryType.REFERENCE).body("5433\n").build(), ChangedBy.EXTRACTION);
    r.view(project, UiWiring.SESSION).memory().forget("port", ChangedBy.UI);

    // The service watches the memory directories, so its own changes may be told again by the watch.
    assertThat(heard).extracting(MemoryChange::name, MemoryChange::kind).containsSubsequence(
        org.assertj.core.groups.Tuple.tuple("port", MemoryChange.Kind.WRITTEN),
        org.assertj.core.groups.Tuple.tuple("port", MemoryChange.Kind.FORGOTTEN));
    assertThat(heard).extracting(MemoryChange::name).containsOnly("port");
  }
}
