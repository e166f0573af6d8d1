package io.engram.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GitIgnoreTest {
  @TempDir Path repo;
  @TempDir Path locks;

  @Test
  void aMissingGitignoreIsCreatedWithTheFilesPath() throws Exception {
    Path changed = GitIgnore.ensureListed(repo, repo.resolve(".claude/settings.local.json"), locks).orElseThrow();
    assertThat(changed).isEqualTo(repo.resolve(".gitignore"));
    assertThat(Files.readString(changed)).isEqualTo("/.claude/settings.local.json\n");
  }

  @Test
  void anExistingGitignoreIsAppendedToOnce() throws Exception {
    Files.writeString(repo.resolve(".gitignore"), "target/");
    GitIgnore.ensureListed(repo, repo.resolve(".claude/settings.local.json"), locks);
    assertThat(GitIgnore.ensureListed(repo, repo.resolve(".claude/settings.local.json"), locks)).isEmpty();
    assertThat(Files.readString(repo.resolve(".gitignore"))).isEqualTo("target/\n/.claude/settings.local.json\n");
  }

  @Test
  void aFileAlreadyIgnoredByNameOrPathLeavesTheGitignoreAlone() throws Exception {
    for (String line : new String[] {"settings.local.json", "**/settings.local.json", ".claude/settings.local.json"}) {
      Files.writeString(repo.resolve(".gitignore"), line + "\n");
      assertThat(GitIgnore.ensureListed(repo, repo.resolve(".claude/settings.local.json"), locks)).as(line).isEmpty();
      assertThat(Files.readString(repo.resolve(".gitignore"))).isEqualTo(line + "\n");
    }
  }

  @Test
  void aFileOutsideTheRootIsRefused() {
    assertThatThrownBy(() -> GitIgnore.ensureListed(repo, locks.resolve("x"), locks))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
