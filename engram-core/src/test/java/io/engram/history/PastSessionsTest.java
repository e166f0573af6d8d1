package io.engram.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.dream.SessionTranscripts;
import io.engram.memory.MemoryStores;
import io.engram.memory.ProjectMemory;
import io.engram.recall.SearchIndex;
import io.engram.testing.TestResources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PastSessionsTest {
  private static final String SESSION = "258c7280-ae70-4798-800f-63464d01a85d";
  private static final Path TRANSCRIPT = TestResources.path("transcripts/claude-code/" + SESSION + ".jsonl");

  @TempDir Path home;
  @TempDir Path project;
  ProjectMemory memory;
  EngramRoots roots;

  @BeforeEach
  void open() throws IOException {
    roots = EngramRoots.resolve(Optional.of(home), Optional.of(project), Map.of(), home.resolve("u"));
    memory = MemoryStores.open(roots, EngramSettings.DEFAULTS, Clock.systemUTC());
  }

  @Test
  void theTranscriptsEngramRecordedForTheProjectAreSearched() throws IOException {
    new SessionTranscripts(memory.location().projectDir()).record(SESSION, TRANSCRIPT);
    PastSessions sessions = new PastSessions(memory, roots, dir -> SearchIndex.inMemory());

    PastSessions.Found found = sessions.find("SQLite-safe table rewrite", 3, Map.of());

    assertThat(found.read().transcripts()).isEqualTo(1);
    assertThat(found.hits()).isNotEmpty();
    assertThat(found.hits().get(0).turn().sessionId()).isEqualTo(SESSION);
    assertThat(found.hits().get(0).turn().link()).endsWith(SESSION + ".jsonl:186");
    assertThat(home.resolve("projects").resolve(memory.location().projectKey()).resolve("history")).isDirectory();
  }

  @Test
  void withNoRecordedSessionNothingIsFoundAndNothingFails() throws IOException {
    PastSessions sessions = new PastSessions(memory, roots, dir -> SearchIndex.inMemory());

    PastSessions.Found found = sessions.find("SQLite-safe table rewrite", 3, Map.of());

    assertThat(found.hits()).isEmpty();
    assertThat(found.read().problems()).isEmpty();
  }

  @Test
  void aNamedTranscriptIsReadBesideTheRecordedOnes() throws IOException {
    PastSessions sessions = new PastSessions(memory, roots, dir -> SearchIndex.inMemory());

    PastSessions.Found found = sessions.find("did you push", 1, Map.of(SESSION, TRANSCRIPT));

    assertThat(found.hits()).singleElement().satisfies(h -> assertThat(h.turn().link()).endsWith(SESSION + ".jsonl:1859"));
  }

  @Test
  void theSessionsSpecStorySavedInTheProjectAreSearchedOnceEvenWhenNamedToo() throws IOException {
    Path saved = project.resolve(".specstory").resolve("history");
    Files.createDirectories(saved);
    Path cursor = Files.copy(TestResources.path("transcripts/specstory/cursor-v2.md"),
        saved.resolve("2026-02-10_09-15Z-fix-the-flaky-date-parser-test.md"));
    Files.writeString(saved.resolve("notes.txt"), "not a session");
    PastSessions sessions = new PastSessions(memory, roots, dir -> SearchIndex.inMemory());

    PastSessions.Found found = sessions.find("DateParserTest fails every other run", 3,
        Map.of(cursor.getFileName().toString(), cursor));

    assertThat(found.read().transcripts()).isEqualTo(1);
    assertThat(found.read().problems()).isEmpty();
    assertThat(found.hits()).isNotEmpty();
    assertThat(found.hits().get(0).turn().link()).contains("fix-the-flaky-date-parser-test.md:");
  }

  @Test
  void anEmptyQueryIsRefused() {
    PastSessions sessions = new PastSessions(memory, roots, dir -> SearchIndex.inMemory());

    assertThatThrownBy(() -> sessions.find("  ", 3, Map.of())).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("empty");
  }
}
