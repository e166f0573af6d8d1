package io.engram.instructions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.engram.config.InstructionsSettings;
import io.engram.instructions.LoadWarning.Kind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BadInputTest {
  @TempDir Path tmp;

  @Test
  void anOversizedFileIsLoadedInFullAndWarned() {
    Fixture f = new Fixture(tmp);
    f.write("repo/CLAUDE.md", "x".repeat(120));
    InstructionsSettings d = f.settings();
    InstructionsSettings small = new InstructionsSettings(d.fileNames(), d.localFileName(),
        d.managedPath(), d.userDir(), true, d.maxImportHops(), 100);
    LoadedInstructions loaded = f.loader("repo", small).load();
    assertThat(loaded.files()).singleElement().satisfies(file -> assertThat(file.chars()).isEqualTo(120));
    assertThat(loaded.warnings()).singleElement().satisfies(w -> {
      assertThat(w.kind()).isEqualTo(Kind.OVERSIZED);
      assertThat(w.kind().loaded()).isTrue();
      assertThat(w.message()).contains("CLAUDE.md").contains("120").contains("100");
    });
  }

  @Test
  void theDefaultWarningSizeIsFortyThousandChars() {
    Fixture f = new Fixture(tmp);
    f.write("repo/CLAUDE.md", "y".repeat(40_000));
    f.write("repo/AGENTS.md", "y".repeat(40_001));
    LoadedInstructions loaded = f.loader("repo").load();
    assertThat(loaded.warnings()).singleElement()
        .satisfies(w -> assertThat(w.path()).isEqualTo(f.repo.resolve("AGENTS.md")));
  }

  @Test
  void aBinaryFileIsSkippedWithAWarningNamingIt() {
    Fixture f = new Fixture(tmp);
    f.writeBytes("repo/CLAUDE.md", new byte[] {'a', 0, 'b'});
    f.write("repo/CLAUDE.local.md", "still loaded");
    LoadedInstructions loaded = f.loader("repo").load();
    assertThat(f.paths(loaded)).containsExactly("repo/CLAUDE.local.md");
    assertThat(loaded.warnings()).singleElement().satisfies(w -> {
      assertThat(w.kind()).isEqualTo(Kind.BINARY);
      assertThat(w.message()).contains(f.repo.resolve("CLAUDE.md").toString());
    });
  }

  @Test
  void aNonUtf8FileIsSkippedWithAWarning() {
    Fixture f = new Fixture(tmp);
    f.writeBytes("repo/CLAUDE.md", new byte[] {'c', 'a', 'f', (byte) 0xE9});
    LoadedInstructions loaded = f.loader("repo").load();
    assertThat(loaded.files()).isEmpty();
    assertThat(f.kinds(loaded)).containsExactly(Kind.NOT_UTF8);
  }

  @Test
  void aByteOrderMarkIsDropped() {
    Fixture f = new Fixture(tmp);
    f.writeBytes("repo/CLAUDE.md", new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'h', 'i'});
    assertThat(f.loader("repo").load().files().get(0).content()).isEqualTo("hi");
  }

  @Test
  void anUnreadableFileIsSkippedWithAWarning() throws Exception {
    Fixture f = new Fixture(tmp);
    Path file = f.write("repo/CLAUDE.md", "secret");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("---------"));
    try {
      assumeThat(Files.isReadable(file)).as("running as root: permissions are not enforced").isFalse();
      LoadedInstructions loaded = f.loader("repo").load();
      assertThat(loaded.files()).isEmpty();
      assertThat(loaded.warnings()).singleElement().satisfies(w -> {
        assertThat(w.kind()).isEqualTo(Kind.UNREADABLE);
        assertThat(w.message()).contains(file.toString());
      });
    } finally {
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    }
  }

  @Test
  void aSymlinkLoopIsAWarningNotACrash() throws Exception {
    Fixture f = new Fixture(tmp);
    Path a = f.repo.resolve("CLAUDE.md");
    Path b = f.repo.resolve("loop.md");
    Files.createSymbolicLink(a, b);
    Files.createSymbolicLink(b, a);
    f.write("repo/AGENTS.md", "@loop.md");
    LoadedInstructions loaded = f.loader("repo").load();
    assertThat(f.paths(loaded)).containsExactly("repo/AGENTS.md");
    assertThat(f.kinds(loaded)).containsExactly(Kind.SYMLINK_LOOP, Kind.SYMLINK_LOOP);
    assertThat(loaded.warnings().get(0).message()).contains(a.toString());
  }

  @Test
  void aDanglingSymlinkIsAWarning() throws Exception {
    Fixture f = new Fixture(tmp);
    Files.createSymbolicLink(f.repo.resolve("CLAUDE.md"), f.repo.resolve("nowhere.md"));
    assertThat(f.kinds(f.loader("repo").load())).containsExactly(Kind.BROKEN_LINK);
  }

  @Test
  void aSymlinkedFileLoadsUnderTheNameItWasFoundAt() throws Exception {
    Fixture f = new Fixture(tmp);
    Path real = f.write("shared/team.md", "team");
    Files.createSymbolicLink(f.repo.resolve("CLAUDE.md"), real);
    LoadedInstructions loaded = f.loader("repo").load();
    assertThat(f.paths(loaded)).containsExactly("repo/CLAUDE.md");
    assertThat(loaded.files().get(0).content()).isEqualTo("team");
  }

  @Test
  void aDirectoryNamedLikeAnInstructionFileIsAWarning() {
    Fixture f = new Fixture(tmp);
    f.mkdirs(f.repo.resolve("AGENTS.md"));
    f.write("repo/CLAUDE.md", "@docs");
    f.mkdirs(f.repo.resolve("docs"));
    LoadedInstructions loaded = f.loader("repo").load();
    assertThat(f.paths(loaded)).containsExactly("repo/CLAUDE.md");
    assertThat(f.kinds(loaded)).containsExactly(Kind.NOT_A_FILE, Kind.NOT_A_FILE);
  }
}
