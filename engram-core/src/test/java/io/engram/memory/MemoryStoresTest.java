package io.engram.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.config.MemorySettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MemoryStoresTest {
  @TempDir Path tmp;
  private final Clock clock = Clock.fixed(Instant.parse("2026-05-01T00:00:00Z"), ZoneOffset.UTC);

  @Test
  void theSameRemoteOnTwoPathsSharesOneKey() throws Exception {
    Path a = repo(tmp.resolve("machine-a/app"), "git@github.com:Acme/App.git");
    Path b = repo(tmp.resolve("elsewhere/checkout"), "https://user:pw@github.com/acme/app/");
    MemoryLocation la = MemoryStores.locate(roots(a), EngramSettings.DEFAULTS);
    MemoryLocation lb = MemoryStores.locate(roots(b), EngramSettings.DEFAULTS);
    assertThat(la.projectKey()).isEqualTo("github-com-acme-app").isEqualTo(lb.projectKey());
    assertThat(la.projectDir()).isEqualTo(tmp.resolve("home/projects/github-com-acme-app/memory"));
    assertThat(la.userDir()).isEqualTo(tmp.resolve("home/user/memory"));
  }

  @Test
  void remotesAreNormalised() {
    assertThat(GitProject.normalizeRemote("ssh://git@gitlab.example.com:2222/group/sub/repo.git"))
        .isEqualTo("gitlab.example.com/group/sub/repo");
    assertThat(GitProject.normalizeRemote("git@github.com:acme/app.git")).isEqualTo("github.com/acme/app");
    assertThat(GitProject.normalizeRemote("https://github.com/Acme/App")).isEqualTo("github.com/acme/app");
    assertThat(GitProject.normalizeRemote("/srv/git/app.git")).isEqualTo("/srv/git/app");
  }

  @Test
  void originWinsOverOtherRemotes() {
    assertThat(GitProject.remoteUrl(java.util.List.of(
        "[core]", "\tbare = false", "[remote \"upstream\"]", "\turl = https://x/up.git",
        "[remote \"origin\"]", "\turl = https://x/origin.git", "[branch \"main\"]", "\turl = nope")))
        .contains("https://x/origin.git");
  }

  @Test
  void withoutARemoteTheKeyIsTheSanitizedRepoRootEvenFromASubdirectory() throws Exception {
    Path root = repo(tmp.resolve("my repo"), null);
    Files.createDirectories(root.resolve("src/main"));
    MemoryLocation l = MemoryStores.locate(roots(root.resolve("src/main")), EngramSettings.DEFAULTS);
    assertThat(l.projectKey()).isEqualTo(root.toString().replaceAll("[^A-Za-z0-9]", "-"));
  }

  @Test
  void worktreesShareTheMainRepositoryUnlessIsolated() throws Exception {
    Path main = repo(tmp.resolve("main"), null);
    Path gitDir = main.resolve(".git/worktrees/feature");
    Files.createDirectories(gitDir);
    Files.writeString(gitDir.resolve("commondir"), "../..\n");
    Path wt = Files.createDirectories(tmp.resolve("feature"));
    Files.writeString(wt.resolve(".git"), "gitdir: " + gitDir + "\n");
    MemoryLocation shared = MemoryStores.locate(roots(wt), EngramSettings.DEFAULTS);
    assertThat(shared).isEqualTo(MemoryStores.locate(roots(main), EngramSettings.DEFAULTS));
    EngramSettings isolated = withMemory(MemorySettings.DEFAULTS.with("isolateWorktrees", true));
    assertThat(MemoryStores.locate(roots(wt), isolated).projectKey()).endsWith("-feature");
  }

  @Test
  void claudeCodeLayoutUsesClaudeCodesSanitizedPath() throws Exception {
    Path project = Files.createDirectories(tmp.resolve("work/my_app.v2"));
    EngramSettings cc = withMemory(MemorySettings.DEFAULTS.with("layout", MemorySettings.Layout.CLAUDE_CODE));
    MemoryLocation l = MemoryStores.locate(roots(project), cc);
    String expected = project.toString().replaceAll("[^A-Za-z0-9]", "-");
    assertThat(l.projectDir()).isEqualTo(tmp.resolve("user/.claude/projects").resolve(expected).resolve("memory"));
  }

  @Test
  void claudeSanitizeCountsUtf16UnitsAndHashesLongPaths() {
    assertThat(ProjectKeys.claudeSanitize("/home/é/\uD83D\uDE00")).isEqualTo("-home-----");
    String longPath = "/" + "a".repeat(250);
    String s = ProjectKeys.claudeSanitize(longPath);
    assertThat(s).startsWith("-" + "a".repeat(199) + "-").hasSizeGreaterThan(201);
    assertThat(ProjectKeys.djb2("abc")).isEqualTo(96354);
  }

  @Test
  void userMemoriesGoToTheUserStoreAndReadsMergeWithTheProjectWinning() throws Exception {
    Path project = repo(tmp.resolve("p"), "https://github.com/acme/p");
    ProjectMemory memory = MemoryStores.open(roots(project), EngramSettings.DEFAULTS, clock);
    Saved who = memory.write(Memory.of("role", MemoryType.USER, "backend engineer", "Go and Java"));
    Saved rule = memory.write(Memory.of("no-mocks", MemoryType.FEEDBACK, "no db mocks", "real db"));
    assertThat(who.stored().scope()).isEqualTo(MemoryScope.USER);
    assertThat(who.stored().path()).startsWith(memory.location().userDir());
    assertThat(rule.stored().path()).startsWith(memory.location().projectDir());
    memory.user().write(Memory.of("no-mocks", MemoryType.FEEDBACK, "user-level version", "x"));
    MemoryListing all = memory.list();
    assertThat(all.memories()).extracting(StoredMemory::name).containsExactly("no-mocks", "role");
    assertThat(all.find("no-mocks").orElseThrow().memory().description()).isEqualTo("no db mocks");
    assertThat(memory.read("role").orElseThrow().scope()).isEqualTo(MemoryScope.USER);
    assertThat(memory.indexText().text()).contains("(no-mocks.md) - no db mocks", "(role.md) - backend engineer");
    memory.forget("role");
    assertThat(memory.read("role")).isEmpty();
    assertThat(memory.restore("role").scope()).isEqualTo(MemoryScope.USER);
  }

  private EngramRoots roots(Path project) {
    return new EngramRoots(tmp.resolve("home"), tmp.resolve("user"), project);
  }

  private static EngramSettings withMemory(MemorySettings m) {
    EngramSettings d = EngramSettings.DEFAULTS;
    return new EngramSettings(d.instructions(), m, d.notes(), d.extraction(), d.dream(), d.recall(), d.context(),
        d.compaction(), d.model(), d.governor(), d.hooks(), d.service(), d.team());
  }

  private static Path repo(Path root, String remote) throws Exception {
    Files.createDirectories(root.resolve(".git"));
    String config = "[core]\n\trepositoryformatversion = 0\n"
        + (remote == null ? "" : "[remote \"origin\"]\n\turl = " + remote + "\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n");
    Files.writeString(root.resolve(".git/config"), config);
    return root;
  }
}
