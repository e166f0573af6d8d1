package io.engram.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.dream.Dream;
import io.engram.memory.MemoryStores;
import io.engram.memory.ProjectMemory;
import io.engram.model.ModelRouter;
import io.engram.notes.NotesStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hooks' transcript passes (extraction, session notes, context levels) read only what they have not read:
 * after a Stop, the lines it read are overwritten in place with records of another session that would be
 * remembered and noted if read, and only the new turn may show up.
 */
class TranscriptReadByOffsetTest {
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

  private static String line(String type, String uuid, String text) {
    return "{\"type\":\"" + type + "\",\"uuid\":\"" + uuid + "\",\"sessionId\":\"s1\",\"timestamp\":\"2026-12-01T10:00:00Z\","
        + "\"message\":{\"role\":\"" + type + "\",\"content\":[{\"type\":\"text\",\"text\":\"" + text + "\"}]}}\n";
  }

  /** A line of the same length as {@code original}: a request that would be remembered and noted if read. */
  private static String poison(String original) {
    String head = line("user", "px", "POISON We use yarn, not npm. ");
    int pad = original.getBytes(StandardCharsets.UTF_8).length - head.getBytes(StandardCharsets.UTF_8).length;
    return head.replace("npm. ", "npm. " + "z".repeat(pad));
  }

  @Test
  void aStopAfterAnAppendReadsOnlyTheAppendedLines() throws IOException {
    Path t = project.resolve("t.jsonl");
    List<String> lines = new ArrayList<>();
    lines.add(line("user", "u1", "We use pnpm, not npm."));
    for (int i = 0; i < 20; i++) {
      lines.add(line("assistant", "a" + i, "Step " + i + " done. " + "Working through the parser. ".repeat(4)));
      lines.add(line("user", "q" + i, "Carry on with step " + (i + 1) + ". " + "Keep the parser small. ".repeat(4)));
    }
    // The last kilobyte before the point read stays as it was: it is the point's checksum.
    lines.add(line("assistant", "aN", "All steps done. " + "The parser is finished and tested. ".repeat(40)));
    Files.writeString(t, String.join("", lines));
    HookInput stop = HookInput.parse("{\"session_id\":\"s1\",\"transcript_path\":\"" + t + "\"}");
    runner.run(HookEvent.STOP, stop);
    assertThat(store.list().memories()).extracting(m -> m.name()).containsExactly("package-manager-pnpm");

    // Every line read but the first (whose the file is) and the last (the checksum) is replaced in place.
    StringBuilder rewritten = new StringBuilder(lines.get(0));
    for (String l : lines.subList(1, lines.size() - 1)) {
      rewritten.append(poison(l));
    }
    rewritten.append(lines.get(lines.size() - 1));
    assertThat(rewritten.length()).isEqualTo(String.join("", lines).length());
    Files.writeString(t, rewritten);
    Files.writeString(t, line("user", "u9", "The tests need Redis running.") + line("assistant", "a9", "Noted."),
        StandardOpenOption.APPEND);

    HookRunner.Answer next = runner.run(HookEvent.STOP, stop);
    runner.run(HookEvent.PRE_COMPACT, stop); // forces the notes, whatever their schedule

    assertThat(next.log()).anyMatch(l -> l.contains("from messages 43-44"));
    assertThat(store.list().memories()).extracting(m -> m.name())
        .containsExactlyInAnyOrder("package-manager-pnpm", "tests-need-redis");
    String notes = Files.readString(new NotesStore(home).notesFile("s1"));
    assertThat(notes).contains("Redis").doesNotContain("POISON");
    assertThat(Files.readString(new NotesStore(home).notesFile("s1").resolveSibling("session.json")))
        .contains("\"messages\":44");
  }

  @Test
  void aTranscriptReplacedUnderTheSameSessionIsReadAgainFromItsStart() throws IOException {
    Path t = project.resolve("t.jsonl");
    Files.writeString(t, line("user", "u1", "We use pnpm, not npm.") + line("assistant", "a1", "OK."));
    HookInput stop = HookInput.parse("{\"session_id\":\"s1\",\"transcript_path\":\"" + t + "\"}");
    runner.run(HookEvent.STOP, stop);
    Files.writeString(t, line("user", "v1", "The tests need Redis running.") + line("assistant", "b1", "Noted.")
        + line("user", "v2", "Carry on.") + line("assistant", "b2", "Done."));
    runner.run(HookEvent.PRE_COMPACT, stop);
    assertThat(store.list().memories()).extracting(m -> m.name())
        .containsExactlyInAnyOrder("package-manager-pnpm", "tests-need-redis");
    assertThat(Files.readString(new NotesStore(home).notesFile("s1"))).contains("Redis").doesNotContain("pnpm");
  }
}
