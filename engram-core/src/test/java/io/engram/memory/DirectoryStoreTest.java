package io.engram.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.config.MemorySettings;
import io.engram.redact.SecretKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DirectoryStoreTest {
  private static final Instant T0 = Instant.parse("2026-05-01T09:00:00Z");

  @TempDir Path dir;
  private final MutableClock clock = new MutableClock(T0);

  private MemoryStore store() {
    return store(MemorySettings.DEFAULTS);
  }

  private MemoryStore store(MemorySettings settings) {
    return MemoryStores.directory(dir, settings, clock);
  }

  @Test
  void writeCreatesTheTopicFileAndItsIndexLine() throws Exception {
    Saved saved = store().write(Memory.of("Testing needs Redis", MemoryType.FEEDBACK,
        "Integration tests need Redis", "Start it first.\n"));
    assertThat(saved.created()).isTrue();
    assertThat(saved.stored().path()).isEqualTo(dir.resolve("testing-needs-redis.md"));
    assertThat(Files.readString(dir.resolve("MEMORY.md")))
        .isEqualTo("- [Testing needs Redis](testing-needs-redis.md) - Integration tests need Redis\n");
    Memory back = store().read("testing needs redis").orElseThrow().memory();
    assertThat(back.body()).isEqualTo("Start it first.\n");
    assertThat(back.created()).contains(T0);
    assertThat(back.updated()).contains(T0);
  }

  @Test
  void updateKeepsCreatedMovesUpdatedAndReplacesTheIndexLineInPlace() throws Exception {
    store().write(Memory.of("a", MemoryType.PROJECT, "first", "1"));
    store().write(Memory.of("b", MemoryType.PROJECT, "second", "2"));
    clock.advance(Duration.ofHours(2));
    Saved saved = store().write(Memory.of("a", MemoryType.PROJECT, "first, revised", "1b"));
    assertThat(saved.created()).isFalse();
    assertThat(saved.stored().memory().created()).contains(T0);
    assertThat(saved.stored().memory().updated()).contains(T0.plus(Duration.ofHours(2)));
    assertThat(Files.readAllLines(dir.resolve("MEMORY.md")))
        .containsExactly("- [a](a.md) - first, revised", "- [b](b.md) - second");
  }

  @Test
  void aTopicFileAKilledWriterLeftUnindexedIsIndexedByTheNextWrite() throws Exception {
    store().write(Memory.of("a", MemoryType.PROJECT, "first", "1"));
    // What a writer killed after renaming its topic file into place, before rewriting MEMORY.md, leaves behind.
    Files.writeString(dir.resolve("orphan.md"), MemoryFormat.format(Memory.of("orphan", MemoryType.PROJECT,
        "left by a killed writer", "body")));
    Files.writeString(dir.resolve("not-a-memory.md"), "no frontmatter here");

    store().write(Memory.of("b", MemoryType.PROJECT, "second", "2"));

    assertThat(Files.readAllLines(dir.resolve("MEMORY.md"))).containsExactly("- [a](a.md) - first",
        "- [orphan](orphan.md) - left by a killed writer", "- [b](b.md) - second");
  }

  @Test
  void aWriteWhoseIndexCannotBeWrittenLeavesTheStoreAsItWas() throws Exception {
    store().write(Memory.of("a", MemoryType.PROJECT, "first", "1"));
    byte[] before = Files.readAllBytes(dir.resolve("a.md"));
    String index = Files.readString(dir.resolve("MEMORY.md"));
    // MEMORY.md that cannot be read or replaced stands in for a disk that fills up after the topic file.
    Files.delete(dir.resolve("MEMORY.md"));
    Files.createDirectory(dir.resolve("MEMORY.md"));

    assertThatThrownBy(() -> store().write(Memory.of("a", MemoryType.PROJECT, "first, revised", "2")))
        .isInstanceOf(java.io.IOException.class);
    assertThatThrownBy(() -> store().write(Memory.of("b", MemoryType.PROJECT, "new", "3")))
        .isInstanceOf(java.io.IOException.class);

    assertThat(Files.readAllBytes(dir.resolve("a.md"))).as("the replaced file is back").isEqualTo(before);
    assertThat(dir.resolve("b.md")).as("the new file is gone").doesNotExist();
    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .containsExactlyInAnyOrder("a.md", "MEMORY.md", ".engram-lock", MemoryHistory.DIR);
    }
    assertThat(index).contains("(a.md)");
    assertThat(((DirectoryStore) store()).history("a")).as("a failed write records no version").hasSize(1);
    assertThat(((DirectoryStore) store()).history("b")).isEmpty();
  }

  @Test
  void secretsAreRedactedBeforeTheyReachDisk() throws Exception {
    Saved saved = store().write(Memory.of("deploy", MemoryType.PROJECT, "token ghp_" + "a1B2".repeat(9),
        "use password=hunter2 and <private>my PIN is 1234</private>done"));
    assertThat(saved.redacted()).containsExactly(SecretKind.GITHUB_TOKEN, SecretKind.PRIVATE_SPAN,
        SecretKind.PASSWORD_ASSIGNMENT);
    String onDisk = Files.readString(dir.resolve("deploy.md")) + Files.readString(dir.resolve("MEMORY.md"));
    assertThat(onDisk).doesNotContain("hunter2", "PIN", "a1B2a1B2").contains("[REDACTED:github-token]");
  }

  @Test
  void aNameHoldingASecretIsRefusedWithoutShowingItAndReplacesNothing() throws Exception {
    // Written before names were refused: the redacted name of an earlier token.
    store().write(Memory.of("[REDACTED:github-token]", MemoryType.REFERENCE, "first", "the first token's memory\n"));
    String token = "ghp_" + "Zx81Qw72Er63".repeat(3);

    assertThatThrownBy(() -> store().write(Memory.of(token, MemoryType.REFERENCE, "second", "another memory\n")))
        .isInstanceOf(InvalidMemoryNameException.class)
        .hasMessageContaining("it holds a secret (github-token)").hasMessageNotContaining(token);

    assertThat(store().read("[REDACTED:github-token]").orElseThrow().memory().body())
        .isEqualTo("the first token's memory\n");
    assertThat(store().list().memories()).hasSize(1);
  }

  @Test
  void secretsInUnknownFrontmatterKeysAreRedactedToo() throws Exception {
    Memory m = Memory.builder("ci", MemoryType.REFERENCE).description("CI").body("b")
        .unknownKeys(Map.of("env", java.util.List.of("DB_PASSWORD=s3cret-9", Map.of("k", "AKIAABCDEFGHIJKLMNOP"))))
        .build();
    Saved saved = store().write(m);
    assertThat(saved.redacted()).contains(SecretKind.AWS_ACCESS_KEY, SecretKind.PASSWORD_ASSIGNMENT);
    assertThat(Files.readString(dir.resolve("ci.md"))).doesNotContain("s3cret", "AKIAABCDEFGHIJKLMNOP");
  }

  @Test
  void claudeCodeFilesAreFoundByTheirFrontmatterNameAndUpdatedInPlace() throws Exception {
    Fixtures.copy("claude-code", dir);
    String untouched = Files.readString(dir.resolve("user_role.md"));
    MemoryListing listing = store().list();
    assertThat(listing.problems()).isEmpty();
    assertThat(listing.memories()).extracting(StoredMemory::name)
        .containsExactly("bug-tracker", "release-freeze", "testing-needs-redis", "user-role");
    Memory linear = store().read("bug-tracker").orElseThrow().memory();
    store().write(linear.toBuilder().body("Moved to Jira project ING.\n").build());
    Memory back = MemoryFormat.read(dir.resolve("reference_linear.md"), 1 << 20);
    assertThat(back.body()).isEqualTo("Moved to Jira project ING.\n");
    assertThat(back.unknownKeys()).containsEntry("owner", "data-platform").containsKey("tags");
    assertThat(Files.readString(dir.resolve("user_role.md"))).isEqualTo(untouched);
    assertThat(dir.resolve("bug-tracker.md")).doesNotExist();
    assertThat(Files.readAllLines(dir.resolve("MEMORY.md"))).hasSize(4)
        .contains("- [Bug tracker](reference_linear.md) - Pipeline bugs are tracked in Linear project INGEST")
        .contains("- [User role](user_role.md) — senior backend engineer, new to the React side of this repo");
  }

  @Test
  void badFilesAreReportedWithTheirPathSkippedAndNeverRewritten() throws Exception {
    Fixtures.copy("bad", dir);
    Files.write(dir.resolve("huge.md"), ("---\nname: huge\ntype: user\n---\n" + "x".repeat(1_100_000)).getBytes());
    store().write(Memory.of("good", MemoryType.USER, "fine", "ok"));
    Files.writeString(dir.resolve("MEMORY.md"), "- [gone](gone.md) - was deleted by hand\n",
        java.nio.file.StandardOpenOption.APPEND);
    Map<Path, byte[]> before = snapshot();
    MemoryListing listing = store().list();
    assertThat(listing.memories()).extracting(StoredMemory::name).containsExactly("good");
    assertThat(listing.problems()).extracting(p -> p.path().getFileName().toString())
        .containsExactlyInAnyOrder("broken-yaml.md", "huge.md", "invalid-utf8.md", "no-frontmatter.md",
            "unterminated.md", "wrong-type.md", "MEMORY.md");
    assertThat(listing.problems()).anySatisfy(p -> assertThat(p.reason()).contains("line 2", "gone.md"));
    assertThat(listing.problems()).anySatisfy(p -> assertThat(p.reason()).contains("over the limit"));
    assertThat(snapshot()).containsExactlyInAnyOrderEntriesOf(before);
  }

  @Test
  void anIndexThatIsNotUtf8StillListsItsMemoriesAndTakesWrites() throws Exception {
    store().write(Memory.of("good", MemoryType.PROJECT, "fine", "ok"));
    byte[] damaged = {(byte) 0xff, (byte) 0xfe, ' ', 'x', '\n', '-', ' ', '[', 'g', 'o', 'n', 'e', ']', '(', 'g', 'o',
        'n', 'e', '.', 'm', 'd', ')', '\n'};
    Files.write(dir.resolve("MEMORY.md"), damaged, java.nio.file.StandardOpenOption.APPEND);
    MemoryListing listing = store().list();
    assertThat(listing.memories()).extracting(StoredMemory::name).containsExactly("good");
    assertThat(listing.problems()).anySatisfy(p -> assertThat(p.reason()).contains("gone.md"));
    store().write(Memory.of("second", MemoryType.PROJECT, "also fine", "ok"));
    assertThat(store().list().memories()).extracting(StoredMemory::name).containsExactly("good", "second");
  }

  @Test
  void aWriteRefusesToReplaceAFileItCannotRead() throws Exception {
    Files.writeString(dir.resolve("wrong-type.md"), "---\nname: wrong-type\ntype: opinion\n---\nkeep me");
    assertThatThrownBy(() -> store().write(Memory.of("wrong-type", MemoryType.USER, "d", "b")))
        .isInstanceOf(InvalidMemoryException.class).hasMessageContaining("wrong type");
    assertThat(Files.readString(dir.resolve("wrong-type.md"))).endsWith("keep me");
  }

  @Test
  void aSlugTakenByAnotherMemoryGetsAFreshFile() throws Exception {
    Files.writeString(dir.resolve("alpha.md"), "---\nname: something-else\ntype: user\n---\nother");
    Saved saved = store().write(Memory.of("alpha", MemoryType.USER, "d", "b"));
    assertThat(saved.stored().path()).isEqualTo(dir.resolve("alpha-2.md"));
    assertThat(Files.readString(dir.resolve("alpha.md"))).endsWith("other");
  }

  @Test
  void refusedNamesNeverTouchTheDirectory() throws Exception {
    for (String bad : new String[] {"../escape", "/abs", "nul\0byte", "CON", "MEMORY.md", "???"}) {
      assertThatThrownBy(() -> store().write(Memory.of(bad, MemoryType.USER, "d", "b")))
          .isInstanceOf(InvalidMemoryNameException.class);
    }
    assertThat(dir.getParent().resolve("escape.md")).doesNotExist();
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files).isEmpty();
    }
  }

  @Test
  void bodiesOverTheLimitAreRefused() {
    assertThatThrownBy(() -> store().write(Memory.of("big", MemoryType.USER, "d", "x".repeat(1_048_577))))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("over the limit");
  }

  @Test
  void forgetMovesFileAndLineToTrashAndRestoreBringsBothBack() throws Exception {
    store().write(Memory.of("keep", MemoryType.PROJECT, "stays", "k"));
    store().write(Memory.of("drop", MemoryType.PROJECT, "goes", "d"));
    String fileBefore = Files.readString(dir.resolve("drop.md"));
    Forgotten f = store().forget("drop");
    assertThat(dir.resolve("drop.md")).doesNotExist();
    assertThat(f.trashed()).startsWith(dir.resolve(".trash")).exists();
    assertThat(Files.readAllLines(dir.resolve("MEMORY.md"))).containsExactly("- [keep](keep.md) - stays");
    assertThat(store().read("drop")).isEmpty();
    StoredMemory back = store().restore("drop");
    assertThat(back.path()).isEqualTo(dir.resolve("drop.md"));
    assertThat(Files.readString(dir.resolve("drop.md"))).isEqualTo(fileBefore);
    assertThat(Files.readAllLines(dir.resolve("MEMORY.md")))
        .containsExactly("- [keep](keep.md) - stays", "- [drop](drop.md) - goes");
    assertThatThrownBy(() -> store().restore("drop")).isInstanceOf(NoSuchMemoryException.class);
    assertThatThrownBy(() -> store().forget("never-was")).isInstanceOf(NoSuchMemoryException.class);
  }

  @Test
  void restoreRefusesWhenTheNameWasReused() throws Exception {
    store().write(Memory.of("x", MemoryType.USER, "old", "old"));
    store().forget("x");
    store().write(Memory.of("x", MemoryType.USER, "new", "new"));
    assertThatThrownBy(() -> store().restore("x")).hasMessageContaining("forget it first");
    assertThat(store().read("x").orElseThrow().memory().body()).isEqualTo("new");
  }

  @Test
  void aMemoryOverTheSizeLimitIsRefusedWholeWithAnErrorNamingTheLimit() throws Exception {
    int limit = MemorySettings.DEFAULTS.maxMemoryBytes();
    assertThat(limit).isEqualTo(64 * 1024);
    String blob = "A".repeat(200 * 1024);
    assertThatThrownBy(() -> store().write(Memory.of("build-log", MemoryType.PROJECT, "a pasted log", blob)))
        .isInstanceOf(MemoryTooLargeException.class)
        .hasMessage("memory 'build-log' is " + (blob.length() + "a pasted log".length()) + " bytes, over the limit of "
            + limit + " bytes a memory (setting memory.maxMemoryBytes); nothing was written: store a summary, or "
            + "split it");
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString())).doesNotContain("build-log.md", "MEMORY.md")
          .noneMatch(n -> n.startsWith(".staging-"));
    }
    String exactly = "é".repeat((limit - 1) / 2);
    assertThat(store().write(Memory.of("just-fits", MemoryType.PROJECT, "d", exactly)).stored().memory().body())
        .isEqualTo(exactly);
  }

  @Test
  void trashIsPurgedOnlyAfterTheRetentionPeriod() throws Exception {
    store().write(Memory.of("old", MemoryType.USER, "d", "b"));
    store().forget("old");
    clock.advance(Duration.ofDays(20));
    store().write(Memory.of("young", MemoryType.USER, "d", "b"));
    store().forget("young");
    clock.advance(Duration.ofDays(11));
    assertThat(store().purgeTrash()).extracting(p -> p.getFileName().toString())
        .singleElement().asString().endsWith("--old.md");
    assertThat(store().restore("young").name()).isEqualTo("young");
    assertThatThrownBy(() -> store().restore("old")).isInstanceOf(NoSuchMemoryException.class);
  }

  @Test
  void purgeSweepsStagingFilesAKilledWriterLeftBehind() throws Exception {
    store().write(Memory.of("kept", MemoryType.USER, "d", "b"));
    Path oldStaging = Files.writeString(dir.resolve(".staging-dead.md"), "half");
    Path oldTemp = Files.writeString(dir.resolve(".kept.md.123.tmp"), "half");
    Path fresh = Files.writeString(dir.resolve(".staging-live.md"), "in progress");
    Files.setLastModifiedTime(oldStaging, java.nio.file.attribute.FileTime.from(T0.minus(Duration.ofHours(2))));
    Files.setLastModifiedTime(oldTemp, java.nio.file.attribute.FileTime.from(T0.minus(Duration.ofHours(2))));
    Files.setLastModifiedTime(fresh, java.nio.file.attribute.FileTime.from(T0.minus(Duration.ofMinutes(5))));
    store().purgeTrash();
    assertThat(oldStaging).doesNotExist();
    assertThat(oldTemp).doesNotExist();
    assertThat(fresh).exists();
    assertThat(dir.resolve("kept.md")).exists();
  }

  @Test
  void indexTextLoadsTheFirstLinesAndBytesAndSaysWhatWasCut() throws Exception {
    StringBuilder index = new StringBuilder();
    for (int i = 0; i < 250; i++) {
      index.append("- [m").append(i).append("](m").append(i).append(".md) - hook ").append(i).append('\n');
    }
    Files.writeString(dir.resolve("MEMORY.md"), index);
    IndexText byLines = store().indexText();
    assertThat(byLines.loadedLines()).isEqualTo(200);
    assertThat(byLines.totalLines()).isEqualTo(250);
    assertThat(byLines.cutNote()).contains("200 of 250 lines", "50 lines left out");
    IndexText byBytes = store(MemorySettings.DEFAULTS.with("indexMaxBytes", 1000)).indexText();
    assertThat(byBytes.loadedBytes()).isLessThanOrEqualTo(1000);
    assertThat(byBytes.text()).endsWith("\n").startsWith("- [m0](m0.md)");
    assertThat(byBytes.truncated()).isTrue();
  }

  private Map<Path, byte[]> snapshot() throws Exception {
    Map<Path, byte[]> out = new HashMap<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        out.put(f, Files.readAllBytes(f));
      }
    }
    return out;
  }

  /** A clock the test moves by hand. */
  static final class MutableClock extends Clock {
    private Instant now;

    MutableClock(Instant start) {
      now = start;
    }

    void advance(Duration d) {
      now = now.plus(d);
    }

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public java.time.ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }
  }
}
