package io.engram.cli.instructions;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.cli.CommandRun;
import io.engram.cli.output.JsonOutput;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InstructionCommandsTest {
  @TempDir Path tmp;
  Path home;
  Path userHome;
  Path repo;

  @BeforeEach
  void fixture() throws Exception {
    home = Files.createDirectories(tmp.resolve("engram"));
    userHome = Files.createDirectories(tmp.resolve("user"));
    repo = Files.createDirectories(tmp.resolve("repo/.git")).getParent();
    Files.writeString(home.resolve("settings.json"),
        "{\"instructions\": {\"managedPath\": \"" + tmp.resolve("etc/CLAUDE.md") + "\", \"stopAtRepoRoot\": true}}");
  }

  private CommandRun run(Path project, String... args) {
    List<String> all = new ArrayList<>(List.of("--home", home.toString(), "--project", project.toString(),
        "--user-home", userHome.toString()));
    all.addAll(List.of(args));
    return CommandRun.of(all.toArray(String[]::new));
  }

  private void write(Path p, String text) throws Exception {
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }

  @Test
  void contextJsonListsFilesInClaudeCodeOrderWithTheLedger() throws Exception {
    write(tmp.resolve("etc/CLAUDE.md"), "managed");
    write(userHome.resolve(".claude/CLAUDE.md"), "user");
    write(repo.resolve("CLAUDE.md"), "root @docs/style.md @docs/missing.md");
    write(repo.resolve("docs/style.md"), "style");
    write(repo.resolve("CLAUDE.local.md"), "local");
    write(repo.resolve("app/AGENTS.md"), "app");
    write(repo.resolve("app/sub/CLAUDE.md"), "lazy, not loaded at start");

    CommandRun r = run(repo.resolve("app"), "context", "--json");

    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode json = JsonOutput.mapper().readTree(r.out());
    List<String> paths = new ArrayList<>();
    List<String> levels = new ArrayList<>();
    json.get("files").forEach(f -> {
      paths.add(tmp.relativize(Path.of(f.get("path").asText())).toString());
      levels.add(f.get("level").asText());
    });
    assertThat(paths).containsExactly("etc/CLAUDE.md", "user/.claude/CLAUDE.md", "repo/CLAUDE.md",
        "repo/docs/style.md", "repo/CLAUDE.local.md", "repo/app/AGENTS.md");
    assertThat(levels).containsExactly("managed", "user", "project", "project", "local", "project");
    JsonNode style = json.get("files").get(3);
    assertThat(style.get("importedFrom").get(0).asText()).isEqualTo(repo.resolve("CLAUDE.md").toString());
    assertThat(style.get("chars").asInt()).isEqualTo(5);
    assertThat(style.get("tokens").asInt()).isPositive();
    assertThat(json.get("files").get(0).get("importedFrom")).isEmpty();
    assertThat(json.get("warnings")).hasSize(1);
    assertThat(json.get("warnings").get(0).get("kind").asText()).isEqualTo("missing_import");
    assertThat(json.get("warnings").get(0).get("message").asText()).contains("missing.md");
  }

  @Test
  void contextHumanFormShowsOrderSizesAndTotal() throws Exception {
    write(repo.resolve("CLAUDE.md"), "hello world");
    write(repo.resolve("CLAUDE.local.md"), "@nope.md");
    CommandRun r = run(repo, "context");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).contains("1. project").contains("2. local").contains("11 chars")
        .contains("Total: 2 files, 19 chars").contains("missing_import: " + repo.resolve("nope.md"));
  }

  @Test
  void contextPromptPrintsTheCombinedText() throws Exception {
    write(repo.resolve("CLAUDE.md"), "always use tabs");
    CommandRun r = run(repo, "context", "--prompt");
    assertThat(r.out()).contains("Contents of " + repo.resolve("CLAUDE.md")).contains("always use tabs");
  }

  @Test
  void aProjectFilesImportFromOutsideTheRepositoryWaitsForApproveImports() throws Exception {
    write(userHome.resolve(".claude/team-rules.md"), "always run the linter");
    write(repo.resolve("CLAUDE.md"), "root\n\n@~/.claude/team-rules.md");

    CommandRun before = run(repo, "context", "--prompt");
    CommandRun ledger = run(repo, "context");
    CommandRun approve = run(repo, "context", "--approve-imports", "--json");
    CommandRun after = run(repo, "context", "--prompt");
    CommandRun twice = run(repo, "context", "--approve-imports");

    assertThat(before.out()).contains("root").doesNotContain("always run the linter");
    assertThat(ledger.out()).contains("external_import: " + userHome.resolve(".claude/team-rules.md"))
        .contains("--approve-imports");
    assertThat(approve.exitCode()).as(approve.err()).isZero();
    assertThat(approve.err()).contains("approved: " + repo.resolve("CLAUDE.md") + " may import");
    assertThat(JsonOutput.mapper().readTree(approve.out()).get("files")).hasSize(2);
    assertThat(after.out()).contains("always run the linter");
    assertThat(twice.err()).contains("no import outside a repository was waiting for approval");
  }

  @Test
  void addAppendsToTheChosenScopeAndIgnoresNewLocalFiles() throws Exception {
    CommandRun project = run(repo, "add", "use", "pnpm,", "not", "npm");
    assertThat(project.exitCode()).as(project.err()).isZero();
    assertThat(Files.readString(repo.resolve("CLAUDE.md"))).isEqualTo("## Notes\n\n- use pnpm, not npm\n");

    CommandRun local = run(repo, "add", "--scope", "local", "my port is 8081");
    assertThat(local.out()).contains("Created").contains(".gitignore");
    assertThat(Files.readString(repo.resolve(".gitignore"))).isEqualTo("/CLAUDE.local.md\n");

    run(repo, "add", "--scope=user", "answer briefly");
    assertThat(Files.readString(userHome.resolve(".claude/CLAUDE.md"))).isEqualTo("## Notes\n\n- answer briefly\n");

    CommandRun ctx = run(repo, "context", "--json");
    assertThat(JsonOutput.mapper().readTree(ctx.out()).get("files")).hasSize(3);
  }

  @Test
  void addRefusesAReadOnlyInstructionFileAndLeavesItAsItWas() throws Exception {
    Path file = repo.resolve("CLAUDE.md");
    write(file, "# Theirs\n");
    Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString("r--r--r--"));
    CommandRun add = run(repo, "add", "use pnpm, not npm");
    assertThat(add.exitCode()).isEqualTo(1);
    assertThat(add.err()).contains(file.toString()).contains("read-only");
    assertThat(Files.readString(file)).isEqualTo("# Theirs\n");
  }

  @Test
  void addPutsTheRuleUnderItsHeadingAndSaysWhere() throws Exception {
    write(repo.resolve("CLAUDE.md"), "# Shop\n\n## Build and test\n\n- `./mvnw -B verify`\n\n## Code style\n\n"
        + "- records for values\n");
    CommandRun build = run(repo, "add", "No, don't use gradle here, use the maven wrapper: ./mvnw test");
    assertThat(build.exitCode()).as(build.err()).isZero();
    assertThat(build.out()).contains("under 'Build and test'");
    CommandRun notes = run(repo, "add", "--json", "the staging server is called hermes");
    JsonNode added = JsonOutput.mapper().readTree(notes.out());
    assertThat(added.get("heading").asText()).isEqualTo("Notes");
    assertThat(added.get("headingCreated").asBoolean()).isTrue();
    CommandRun under = run(repo, "add", "--under", "Code style", "constructor injection only");
    assertThat(under.out()).contains("under 'Code style'");
    assertThat(Files.readString(repo.resolve("CLAUDE.md"))).isEqualTo("# Shop\n\n## Build and test\n\n"
        + "- `./mvnw -B verify`\n- No, don't use gradle here, use the maven wrapper: ./mvnw test\n\n## Code style\n\n"
        + "- records for values\n- constructor injection only\n\n## Notes\n\n- the staging server is called hermes\n");
  }

  @Test
  void addWarnsAboutAnAnnotationThatWouldReadAsAnImportAndContextFindsNoBrokenImport() throws Exception {
    CommandRun r = run(repo, "add", "Prefer constructor injection over @Autowired fields");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err()).contains("warning: @Autowired would read as an import").contains("backticks");
    assertThat(Files.readString(repo.resolve("CLAUDE.md"))).contains("- Prefer constructor injection over `@Autowired` fields");

    CommandRun context = run(repo, "context", "--json");
    assertThat(context.exitCode()).as(context.err()).isZero();
    assertThat(JsonOutput.mapper().readTree(context.out()).get("warnings")).isEmpty();
  }

  @Test
  void addRejectsAnUnknownScopeAsAUsageError() {
    CommandRun r = run(repo, "add", "--scope", "team", "x");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("project, local or user");
  }

  @Test
  void addRejectsBlankTextWithCodeOne() {
    CommandRun r = run(repo, "add", " ");
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err()).contains("engram: nothing to add");
  }

  @Test
  void initWritesAStartingFileThenRefusesThenShowsADiffWithForce() throws Exception {
    write(repo.resolve("package.json"), "{\"scripts\": {\"test\": \"jest\", \"build\": \"tsc\"}}");
    write(repo.resolve("src/index.ts"), "export {}");
    write(repo.resolve("README.md"), "# Demo\n\nA demo project.\n");

    CommandRun first = run(repo, "init");
    assertThat(first.exitCode()).as(first.err()).isZero();
    String written = Files.readString(repo.resolve("CLAUDE.md"));
    assertThat(written).contains("`npm run build`").contains("`npm test`").contains("TypeScript")
        .contains("`src/`").contains("A demo project.");

    write(repo.resolve("CLAUDE.md"), written + "- my own rule\n");
    CommandRun refused = run(repo, "init");
    assertThat(refused.exitCode()).isEqualTo(1);
    assertThat(refused.err()).contains("already exists").contains("--force");
    assertThat(Files.readString(repo.resolve("CLAUDE.md"))).endsWith("- my own rule\n");

    CommandRun forced = run(repo, "init", "--force");
    assertThat(forced.exitCode()).isZero();
    assertThat(forced.out()).contains("--- a/CLAUDE.md").contains("+++ b/CLAUDE.md").contains("-- my own rule");
    assertThat(Files.readString(repo.resolve("CLAUDE.md"))).isEqualTo(written);
  }

  @Test
  void helpWorksForEveryNewCommand() {
    for (String cmd : List.of("context", "add", "init")) {
      CommandRun r = CommandRun.of(cmd, "--help");
      assertThat(r.exitCode()).isZero();
      assertThat(r.out()).contains("Usage: engram " + cmd);
    }
  }
}
