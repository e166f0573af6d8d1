package io.engram.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {

  @Test
  void writeCreatesParentsAndReplacesContent(@TempDir Path dir) throws Exception {
    Path target = dir.resolve("a/b/file.md");
    AtomicFiles.writeString(target, "one");
    AtomicFiles.writeString(target, "two");
    assertThat(Files.readString(target)).isEqualTo("two");
  }

  @Test
  void anUnforcedWriteReplacesAtomicallyAndLeavesNoTemporaryFile(@TempDir Path dir) throws Exception {
    Path target = dir.resolve("s/state.json");
    AtomicFiles.writeStringUnforced(target, "one");
    AtomicFiles.writeStringUnforced(target, "two");
    AtomicFiles.force(target);
    AtomicFiles.force(dir.resolve("s/gone.json"));
    assertThat(Files.readString(target)).isEqualTo("two");
    try (var files = Files.list(target.getParent())) {
      assertThat(files).containsExactly(target);
    }
  }

  @Test
  void aReplacedFileKeepsItsPermissions(@TempDir Path dir) throws Exception {
    Path target = dir.resolve("settings.json");
    Files.writeString(target, "{}");
    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r-----"));
    AtomicFiles.writeString(target, "{\"a\":1}");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(target))).isEqualTo("rw-r-----");
    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path source = dir.resolve("source");
    Files.writeString(source, "copied");
    AtomicFiles.copy(source, target);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(target))).isEqualTo("rwxr-xr-x");
  }

  @Test
  void aReadOnlyFileIsRefusedAndLeftAsItWas(@TempDir Path dir) throws Exception {
    Path target = dir.resolve("CLAUDE.md");
    Files.writeString(target, "# theirs\n");
    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("r--r--r--"));
    Path source = dir.resolve("source");
    Files.writeString(source, "copied");
    assertThatThrownBy(() -> AtomicFiles.writeString(target, "# ours\n")).isInstanceOf(AccessDeniedException.class)
        .hasMessageContaining(target.toString()).hasMessageContaining("read-only");
    assertThatThrownBy(() -> AtomicFiles.writeStringUnforced(target, "x")).isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> AtomicFiles.copy(source, target)).isInstanceOf(AccessDeniedException.class);
    assertThat(Files.readString(target)).isEqualTo("# theirs\n");
    try (var files = Files.list(dir)) {
      assertThat(files).containsExactlyInAnyOrder(target, source);
    }
    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("r--rw-r--"));
    AtomicFiles.writeString(target, "# ours\n");
    assertThat(Files.readString(target)).isEqualTo("# ours\n");
  }

  @Test
  void aDirectoryThatTakesNoNewFileIsNamedWithTheFileNotTheTemporaryOne(@TempDir Path dir) throws Exception {
    Path unwritable = Files.createDirectories(dir.resolve("memory"));
    Files.setPosixFilePermissions(unwritable, PosixFilePermissions.fromString("r-xr-xr-x"));
    try {
      // Root writes anywhere: there the mode cannot refuse the file, and the length below says the same thing.
      org.junit.jupiter.api.Assumptions.assumeFalse(Files.isWritable(unwritable), "root writes in any directory");
      assertThatThrownBy(() -> AtomicFiles.writeString(unwritable.resolve("a.md"), "x"))
          .isInstanceOf(AccessDeniedException.class)
          .hasMessage(unwritable + ": cannot write a.md here: permission denied");
    } finally {
      Files.setPosixFilePermissions(unwritable, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
  }

  @Test
  void aTemporaryFileTheDirectoryRefusesIsSaidAsTheFileToBeWritten(@TempDir Path dir) throws Exception {
    // A name that fits the file system's limit of 255 bytes, while its temporary file's name (dot, pid, suffix)
    // does not.
    String name = "n".repeat(240) + ".md";
    assertThatThrownBy(() -> AtomicFiles.writeString(dir.resolve(name), "x"))
        .isInstanceOf(java.nio.file.FileSystemException.class)
        .hasMessageStartingWith(dir + ": cannot write " + name + " here: ")
        .hasMessageNotContaining(".tmp");
    try (var files = Files.list(dir)) {
      assertThat(files).isEmpty();
    }
  }

  @Test
  void aFileWrittenWithPermissionsHasThemFromTheStart(@TempDir Path dir) throws Exception {
    Path script = dir.resolve("bin/engram");
    AtomicFiles.writeString(script, "#!/bin/sh\n", PosixFilePermissions.fromString("rwxr-xr-x"));
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(script))).isEqualTo("rwxr-xr-x");
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rw-------"));
    AtomicFiles.writeString(script, "#!/bin/sh\nexit 0\n", PosixFilePermissions.fromString("rwxr-xr-x"));
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(script))).isEqualTo("rwxr-xr-x");
  }

  @Test
  void copyReplacesTheTargetWithTheSourcesBytes(@TempDir Path dir) throws Exception {
    byte[] bytes = new byte[3 * 1024 * 1024 + 17];
    new java.util.Random(7).nextBytes(bytes);
    Path source = dir.resolve("big.jar");
    Files.write(source, bytes);
    Path target = dir.resolve("lib/engram.jar");
    AtomicFiles.copy(source, target);
    assertThat(Files.readAllBytes(target)).isEqualTo(bytes);
    try (var files = Files.list(target.getParent())) {
      assertThat(files).extracting(p -> p.getFileName().toString()).containsExactly("engram.jar");
    }
  }

  @Test
  void noTemporaryFilesAreLeftBehind(@TempDir Path dir) throws Exception {
    AtomicFiles.writeString(dir.resolve("x.md"), "text");
    try (var files = Files.list(dir)) {
      assertThat(files).extracting(p -> p.getFileName().toString()).containsExactly("x.md");
    }
  }

  @Test
  void lockSerialisesReadModifyWriteAcrossThreads(@TempDir Path dir) throws Exception {
    Path counter = dir.resolve("counter");
    AtomicFiles.writeString(counter, "0");
    ExecutorService pool = Executors.newFixedThreadPool(4);
    List<Future<?>> futures = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      futures.add(
          pool.submit(
              () -> {
                try (FileLock lock = FileLock.acquire(dir.resolve(".lock"))) {
                  int n = Integer.parseInt(Files.readString(counter));
                  AtomicFiles.writeString(counter, Integer.toString(n + 1));
                }
                return null;
              }));
    }
    for (Future<?> f : futures) {
      f.get();
    }
    pool.shutdown();
    assertThat(Files.readString(counter)).isEqualTo("200");
  }

  @Test
  void tryAcquireGivesUpWhileAnotherHolds(@TempDir Path dir) throws Exception {
    Path lockFile = dir.resolve(".lock");
    try (FileLock held = FileLock.acquire(lockFile)) {
      var other =
          Executors.newSingleThreadExecutor()
              .submit(() -> FileLock.tryAcquire(lockFile, java.time.Duration.ofMillis(50)));
      assertThat(other.get()).isEmpty();
    }
    try (FileLock again = FileLock.tryAcquire(lockFile, java.time.Duration.ofMillis(50)).orElseThrow()) {
      assertThat(again).isNotNull();
    }
  }
}
