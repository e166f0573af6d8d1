package io.engram.hooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.dream.Dream;
import io.engram.memory.Memory;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryType;
import io.engram.memory.ProjectMemory;
import io.engram.model.ModelRouter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InjectionLedgerTest {
  @TempDir Path home;
  @TempDir Path project;
  ProjectMemory store;
  HookRunner runner;

  @BeforeEach
  void open() throws IOException {
    EngramRoots roots = EngramRoots.resolve(Optional.of(home), Optional.of(project), Map.of(), home.resolve("u"));
    store = MemoryStores.open(roots, EngramSettings.DEFAULTS, Clock.systemUTC(), Dream.sessionCounter());
    runner = new HookRunner(roots, store, EngramSettings.DEFAULTS, ModelRouter.offline(), Clock.systemUTC());
  }

  @Test
  void eachInjectingHookCallIsRecordedWithItsMemoriesCharactersAndWhy() throws IOException {
    store.write(Memory.of("no-db-mocks", MemoryType.FEEDBACK, "Testing rule", "Never mock the database.\n"));
    store.write(Memory.of("tests-need-redis", MemoryType.PROJECT, "Running the tests", "The tests need Redis on 6379.\n"));
    String started = runner.run(HookEvent.SESSION_START,
        HookInput.parse("{\"session_id\":\"s1\",\"source\":\"startup\"}")).additionalContext().orElseThrow();
    HookInput ask = HookInput.parse("{\"session_id\":\"s1\",\"prompt\":\"how do I run the tests?\"}");
    String recalled = runner.run(HookEvent.USER_PROMPT_SUBMIT, ask).additionalContext().orElseThrow();
    assertThat(runner.run(HookEvent.USER_PROMPT_SUBMIT, ask).additionalContext()).isEmpty();

    List<InjectionLedger.Entry> ledger = InjectionLedger.read(home, "s1");
    assertThat(ledger).extracting(InjectionLedger.Entry::hook).containsExactly("SessionStart", "UserPromptSubmit");
    InjectionLedger.Entry start = ledger.get(0);
    assertThat(start.chars()).isEqualTo(started.length());
    assertThat(start.memories()).extracting(InjectionLedger.Item::memory).containsExactly("no-db-mocks");
    assertThat(start.memories().get(0).why()).contains("standing");
    InjectionLedger.Entry prompt = ledger.get(1);
    assertThat(prompt.chars()).isEqualTo(recalled.length());
    assertThat(prompt.memories()).extracting(InjectionLedger.Item::memory).containsExactly("tests-need-redis");
    assertThat(prompt.memories().get(0).chars()).isPositive().isLessThan(recalled.length());
    assertThat(prompt.memories().get(0).why()).isNotBlank();
    assertThat(Files.readString(home.resolve("sessions/s1/injections.jsonl")))
        .as("names and counts only, never a memory's text").doesNotContain("Redis on 6379", "mock the database");
  }

  @Test
  void afterACompactionEveryStandingRuleComesBackWordForWordAndTheLedgerNamesEach() throws IOException {
    List<Memory> rules = List.of(
        Memory.of("offline-tests", MemoryType.FEEDBACK, "Tests run offline", "Don't run the whole suite with"
            + " ./mvnw test; use ./mvnw -o -Dtest=OwnerControllerTests test so it stays offline.\n"),
        Memory.of("lockfile", MemoryType.FEEDBACK, "Only pnpm's lockfile", "npm 会生成 package-lock.json，我们只提交"
            + " pnpm-lock.yaml，所以不要用 npm install。\n"),
        Memory.of("role", MemoryType.USER, "Backend engineer", "A backend engineer, new to React.\n"));
    for (Memory m : rules) {
      store.write(m);
    }
    store.write(Memory.of("schema", MemoryType.PROJECT, "Where the schema is", "src/main/resources/db.\n"));
    runner.run(HookEvent.SESSION_START, HookInput.parse("{\"session_id\":\"s1\",\"source\":\"startup\"}"));

    String after = runner.run(HookEvent.SESSION_START,
        HookInput.parse("{\"session_id\":\"s1\",\"source\":\"compact\"}")).additionalContext().orElseThrow();

    for (Memory m : rules) {
      assertThat(after).as(m.name()).contains(m.body().strip());
    }
    InjectionLedger.Entry compacted = InjectionLedger.read(home, "s1").get(1);
    assertThat(compacted.hook()).isEqualTo("SessionStart");
    assertThat(compacted.memories()).extracting(InjectionLedger.Item::memory)
        .containsExactlyInAnyOrder("offline-tests", "lockfile", "role");
    assertThat(compacted.memories()).allSatisfy(i -> assertThat(i.why()).contains("standing"));
  }

  @Test
  void aResidentCallerWritesTheEntryAfterTheAnswerAndItLands() throws IOException {
    store.write(Memory.of("tests-need-redis", MemoryType.PROJECT, "Running the tests", "The tests need Redis on 6379.\n"));
    EngramRoots roots = EngramRoots.resolve(Optional.of(home), Optional.of(project), Map.of(), home.resolve("u"));
    java.util.List<Runnable> later = new java.util.ArrayList<>();
    HookRunner resident = new HookRunner(roots, store, EngramSettings.DEFAULTS, ModelRouter.offline(), Clock.systemUTC(),
        new io.engram.recall.MemoryRecall(store, home, EngramSettings.DEFAULTS.recall(),
            io.engram.recall.MemoryRecall.Backend.keywordInMemory(), Clock.systemUTC()), Optional.empty(),
        Optional.of(later::add));

    String recalled = resident.run(HookEvent.USER_PROMPT_SUBMIT,
        HookInput.parse("{\"session_id\":\"s1\",\"prompt\":\"how do I run the tests?\"}")).additionalContext()
        .orElseThrow();

    assertThat(InjectionLedger.read(home, "s1")).as("not written before the answer").isEmpty();
    assertThat(later).isNotEmpty();
    later.forEach(Runnable::run);
    assertThat(InjectionLedger.read(home, "s1")).singleElement().satisfies(e -> {
      assertThat(e.chars()).isEqualTo(recalled.length());
      assertThat(e.memories()).extracting(InjectionLedger.Item::memory).containsExactly("tests-need-redis");
    });
  }

  @Test
  void aSessionWithNothingInjectedHasAnEmptyLedgerAndABadLineIsNamed() throws IOException {
    assertThat(InjectionLedger.read(home, "s2")).isEmpty();
    Path file = Files.createDirectories(home.resolve("sessions/s2")).resolve("injections.jsonl");
    Files.writeString(file, "{\"at\":\"2026-01-01T10:00:00Z\",\"hook\":\"SessionStart\",\"chars\":5,\"memories\":[],"
        + "\"leftOut\":[]}\nnot json\n");
    assertThatThrownBy(() -> InjectionLedger.read(home, "s2")).isInstanceOf(IOException.class)
        .hasMessageContaining(file + ":2");
  }

  @Test
  void aLineACrashCutShortIsLeftOutAndTheLedgerKeepsItsNewestEntriesWithinItsCap() throws IOException {
    Path file = Files.createDirectories(home.resolve("sessions/s3")).resolve("injections.jsonl");
    Files.writeString(file, "{\"at\":\"2026-01-01T10:00:00Z\",\"hook\":\"SessionStart\",\"chars\":5,\"memories\":[],"
        + "\"leftOut\":[]}\n{\"at\":\"2026-01-01T10:");
    assertThat(InjectionLedger.read(home, "s3")).extracting(InjectionLedger.Entry::chars).containsExactly(5);
    int dropped = 0;
    for (int i = 0; i < 60; i++) {
      dropped += InjectionLedger.append(home, "s3", new InjectionLedger.Entry(java.time.Instant.EPOCH.plusSeconds(i),
          "UserPromptSubmit", 100 + i, List.of(new InjectionLedger.Item("m" + i, 10, "matched")), List.of()), 2_000);
      assertThat(Files.size(file)).isLessThanOrEqualTo(2_000);
    }
    List<InjectionLedger.Entry> kept = InjectionLedger.read(home, "s3");
    assertThat(dropped).isPositive();
    assertThat(kept.get(kept.size() - 1).chars()).isEqualTo(159);
    assertThat(kept).extracting(InjectionLedger.Entry::chars).isSorted().doesNotContain(5);
  }
}
