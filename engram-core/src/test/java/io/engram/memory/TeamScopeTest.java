package io.engram.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.config.MemorySettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TeamScopeTest {
  @TempDir Path tmp;
  private final Clock clock = Clock.fixed(Instant.parse("2026-05-14T09:00:00Z"), ZoneOffset.UTC);

  @Test
  void theTeamKeyComesFromTheRemoteWhateverTheLayout() throws Exception {
    Path project = repo(tmp.resolve("checkout"), "git@github.com:Acme/App.git");
    EngramSettings claude = withLayout(MemorySettings.Layout.CLAUDE_CODE);
    TeamMirror mirror = MemoryStores.locate(roots(project), claude).team().orElseThrow();
    assertThat(mirror.projectKey()).isEqualTo("github-com-acme-app");
    assertThat(mirror.directory()).isEqualTo(tmp.resolve("home/projects/github-com-acme-app/team/memory"));
    assertThat(MemoryStores.locate(roots(repo(tmp.resolve("plain"), null)), EngramSettings.DEFAULTS).team()).isEmpty();
  }

  @Test
  void teamMemoriesAreListedAsTeamWithTheirAuthorAndAge() throws Exception {
    ProjectMemory memory = opened();
    mirrored("deploys", "Deploys are blue-green.", "alice", "bob", 4, "2026-05-11T10:00:00Z");

    StoredMemory deploys = memory.list().find("deploys").orElseThrow();
    assertThat(deploys.scope()).isEqualTo(MemoryScope.TEAM);
    assertThat(TeamMirror.author(deploys.memory())).contains("alice");
    assertThat(deploys.memory().body()).isEqualTo(
        "> Team memory shared by alice; last changed by bob on 2026-05-11 (2 days ago), version 4.\n\n"
            + "Deploys are blue-green.\n");
    assertThat(TeamMirror.unattributed(deploys.memory().body())).isEqualTo("Deploys are blue-green.\n");
    assertThat(memory.read("deploys").orElseThrow().memory().body()).startsWith("> Team memory shared by alice");
    assertThat(memory.indexText().text()).contains("(deploys.md)");
  }

  @Test
  void aMembersOwnVersionWinsAndWritesNeverReachTheMirror() throws Exception {
    ProjectMemory memory = opened();
    Path mirrored = mirrored("deploys", "Deploys are blue-green.", "alice", "alice", 1, "2026-05-01T00:00:00Z");
    String before = Files.readString(mirrored);

    memory.write(Memory.of("deploys", MemoryType.PROJECT, "how we deploy", "Deploys are canary now."));

    StoredMemory seen = memory.read("deploys").orElseThrow();
    assertThat(seen.scope()).isEqualTo(MemoryScope.PROJECT);
    assertThat(memory.list().memories()).extracting(StoredMemory::name).containsExactly("deploys");
    assertThat(Files.readString(mirrored)).isEqualTo(before);
  }

  @Test
  void aTeamMemoryIsNotForgottenLocallyAndTheMirrorRefusesWrites() throws Exception {
    ProjectMemory memory = opened();
    mirrored("deploys", "Deploys are blue-green.", "alice", "alice", 1, "2026-05-01T00:00:00Z");

    assertThatThrownBy(() -> memory.forget("deploys")).isInstanceOf(NoSuchMemoryException.class)
        .hasMessageContaining("team memory");
    MemoryStore team = memory.team().orElseThrow();
    assertThatThrownBy(() -> team.write(Memory.of("x", MemoryType.PROJECT, "d", "b")))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("read-only");
    assertThat(memory.markRecalled(List.of("deploys"), clock.instant())).isEmpty();
    assertThat(memory.read("deploys")).isPresent();
  }

  private ProjectMemory opened() throws Exception {
    return MemoryStores.open(roots(repo(tmp.resolve("checkout"), "https://github.com/acme/app")),
        EngramSettings.DEFAULTS, clock);
  }

  /** Writes a mirror file the way team sync does: a topic file with the team's keys, and its index line. */
  private Path mirrored(String name, String body, String author, String changedBy, int version, String updated)
      throws Exception {
    Path dir = tmp.resolve("home/projects/github-com-acme-app/team/memory");
    Memory m = Memory.builder(name, MemoryType.PROJECT).description("how we deploy").body(body + "\n")
        .created(Instant.parse("2026-05-01T00:00:00Z")).updated(Instant.parse(updated)).source(MemorySource.USER)
        .unknownKeys(Map.of(TeamMirror.AUTHOR, author, TeamMirror.CHANGED_BY, changedBy, TeamMirror.VERSION, version))
        .build();
    Files.createDirectories(dir);
    Path file = dir.resolve(MemoryNames.fileName(name));
    Files.writeString(file, MemoryFormat.format(m));
    Files.writeString(dir.resolve(MemoryStores.INDEX_FILE), MemoryStores.indexLine(m, file.getFileName().toString()) + "\n");
    return file;
  }

  private EngramRoots roots(Path project) {
    return new EngramRoots(tmp.resolve("home"), tmp.resolve("user"), project);
  }

  private static EngramSettings withLayout(MemorySettings.Layout layout) {
    EngramSettings d = EngramSettings.DEFAULTS;
    MemorySettings m = d.memory();
    return new EngramSettings(d.instructions(), m.with("layout", layout), d.notes(),
        d.extraction(), d.dream(), d.recall(), d.context(), d.compaction(), d.model(), d.governor(), d.hooks(), d.service(),
        d.team());
  }

  private static Path repo(Path root, String remote) throws Exception {
    Files.createDirectories(root.resolve(".git"));
    String config = "[core]\n" + (remote == null ? "" : "[remote \"origin\"]\n\turl = " + remote + "\n");
    Files.writeString(root.resolve(".git/config"), config);
    return root;
  }
}
