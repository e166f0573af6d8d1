package io.engram.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.config.MemorySettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SymbolicLinksInStoreTest {
  @TempDir Path dir;
  @TempDir Path outside;

  private MemoryStore store() {
    return MemoryStores.directory(dir, MemorySettings.DEFAULTS, Clock.systemUTC());
  }

  private static final String SECRET_FILE = "---\nname: leaked\ndescription: outside\ntype: project\n---\nouter text\n";

  @Test
  void aTopicFileLinkedOutsideIsNeitherReadNorWrittenNorReplacedAndIsReported() throws Exception {
    Path target = Files.writeString(outside.resolve("elsewhere.md"), SECRET_FILE);
    Path link = Files.createSymbolicLink(dir.resolve("leaked.md"), target);

    MemoryListing listing = store().list();
    assertThat(listing.memories()).isEmpty();
    assertThat(listing.problems()).singleElement().satisfies(p -> {
      assertThat(p.path()).isEqualTo(link);
      assertThat(p.reason()).contains("is a symbolic link", "left alone");
    });
    assertThat(store().read("leaked")).isEmpty();
    store().write(Memory.of("leaked", MemoryType.PROJECT, "new", "inner text\n"));
    assertThat(Files.readString(target)).isEqualTo(SECRET_FILE);
    assertThat(Files.isSymbolicLink(link)).isTrue();
    assertThat(store().read("leaked").orElseThrow().path()).isNotEqualTo(link);
  }

  @Test
  void aLinkedIndexRefusesWritesBeforeAnythingIsWrittenAndIsNotLoaded() throws Exception {
    Path target = Files.writeString(outside.resolve("index.md"), "- [x](x.md) - outside\n");
    Path link = Files.createSymbolicLink(dir.resolve("MEMORY.md"), target);

    assertThatThrownBy(() -> store().write(Memory.of("a", MemoryType.PROJECT, "d", "b\n")))
        .isInstanceOf(IOException.class).hasMessageContaining(link + " is a symbolic link");
    assertThat(dir.resolve("a.md")).doesNotExist();
    assertThat(store().indexText().text()).isEmpty();
    assertThat(store().list().problems()).anySatisfy(p -> assertThat(p.path()).isEqualTo(link));
    assertThat(Files.readString(target)).isEqualTo("- [x](x.md) - outside\n");
    assertThat(Files.isSymbolicLink(link)).isTrue();
  }

  @Test
  void forgetNeverMovesAMemoryIntoATrashLinkedOutside() throws Exception {
    store().write(Memory.of("kept", MemoryType.PROJECT, "d", "b\n"));
    Path trash = Files.createSymbolicLink(dir.resolve(".trash"), outside);

    assertThatThrownBy(() -> store().forget("kept"))
        .isInstanceOf(IOException.class).hasMessageContaining(trash + " is a symbolic link");
    assertThat(store().read("kept")).isPresent();
    try (var files = Files.list(outside)) {
      assertThat(files).isEmpty();
    }
    assertThat(store().list().problems()).anySatisfy(p -> assertThat(p.path()).isEqualTo(trash));
  }

  @Test
  void aLockFileLinkedOutsideIsNeverCreatedOrTouched() throws Exception {
    Path target = outside.resolve("victim");
    Files.createSymbolicLink(dir.resolve(".engram-lock"), target);
    assertThatThrownBy(() -> store().write(Memory.of("a", MemoryType.PROJECT, "d", "b\n")))
        .isInstanceOf(IOException.class).hasMessageContaining("is a symbolic link");
    assertThat(target).doesNotExist();
  }

  @Test
  void aMemoryDirectoryThatIsItselfALinkStillWorks() throws Exception {
    Path linkedDir = Files.createSymbolicLink(outside.resolve("memory-link"), dir);
    MemoryStore viaLink = MemoryStores.directory(linkedDir, MemorySettings.DEFAULTS, Clock.systemUTC());
    viaLink.write(Memory.of("a", MemoryType.PROJECT, "d", "b\n"));
    assertThat(store().read("a")).isPresent();
  }
}
