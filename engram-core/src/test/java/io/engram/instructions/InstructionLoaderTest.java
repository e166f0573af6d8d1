package io.engram.instructions;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.InstructionsSettings;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InstructionLoaderTest {
  @TempDir Path tmp;

  @Test
  void orderIsManagedUserThenEachDirectoryFromTheTopDownWithLocalAfterProjectFiles() {
    Fixture f = new Fixture(tmp);
    f.write("etc/CLAUDE.md", "managed");
    f.write("home/.claude/CLAUDE.md", "user");
    f.write("repo/CLAUDE.md", "repo project");
    f.write("repo/CLAUDE.local.md", "repo local");
    f.write("repo/a/.claude/CLAUDE.md", "a dot-claude");
    f.write("repo/a/AGENTS.md", "a agents");
    f.write("repo/a/b/CLAUDE.md", "b project");
    f.write("repo/a/b/CLAUDE.local.md", "b local");

    LoadedInstructions loaded = f.loader("repo/a/b").load();

    assertThat(f.paths(loaded))
        .containsExactly(
            "etc/CLAUDE.md",
            "home/.claude/CLAUDE.md",
            "repo/CLAUDE.md",
            "repo/CLAUDE.local.md",
            "repo/a/.claude/CLAUDE.md",
            "repo/a/AGENTS.md",
            "repo/a/b/CLAUDE.md",
            "repo/a/b/CLAUDE.local.md");
    assertThat(loaded.files())
        .extracting(InstructionFile::level)
        .containsExactly(
            InstructionLevel.MANAGED, InstructionLevel.USER, InstructionLevel.PROJECT, InstructionLevel.LOCAL,
            InstructionLevel.PROJECT, InstructionLevel.PROJECT, InstructionLevel.PROJECT, InstructionLevel.LOCAL);
    assertThat(loaded.warnings()).isEmpty();
  }

  @Test
  void bothFormsOfEachNameLoadInNameOrderPlainBeforeDotClaude() {
    Fixture f = new Fixture(tmp);
    f.write("repo/AGENTS.md", "1");
    f.write("repo/.claude/AGENTS.md", "2");
    f.write("repo/.claude/CLAUDE.md", "3");
    f.write("repo/CLAUDE.md", "4");

    assertThat(f.paths(f.loader("repo").load()))
        .containsExactly("repo/CLAUDE.md", "repo/.claude/CLAUDE.md", "repo/AGENTS.md", "repo/.claude/AGENTS.md");
  }

  @Test
  void localFileLoadsEvenWithoutAProjectFileBesideIt() {
    Fixture f = new Fixture(tmp);
    f.write("repo/CLAUDE.local.md", "mine");
    LoadedInstructions loaded = f.loader("repo").load();
    assertThat(f.paths(loaded)).containsExactly("repo/CLAUDE.local.md");
    assertThat(loaded.files().get(0).level()).isEqualTo(InstructionLevel.LOCAL);
  }

  @Test
  void traversalGoesAboveTheRepositoryByDefault() {
    Fixture f = new Fixture(tmp);
    f.write("CLAUDE.md", "above the repo");
    f.write("repo/CLAUDE.md", "repo");
    LoadedInstructions loaded = f.loader("repo/x", f.settings(false)).load();
    assertThat(f.paths(loaded)).containsExactly("CLAUDE.md", "repo/CLAUDE.md");
  }

  @Test
  void traversalStopsAtTheRepositoryRootWhenConfigured() {
    Fixture f = new Fixture(tmp);
    f.write("CLAUDE.md", "above the repo");
    f.write("repo/CLAUDE.md", "repo");
    assertThat(f.paths(f.loader("repo/x", f.settings(true)).load())).containsExactly("repo/CLAUDE.md");
  }

  @Test
  void fileNamesComeFromSettings() {
    Fixture f = new Fixture(tmp);
    f.write("repo/CLAUDE.md", "c");
    f.write("repo/AGENTS.md", "a");
    f.write("repo/GEMINI.md", "g");
    f.write("home/.claude/GEMINI.md", "user g");
    f.write("etc/GEMINI.md", "managed g");
    InstructionsSettings d = f.settings();
    InstructionsSettings geminiOnly =
        new InstructionsSettings(List.of("GEMINI.md"), d.localFileName(), d.managedPath(), d.userDir(),
            true, d.maxImportHops(), d.warnChars());

    assertThat(f.paths(f.loader("repo", geminiOnly).load()))
        .containsExactly("etc/GEMINI.md", "home/.claude/GEMINI.md", "repo/GEMINI.md");
  }

  @Test
  void managedAndUserLevelsAlsoReadTheOtherFileNames() {
    Fixture f = new Fixture(tmp);
    f.write("etc/AGENTS.md", "managed agents");
    f.write("home/.claude/AGENTS.md", "user agents");
    LoadedInstructions loaded = f.loader("repo").load();
    assertThat(f.paths(loaded)).containsExactly("etc/AGENTS.md", "home/.claude/AGENTS.md");
    assertThat(loaded.files()).extracting(InstructionFile::level)
        .containsExactly(InstructionLevel.MANAGED, InstructionLevel.USER);
  }

  @Test
  void aFileReachedTwiceIsLoadedOnceAsItsFirstLevel() {
    Fixture f = new Fixture(tmp);
    // The project lies in the user's home, so traversal passes ~/.claude/CLAUDE.md again.
    f.write("home/.claude/CLAUDE.md", "user");
    f.mkdirs(f.home.resolve("work/.git"));
    LoadedInstructions loaded = f.loader("home/work", f.settings(false)).load();
    assertThat(f.paths(loaded)).containsExactly("home/.claude/CLAUDE.md");
    assertThat(loaded.files().get(0).level()).isEqualTo(InstructionLevel.USER);
    assertThat(f.kinds(loaded)).containsExactly(LoadWarning.Kind.DUPLICATE);
  }

  @Test
  void ledgerCountsCharsAndTokensOfEachFile() {
    Fixture f = new Fixture(tmp);
    f.write("repo/CLAUDE.md", "three little words");
    LoadedInstructions loaded = f.loader("repo").load();
    InstructionFile file = loaded.files().get(0);
    assertThat(file.chars()).isEqualTo(18);
    assertThat(file.tokens()).isEqualTo(3);
    assertThat(file.importedFrom()).isEmpty();
    assertThat(loaded.totalChars()).isEqualTo(18);
    assertThat(loaded.totalTokens()).isEqualTo(3);
  }

  @Test
  void renderedPromptHasThePreambleAndEachFileInOrderWithItsKind() {
    Fixture f = new Fixture(tmp);
    f.write("home/.claude/CLAUDE.md", "user rule");
    f.write("repo/CLAUDE.md", "project rule");
    f.write("repo/CLAUDE.local.md", "");
    String prompt = f.loader("repo").load().render();
    assertThat(prompt).startsWith(LoadedInstructions.PREAMBLE);
    assertThat(prompt.indexOf("user rule")).isLessThan(prompt.indexOf("project rule"));
    assertThat(prompt)
        .contains("Contents of " + f.repo.resolve("CLAUDE.md") + " (project instructions, checked into the codebase)")
        .contains("(user's private global instructions for all projects)")
        .doesNotContain("CLAUDE.local.md");
  }

  @Test
  void nothingToLoadRendersNothing() {
    Fixture f = new Fixture(tmp);
    LoadedInstructions loaded = f.loader("repo").load();
    assertThat(loaded.files()).isEmpty();
    assertThat(loaded.render()).isEmpty();
  }

  @Test
  void addTargetsAreTheProjectLocalAndUserFiles() {
    Fixture f = new Fixture(tmp);
    InstructionLoader loader = f.loader("repo");
    assertThat(loader.targetFor(AddScope.PROJECT)).isEqualTo(f.repo.resolve("CLAUDE.md"));
    assertThat(loader.targetFor(AddScope.LOCAL)).isEqualTo(f.repo.resolve("CLAUDE.local.md"));
    assertThat(loader.targetFor(AddScope.USER)).isEqualTo(f.home.resolve(".claude/CLAUDE.md"));
    f.write("repo/.claude/CLAUDE.md", "existing");
    assertThat(loader.targetFor(AddScope.PROJECT)).isEqualTo(f.repo.resolve(".claude/CLAUDE.md"));
  }

  @Test
  void theDefaultManagedPathFollowsThePlatformButAConfiguredOneIsKept() {
    String linux = InstructionsSettings.DEFAULTS.managedPath();
    assertThat(InstructionLoader.managedPathFor(linux, "Linux")).isEqualTo("/etc/claude-code/CLAUDE.md");
    assertThat(InstructionLoader.managedPathFor(linux, "Mac OS X"))
        .isEqualTo("/Library/Application Support/ClaudeCode/CLAUDE.md");
    assertThat(InstructionLoader.managedPathFor("/opt/policy/CLAUDE.md", "Mac OS X")).isEqualTo("/opt/policy/CLAUDE.md");
  }
}
