package io.engram.team;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.config.EngramSettings;
import io.engram.config.SettingsLoader;
import io.engram.memory.Memory;
import io.engram.memory.MemoryFormat;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryType;
import io.engram.team.testing.TeamPostgres;
import io.engram.team.testing.TestDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pull writes each batch whole before its sync position moves (a full one rewrites only what differs), and the
 * review after it weighs only what changed while keeping the verdicts it reached before.
 */
class TeamPullTest {
  @RegisterExtension static final TeamPostgres PG = TeamPostgres.migratedWith("ada", "ben");

  @TempDir Path root;

  @Test
  void aBatchThatCannotBeWrittenLeavesTheSyncPositionWhereItWasAndTheNextSyncPullsItAgain() throws Exception {
    TeamMemory ada = PG.database().writer(root, "ada", "batch");
    TeamMemory ben = PG.database().writer(root, "ben", "batch");
    for (String name : new String[] {"alpha-fact", "beta-fact", "gamma-fact"}) {
      own("ada", name, MemoryType.PROJECT, "The " + name + " holds for every build of the shop.");
      assertThat(ada.share(name).state()).isEqualTo("shared");
    }
    Path mirror = ben.status().mirror();
    // A directory where a memory's file must go: the batch cannot be written.
    Files.writeString(Files.createDirectories(mirror.resolve("beta-fact.md")).resolve("in-the-way"), "x");

    assertThatThrownBy(() -> ben.sync(false)).isInstanceOf(IOException.class);

    assertThat(ben.status().lastSync()).isEmpty();
    assertThat(temporaryFiles(mirror)).isZero();
    Files.delete(mirror.resolve("beta-fact.md/in-the-way"));
    Files.delete(mirror.resolve("beta-fact.md"));
    SyncReport again = ben.sync(false);
    assertThat(again.pulled()).isEqualTo(3);
    assertThat(again.teamMemories()).isEqualTo(3);
    assertThat(Files.readString(mirror.resolve(MemoryStores.INDEX_FILE))).contains("alpha-fact").contains("beta-fact")
        .contains("gamma-fact");
  }

  @Test
  void aDatabaseThatFailsInTheMiddleOfAPullLeavesTheMirrorAndItsCursorAsTheyWere() throws Exception {
    TeamMemory ada = PG.database().writer(root, "ada", "midway");
    for (String name : new String[] {"alpha-fact", "beta-fact", "poison"}) {
      own("ada", name, MemoryType.PROJECT, "The " + name + " holds for every build of the shop.");
      ada.share(name);
    }
    // Ben pulls one row a batch; reading the third row fails, after two batches were read.
    TeamMemory ben = PG.database().writer(root, "ben", "midway",
        SettingsLoader.parse("{\"team\":{\"pullBatchSize\":1}}", "test"));
    PG.database().sql("CREATE FUNCTION public.lost_here() RETURNS boolean LANGUAGE plpgsql AS"
            + " $$ BEGIN RAISE EXCEPTION 'the database went away'; END $$",
        "CREATE POLICY lost_midway ON engram.memories AS RESTRICTIVE FOR SELECT TO ben"
            + " USING (slug <> 'poison' OR public.lost_here())",
        "ALTER ROLE ben SET enable_seqscan = off");
    try {
      assertThatThrownBy(() -> ben.sync(false)).isInstanceOf(IOException.class);
      Path mirror = ben.status().mirror();
      try (Stream<Path> files = Files.exists(mirror) ? Files.list(mirror) : Stream.empty()) {
        assertThat(files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith("-fact.md"))).isEmpty();
      }
      assertThat(ben.status().lastSync()).isEmpty();
    } finally {
      PG.database().sql("DROP POLICY lost_midway ON engram.memories", "DROP FUNCTION public.lost_here()",
          "ALTER ROLE ben RESET enable_seqscan");
    }
    SyncReport again = ben.sync(false);
    assertThat(again.pulled()).isEqualTo(3);
    assertThat(again.teamMemories()).isEqualTo(3);
  }

  @Test
  void aFullRePullRewritesOnlyTheFilesThatDifferAndRemovesWhatTheTeamDoesNotHold() throws Exception {
    TeamMemory ada = PG.database().writer(root, "ada", "full");
    TeamMemory ben = PG.database().writer(root, "ben", "full");
    for (String name : new String[] {"alpha-fact", "beta-fact"}) {
      own("ada", name, MemoryType.PROJECT, "The " + name + " holds for every build of the shop.");
      ada.share(name);
    }
    assertThat(ben.sync(false).written()).isEqualTo(2);
    Path mirror = ben.status().mirror();
    Files.writeString(mirror.resolve("beta-fact.md"), "damaged by hand");
    Files.writeString(mirror.resolve("stray-fact.md"), "---\nname: stray-fact\ndescription: x\ntype: project\n---\nx\n");

    SyncReport full = ben.sync(true);

    assertThat(full.pulled()).isEqualTo(2);
    assertThat(full.written()).isEqualTo(1);
    assertThat(full.removed()).isEqualTo(1);
    assertThat(Files.readString(mirror.resolve("beta-fact.md"))).contains("The beta-fact holds");
    assertThat(mirror.resolve("stray-fact.md")).doesNotExist();
  }

  @Test
  void theReviewWeighsWhatChangedKeepsEarlierVerdictsAndWeighsAllAgainForANewCorrection() throws Exception {
    TeamMemory ada = PG.database().writer(root, "ada", "review");
    TeamMemory ben = PG.database().writer(root, "ben", "review");
    own("ben", "use-pnpm", MemoryType.FEEDBACK, "Install the dependencies with pnpm install before the first build.");
    own("ada", "install-deps", MemoryType.PROJECT, "Install the dependencies with npm install before the first build.");
    own("ada", "dev-port", MemoryType.PROJECT, "The dev server runs on port 8080.");
    ada.share("install-deps");
    ada.share("dev-port");
    ben.sync(false);
    assertThat(supersededBy(ben, "install-deps")).contains("use-pnpm");
    assertThat(supersededBy(ben, "dev-port")).isEmpty();

    own("ada", "release-day", MemoryType.PROJECT, "Releases go out on Tuesdays.");
    ada.share("release-day");
    SyncReport incremental = ben.sync(false);

    assertThat(incremental.pulled()).isEqualTo(1);
    assertThat(supersededBy(ben, "install-deps")).contains("use-pnpm");
    assertThat(ben.status().proposals()).hasSize(1).allMatch(p -> p.contains("'install-deps'"));

    own("ben", "port-9090", MemoryType.FEEDBACK, "The dev server runs on port 9090.");
    SyncReport nothingNew = ben.sync(false);

    assertThat(nothingNew.pulled()).isZero();
    assertThat(supersededBy(ben, "dev-port")).contains("port-9090");
    assertThat(supersededBy(ben, "install-deps")).contains("use-pnpm");
    assertThat(ben.status().proposals()).hasSize(2);
  }

  private static long temporaryFiles(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> f.getFileName().toString().endsWith(".tmp")).count();
    }
  }

  private static Optional<String> supersededBy(TeamMemory member, String slug) throws IOException {
    Path file = member.status().mirror().resolve(slug + ".md");
    return MemoryFormat.read(file, EngramSettings.DEFAULTS.memory().maxTopicBytes()).supersededBy();
  }

  private void own(String member, String name, MemoryType type, String body) throws IOException {
    MemoryStores.open(TestDatabase.roots(root, member), EngramSettings.DEFAULTS, Clock.systemUTC())
        .write(Memory.builder(name, type).description("About " + name).body(body).build());
  }
}
