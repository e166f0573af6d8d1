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
    assertThat(Files.readString(r.file())).isEqualTo("## Notes\n\n- run ./mvnw verify before pushing\n");
    assertThat(r.heading()).contains("Notes");
    assertThat(r.headingCreated()).isTrue();
    assertThat(r.gitignore()).isEmpty();
  }

  private static final String SECTIONED = """
      # Shop

      Instructions for agents.

      ## Build and test

      - build with `./mvnw -B package`

      ## Code style

      - records for values
      - no field injection

      ## Git

      Commit messages in the imperative.
      """;

  @Test
  void aRuleGoesUnderTheHeadingItBelongsToNotTheLastOne() throws Exception {
    Fixture f = new Fixture(tmp);
    Path file = f.write("repo/CLAUDE.md", SECTIONED);
    QuickAdd.Result r = add(f, "repo").append(AddScope.PROJECT, "No, don't use gradle here, use the maven wrapper: ./mvnw test");
    assertThat(r.heading()).contains("Build and test");
    assertThat(r.headingCreated()).isFalse();
    add(f, "repo").append(AddScope.PROJECT, "prefer constructor injection over field injection");
    add(f, "repo").append(AddScope.PROJECT, "squash commits before merging a branch");
    assertThat(Files.readString(file)).isEqualTo("""
        # Shop

        Instructions for agents.

        ## Build and test

        - build with `./mvnw -B package`
        - No, don't use gradle here, use the maven wrapper: ./mvnw test

        ## Code style

        - records for values
        - no field injection
        - prefer constructor injection over field injection

        ## Git

        Commit messages in the imperative.

        - squash commits before merging a branch
        """);
  }

  @Test
  void aRuleNoHeadingTakesGoesUnderANotesHeadingCreatedOnceAtTheEnd() throws Exception {
    Fixture f = new Fixture(tmp);
    Path file = f.write("repo/CLAUDE.md", SECTIONED);
    QuickAdd.Result first = add(f, "repo").append(AddScope.PROJECT, "the staging server is called hermes");
    assertThat(first.heading()).contains("Notes");
    assertThat(first.headingCreated()).isTrue();
    QuickAdd.Result second = add(f, "repo").append(AddScope.PROJECT, "answers in English please");
    assertThat(second.headingCreated()).isFalse();
    assertThat(Files.readString(file)).startsWith(SECTIONED).endsWith(
        "Commit messages in the imperative.\n\n## Notes\n\n- the staging server is called hermes\n"
            + "- answers in English please\n");
  }

  @Test
  void aNamedHeadingIsUsedOrCreatedAndHashesInCodeAreNoHeadings() throws Exception {
    Fixture f = new Fixture(tmp);
    Path file = f.write("repo/CLAUDE.md", "## Tips\n\n```sh\n# not a heading\n```\n\n## Git\n\n- rebase\n");
    QuickAdd quick = add(f, "repo");
    assertThat(quick.appendUnder(AddScope.PROJECT, "run make test first", "## tips").heading()).contains("Tips");
    QuickAdd.Result created = quick.appendUnder(AddScope.PROJECT, "port 8081", "Local setup");
    assertThat(created.headingCreated()).isTrue();
    assertThat(Files.readString(file)).isEqualTo("## Tips\n\n```sh\n# not a heading\n```\n\n- run make test first\n\n"
        + "## Git\n\n- rebase\n\n## Local setup\n\n- port 8081\n");
    assertThatThrownBy(() -> quick.appendUnder(AddScope.PROJECT, "x", " ## ")).hasMessageContaining("heading");
  }

  @Test
  void aFileWithoutHeadingsKeepsItsShape() throws Exception {
    Fixture f = new Fixture(tmp);
    Path file = f.write("repo/CLAUDE.md", "- one\n- two\n");
    QuickAdd.Result r = add(f, "repo").append(AddScope.PROJECT, "three");
    assertThat(r.heading()).isEmpty();
    assertThat(Files.readString(file)).isEqualTo("- one\n- two\n- three\n");
  }

  @Test
  void chineseRulesFindTheirHeadingToo() throws Exception {
    Fixture f = new Fixture(tmp);
    f.write("repo/CLAUDE.md", "## 构建与测试\n\n- 用 ./mvnw 构建\n\n## 代码风格\n\n- 使用 record\n");
    assertThat(add(f, "repo").append(AddScope.PROJECT, "测试前先启动数据库").heading()).contains("构建与测试");
  }

  @Test
  void aSecretInTheRuleNeverReachesTheInstructionFile() throws Exception {
    Fixture f = new Fixture(tmp);
    QuickAdd.Result r = add(f, "repo").append(AddScope.PROJECT, "deploy with DEPLOY_TOKEN=dXk8Lm2Qp9Rt4Vw7Zy1B then tag");
    assertThat(Files.readString(r.file())).isEqualTo("## Notes\n\n- deploy with DEPLOY_TOKEN=[REDACTED:password] then tag\n");
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
  void aFileThatIsNotUtf8OrNotAFileIsNamedAndLeftAsItIs() throws Exception {
    Fixture f = new Fixture(tmp);
    byte[] latin1 = "# Rules\n- caf\u00e9\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    Path file = f.writeBytes("repo/CLAUDE.md", latin1);
    assertThatThrownBy(() -> add(f, "repo").append(AddScope.PROJECT, "use pnpm"))
        .isInstanceOf(java.io.IOException.class).hasMessageContaining(file + ": not UTF-8 text");
    assertThat(Files.readAllBytes(file)).isEqualTo(latin1);
    Files.delete(file);
    Files.createDirectories(file);
    assertThatThrownBy(() -> add(f, "repo").append(AddScope.PROJECT, "use pnpm"))
        .hasMessageContaining(file + ": not a regular file");
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
    assertThat(Files.readAllLines(f.repo.resolve("CLAUDE.md"))).filteredOn(l -> l.startsWith("- rule ")).hasSize(20)
        .doesNotHaveDuplicates();
  }

  @Test
  void anAnnotationThatWouldReadAsAnImportIsWrittenInBackticksAndNamed() throws Exception {
    Fixture f = new Fixture(tmp);
    QuickAdd.Result r = add(f, "repo").append(AddScope.PROJECT,
        "Prefer constructor injection over @Autowired fields, and @Transactional only on services.");
    assertThat(r.line()).isEqualTo(
        "- Prefer constructor injection over `@Autowired` fields, and `@Transactional` only on services.");
    assertThat(r.quoted()).containsExactly("@Autowired", "@Transactional");
    assertThat(ImportParser.parse(Files.readString(r.file()))).isEmpty();
  }

  @Test
  void anImportOfAFileThatExistsStaysAnImport() throws Exception {
    Fixture f = new Fixture(tmp);
    f.write("repo/docs/style.md", "style");
    QuickAdd.Result r = add(f, "repo").append(AddScope.PROJECT, "Follow @docs/style.md, see the email a@b.com");
    assertThat(r.line()).isEqualTo("- Follow @docs/style.md, see the email a@b.com");
    assertThat(r.quoted()).isEmpty();
  }

  @Test
  void anAtAlreadyInACodeSpanIsLeftAlone() throws Exception {
    Fixture f = new Fixture(tmp);
    QuickAdd.Result r = add(f, "repo").append(AddScope.PROJECT, "Use `@Autowired` only in tests, never @Inject");
    assertThat(r.line()).isEqualTo("- Use `@Autowired` only in tests, never `@Inject`");
    assertThat(r.quoted()).containsExactly("@Inject");
  }
}
