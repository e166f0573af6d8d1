package io.engram.cli.memory;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.cli.CommandRun;
import io.engram.cli.output.DisplayWidth;
import io.engram.cli.output.JsonOutput;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MemoryCommandsTest {
  @TempDir Path home;
  @TempDir Path project;

  @Test
  void rememberThenListShowsTheMemoryAsJson() throws Exception {
    CommandRun saved = run("remember", "--type", "feedback", "--name", "no-mocks",
        "--description", "Do not mock the database", "Integration tests hit a real Postgres.");
    assertThat(saved.exitCode()).as(saved.err()).isZero();
    assertThat(saved.out()).contains("saved feedback memory 'no-mocks'");
    JsonNode list = JsonOutput.mapper().readTree(run("list", "--json").out());
    JsonNode m = list.get("memories").get(0);
    assertThat(m.get("name").asText()).isEqualTo("no-mocks");
    assertThat(m.get("type").asText()).isEqualTo("feedback");
    assertThat(m.get("description").asText()).isEqualTo("Do not mock the database");
    assertThat(m.get("source").asText()).isEqualTo("user");
    assertThat(m.get("updated").asText()).isNotBlank();
    assertThat(Path.of(m.get("path").asText())).exists().hasFileName("no-mocks.md");
  }

  @Test
  void aFileWhereTheMemoryDirectoryGoesIsAnErrorSayingWhatIsWrongThere() throws Exception {
    CommandRun saved = run("remember", "--type", "project", "--name", "a", "Use pnpm.");
    Path memoryDir = Path.of(saved.out().substring(saved.out().indexOf("-> ") + 3).strip()).getParent();
    io.engram.fs.FileTrees.delete(memoryDir);
    Files.writeString(memoryDir, "not a directory");

    CommandRun refused = run("remember", "--type", "project", "--name", "b", "Use yarn.");

    assertThat(refused.exitCode()).isEqualTo(1);
    // The JDK's message was the path alone: "engram: /.../memory".
    assertThat(refused.err().strip()).isEqualTo("engram: " + memoryDir + ": already exists");
    assertThat(memoryDir).hasContent("not a directory");
  }

  @Test
  void listShowsADescriptionAsWrittenOnOneLineNeverAsMarkup() {
    run("remember", "--type", "project", "--name", "pipes", "--description", "pipe @|bold,red HACK|@ and a@|b\nsecond",
        "body");
    CommandRun listed = run("list");
    assertThat(listed.out().lines()).singleElement().asString()
        .endsWith("pipes  pipe @|bold,red HACK|@ and a@|b second");
  }

  @Test
  void rememberRefusesAMemoryOverTheSizeLimitNamingItAndWritesNothing() throws Exception {
    CommandRun r = run("remember", "--type", "project", "--name", "pasted-log", "--description", "a log",
        "q".repeat(200 * 1024));
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err()).contains("memory 'pasted-log' is ").contains(" bytes, over the limit of 65536 bytes a memory "
        + "(setting memory.maxMemoryBytes)").doesNotContain("\tat ");
    assertThat(run("list").out()).doesNotContain("pasted-log");
  }

  @Test
  void leftoversOfAnInterruptedWriteAreClearedAndReportedOnceWhenTheStoreIsNextOpened() throws Exception {
    run("remember", "--type", "project", "--name", "kept", "Kept body");
    Path dir = Path.of(JsonOutput.mapper().readTree(run("show", "kept", "--json").out()).get("path").asText())
        .getParent();
    Path temp = Files.writeString(dir.resolve(".MEMORY.md.p1-0.tmp"), "half");
    Files.setLastModifiedTime(temp, java.nio.file.attribute.FileTime.fromMillis(0));
    CommandRun first = run("list");
    assertThat(first.err()).contains("engram: deleted " + temp + ", a temporary file left by an interrupted write");
    assertThat(temp).doesNotExist();
    assertThat(run("list").err()).doesNotContain("interrupted write");
  }

  @Test
  void rememberDerivesNameAndDescriptionAndReportsRedaction() {
    CommandRun r = run("remember", "--type", "project", "Deploys use password=hunter2 on staging");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("'deploys-use-password-staging'", "redacted before writing: password")
        .doesNotContain("hunter2");
    CommandRun shown = run("show", "deploys-use-password-staging");
    assertThat(shown.out()).doesNotContain("=hunter2").contains("password=[REDACTED:password]");
  }

  @Test
  void rememberRefusesANameHoldingASecretAndReplacesNothing() {
    String first = "ghp_" + "Zx81Qw72Er63".repeat(3);
    String second = "ghp_" + "Lk09Jh87Gf65".repeat(3);
    CommandRun kept = run("remember", "--type", "reference", "--name", "ci-token", "The CI pushes with the bot.");
    assertThat(kept.exitCode()).as(kept.err()).isZero();

    CommandRun refused = run("remember", "--type", "reference", "--name", first, "The CI pushes with a token.");
    assertThat(refused.exitCode()).isEqualTo(1);
    assertThat(refused.err()).contains("invalid memory name: it holds a secret (github-token)")
        .doesNotContain(first);
    CommandRun again = run("remember", "--type", "reference", "--name", second, "Another memory.");
    assertThat(again.exitCode()).isEqualTo(1);
    assertThat(run("list").out()).contains("ci-token").doesNotContain("REDACTED");
  }

  @Test
  void anErrorOrAUsageErrorThatEchoesASecretTypedOnTheCommandLineSaysItRedacted() {
    String token = "ghp_" + "Qa12Ws34Ed56".repeat(3);

    CommandRun missing = run("show", "deploy " + token);
    CommandRun usage = run("list", "--type", token);
    CommandRun unknown = run("forget", "some-memory", "--" + token);

    assertThat(missing.exitCode()).isEqualTo(1);
    assertThat(missing.err()).startsWith("engram: no memory named 'deploy [REDACTED:github-token]'")
        .doesNotContain(token);
    assertThat(usage.exitCode()).isEqualTo(2);
    assertThat(usage.err()).contains("Invalid value for option '--type'").contains("Usage: engram list")
        .doesNotContain(token);
    assertThat(unknown.exitCode()).isEqualTo(2);
    assertThat(unknown.err()).contains("Unknown option").doesNotContain(token);
  }

  @Test
  void aDerivedDescriptionKeepsTheRedactionMarkerWhereTheSecretWas() throws Exception {
    CommandRun r = run("remember", "--type", "project", "--json",
        "The staging database password is hunter2hunter2 and the API key is sk-ant-api03-" + "x1Y2z3".repeat(15));
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode saved = JsonOutput.mapper().readTree(r.out());
    assertThat(saved.get("description").asText())
        .matches("The staging database password is \\[REDACTED:[a-z0-9-]+\\] and the API key is \\[REDACTED:[a-z0-9-]+\\]");
    assertThat(saved.get("name").asText()).doesNotContain("REDACTED").doesNotContain("hunter2");
  }

  @Test
  void rememberScopeChoosesTheStoreAndRefusesANameTheOtherStoreHolds() throws Exception {
    CommandRun user = run("remember", "--type", "feedback", "--scope", "user", "--name", "answers", "--json",
        "Answer in Chinese");
    assertThat(user.exitCode()).as(user.err()).isZero();
    assertThat(JsonOutput.mapper().readTree(user.out()).get("scope").asText()).isEqualTo("user");
    CommandRun project = run("remember", "--type", "user", "--scope", "project", "--name", "role", "--json",
        "Backend engineer on this team");
    assertThat(JsonOutput.mapper().readTree(project.out()).get("scope").asText()).isEqualTo("project");

    CommandRun clash = run("remember", "--type", "feedback", "--scope", "project", "--name", "answers", "Answer in English");
    assertThat(clash.exitCode()).isEqualTo(1);
    assertThat(clash.err()).contains("already lives in the user store");
    assertThat(run("show", "answers").out()).contains("Answer in Chinese");
    assertThat(run("remember", "--type", "user", "--scope", "team", "x").exitCode()).isEqualTo(2);
  }

  @Test
  void aDerivedNameIsReadableNeverACutUrlAndChineseStaysChinese() throws Exception {
    CommandRun url = run("remember", "--type", "reference", "--json",
        "Upstream issue tracker: https://github.com/spring-projects/spring-petclinic/issues");
    assertThat(JsonOutput.mapper().readTree(url.out()).get("name").asText()).isEqualTo("upstream-issue-tracker");
    CommandRun path = run("remember", "--type", "project", "--json",
        "Schemas are in src/main/resources/db/h2/schema.sql and the MySQL one next to it");
    assertThat(JsonOutput.mapper().readTree(path.out()).get("name").asText()).isEqualTo("schemas-schema-sql-mysql-one-next");
    CommandRun zh = run("remember", "--type", "feedback", "--json", "提交信息用英文写，不要用中文");
    assertThat(JsonOutput.mapper().readTree(zh.out()).get("name").asText()).isEqualTo("提交信息用英文写-不要用中文");
  }

  @Test
  void rememberHelpSaysWhatEachTypeIsFor() {
    String out = run("remember", "--help").out();
    String help = out.replaceAll("\\s+", " ");
    for (io.engram.memory.MemoryType t : io.engram.memory.MemoryType.values()) {
      assertThat(help).contains(t.id() + " " + t.purpose());
    }
    // Each purpose wraps under itself, never back to the first column.
    assertThat(out.substring(out.indexOf("What each type is for:")).lines().skip(1).filter(l -> !l.isBlank()))
        .hasSizeGreaterThan(4).allSatisfy(l -> assertThat(l).startsWith("  "));
  }

  @Test
  void listFiltersByTypeAndReportsBadFilesOnStderr() throws Exception {
    run("remember", "--type", "user", "--name", "role", "Backend engineer");
    run("remember", "--type", "reference", "--name", "dash", "Grafana board at grafana.internal/d/api");
    CommandRun refs = run("list", "--type", "reference");
    assertThat(refs.out()).contains("dash").doesNotContain("role");
    Path projectMemory = Path.of(JsonOutput.mapper().readTree(run("show", "dash", "--json").out())
        .get("path").asText()).getParent();
    Files.writeString(projectMemory.resolve("broken.md"), "no frontmatter here");
    CommandRun all = run("list");
    assertThat(all.exitCode()).isZero();
    assertThat(all.err()).contains("skipped", "broken.md", "no frontmatter");
    assertThat(Files.readString(projectMemory.resolve("broken.md"))).isEqualTo("no frontmatter here");
  }

  @Test
  void forgetAndRestoreRoundTrip() {
    run("remember", "--type", "project", "--name", "freeze", "Merge freeze from March 5");
    CommandRun forgot = run("forget", "freeze");
    assertThat(forgot.out()).contains("forgot 'freeze'", ".trash");
    assertThat(run("show", "freeze").exitCode()).isEqualTo(1);
    CommandRun restored = run("restore", "freeze");
    assertThat(restored.exitCode()).as(restored.err()).isZero();
    assertThat(run("show", "freeze").out()).contains("Merge freeze from March 5");
  }

  @Test
  void listColumnsLineUpInTerminalColumnsWithChineseNames() {
    run("remember", "--type", "feedback", "--name", "代码风格", "--description", "Two-space indent", "用两个空格缩进。");
    run("remember", "--type", "feedback", "--name", "deploy-notes", "--description", "Canary first", "Canary.");

    List<String> lines = run("list").out().lines().toList();

    String chinese = lines.stream().filter(l -> l.contains("代码风格")).findFirst().orElseThrow();
    String ascii = lines.stream().filter(l -> l.contains("deploy-notes")).findFirst().orElseThrow();
    assertThat(DisplayWidth.of(chinese.substring(0, chinese.indexOf("Two-space indent"))))
        .isEqualTo(DisplayWidth.of(ascii.substring(0, ascii.indexOf("Canary first"))));
  }

  @Test
  void theRestoreHintOfANameWithSpacesIsACommandTheShellRunsAsIs() {
    run("remember", "--type", "project", "--name", "Bad Name With Spaces", "Merge freeze from March 5");

    CommandRun forgot = run("forget", "Bad Name With Spaces");

    assertThat(forgot.out()).contains("bring it back with: engram restore 'Bad Name With Spaces')");
    assertThat(run("restore", "Bad Name With Spaces").exitCode()).isZero();
  }

  @Test
  void errorsExitWithOneAndUsageErrorsWithTwo() {
    CommandRun bad = run("remember", "--type", "user", "--name", "../escape", "text");
    assertThat(bad.exitCode()).isEqualTo(1);
    assertThat(bad.err()).contains("engram: invalid memory name '../escape'");
    assertThat(run("forget", "nothing").err()).contains("no memory named 'nothing'");
    assertThat(run("remember", "--type", "opinion", "text").exitCode()).isEqualTo(2);
  }

  @Test
  void rememberRefusesANameThatMapsToAnotherMemorysFileAndControlCharacters() throws Exception {
    run("remember", "--type", "project", "--name", "deploy-order", "api, then web");
    for (String other : List.of("Deploy Order", "deploy_order")) {
      CommandRun r = run("remember", "--type", "project", "--name", other, "web first");
      assertThat(r.exitCode()).as(other).isEqualTo(1);
      assertThat(r.err()).contains("maps to the file deploy-order.md", "'deploy-order'");
    }
    assertThat(run("show", "deploy-order").out()).contains("api, then web").doesNotContain("web first");
    CommandRun escape = run("remember", "--type", "project", "--name", "colour", "red \u001b[31mtext");
    assertThat(escape.exitCode()).isEqualTo(1);
    assertThat(escape.err()).contains("control character U+001B", "nothing was written");
  }

  @Test
  void editSavesAValidChangeFromTheEditor() throws Exception {
    run("remember", "--type", "feedback", "--name", "style", "Use tabs");
    Path editor = script("sed -i 's/Use tabs/Use two spaces/' \"$1\"");
    CommandRun r = run("edit", "style", "--editor", editor.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("saved 'style'");
    assertThat(run("show", "style").out()).contains("Use two spaces").doesNotContain("Use tabs");
  }

  @Test
  void editRefusesAnInvalidSaveAndKeepsTheMemory() throws Exception {
    run("remember", "--type", "feedback", "--name", "style", "Use tabs");
    String before = run("show", "style").out();
    Path breaksType = script("sed -i 's/^type: feedback/type: opinion/' \"$1\"");
    CommandRun r = run("edit", "style", "--editor", breaksType.toString());
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err()).contains("not saved", "wrong type 'opinion'", "'style' is unchanged");
    Path renames = script("sed -i 's/^name: style/name: other/' \"$1\"");
    assertThat(run("edit", "style", "--editor", renames.toString()).err()).contains("name cannot change");
    assertThat(run("show", "style").out()).isEqualTo(before);
  }

  @Test
  void showHistoryListsEveryVersionNewestFirstWithWhoChangedItAndTheDiffAlsoOnceForgotten() throws Exception {
    run("remember", "--type", "feedback", "--name", "style", "Use tabs");
    run("edit", "style", "--editor", script("sed -i 's/Use tabs/Use two spaces/' \"$1\"").toString());
    run("forget", "style");

    CommandRun text = run("show", "style", "--history");
    assertThat(text.exitCode()).as(text.err()).isZero();
    assertThat(text.out()).containsSubsequence("version 3 ", "forgotten by cli", "version 2 ", "edited by cli",
        "-Use tabs", "+Use two spaces", "version 1 ", "created by cli");
    JsonNode json = JsonOutput.mapper().readTree(run("show", "style", "--history", "--json").out());
    assertThat(json.get("name").asText()).isEqualTo("style");
    JsonNode versions = json.get("versions");
    assertThat(versions).hasSize(3);
    assertThat(versions.get(1).get("by").asText()).isEqualTo("cli");
    assertThat(versions.get(1).get("change").asText()).isEqualTo("edited");
    assertThat(versions.get(1).get("diff").asText()).contains("--- version 1", "+Use two spaces");
    assertThat(versions.get(0).get("change").asText()).isEqualTo("forgotten");
    assertThat(versions.get(0).get("diff").asText()).as("a forget changes no text").isEmpty();
    assertThat(versions.get(2).get("change").asText()).isEqualTo("created");
    CommandRun none = run("show", "never-written", "--history");
    assertThat(none.exitCode()).isEqualTo(1);
    assertThat(none.err()).contains("no recorded versions of a memory named 'never-written'");
  }

  @Test
  void editWithNoChangeSaysSo() throws Exception {
    run("remember", "--type", "user", "--name", "role", "Backend");
    CommandRun r = run("edit", "role", "--editor", script("true").toString());
    assertThat(r.out()).contains("no changes");
  }

  @Test
  void listAndShowNameTheAgentAMemoryWasLearntFrom() throws Exception {
    run("remember", "--type", "project", "--name", "staging-resets", "The staging database is reset on Sundays.");
    Path file = Path.of(JsonOutput.mapper().readTree(run("show", "staging-resets", "--json").out()).get("path").asText());
    Files.writeString(file, Files.readString(file).replace("type: project\n", "type: project\nagent: codex\n"));

    assertThat(run("list").out()).contains("staging-resets").contains("(from Codex)");
    assertThat(JsonOutput.mapper().readTree(run("list", "--json").out()).get("memories").get(0).get("agent").asText())
        .isEqualTo("codex");
    assertThat(JsonOutput.mapper().readTree(run("show", "staging-resets", "--json").out()).get("agent").asText())
        .isEqualTo("codex");
    assertThat(run("show", "staging-resets").out()).contains("agent: codex");
  }

  private CommandRun run(String... args) {
    return CommandRun.in(home, project, args);
  }

  private Path script(String body) throws Exception {
    Path s = Files.createTempFile(home, "editor", ".sh");
    Files.writeString(s, "#!/bin/sh\n" + body + "\n");
    Files.setPosixFilePermissions(s, PosixFilePermissions.fromString("rwx------"));
    return s;
  }
}
