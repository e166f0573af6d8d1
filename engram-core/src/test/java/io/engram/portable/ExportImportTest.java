package io.engram.portable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.dream.NearDuplicates;
import io.engram.memory.ChangedBy;
import io.engram.memory.Memory;
import io.engram.memory.MemorySource;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryType;
import io.engram.memory.ProjectMemory;
import io.engram.memory.StoredMemory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExportImportTest {
  @TempDir Path tmp;
  private final Clock clock = Clock.fixed(Instant.parse("2026-05-12T10:00:00Z"), ZoneOffset.UTC);

  private ProjectMemory open(Path home) throws IOException {
    Path project = tmp.resolve("project");
    Files.createDirectories(project);
    return MemoryStores.open(new EngramRoots(home, tmp.resolve("person"), project), EngramSettings.DEFAULTS, clock);
  }

  private BundleImport importer() {
    return new BundleImport(NearDuplicates.of(EngramSettings.DEFAULTS.dream()));
  }

  private static Map<String, String> contents(ProjectMemory m) throws IOException {
    return m.list().memories().stream().sorted(Comparator.comparing(StoredMemory::name)).collect(Collectors.toMap(
        StoredMemory::name, s -> s.scope() + "|" + s.memory().type() + "|" + s.memory().description() + "|"
            + s.memory().body() + "|" + s.memory().source() + "|" + s.memory().session() + "|" + s.memory().created()
            + "|" + s.memory().updated() + "|" + s.memory().unknownKeys()));
  }

  private ProjectMemory seeded(Path home) throws IOException {
    ProjectMemory a = open(home);
    a.write(Memory.builder("no-mocks", MemoryType.FEEDBACK).description("Integration tests hit a real database")
        .body("Don't mock the database in integration tests; use Testcontainers, because mocks hid a broken "
            + "migration.\n").source(MemorySource.USER).session("s-1").build(), ChangedBy.EXTRACTION);
    a.write(Memory.builder("no-mocks", MemoryType.FEEDBACK).description("Integration tests hit a real database")
        .body("Don't mock the database in integration tests; use Testcontainers, because mocks hid a broken "
            + "migration.\nStart Postgres 15 for them.\n").source(MemorySource.USER).session("s-1").build(),
        ChangedBy.CLI);
    a.write(Memory.builder("提交信息用英文", MemoryType.FEEDBACK).description("提交信息用英文写")
        .body("提交信息用英文写，不要用中文，因为 CI 的 changelog 工具只认英文。\n").build(), ChangedBy.CLI);
    a.write(Memory.builder("role", MemoryType.USER).description("Backend engineer").body("Backend engineer, new to "
        + "React.\n").build(), ChangedBy.CLI);
    a.write(Memory.builder("grafana", MemoryType.REFERENCE).description("API latency dashboard")
        .body("https://grafana.example.com/d/api-latency\n").unknownKeys(Map.of("owner", "platform")).build(),
        ChangedBy.CLI);
    return a;
  }

  @Test
  void anExportImportedIntoAFreshHomeGivesTheSameMemoriesAndTheirVersions() throws Exception {
    ProjectMemory a = seeded(tmp.resolve("home-a"));
    Path bundle = tmp.resolve("memories.zip");
    MemoryExport.Exported exported = new MemoryExport(EngramSettings.DEFAULTS, clock).project(a, true, bundle);
    assertThat(exported.memories()).isEqualTo(4);
    assertThat(exported.versions()).isGreaterThanOrEqualTo(5);

    ProjectMemory b = open(tmp.resolve("home-b"));
    BundleImport.Report report = importer().run(b, new BundleSource.Bundle(bundle).read(1 << 20), "bundle", false);

    assertThat(report.count(BundleImport.Kind.CREATED)).isEqualTo(4);
    assertThat(contents(b)).isEqualTo(contents(a));
    assertThat(b.history("no-mocks")).extracting(v -> v.text()).startsWith(
        a.history("no-mocks").stream().map(v -> v.text()).toArray(String[]::new));
    assertThat(b.read("role").orElseThrow().scope()).isEqualTo(io.engram.memory.MemoryScope.USER);
  }

  @Test
  void twoAlikeMemoriesThatStoodSideBySideInTheBundleBothArriveInAFreshHome() throws Exception {
    ProjectMemory a = open(tmp.resolve("home-a"));
    String rule = "不要使用 var 关键字，请写明类型。".repeat(10) + "\n";
    a.write(Memory.builder("style-java", MemoryType.FEEDBACK).description("反馈规则 Java 代码风格").body(rule).build(),
        ChangedBy.CLI);
    a.write(Memory.builder("style-tests", MemoryType.FEEDBACK).description("反馈规则 测试代码风格").body(rule).build(),
        ChangedBy.CLI);
    Path bundle = tmp.resolve("alike.zip");
    new MemoryExport(EngramSettings.DEFAULTS, clock).project(a, false, bundle);

    ProjectMemory b = open(tmp.resolve("home-b"));
    BundleImport.Report report = importer().run(b, new BundleSource.Bundle(bundle).read(1 << 20), "bundle", false);

    assertThat(report.count(BundleImport.Kind.CREATED)).isEqualTo(2);
    assertThat(contents(b)).isEqualTo(contents(a));
  }

  @Test
  void mergingTwoUndatedMemoriesWritesNoDateRatherThan1970() throws Exception {
    ProjectMemory b = open(tmp.resolve("home-b"));
    b.write(Memory.builder("tests-need-redis", MemoryType.PROJECT).description("Tests need Redis")
        .body("Integration tests need a local Redis on port 6379.\n").build(), ChangedBy.CLI);
    Path file = b.read("tests-need-redis").orElseThrow().path();
    Files.writeString(file, "---\nname: tests-need-redis\ndescription: Tests need Redis\ntype: project\n---\n"
        + "Integration tests need a local Redis on port 6379.\n");
    String incoming = "---\nname: tests-need-redis\ndescription: Tests need Redis\ntype: project\n---\n"
        + "Integration tests need a local Redis on port 6379.\nFlush it between runs.\n";

    BundleImport.Report r = importer().run(b,
        List.of(new BundleEntry(Optional.of("k"), "tests-need-redis.md", incoming, List.of())), "bundle", false);

    assertThat(r.count(BundleImport.Kind.MERGED)).isEqualTo(1);
    assertThat(Files.readString(file)).contains("Flush it between runs.").doesNotContain("1970");
  }

  @Test
  void importingTheSameBundleTwiceChangesNothingTheSecondTime() throws Exception {
    ProjectMemory a = seeded(tmp.resolve("home-a"));
    Path bundle = tmp.resolve("bundle-dir");
    new MemoryExport(EngramSettings.DEFAULTS, clock).project(a, false, bundle);
    ProjectMemory b = open(tmp.resolve("home-b"));
    List<BundleEntry> entries = new BundleSource.Bundle(bundle).read(1 << 20);
    importer().run(b, entries, "bundle", false);
    Map<String, String> once = contents(b);
    BundleImport.Report again = importer().run(b, entries, "bundle", false);
    assertThat(again.count(BundleImport.Kind.UNCHANGED)).isEqualTo(4);
    assertThat(contents(b)).isEqualTo(once);
  }

  @Test
  void aMemoryThatSaysTheSameUnderAnotherNameIsMergedNotDuplicated() throws Exception {
    ProjectMemory b = open(tmp.resolve("home-b"));
    b.write(Memory.builder("tests-need-postgres", MemoryType.PROJECT).description("Integration tests need Postgres")
        .body("The integration tests need a local Postgres 15 on port 5433 and Docker running. The schema comes from the Flyway migrations in src/main/resources/db, applied when the test context starts. Each test class gets a fresh database through the Testcontainers reuse flag, so a failed run leaves nothing behind.\n").build(),
        ChangedBy.CLI);
    String postgres = """
        ---
        name: postgres-for-tests
        description: Integration tests need Postgres
        type: project
        ---
        The integration tests need a local Postgres 15 on port 5433 and Docker running. The schema comes from the Flyway migrations in src/main/resources/db, applied when the test context starts. Each test class gets a fresh database through the Testcontainers reuse flag, so a failed run leaves nothing behind.
        Run docker compose up db first.
        """;
    List<BundleEntry> entries = List.of(
        new BundleEntry(Optional.of("k"), "postgres-for-tests.md", postgres, List.of()),
        new BundleEntry(Optional.of("k"), "broken.md", "no frontmatter here\n", List.of()));

    BundleImport.Report r = importer().run(b, entries, "bundle", false);

    assertThat(r.outcomes()).extracting(BundleImport.Outcome::kind)
        .containsExactlyInAnyOrder(BundleImport.Kind.MERGED, BundleImport.Kind.SKIPPED);
    assertThat(r.outcomes()).filteredOn(o -> o.kind() == BundleImport.Kind.MERGED).singleElement()
        .satisfies(o -> assertThat(o.into()).contains("tests-need-postgres"));
    assertThat(b.list().memories()).singleElement().satisfies(m -> assertThat(m.memory().body())
        .contains("port 5433").contains("docker compose up db"));
  }

  @Test
  void aBundleThatNamesAPlaceOutsideTheFormatIsRefusedNamingIt() throws Exception {
    Path bad = Files.createDirectories(tmp.resolve("bad"));
    Files.writeString(bad.resolve(MemoryBundle.MANIFEST), "{\"format\":1,\"exported\":\"2026-05-12T10:00:00Z\","
        + "\"projects\":[],\"versions\":false}");
    Files.createDirectories(bad.resolve("projects/x"));
    Files.writeString(bad.resolve("projects/x/evil.md"), "x");
    assertThatThrownBy(() -> MemoryBundle.read(bad, 1 << 20)).hasMessageContaining("projects/x/evil.md")
        .hasMessageContaining("not a place");
    assertThatThrownBy(() -> MemoryBundle.read(tmp.resolve("project"), 1 << 20))
        .hasMessageContaining("not an Engram bundle");
  }

  @Test
  void aBundleWhoseFilesInflatePastTheTotalIsRefusedAsItIsReadNotHeldWhole() throws Exception {
    Path bomb = tmp.resolve("bomb.zip");
    try (var zip = new java.util.zip.ZipOutputStream(Files.newOutputStream(bomb))) {
      zip.putNextEntry(new java.util.zip.ZipEntry(MemoryBundle.MANIFEST));
      zip.write("{\"format\":1,\"exported\":\"2026-05-12T10:00:00Z\",\"projects\":[],\"versions\":false}"
          .getBytes(java.nio.charset.StandardCharsets.UTF_8));
      for (int i = 0; i < 4; i++) {
        zip.putNextEntry(new java.util.zip.ZipEntry("user/memory/m" + i + ".md"));
        zip.write(new byte[1000]);
      }
    }
    assertThatThrownBy(() -> MemoryBundle.read(bomb, 1 << 20, 2500)).hasMessageContaining(bomb.toString())
        .hasMessageContaining("add up to more than the 2500 bytes");
    Path dir = Files.createDirectories(tmp.resolve("big/user/memory")).getParent().getParent();
    Files.writeString(dir.resolve(MemoryBundle.MANIFEST), "{}");
    for (int i = 0; i < 4; i++) {
      Files.write(dir.resolve("user/memory/m" + i + ".md"), new byte[1000]);
    }
    assertThatThrownBy(() -> MemoryBundle.read(dir, 1 << 20, 2500)).hasMessageContaining("add up to more than");
  }

  @Test
  void aChineseFileNameInAZipBundleCarriesItsUnicodePathForUnzip() throws Exception {
    Path bundle = tmp.resolve("memories.zip");
    new MemoryExport(EngramSettings.DEFAULTS, clock).project(seeded(tmp.resolve("home-a")), false, bundle);
    try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(bundle.toFile())) {
      java.util.zip.ZipEntry chinese = zip.stream().filter(e -> e.getName().contains("提交信息用英文")).findFirst()
          .orElseThrow();
      byte[] name = chinese.getName().getBytes(java.nio.charset.StandardCharsets.UTF_8);
      java.nio.ByteBuffer extra = java.nio.ByteBuffer.wrap(chinese.getExtra()).order(java.nio.ByteOrder.LITTLE_ENDIAN);
      assertThat(extra.getShort()).as("Info-ZIP Unicode Path").isEqualTo((short) 0x7075);
      assertThat(extra.getShort()).isEqualTo((short) (5 + name.length));
      assertThat(extra.get()).isEqualTo((byte) 1);
      java.util.zip.CRC32 crc = new java.util.zip.CRC32();
      crc.update(name);
      assertThat(extra.getInt()).isEqualTo((int) crc.getValue());
      assertThat(java.util.Arrays.copyOfRange(chinese.getExtra(), 9, chinese.getExtra().length)).isEqualTo(name);
      assertThat(zip.getEntry(MemoryBundle.MANIFEST).getExtra()).as("an ASCII name needs none").isNull();
    }
  }

  @Test
  void aZipBundleCutShortAtAnEntrysEdgeIsRefusedNotReadAsASmallerBundle() throws Exception {
    Path bundle = tmp.resolve("memories.zip");
    new MemoryExport(EngramSettings.DEFAULTS, clock).project(seeded(tmp.resolve("home-a")), false, bundle);
    byte[] zip = Files.readAllBytes(bundle);
    int third = -1;
    for (int i = 0, seen = 0; i + 3 < zip.length && third < 0; i++) {
      if (zip[i] == 'P' && zip[i + 1] == 'K' && zip[i + 2] == 3 && zip[i + 3] == 4 && ++seen == 3) {
        third = i;
      }
    }
    Path cut = Files.write(tmp.resolve("cut.zip"), java.util.Arrays.copyOf(zip, third));

    assertThatThrownBy(() -> MemoryBundle.read(cut, 1 << 20)).hasMessageContaining(cut.toString())
        .hasMessageContaining("cut short or damaged");
  }

  @Test
  void aBundlesTopicFileThatIsNotUtf8IsNamedNotReadWithItsLettersReplaced() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("latin1/user/memory")).getParent().getParent();
    Files.writeString(dir.resolve(MemoryBundle.MANIFEST), "{\"format\":1,\"exported\":\"2026-05-12T10:00:00Z\","
        + "\"projects\":[],\"versions\":false}");
    Files.write(dir.resolve("user/memory/cafe.md"), "---\nname: cafe\ndescription: caf\u00e9\ntype: feedback\n---\ncaf\u00e9\n"
        .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));

    assertThatThrownBy(() -> MemoryBundle.read(dir, 1 << 20)).hasMessage(dir + ": user/memory/cafe.md: not UTF-8 text;"
        + " not read");
  }

  @Test
  void aTopicFileOfAnotherHomeThatIsNotUtf8IsNamed() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("other-home-memory"));
    Path latin1 = Files.write(dir.resolve("caf.md"), new byte[] {'c', 'a', 'f', (byte) 0xe9, '\n'});
    assertThatThrownBy(() -> BundleSource.topicFiles(dir, Optional.empty(), false, 1 << 20))
        .hasMessage(latin1 + ": not UTF-8 text; not read");
  }

  @Test
  void aDryRunSaysWhatItWouldDoAndWritesNothing() throws Exception {
    ProjectMemory a = seeded(tmp.resolve("home-a"));
    Path bundle = tmp.resolve("m.zip");
    new MemoryExport(EngramSettings.DEFAULTS, clock).project(a, false, bundle);
    ProjectMemory b = open(tmp.resolve("home-b"));
    BundleImport.Report r = importer().run(b, new BundleSource.Bundle(bundle).read(1 << 20), "bundle", true);
    assertThat(r.count(BundleImport.Kind.CREATED)).isEqualTo(4);
    assertThat(b.list().memories()).isEmpty();
  }

  @Test
  void everyProjectOfAHomeGoesIntoOneBundleAndAnotherHomeReadsIt() throws Exception {
    Path home = tmp.resolve("home-a");
    ProjectMemory one = seeded(home);
    ProjectMemory other = MemoryStores.openKey(home, "github-com-acme-other", EngramSettings.DEFAULTS, clock);
    other.write(Memory.builder("deploy-freeze", MemoryType.PROJECT).description("Freeze from June 1")
        .body("No deploys from 2026-06-01.\n").build(), ChangedBy.CLI);
    MemoryExport.Exported all = new MemoryExport(EngramSettings.DEFAULTS, clock).all(home, Optional.empty(),
        false, tmp.resolve("all.zip"));
    assertThat(all.projects()).contains(one.location().projectKey(), "github-com-acme-other");
    assertThat(new BundleSource.EngramHome(home, Optional.of("github-com-acme-other")).read(1 << 20))
        .extracting(BundleEntry::file).contains("deploy-freeze.md", "role.md").doesNotContain("no-mocks.md");
  }
}
