package io.engram.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrashListingAndEditCheckTest {
  @TempDir Path tmp;

  private ProjectMemory open(Instant at) throws Exception {
    Files.createDirectories(tmp.resolve("project"));
    return MemoryStores.open(new EngramRoots(tmp.resolve("home"), tmp.resolve("user"), tmp.resolve("project")),
        EngramSettings.DEFAULTS, Clock.fixed(at, ZoneOffset.UTC));
  }

  @Test
  void trashedListsForgottenMemoriesOfBothStoresNewestFirst() throws Exception {
    ProjectMemory early = open(Instant.parse("2026-05-01T00:00:00Z"));
    early.write(Memory.of("uses-gradle", MemoryType.PROJECT, "the build", "Gradle 8."));
    early.write(Memory.of("likes-short-answers", MemoryType.USER, "answers", "Short ones."));
    early.forget("uses-gradle");
    ProjectMemory later = open(Instant.parse("2026-05-02T00:00:00Z"));
    later.forget("likes-short-answers");

    assertThat(later.trashed()).extracting(TrashedMemory::name).containsExactly("likes-short-answers", "uses-gradle");
    assertThat(later.trashed()).extracting(TrashedMemory::scope).containsExactly(MemoryScope.USER, MemoryScope.PROJECT);
    later.restore("uses-gradle");
    assertThat(later.trashed()).extracting(TrashedMemory::name).containsExactly("likes-short-answers");
  }

  @Test
  void aTrashEntryIsRestoredByItsIdWhateverNewerEntryHasItsName() throws Exception {
    ProjectMemory early = open(Instant.parse("2026-05-01T00:00:00Z"));
    early.write(Memory.of("uses-gradle", MemoryType.PROJECT, "the build", "Gradle 7."));
    early.forget("uses-gradle");
    ProjectMemory later = open(Instant.parse("2026-05-02T00:00:00Z"));
    later.write(Memory.of("uses-gradle", MemoryType.PROJECT, "the build", "Gradle 8."));
    later.forget("uses-gradle");
    TrashedMemory older = later.trashed().get(1);

    assertThat(older.id()).startsWith("project/20260501T").endsWith("--uses-gradle.md");
    assertThat(later.restoreEntry(older.id(), ChangedBy.UI).memory().body()).contains("Gradle 7.");
    assertThat(later.trashed()).extracting(m -> m.memory().body().strip()).containsExactly("Gradle 8.");
    assertThatThrownBy(() -> later.restoreEntry("project/no-such-entry.md", ChangedBy.UI))
        .isInstanceOf(NoSuchMemoryException.class).hasMessageContaining("no trash entry");
    assertThatThrownBy(() -> later.restoreEntry("elsewhere/x.md", ChangedBy.UI))
        .isInstanceOf(NoSuchMemoryException.class);
  }

  @Test
  void anEditMustParseAndKeepTheName() throws Exception {
    ProjectMemory memory = open(Instant.parse("2026-05-01T00:00:00Z"));
    memory.write(Memory.of("uses-gradle", MemoryType.PROJECT, "the build", "Gradle 8."));
    StoredMemory current = memory.read("uses-gradle").orElseThrow();
    String text = Files.readString(current.path());

    assertThat(MemoryEdit.checked(text.replace("Gradle 8.", "Gradle 9."), current).body()).contains("Gradle 9.");
    assertThatThrownBy(() -> MemoryEdit.checked(text.replace("type: project", "type: opinion"), current))
        .isInstanceOf(InvalidMemoryException.class);
    assertThatThrownBy(() -> MemoryEdit.checked(text.replace("name: uses-gradle", "name: uses-maven"), current))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("the name cannot change");
  }
}
