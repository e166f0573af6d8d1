package io.engram.dream;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.memory.Memory;
import io.engram.memory.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionDatesTest {
  private static final Instant MARCH_2 = Instant.parse("2026-03-02T22:00:00Z");
  private static final Instant MAY_1 = Instant.parse("2026-05-01T09:00:00Z");
  private static final Instant MAY_10 = Instant.parse("2026-05-10T09:00:00Z");

  @TempDir Path dir;

  private static Memory memory(Optional<String> session, Instant created, Instant updated) {
    Memory.Builder b = Memory.builder("note", MemoryType.PROJECT).body("x\n").created(created).updated(updated);
    session.ifPresent(b::session);
    return b.build();
  }

  private Path transcript(String name, String... lines) throws Exception {
    Path f = dir.resolve(name);
    Files.createDirectories(f.getParent());
    Files.writeString(f, String.join("\n", lines) + "\n");
    return f;
  }

  @Test
  void aSessionNotReadThisRunIsDatedByItsTranscriptNotByWhenTheMemoryWasWritten() throws Exception {
    transcript("claude/s-old.jsonl", "{\"type\":\"summary\",\"summary\":\"x\"}",
        "{\"type\":\"user\",\"timestamp\":\"not a time\"}",
        "{\"type\":\"user\",\"sessionId\":\"s-old\",\"timestamp\":\"" + MARCH_2 + "\"}");
    Path recorded = transcript("elsewhere/log.jsonl", "{\"timestamp\":\"2026-02-14T08:00:00Z\"}");
    SessionDates dates = new SessionDates(Map.of("s-rec", recorded), dir.resolve("claude"), Optional.empty());

    assertThat(dates.of(memory(Optional.of("s-old"), MAY_10, MAY_10))).isEqualTo(LocalDate.of(2026, 3, 2));
    assertThat(dates.of(memory(Optional.of("s-rec"), MAY_10, MAY_10))).isEqualTo(LocalDate.of(2026, 2, 14));
  }

  @Test
  void aGatheredSessionsDateWins() {
    SessionDates dates = new SessionDates(Map.of(), dir, Optional.empty());
    dates.gathered("s-new", LocalDate.of(2026, 5, 12));
    assertThat(dates.of(memory(Optional.of("s-new"), MAY_1, MAY_1))).isEqualTo(LocalDate.of(2026, 5, 12));
  }

  @Test
  void withoutASessionOrItsTranscriptTheMemoryIsDatedByItsCreation() {
    SessionDates dates = new SessionDates(Map.of(), dir, Optional.empty());
    assertThat(dates.of(memory(Optional.empty(), MAY_1, MAY_10))).isEqualTo(LocalDate.of(2026, 5, 1));
    assertThat(dates.of(memory(Optional.of("../../etc/passwd"), MAY_1, MAY_10))).isEqualTo(LocalDate.of(2026, 5, 1));
    assertThat(dates.of(memory(Optional.of("s-gone"), MAY_1, MAY_10))).isEqualTo(LocalDate.of(2026, 5, 1));
  }

  @Test
  void aMemoryWrittenAgainSinceTheLastDreamIsDatedByThatWrite() {
    Instant lastDream = Instant.parse("2026-05-05T00:00:00Z");
    SessionDates dates = new SessionDates(Map.of(), dir, Optional.of(lastDream));
    assertThat(dates.of(memory(Optional.empty(), MAY_1, MAY_10))).isEqualTo(LocalDate.of(2026, 5, 10));
    assertThat(dates.of(memory(Optional.empty(), MAY_10, MAY_10.plusSeconds(86_400)))).isEqualTo(LocalDate.of(2026, 5, 10));
  }
}
