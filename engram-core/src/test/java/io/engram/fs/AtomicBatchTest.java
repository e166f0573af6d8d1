package io.engram.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicBatchTest {

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static List<String> names(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(f -> f.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void writesReplacesAndRemovesEveryFileOfTheBatchAndLeavesNoTemporaryFile(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("kept.md"), "old kept");
    Files.writeString(dir.resolve("gone.md"), "old gone");
    Map<String, byte[]> files = new LinkedHashMap<>();
    for (int i = 0; i < 50; i++) {
      files.put("m" + i + ".md", bytes("memory " + i));
    }
    files.put("kept.md", bytes("new kept"));

    AtomicBatch.write(dir, files, List.of("gone.md", "never-there.md"), 8);

    assertThat(Files.readString(dir.resolve("kept.md"))).isEqualTo("new kept");
    assertThat(Files.readString(dir.resolve("m49.md"))).isEqualTo("memory 49");
    assertThat(names(dir)).hasSize(51).doesNotContain("gone.md").allMatch(n -> n.endsWith(".md") && !n.startsWith("."));
  }

  @Test
  void oneThreadDoesTheSameOneFileAfterTheOther(@TempDir Path dir) throws Exception {
    AtomicBatch.write(dir.resolve("sub"), Map.of("a.md", bytes("a"), "b.md", bytes("b")), List.of(), 1);

    assertThat(names(dir.resolve("sub"))).containsExactly("a.md", "b.md");
  }

  @Test
  void aReplacedFileKeepsItsPermissions(@TempDir Path dir) throws Exception {
    Path shared = dir.resolve("shared.md");
    Files.writeString(shared, "old");
    Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rw-r--r--"));

    AtomicBatch.write(dir, Map.of("shared.md", bytes("new"), "fresh.md", bytes("fresh")), List.of(), 4);

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(shared))).isEqualTo("rw-r--r--");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("fresh.md"))))
        .isEqualTo("rw-------");
  }

  @Test
  void aNameOutsideTheDirectoryIsRefusedBeforeAnyTargetChanges(@TempDir Path dir) throws Exception {
    Path mirror = Files.createDirectories(dir.resolve("mirror"));
    Files.writeString(mirror.resolve("a.md"), "old a");
    Map<String, byte[]> files = new LinkedHashMap<>();
    files.put("a.md", bytes("new a"));
    files.put("../escaped.md", bytes("x"));

    assertThatThrownBy(() -> AtomicBatch.write(mirror, files, List.of(), 4))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'../escaped.md' does not name a file");

    assertThat(Files.readString(mirror.resolve("a.md"))).isEqualTo("old a");
    assertThat(names(mirror)).containsExactly("a.md");
    assertThat(dir.resolve("escaped.md")).doesNotExist();
  }

  @Test
  void aRenameThatFailsLeavesEveryTargetWholeAndNoTemporaryFile(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("a.md"), "old a");
    Files.writeString(Files.createDirectories(dir.resolve("b.md")).resolve("inside"), "a directory in the way");
    Files.writeString(dir.resolve("c.md"), "old c");
    Map<String, byte[]> files = new LinkedHashMap<>();
    files.put("a.md", bytes("new a"));
    files.put("b.md", bytes("new b"));
    files.put("c.md", bytes("new c"));

    assertThatThrownBy(() -> AtomicBatch.write(dir, files, List.of(), 4)).isInstanceOf(IOException.class);

    // Renamed in order: a is new, c still old, both whole; the batch's temporary files are gone.
    assertThat(Files.readString(dir.resolve("a.md"))).isEqualTo("new a");
    assertThat(Files.readString(dir.resolve("c.md"))).isEqualTo("old c");
    assertThat(names(dir)).containsExactly("a.md", "b.md", "c.md");
  }
}
