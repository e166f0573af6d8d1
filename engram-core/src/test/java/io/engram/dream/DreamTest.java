package io.engram.dream;

import static io.engram.dream.DreamFixture.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import io.engram.extract.ExtractionPass;
import io.engram.memory.Memory;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryType;
import io.engram.memory.StoredMemory;
import io.engram.model.ModelRouter;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DreamTest {
  static final Instant MAY_1 = Instant.parse("2026-05-01T09:00:00Z");
  static final Instant MAY_10 = Instant.parse("2026-05-10T09:00:00Z");

  @TempDir Path root;

  private DreamFixture seeded() throws Exception {
    DreamFixture f = new DreamFixture(root);
    f.memory("package-manager", MemoryType.PROJECT, "The project uses npm for every script.", MAY_1);
    f.memory("package-manager-now", MemoryType.PROJECT, "The project switched to pnpm for every script.", MAY_10);
    f.memory("redis-for-tests", MemoryType.FEEDBACK,
        "Integration tests need a local Redis on port 6379. Start it with docker compose up redis first.", MAY_1);
    f.memory("redis-tests-again", MemoryType.FEEDBACK,
        "Integration tests need a local Redis on port 6379. Start it with docker compose up redis first. Flush it between runs.",
        MAY_10);
    f.memory("grafana", MemoryType.REFERENCE, "Latency dashboard: https://grafana.example.com/d/api", MAY_1);
    return f;
  }

  @Test
  void aDreamDirectoryLinkedOutsideTheStoreIsRefusedAndNothingIsWrittenThrough(@TempDir Path outside)
      throws Exception {
    DreamFixture f = seeded();
    Path link = Files.createSymbolicLink(f.memoryDir().resolve(".dream"), outside);
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> f.dream().run(new DreamOptions(true, false), DreamProgress.NONE))
        .isInstanceOf(java.io.IOException.class).hasMessageContaining(link + " is a symbolic link");
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> new SessionTranscripts(f.memoryDir()).record("s1", root.resolve("t.jsonl")))
        .isInstanceOf(java.io.IOException.class).hasMessageContaining("is a symbolic link");
    try (var files = Files.list(outside)) {
      assertThat(files).isEmpty();
    }
    assertThat(f.memoryDir().resolve("redis-for-tests.md")).exists();
  }

  @Test
  void nearDuplicatesAreMergedIntoTheNewestAndTheLoserGoesToTheTrash() throws Exception {
    DreamFixture f = seeded();
    DreamResult r = f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);
    assertThat(r.outcome()).isEqualTo(DreamResult.Outcome.APPLIED);
    Path dir = f.memoryDir();
    assertThat(dir.resolve("redis-for-tests.md")).doesNotExist();
    String merged = Files.readString(dir.resolve("redis-tests-again.md"));
    assertThat(merged).contains("Flush it between runs.").contains("docker compose up redis");
    assertThat(DreamFixture.trashed(dir)).anyMatch(n -> n.endsWith("--redis-for-tests.md"));
    assertThat(Files.readString(dir.resolve("MEMORY.md"))).doesNotContain("redis-for-tests.md").contains("redis-tests-again.md");
    assertThat(MemoryStores.directory(dir, f.settings.memory(), java.time.Clock.systemUTC()).restore("redis-for-tests")
        .memory().body()).contains("port 6379");
  }

  @Test
  void mergingMemoriesThatCarryNoDatesWritesNoDateRatherThan1970() throws Exception {
    DreamFixture f = new DreamFixture(root);
    Path dir = Files.createDirectories(f.memoryDir());
    // As Claude Code writes its memory files: name, description and type, no dates.
    Files.writeString(dir.resolve("redis-for-tests.md"), "---\nname: redis-for-tests\ndescription: Tests need Redis\n"
        + "type: feedback\n---\nIntegration tests need a local Redis on port 6379. Start it with docker compose up redis"
        + " first.\n");
    Files.writeString(dir.resolve("redis-tests-again.md"), "---\nname: redis-tests-again\ndescription: Tests need "
        + "Redis\ntype: feedback\n---\nIntegration tests need a local Redis on port 6379. Start it with docker compose "
        + "up redis first. Flush it between runs.\n");
    DreamResult r = f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);
    assertThat(r.outcome()).isEqualTo(DreamResult.Outcome.APPLIED);
    Path kept = Files.exists(dir.resolve("redis-tests-again.md")) ? dir.resolve("redis-tests-again.md")
        : dir.resolve("redis-for-tests.md");
    assertThat(Files.readString(kept)).contains("Flush it between runs.").doesNotContain("1970");
  }

  @Test
  void inReviewModeTheDreamProposesItsMergeAndAcceptingItMergesAsTheRunWould() throws Exception {
    DreamFixture f = reviewModeWithTwoAlikeMemories();
    Path dir = f.memoryDir();
    String before = Files.readString(dir.resolve("redis-for-tests.md"));

    DreamResult r = f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);

    assertThat(r.outcome()).isEqualTo(DreamResult.Outcome.PROPOSED);
    assertThat(Files.readString(dir.resolve("redis-for-tests.md"))).isEqualTo(before);
    io.engram.memory.ProjectMemory store = MemoryStores.open(f.roots, f.settings);
    io.engram.review.Inbox inbox = io.engram.review.Inbox.of(f.roots.engramHome(), store.location().projectKey(),
        f.settings.memory(), java.time.Clock.systemUTC());
    io.engram.review.Proposal merge = inbox.pending().stream().filter(p -> p.summary().startsWith("merge"))
        .findFirst().orElseThrow();
    assertThat(merge.origin()).isEqualTo(io.engram.review.Proposal.Origin.DREAM);

    inbox.accept(merge.id(), java.util.Optional.empty(), store);

    assertThat(dir.resolve("redis-for-tests.md")).doesNotExist();
    assertThat(Files.readString(dir.resolve("redis-tests-again.md"))).contains("Flush it between runs.");
  }

  @Test
  void inReviewModeAnIndexOnlyPruneIsAppliedUndoablyAndNothingIsProposed() throws Exception {
    DreamFixture f = new DreamFixture(root, io.engram.config.SettingsLoader.parse(
        "{\"memory\":{\"review\":\"PROPOSE\"}}", "settings.json"));
    f.memory("release-day", MemoryType.PROJECT, "The release branch is cut on Mondays.", MAY_1);
    Path index = f.memoryDir().resolve(MemoryStores.INDEX_FILE);
    String before = Files.readString(index);
    Files.writeString(index, before + "- [Gone](gone.md) - a memory deleted by hand\n");
    String stale = Files.readString(index);

    DreamResult r = f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);

    assertThat(r.outcome()).isEqualTo(DreamResult.Outcome.PROPOSED);
    assertThat(r.proposed()).isEmpty();
    assertThat(r.runId()).isPresent();
    assertThat(r.changes()).containsExactly("prune MEMORY.md: 1 line(s) dropped");
    assertThat(Files.readString(index)).isEqualTo(before).contains("release-day");
    io.engram.review.Inbox inbox = io.engram.review.Inbox.of(f.roots.engramHome(),
        MemoryStores.open(f.roots, f.settings).location().projectKey(), f.settings.memory(), Clock.systemUTC());
    assertThat(inbox.pending()).isEmpty();

    assertThat(f.dream().undo()).isPresent();
    assertThat(Files.readString(index)).isEqualTo(stale);
  }

  @Test
  void inReviewModeTheIndexIsPrunedAgainstTheFilesAsTheyAreWhileTheMergeWaits() throws Exception {
    DreamFixture f = reviewModeWithTwoAlikeMemories();
    Path index = f.memoryDir().resolve(MemoryStores.INDEX_FILE);
    Files.writeString(index, Files.readString(index) + "- [Gone](gone.md) - deleted by hand\n");

    DreamResult r = f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);

    assertThat(r.proposed()).singleElement().asString().startsWith("merge ");
    assertThat(r.changes()).containsExactly("prune MEMORY.md: 1 line(s) dropped");
    // The merge is only proposed: both files, and both their index lines, stay until it is accepted.
    assertThat(Files.readString(index)).contains("redis-for-tests.md", "redis-tests-again.md").doesNotContain("gone.md");

    DreamResult again = f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);

    assertThat(again.proposed()).isEmpty();
    assertThat(again.problems()).anySatisfy(p -> assertThat(p).startsWith("merge ")
        .endsWith("already waits in the review inbox or was rejected there, not proposed again"));
  }

  @Test
  void aContradictionMarksTheOlderMemorySupersededAndKeepsIt() throws Exception {
    DreamFixture f = seeded();
    f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);
    Memory older = read(f, "package-manager");
    assertThat(older.supersededBy()).contains("package-manager-now");
    assertThat(older.validUntil()).contains(MAY_10);
    assertThat(older.body()).contains("npm");
    assertThat(read(f, "package-manager-now").supersedes()).containsExactly("package-manager");
    assertThat(read(f, "package-manager-now").supersededBy()).isEmpty();
  }

  @Test
  void aChangedValueSupersedesTheOlderMemoryAndOtherServicesKeepTheirs() throws Exception {
    DreamFixture f = new DreamFixture(root);
    f.memory("dev-server", MemoryType.PROJECT, "The dev server runs on port 8080.", MAY_1);
    f.memory("admin-port", MemoryType.PROJECT, "The admin server listens on port 9000.", MAY_1);
    f.memory("dev-server-port", MemoryType.PROJECT, "Dev server port is 9090 since the proxy change.", MAY_10);
    f.memory("java-version", MemoryType.PROJECT, "The backend targets Java 17.", MAY_1);
    f.memory("java-upgrade", MemoryType.PROJECT, "We upgraded the backend to Java 21.", MAY_10);
    DreamResult r = f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);
    assertThat(read(f, "dev-server").supersededBy()).contains("dev-server-port");
    assertThat(read(f, "dev-server").body()).isEqualTo("The dev server runs on port 8080.\n");
    assertThat(read(f, "java-version").supersededBy()).contains("java-upgrade");
    assertThat(read(f, "admin-port").supersededBy()).isEmpty();
    assertThat(r.changes()).anyMatch(c -> c.contains("port: \"The dev server runs on port 8080.\""));
  }

  @Test
  void relativeDatesArePinnedToTheSourceSessionsDate() throws Exception {
    DreamFixture f = new DreamFixture(root);
    f.memory(Memory.builder("outage", MemoryType.PROJECT).description("the staging outage")
        .body("Staging went down yesterday; the fix ships next Monday.\n").session("s-may-12").build(), MAY_10);
    f.memory("zh-note", MemoryType.PROJECT, "昨天把测试数据库迁到了新机器。", MAY_10);
    f.transcript("s-may-12", Instant.parse("2026-05-12T08:00:00Z"), "Let's look at staging.");
    f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);
    assertThat(read(f, "outage").body())
        .isEqualTo("Staging went down yesterday (2026-05-11); the fix ships next Monday (2026-05-18).\n");
    assertThat(read(f, "zh-note").body()).startsWith("昨天（2026-05-09）把测试数据库");
  }

  @Test
  void theDescriptionTheIndexLineAndTheBodyArePinnedToTheSameDays() throws Exception {
    DreamFixture f = new DreamFixture(root);
    f.memory(Memory.builder("outage", MemoryType.PROJECT).description("Yesterday the staging database went down")
        .body("Yesterday the staging database went down; restored from last Friday's backup.\n").session("s-sun")
        .build(), MAY_10);
    f.memory(Memory.builder("zh-release", MemoryType.PROJECT).description("上周五发布了 2.3 版本")
        .body("上周五发布了 2.3 版本，昨天回滚了。\n").session("s-sun").build(), MAY_10);
    // a Sunday: "last Friday" and 上周五 are the same day, the Friday of the week before
    f.transcript("s-sun", Instant.parse("2026-05-17T08:00:00Z"), "Let's look at staging.");
    f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);

    assertThat(read(f, "outage").description()).isEqualTo("Yesterday (2026-05-16) the staging database went down");
    assertThat(read(f, "outage").body()).isEqualTo(
        "Yesterday (2026-05-16) the staging database went down; restored from last Friday (2026-05-08)'s backup.\n");
    assertThat(read(f, "zh-release").description()).isEqualTo("上周五（2026-05-08）发布了 2.3 版本");
    assertThat(read(f, "zh-release").body()).startsWith("上周五（2026-05-08）发布了 2.3 版本，昨天（2026-05-16）回滚了。");
    String index = Files.readString(f.memoryDir().resolve("MEMORY.md"));
    assertThat(index).contains("Yesterday (2026-05-16) the staging database went down")
        .contains("上周五（2026-05-08）发布了 2.3 版本").doesNotContain("Yesterday the staging");
  }

  @Test
  void aMemoryExtractedTodayFromAnOldTranscriptIsPinnedToThatTranscriptsDay() throws Exception {
    DreamFixture f = new DreamFixture(root);
    // The transcript lives outside Claude Code's directory and its session was not counted (the memory was
    // written by a store without the session counter), so gather does not read it: only its recorded path
    // dates the memory.
    Path old = root.resolve("agent-logs/s-march.jsonl");
    Files.createDirectories(old.getParent());
    Files.writeString(old, "{\"type\":\"user\",\"sessionId\":\"s-march\",\"timestamp\":\"2026-03-02T10:00:00Z\","
        + "\"message\":{\"role\":\"user\",\"content\":\"hi\"}}\n");
    new SessionTranscripts(f.memoryDir()).record("s-march", old);
    MemoryStores.directory(f.memoryDir(), f.settings.memory(), Clock.fixed(NOW.minusSeconds(3600), java.time.ZoneOffset.UTC))
        .write(Memory.builder("march-outage", MemoryType.PROJECT).description("an outage")
            .body("The staging database went down yesterday; \"fixed by tomorrow\", ops promised.\n")
            .session("s-march").build());
    f.memory(Memory.builder("deadline", MemoryType.PROJECT).description("release freeze")
        .body("Release freeze next Friday.\n\n(Date as the user said it: \"next Friday\"; relative dates are made"
            + " absolute by consolidation.)\n").build(), MAY_10);
    DreamResult r = f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);
    assertThat(r.sessions()).isEmpty();
    assertThat(read(f, "march-outage").body())
        .isEqualTo("The staging database went down yesterday (2026-03-01); \"fixed by tomorrow\", ops promised.\n");
    assertThat(read(f, "deadline").body()).isEqualTo("Release freeze next Friday (2026-05-15).\n\n(Date as the user"
        + " said it: \"next Friday\"; relative dates are made absolute by consolidation.)\n");
  }

  @Test
  void gatherTurnsNewKnowledgeFromRecentTranscriptsIntoMemoriesWithAbsoluteDates() throws Exception {
    DreamFixture f = new DreamFixture(root);
    f.transcript("s-new", Instant.parse("2026-05-15T10:00:00Z"),
        "The integration tests need Redis running locally. We use pnpm, not npm.");
    DreamResult r = f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);
    assertThat(r.sessions()).containsExactly("s-new");
    assertThat(r.candidates()).isGreaterThan(0);
    List<StoredMemory> all = MemoryStores.directory(f.memoryDir(), f.settings.memory(), java.time.Clock.systemUTC())
        .list().memories();
    assertThat(all).isNotEmpty().allMatch(m -> m.memory().session().equals(java.util.Optional.of("s-new")));
    assertThat(all.stream().map(m -> m.memory().body()).toList()).anyMatch(b -> b.contains("Redis"));
    String index = Files.readString(f.memoryDir().resolve("MEMORY.md"));
    all.forEach(m -> assertThat(index).contains("(" + m.path().getFileName() + ")"));
  }

  @Test
  void gatherSkipsWhatThePerTurnExtractionPassAlreadyRead() throws Exception {
    DreamFixture f = new DreamFixture(root);
    Path file = f.transcript("s-read", Instant.parse("2026-05-15T10:00:00Z"),
        "The integration tests need Redis running locally. We use pnpm, not npm.");
    Transcript t = TranscriptReader.read(file);
    new ExtractionPass(f.settings, ModelRouter.offline(),
        MemoryStores.open(f.roots, f.settings, Clock.systemUTC(), Dream.sessionCounter()), f.roots.engramHome(), Clock.systemUTC()).run(t, true);
    assertThat(ExtractionPass.alreadyRead(f.roots.engramHome(), t)).isZero();
    new ExtractionPass(f.settings, ModelRouter.offline(),
        MemoryStores.open(f.roots, f.settings, Clock.systemUTC(), Dream.sessionCounter()), f.roots.engramHome(), Clock.systemUTC()).run(t, false);
    assertThat(ExtractionPass.alreadyRead(f.roots.engramHome(), t))
        .isEqualTo(t.messages().size());

    DreamResult r = f.dream().run(new DreamOptions(true, true), DreamProgress.NONE);

    assertThat(r.sessions()).containsExactly("s-read");
    assertThat(r.candidates()).isZero();
  }

  @Test
  void gatherReadsTranscriptsEngramRecordedForCountedSessionsAndSkipsTurnsThatWroteMemory() throws Exception {
    DreamFixture f = new DreamFixture(root);
    Path elsewhere = f.transcript("s-engram", Instant.parse("2026-05-16T10:00:00Z"),
        "The integration tests need Redis running locally.");
    Path moved = root.resolve("agent-logs/s-engram.jsonl");
    Files.createDirectories(moved.getParent());
    Files.move(elsewhere, moved);
    new SessionTranscripts(f.memoryDir()).record("s-engram", moved);
    new SessionTranscripts(f.memoryDir()).record("s-old", root.resolve("agent-logs/old.jsonl"));
    new DreamStateFile(f.memoryDir()).recordSession("s-engram", Instant.parse("2026-05-16T10:05:00Z"));
    String memoryFile = f.memoryDir().resolve("note.md").toString().replace("\\", "\\\\");
    String wrote = "{\"type\":\"user\",\"sessionId\":\"s-wrote\",\"uuid\":\"w1\",\"timestamp\":\"2026-05-16T11:00:00Z\","
        + "\"message\":{\"role\":\"user\",\"content\":\"We use pnpm, not npm.\"}}\n"
        + "{\"type\":\"assistant\",\"sessionId\":\"s-wrote\",\"uuid\":\"w2\",\"timestamp\":\"2026-05-16T11:00:05Z\","
        + "\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"t1\",\"name\":\"Write\","
        + "\"input\":{\"file_path\":\"" + memoryFile + "\",\"content\":\"x\"}}]}}\n";
    Files.writeString(MemoryStores.claudeProjectDir(f.roots, f.settings).resolve("s-wrote.jsonl"), wrote);
    DreamResult r = f.dream().run(new DreamOptions(true, true), DreamProgress.NONE);
    assertThat(r.sessions()).containsExactlyInAnyOrder("s-engram", "s-wrote");
    assertThat(r.diff()).contains("Redis").doesNotContain("pnpm");
  }

  @Test
  void memoriesNamingMissingFilesAreFlaggedStaleAndKept() throws Exception {
    DreamFixture f = new DreamFixture(root);
    Path project = f.roots.projectDir();
    Files.createDirectories(project.resolve("src"));
    Files.writeString(project.resolve("src/Main.java"), "class Main { void run() {} }\n");
    f.memory(Memory.builder("old-parser", MemoryType.PROJECT).description("parser entry point")
        .body("The parser lives in `src/Parser.java`.\n").paths(List.of("src/Parser.java")).build(), MAY_1);
    f.memory("main-entry", MemoryType.PROJECT, "Start reading at `src/Main.java` and `Main#run`.", MAY_1);
    f.memory("legacy-boot", MemoryType.PROJECT, "Call `Legacy#boot` before anything else.", MAY_1);
    f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);
    assertThat(read(f, "legacy-boot").unknownKeys()).containsEntry("stale", List.of("Legacy#boot"));
    assertThat(read(f, "legacy-boot").body()).isEqualTo("Call `Legacy#boot` before anything else.\n");
    assertThat(read(f, "old-parser").unknownKeys()).containsEntry("stale", List.of("src/Parser.java"));
    assertThat(read(f, "main-entry").unknownKeys()).doesNotContainKey("stale");
  }

  @Test
  void theIndexIsPrunedOfMissingPointersAndToItsLineLimit() throws Exception {
    DreamFixture f = new DreamFixture(root, DreamFixture.withDream("indexMaxLines", 3));
    for (int i = 1; i <= 4; i++) {
      f.memory("topic-" + i, MemoryType.PROJECT, "Distinct fact number " + i + " about module " + (char) ('a' + i) + ".",
          MAY_1.plusSeconds(3600L * i));
    }
    Path index = f.memoryDir().resolve("MEMORY.md");
    Files.writeString(index, Files.readString(index) + "- [gone](gone.md) - a file that was deleted by hand\n");
    DreamResult r = f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);
    List<String> lines = Files.readAllLines(index);
    assertThat(lines).hasSize(3).noneMatch(l -> l.contains("gone.md")).noneMatch(l -> l.contains("topic-1.md"));
    assertThat(f.memoryDir().resolve("topic-1.md")).exists();
    assertThat(r.changes()).anyMatch(c -> c.startsWith("prune MEMORY.md: 2 line(s) dropped"));
  }

  @Test
  void aDryRunPrintsTheDiffAndChangesNothing() throws Exception {
    DreamFixture f = seeded();
    Map<String, String> before = DreamFixture.tree(f.memoryDir(), true);
    DreamResult r = f.dream().run(new DreamOptions(true, true), DreamProgress.NONE);
    assertThat(r.outcome()).isEqualTo(DreamResult.Outcome.DRY_RUN);
    assertThat(r.diff()).contains("--- a/redis-for-tests.md", "+supersededBy: package-manager-now");
    assertThat(DreamFixture.tree(f.memoryDir(), true)).isEqualTo(before);
    assertThat(f.memoryDir().resolve(".consolidate-lock")).doesNotExist();
  }

  @Test
  void undoRestoresEveryFileByteForByte() throws Exception {
    DreamFixture f = seeded();
    Map<String, String> before = DreamFixture.tree(f.memoryDir(), false);
    DreamResult r = f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);
    assertThat(DreamFixture.tree(f.memoryDir(), false)).isNotEqualTo(before);
    UndoResult undone = f.dream().undo().orElseThrow();
    assertThat(undone.runId()).isEqualTo(r.runId().orElseThrow());
    assertThat(DreamFixture.tree(f.memoryDir(), false)).isEqualTo(before);
    assertThat(f.dream().undo()).isEmpty();
  }

  @Test
  void undoKeepsATopicFileTheUserEditedAfterTheDreamAndSaysSoWhileTheRestIsUndone() throws Exception {
    DreamFixture f = seeded();
    Path dir = f.memoryDir();
    Map<String, String> before = DreamFixture.tree(dir, false);
    f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);
    // The dream merged redis-for-tests into redis-tests-again; the user then edits the merged file by hand.
    Path merged = dir.resolve("redis-tests-again.md");
    String edited = Files.readString(merged).replace("Flush it between runs.", "Flush it between runs (FLUSHALL).");
    Files.writeString(merged, edited);

    UndoResult undone = f.dream().undo().orElseThrow();

    assertThat(merged).hasContent(edited);
    assertThat(undone.kept()).singleElement().satisfies(k -> {
      assertThat(k.path()).isEqualTo("redis-tests-again.md");
      assertThat(k.why()).contains("edited since the dream", "kept");
    });
    assertThat(undone.restored()).doesNotContain("redis-tests-again.md").contains("redis-for-tests.md");
    Map<String, String> after = DreamFixture.tree(dir, false);
    after.remove("redis-tests-again.md");
    Map<String, String> expected = new java.util.TreeMap<>(before);
    expected.remove("redis-tests-again.md");
    assertThat(after).as("every other file as before the dream").isEqualTo(expected);
  }

  @Test
  void aFileChangedByAnotherWriterMidRunIsKeptAndTheRunStopsForARetry() throws Exception {
    DreamFixture f = seeded();
    Path older = f.memoryDir().resolve("package-manager.md");
    String theirs = Files.readString(older).replace("every script", "every script, said someone else");
    Dream dream = f.dream().afterEachChange(change -> {
      try {
        if (!Files.readString(older).equals(theirs)) {
          Files.writeString(older, theirs);
        }
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> dream.run(new DreamOptions(true, false), DreamProgress.NONE))
        .hasMessageContaining("package-manager.md changed since the dream planned");
    assertThat(Files.readString(older)).isEqualTo(theirs);
    assertThat(ConsolidationLock.status(f.memoryDir(), f.settings.dream())).isInstanceOf(LockStatus.Free.class);
    assertThat(new DreamStateFile(f.memoryDir()).read().lastConsolidation()).isEmpty();
    DreamResult retry = f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);
    assertThat(retry.outcome()).isEqualTo(DreamResult.Outcome.APPLIED);
    assertThat(read(f, "package-manager").body()).contains("said someone else");
    assertThat(read(f, "package-manager").supersededBy()).contains("package-manager-now");
  }

  @Test
  void aSecondRunFindsNothingLeftToDo() throws Exception {
    DreamFixture f = seeded();
    f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);
    DreamResult again = f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);
    assertThat(again.changes()).isEmpty();
    assertThat(again.outcome()).isEqualTo(DreamResult.Outcome.NOTHING_TO_DO);
  }

  @Test
  void progressGoesThroughTheFourPhasesThenApply() throws Exception {
    DreamFixture f = seeded();
    List<DreamPhase> phases = new java.util.ArrayList<>();
    f.dream().run(new DreamOptions(true, false), new DreamProgress() {
      @Override
      public void phase(DreamPhase phase, int items) {
        phases.add(phase);
      }

      @Override
      public void item(String label) {}
    });
    assertThat(phases).containsExactly(DreamPhase.values());
  }

  static Memory read(DreamFixture f, String name) throws Exception {
    return MemoryStores.directory(f.memoryDir(), f.settings.memory(), java.time.Clock.systemUTC()).read(name)
        .orElseThrow().memory();
  }

  // Review mode (PROPOSE) over two memories alike enough that the dream merges them.
  private DreamFixture reviewModeWithTwoAlikeMemories() throws Exception {
    DreamFixture f = new DreamFixture(root, io.engram.config.SettingsLoader.parse(
        "{\"memory\":{\"review\":\"PROPOSE\"}}", "settings.json"));
    f.memory("redis-for-tests", MemoryType.FEEDBACK,
        "Integration tests need a local Redis on port 6379. Start it with docker compose up redis first.", MAY_1);
    f.memory("redis-tests-again", MemoryType.FEEDBACK,
        "Integration tests need a local Redis on port 6379. Start it with docker compose up redis first. Flush it between runs.",
        MAY_10);
    return f;
  }
}
