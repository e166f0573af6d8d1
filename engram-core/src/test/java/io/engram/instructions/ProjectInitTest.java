package io.engram.instructions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProjectInitTest {
  @TempDir Path tmp;

  private ProjectInit init(Fixture f) {
    return new ProjectInit(f.loader("repo"), f.root.resolve("engram/locks"));
  }

  @Test
  void writesANewFileWithADiffFromNothing() throws Exception {
    Fixture f = new Fixture(tmp);
    f.write("repo/go.mod", "module x");
    ProjectInit.Outcome o = init(f).run(false);
    assertThat(o.existed()).isFalse();
    assertThat(o.written()).isTrue();
    assertThat(Files.readString(f.repo.resolve("CLAUDE.md"))).isEqualTo(o.content()).contains("`go test ./...`");
    assertThat(o.diff()).startsWith("--- /dev/null\n+++ b/CLAUDE.md\n");
  }

  @Test
  void anExistingFileThatIsNotUtf8IsNamedAndNotOverwrittenEvenWithForce() throws Exception {
    Fixture f = new Fixture(tmp);
    byte[] latin1 = "# Rules\n- caf\u00e9\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    Path file = f.writeBytes("repo/CLAUDE.md", latin1);
    assertThatThrownBy(() -> init(f).run(true)).hasMessageContaining(file + ": not UTF-8 text");
    assertThat(Files.readAllBytes(file)).isEqualTo(latin1);
  }

  @Test
  void neverOverwritesWithoutForce() throws Exception {
    Fixture f = new Fixture(tmp);
    f.write("repo/CLAUDE.md", "mine\n");
    ProjectInit.Outcome o = init(f).run(false);
    assertThat(o.existed()).isTrue();
    assertThat(o.written()).isFalse();
    assertThat(Files.readString(f.repo.resolve("CLAUDE.md"))).isEqualTo("mine\n");
    assertThat(o.diff()).contains("-mine");
    assertThat(o.backup()).isEmpty();
  }

  @Test
  void forceOverwritesTheExistingProjectFileWhereverItIs() throws Exception {
    Fixture f = new Fixture(tmp);
    f.write("repo/.claude/CLAUDE.md", "mine\n");
    ProjectInit.Outcome o = init(f).run(true);
    assertThat(o.file()).isEqualTo(f.repo.resolve(".claude/CLAUDE.md"));
    assertThat(o.written()).isTrue();
    assertThat(o.diff()).contains("--- a/.claude/CLAUDE.md").contains("-mine");
    assertThat(o.backup()).contains(f.repo.resolve(".claude/CLAUDE.md.bak"));
    assertThat(Files.readString(f.repo.resolve(".claude/CLAUDE.md.bak"))).isEqualTo("mine\n");
    ProjectInit.Outcome same = init(f).run(true);
    assertThat(same.written()).as("same content again").isFalse();
    assertThat(same.backup()).isEmpty();
  }
}
