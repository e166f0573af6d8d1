package io.engram.imports;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.dream.MeaningMatch;
import io.engram.dream.NearDuplicates;
import io.engram.memory.ChangedBy;
import io.engram.memory.Memory;
import io.engram.memory.MemorySource;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryType;
import io.engram.memory.ProjectMemory;
import io.engram.memory.StoredMemory;
import io.engram.recall.Embedder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MemoryImportTest {
  private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-04-01T10:00:00Z"), ZoneOffset.UTC);

  @TempDir Path tmp;
  private Path userHome;
  private Path project;
  private ProjectMemory store;
  private AgentHomes homes;

  @BeforeEach
  void open() throws IOException {
    userHome = Files.createDirectories(tmp.resolve("user"));
    project = Files.createDirectories(tmp.resolve("work/app"));
    EngramRoots roots = new EngramRoots(userHome.resolve(".engram"), userHome, project);
    store = MemoryStores.open(roots, EngramSettings.DEFAULTS, CLOCK);
    homes = AgentHomes.of(roots, EngramSettings.DEFAULTS, Map.of());
    store.write(Memory.builder("tests-need-redis", MemoryType.PROJECT).description("integration tests need Redis")
        .body("Start Redis on localhost:6379 before running the integration tests.\n").build(), ChangedBy.CLI);
  }

  private MemoryImport byWords() {
    return MemoryImport.of(store, EngramSettings.DEFAULTS, Optional.empty(), CLOCK);
  }

  private StoredMemory read(String name) throws IOException {
    return store.read(name).orElseThrow();
  }

  @Test
  void claudeCodesAutoMemoryIsBroughtInExceptWhatTheStoreAlreadySays() throws Exception {
    Path dir = Files.createDirectories(homes.claudeMemoryDir());
    Files.writeString(dir.resolve("deploy-window.md"), "---\nname: deploy-window\ndescription: when deploys may run\n"
        + "type: project\n---\nDeploys run only on Tuesdays and Thursdays after 14:00.\n");
    Files.writeString(dir.resolve("redis.md"), "---\nname: redis-for-tests\ndescription: integration tests need Redis\n"
        + "type: project\n---\nStart Redis on localhost:6379 before running the integration tests.\n");
    Files.writeString(dir.resolve("MEMORY.md"), "- [deploy-window](deploy-window.md) - when deploys may run\n");

    MemoryImport.ImportReport report = byWords().run(ImportSource.CLAUDE_CODE, homes, false);

    assertThat(report.outcomes()).extracting(ImportOutcome::kind, ImportOutcome::name).containsExactly(
        org.assertj.core.groups.Tuple.tuple(ImportOutcome.Kind.CREATED, "deploy-window"),
        org.assertj.core.groups.Tuple.tuple(ImportOutcome.Kind.KNOWN, "redis-for-tests"));
    assertThat(report.outcomes().get(1).detail()).contains("tests-need-redis");
    Memory imported = read("deploy-window").memory();
    assertThat(imported.source()).contains(MemorySource.IMPORT);
    assertThat(imported.agent()).contains("claude-code");
    assertThat(imported.body()).contains("Tuesdays and Thursdays");
  }

  @Test
  void aSecretInAnImportedNameIsDroppedAndNoMemoryReplacesAnother() throws Exception {
    Path dir = Files.createDirectories(homes.claudeMemoryDir());
    String first = "ghp_" + "Zx81Qw72Er63".repeat(3);
    String second = "ghp_" + "Lk09Jh87Gf65".repeat(3);
    String third = "ghp_" + "Mn34Bv56Cx78".repeat(3);
    store.write(Memory.builder("ci token (claude-code)", MemoryType.REFERENCE).description("kept")
        .body("A memory of this store that no import may replace.\n").build(), ChangedBy.CLI);
    Files.writeString(dir.resolve("a.md"), "---\nname: ci token " + first + "\ndescription: staging pushes\n"
        + "type: reference\n---\nStaging pushes go through the deploy bot on port 8443.\n");
    Files.writeString(dir.resolve("b.md"), "---\nname: ci token " + second + "\ndescription: release tags\n"
        + "type: reference\n---\nRelease tags are signed by the release captain only.\n");
    Files.writeString(dir.resolve("c.md"), "---\nname: " + third + "\ndescription: nightly mirror\n"
        + "type: reference\n---\nThe nightly mirror syncs artifacts to the backup bucket.\n");

    MemoryImport.ImportReport report = byWords().run(ImportSource.CLAUDE_CODE, homes, false);

    assertThat(report.outcomes()).extracting(ImportOutcome::kind, ImportOutcome::name).containsExactlyInAnyOrder(
        org.assertj.core.groups.Tuple.tuple(ImportOutcome.Kind.CREATED, "ci token"),
        org.assertj.core.groups.Tuple.tuple(ImportOutcome.Kind.CREATED, "ci token (claude-code 2)"),
        org.assertj.core.groups.Tuple.tuple(ImportOutcome.Kind.SKIPPED, "[REDACTED:github-token]"));
    assertThat(report.outcomes()).filteredOn(o -> o.kind() == ImportOutcome.Kind.SKIPPED).singleElement()
        .satisfies(o -> assertThat(o.detail().orElseThrow()).contains("it holds a secret (github-token)"));
    assertThat(read("ci token (claude-code)").memory().description()).isEqualTo("kept");
    assertThat(List.of(read("ci token").memory().body(), read("ci token (claude-code 2)").memory().body()))
        .containsExactlyInAnyOrder("Staging pushes go through the deploy bot on port 8443.\n",
            "Release tags are signed by the release captain only.\n");
  }

  @Test
  void aFileThatIsNotUtf8IsReportedByNameAndTheOthersComeIn() throws Exception {
    Path dir = Files.createDirectories(homes.claudeMemoryDir());
    Files.writeString(dir.resolve("deploy-window.md"), "---\nname: deploy-window\ndescription: when deploys may run\n"
        + "type: project\n---\nDeploys run only on Tuesdays and Thursdays after 14:00.\n");
    Path latin1 = Files.write(dir.resolve("caf.md"), new byte[] {'c', 'a', 'f', (byte) 0xe9, '\n'});

    MemoryImport.ImportReport report = byWords().run(ImportSource.CLAUDE_CODE, homes, false);

    assertThat(report.outcomes()).extracting(ImportOutcome::name).containsExactly("deploy-window");
    assertThat(report.problems()).containsExactly(latin1 + ": not UTF-8 text; not imported");
  }

  @Test
  void codexsConsolidatedMemoryOfTheProjectAndOfTheUserIsBroughInOnceEvenWhenImportedAgain() throws Exception {
    Path codex = userHome.resolve(".codex/memories");
    Path projectRoot = Files.createDirectories(codex.resolve(AgentMemoryFiles.codexBucket(project)).resolve("memory"));
    Files.writeString(projectRoot.resolve("MEMORY.md"), "# Memory\n\nNotes Codex keeps.\n\n"
        + "## Release process\nTag with `vX.Y.Z`, then run `./scripts/release.sh`; never publish from a branch.\n\n"
        + "## Database migrations\nMigrations live in db/migrations and run with `make migrate`.\n");
    Files.writeString(projectRoot.resolve("memory_summary.md"), "Release with tags; migrations with make migrate.\n");
    Path user = Files.createDirectories(codex.resolve("user/memory"));
    Files.writeString(user.resolve("MEMORY.md"), "- Prefers answers in Chinese (中文), code comments in English.\n"
        + "- Uses fish as the shell.\n");

    MemoryImport.ImportReport first = byWords().run(ImportSource.CODEX, homes, false);
    MemoryImport.ImportReport again = byWords().run(ImportSource.CODEX, homes, false);

    assertThat(first.outcomes()).extracting(ImportOutcome::name).containsExactly("Release process",
        "Database migrations", "Prefers answers in Chinese 中文 , code comments", "Uses fish as the shell.");
    assertThat(first.count(ImportOutcome.Kind.CREATED)).isEqualTo(4);
    assertThat(read("Release process").memory().type()).isEqualTo(MemoryType.PROJECT);
    assertThat(read("Uses fish as the shell.").memory().type()).isEqualTo(MemoryType.USER);
    assertThat(read("Release process").memory().agent()).contains("codex");
    assertThat(again.count(ImportOutcome.Kind.KNOWN)).isEqualTo(4);
    assertThat(again.count(ImportOutcome.Kind.CREATED)).isZero();
  }

  @Test
  void geminisProjectMemoryAndTheFactsItAddedToTheUsersGeminiMdAreBroughtIn() throws Exception {
    Path gemini = userHome.resolve(".gemini");
    Files.createDirectories(gemini.resolve("tmp/app-1/memory"));
    Files.writeString(gemini.resolve("projects.json"), "{\"projects\":{\"" + homes.projectRoot() + "\":\"app-1\"}}");
    Files.writeString(gemini.resolve("tmp/app-1/memory/MEMORY.md"),
        "- The API server reads its port from APP_PORT and defaults to 8080.\n");
    Files.writeString(gemini.resolve("GEMINI.md"), "# My rules\n\nBe brief.\n\n## Gemini Added Memories\n"
        + "- My preferred test framework is vitest.\n- I work in the Europe/Berlin time zone.\n\n## Other\n- not a fact\n");

    MemoryImport.ImportReport report = byWords().run(ImportSource.GEMINI, homes, false);

    assertThat(report.outcomes()).extracting(ImportOutcome::name).containsExactly(
        "The API server reads its port from APP_PORT", "My preferred test framework is vitest.",
        "I work in the Europe/Berlin time zone.");
    assertThat(read("My preferred test framework is vitest.").memory().type()).isEqualTo(MemoryType.USER);
    assertThat(read("The API server reads its port from APP_PORT").memory().agent()).contains("gemini");
  }

  @Test
  void aMemoryThatSaysTheSameInOtherWordsIsKnownByMeaning() throws Exception {
    Path user = Files.createDirectories(userHome.resolve(".codex/memories/user/memory"));
    Files.writeString(user.resolve("MEMORY.md"), "- The suite needs a running redis first.\n");
    MeaningMatch meaning = new MeaningMatch(new ConceptEmbedder(), 0.9);

    MemoryImport.ImportReport byWords = byWords().run(ImportSource.CODEX, homes, true);
    MemoryImport.ImportReport byMeaning = new MemoryImport(store,
        new NearDuplicates(EngramSettings.DEFAULTS.dream().mergeSimilarity(), Optional.of(meaning)), CLOCK)
        .run(ImportSource.CODEX, homes, false);

    assertThat(byWords.outcomes()).extracting(ImportOutcome::kind).containsExactly(ImportOutcome.Kind.CREATED);
    assertThat(byMeaning.outcomes()).extracting(ImportOutcome::kind).containsExactly(ImportOutcome.Kind.KNOWN);
    assertThat(byMeaning.comparison()).contains("meaning");
    assertThat(store.list().memories()).extracting(StoredMemory::name).containsExactly("tests-need-redis");
  }

  @Test
  void withNothingKeptThereIsNothingToImportAndNoErrorAndTheReportSaysWhereItLooked() throws Exception {
    for (ImportSource source : ImportSource.values()) {
      MemoryImport.ImportReport report = byWords().run(source, homes, false);
      assertThat(report.outcomes()).isEmpty();
      assertThat(report.note()).as(source.name()).hasValueSatisfying(n -> assertThat(n).startsWith("found no memory")
          .contains(switch (source) {
            case CLAUDE_CODE -> homes.claudeMemoryDir().toString();
            case CODEX -> homes.codexHome().resolve("memories").toString();
            case GEMINI -> homes.geminiHome().toString();
          }));
    }
  }

  /** Maps words to a few concepts: "suite" and "tests" are one, as are "first" and "before". */
  private static final class ConceptEmbedder implements Embedder {
    private static final List<String> CONCEPTS = List.of("tests", "redis", "before", "running");
    private static final Map<String, String> WORDS = Map.of("tests", "tests", "suite", "tests", "redis", "redis",
        "before", "before", "first", "before", "running", "running", "start", "running");

    @Override
    public float[] embed(String text) {
      float[] v = new float[CONCEPTS.size()];
      for (String w : text.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
        String concept = WORDS.get(w);
        if (concept != null) {
          v[CONCEPTS.indexOf(concept)] = 1;
        }
      }
      return v;
    }

    @Override
    public int dimension() {
      return CONCEPTS.size();
    }

    @Override
    public String name() {
      return "concepts";
    }
  }
}
