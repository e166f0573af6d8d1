package io.engram.instructions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QuickAddTest {
  @TempDir Path tmp;

  private QuickAdd add(Fixture f, String project) {
    return new QuickAdd(f.loader(project), f.root.resolve("engram/locks"));
  }

  @Test
  void createsTheProjectFileWithOneBullet() throws Exception {
    Fixture f = new Fixture(tmp);
    QuickAdd.Result r = add(f, "repo").append(AddScope.PROJECT, "  run ./mvnw verify before pushing \n");
    assertThat(r.created()).isTrue();
    assertThat(r.file()).isEqualTo(f.repo.resolve("CLAUDE.md"));
    assertThat(Files.readString(r.file())).isEqualTo("- run ./mvnw verify before pushing\n");
    assertThat(r.gitignore()).isEmpty();
  }

  @Test
  void aSecretInTheRuleNeverReachesTheInstructionFile() throws Exception {
    Fixture f = new Fixture(tmp);
    QuickAdd.Result r = add(f, "repo").append(AddScope.PROJECT, "deploy with DEPLOY_TOKEN=dXk8Lm2Qp9Rt4Vw7Zy1B then tag");
    assertThat(Files.readString(r.file())).isEqualTo("- deploy with DEPLOY_TOKEN=[REDACTED:password] then tag\n");
  }

  @Test
  void appendsOnANewLineToAnExistingFile() throws Exception {
    Fixture f = new Fixture(tmp);
    f.write("repo/CLAUDE.md", "# Rules\n- one");
    QuickAdd.Result r = add(f, "repo").append(AddScope.PROJECT, "- two\nlines");
    assertThat(r.created()).isFalse();
    assertThat(Files.readString(r.file())).isEqualTo("# Rules\n- one\n- two lines\n");
  }

  @Test
  void aNewLocalFileIsAddedToTheRepositoryGitignore() throws Exception {
    Fixture f = new Fixture(tmp);
    f.write("repo/.gitignore", "target/");
    QuickAdd.Result r = add(f, "repo/sub").append(AddScope.LOCAL, "my db password is in 1password");
    assertThat(r.file()).isEqualTo(f.repo.resolve("sub/CLAUDE.local.md"));
    assertThat(r.gitignore()).contains(f.repo.resolve(".gitignore"));
    assertThat(Files.readString(f.repo.resolve(".gitignore"))).isEqualTo("target/\n/sub/CLAUDE.local.md\n");
    add(f, "repo/sub").append(AddScope.LOCAL, "again");
    assertThat(Files.readString(f.repo.resolve(".gitignore"))).isEqualTo("target/\n/sub/CLAUDE.local.md\n");
  }

  @Test
  void aLocalFileAlreadyIgnoredByNameLeavesGitignoreAlone() throws Exception {
    Fixture f = new Fixture(tmp);
    f.write("repo/.gitignore", "CLAUDE.local.md\n");
    assertThat(add(f, "repo").append(AddScope.LOCAL, "x").gitignore()).isEmpty();
    assertThat(Files.readString(f.repo.resolve(".gitignore"))).isEqualTo("CLAUDE.local.md\n");
  }

  @Test
  void outsideAGitRepositoryNoGitignoreIsWritten() throws Exception {
    Fixture f = new Fixture(tmp);
    QuickAdd.Result r = add(f, "plain").append(AddScope.LOCAL, "x");
    assertThat(r.gitignore()).isEmpty();
    assertThat(f.root.resolve("plain/.gitignore")).doesNotExist();
  }

  @Test
  void userScopeWritesTheUserFile() throws Exception {
    Fixture f = new Fixture(tmp);
    QuickAdd.Result r = add(f, "repo").append(AddScope.USER, "answer in English");
    assertThat(r.file()).isEqualTo(f.home.resolve(".claude/CLAUDE.md"));
    assertThat(f.loader("repo").load().files()).singleElement()
        .satisfies(file -> assertThat(file.level()).isEqualTo(InstructionLevel.USER));
  }

  @Test
  void blankTextIsRejected() {
    Fixture f = new Fixture(tmp);
    assertThatThrownBy(() -> add(f, "repo").append(AddScope.PROJECT, "  \n- "))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("empty");
    assertThat(f.repo.resolve("CLAUDE.md")).doesNotExist();
  }

  @Test
  void concurrentAddsAllLand() throws Exception {
    Fixture f = new Fixture(tmp);
    QuickAdd quickAdd = add(f, "repo");
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<QuickAdd.Result>> futures = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        String text = "rule " + i;
        futures.add(pool.submit(() -> quickAdd.append(AddScope.PROJECT, text)));
      }
      for (Future<QuickAdd.Result> future : futures) {
        future.get();
      }
    } finally {
      pool.shutdown();
    }
    assertThat(Files.readAllLines(f.repo.resolve("CLAUDE.md"))).hasSize(20).doesNotHaveDuplicates();
  }
}
