package io.engram.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.config.MemorySettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writes the store refuses with a clear error, leaving what it holds as it was. */
class NamesAndTextRefusedTest {
  @TempDir Path dir;

  private MemoryStore store() {
    return MemoryStores.directory(dir, MemorySettings.DEFAULTS, java.time.Clock.systemUTC());
  }

  @Test
  void aNameThatMapsToAnotherMemorysFileIsRefusedAndReplacesNothing() throws Exception {
    store().write(Memory.of("deploy-order", MemoryType.PROJECT, "deploy order", "api, then web"));
    String before = Files.readString(dir.resolve("deploy-order.md"));
    for (String other : List.of("Deploy Order", "deploy_order", "DEPLOY ORDER", " deploy--order")) {
      assertThatThrownBy(() -> store().write(Memory.of(other, MemoryType.PROJECT, "another", "web first")))
          .as(other).isInstanceOf(InvalidMemoryNameException.class)
          .hasMessageContaining("deploy-order.md").hasMessageContaining("'deploy-order'");
    }
    assertThat(Files.readString(dir.resolve("deploy-order.md"))).isEqualTo(before);
    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".md")))
          .containsExactlyInAnyOrder("deploy-order.md", "MEMORY.md");
    }
  }

  @Test
  void theSameNameStillUpdatesItsMemory() throws Exception {
    store().write(Memory.of("Deploy Order", MemoryType.PROJECT, "deploy order", "api, then web"));
    Saved again = store().write(Memory.of("Deploy Order", MemoryType.PROJECT, "deploy order", "web, then api"));
    assertThat(again.created()).isFalse();
    assertThat(store().read("Deploy Order").orElseThrow().memory().body()).isEqualTo("web, then api");
  }

  @Test
  void controlCharactersOtherThanTabAndLineFeedAreRefusedAndNamed() {
    for (String body : List.of("a\0b", "red \u001b[31mtext\u001b[0m", "line\rcarriage", "bell\u0007", "del\u007f",
        "c1\u0085")) {
      assertThatThrownBy(() -> store().write(Memory.of("ctl", MemoryType.PROJECT, "d", body)))
          .as(body.replace('\0', '0')).isInstanceOf(MemoryTextException.class)
          .hasMessageContaining("body").hasMessageContaining("U+").hasMessageContaining("line 1");
    }
    assertThatThrownBy(() -> store().write(Memory.of("ctl", MemoryType.PROJECT, "a\u0000b", "x")))
        .isInstanceOf(MemoryTextException.class).hasMessageContaining("description").hasMessageContaining("U+0000");
    assertThat(dir.resolve("ctl.md")).doesNotExist();
  }

  @Test
  void tabsLineFeedsAndWindowsLineEndsAreKept() throws Exception {
    store().write(Memory.of("ok", MemoryType.PROJECT, "d", "a\tb\r\nc\n"));
    assertThat(store().read("ok").orElseThrow().memory().body()).isEqualTo("a\tb\nc\n");
  }
}
