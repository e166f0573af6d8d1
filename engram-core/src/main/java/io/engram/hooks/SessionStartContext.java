package io.engram.hooks;

import io.engram.config.EngramSettings;
import io.engram.config.MemorySettings;
import io.engram.config.RecallSettings;
import io.engram.fs.ErrorText;
import io.engram.memory.IndexText;
import io.engram.memory.MemoryStore;
import io.engram.memory.MemoryType;
import io.engram.memory.ProjectMemory;
import io.engram.memory.StoredMemory;
import io.engram.notes.NotesStore;
import io.engram.notes.StoredNotes;
import io.engram.recall.MemorySection;
import io.engram.recall.MemoryRecall;
import io.engram.recall.StandingMemories;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a SessionStart injects, in this order and within the character cap:
 * <ol>
 *   <li>after a compaction that a PreCompact prepared, the session notes (at most half the cap, cut at a
 *       line, with the path of the whole file);
 *   <li>the user's standing memories ({@code user} and {@code feedback}): every one that fits the cap (three
 *       quarters of the room left when an index follows) and the session's recall budget, corrections first, then
 *       the most used, then the newest ({@link StandingMemories#ORDER}); each one left out is named with its true reason;
 *   <li>MEMORY.md of the project and of the user (not in the Claude Code layout, where Claude Code loads it
 *       itself), each under the absolute path of its memory directory, which its links are relative to;
 *       cut at a line when the room runs out. A damaged index loads the lines that read as index lines and skips
 *       the rest (not UTF-8, binary data, a line over {@code memory.indexMaxLineBytes}, an entry cut short where the
 *       file ends); what was skipped, or an index that cannot be read at all, is said to the agent beside the index
 *       and to the person as a warning, and the session starts all the same.
 * </ol>
 * A start after {@code compact} or {@code clear} forgets what was surfaced, as the context lost it.
 */
final class SessionStartContext {
  // An index is shown when 200 characters of it fit after its heading, a few of its lines: a smaller room would show
  // its heading and hardly a line.
  private static final int MIN_INDEX_ROOM = 200;
  private final ProjectMemory memory;
  private final EngramSettings settings;
  private final NotesStore notes;
  private final Clock clock;

  SessionStartContext(ProjectMemory memory, EngramSettings settings, NotesStore notes, Clock clock) {
    this.memory = memory;
    this.settings = settings;
    this.notes = notes;
    this.clock = clock;
  }

  /**
   * Fills {@code out} for {@code input}, adding to {@code warnings} what the person should hear (a damaged index);
   * returns the session's state after it.
   */
  HookState fill(HookInput input, HookState before, InjectedContext out, List<String> warnings) throws IOException {
    String source = input.source().orElse("startup");
    HookState state = source.equals("compact") || source.equals("clear") ? before.forgettingSurfaced() : before;
    if (source.equals("compact") && state.handoverPending()) {
      String id = state.notesSession(input.sessionId());
      Optional<StoredNotes> kept = notes.read(id);
      if (kept.isPresent()) {
        out.addLines("# Session notes (kept by Engram across the compaction)\n\n"
            + kept.get().notes().render().strip() + "\n\n", out.room() / 2, "the whole notes are in "
            + notes.notesFile(id));
      }
      state = state.withHandover(false);
    }
    List<Index> indexes = indexes(warnings);
    // Standing memories come first; an index that follows keeps a quarter of the room (its rest is a file to read).
    int standingRoom = indexes.isEmpty() ? out.room() : out.room() * 3 / 4;
    state = standing(state, out, standingRoom);
    for (Index index : indexes) {
      String heading = "# " + index.whose() + " memory index (MEMORY.md in " + index.dir()
          + "; its links are relative to that directory)\n\n";
      // An index line holds a memory's description, which may hold a tag only the harness should write.
      String body = MemorySection.harnessTagsInert(index.text().text().strip()) + "\n"
          + (index.text().truncated() ? "(" + index.text().cutNote() + ")\n" : "")
          + (index.text().skipped().isEmpty() ? "" : "(" + index.text().skipNote() + ")\n") + "\n";
      if (heading.length() + MIN_INDEX_ROOM < out.room()) {
        out.addLines(heading + body, out.room(), "read " + index.dir().resolve("MEMORY.md") + " for the rest");
      }
    }
    return state;
  }

  private record Index(String whose, Path dir, IndexText text) {}

  private List<Index> indexes(List<String> warnings) {
    if (settings.memory().layout() == MemorySettings.Layout.CLAUDE_CODE) {
      return List.of();
    }
    List<Index> found = new ArrayList<>();
    add(found, "Engram project", memory.location().projectDir(), memory.project(), warnings);
    add(found, "Engram user", memory.location().userDir(), memory.user(), warnings);
    return found;
  }

  // An index that cannot be read (a directory by that name, no permission) is left out and said, as a damaged
  // line is: the session starts without it rather than failing.
  private static void add(List<Index> found, String whose, Path dir, MemoryStore store, List<String> warnings) {
    IndexText text;
    try {
      text = store.indexText();
    } catch (IOException e) {
      warnings.add(whose + " memory index (MEMORY.md in " + dir + ") cannot be read, so the session starts without"
          + " it: " + ErrorText.of(e));
      return;
    }
    if (!text.skipped().isEmpty()) {
      warnings.add(whose + " memory index: " + text.skipNote());
    }
    if (!text.text().isBlank()) {
      found.add(new Index(whose, dir.toAbsolutePath().normalize(), text));
    }
  }

  private HookState standing(HookState state, InjectedContext out, int room) throws IOException {
    Instant now = clock.instant();
    RecallSettings budgets = settings.recall();
    Set<String> seen = state.surfacedSet();
    List<StoredMemory> standing = memory.list().memories().stream()
        .filter(m -> m.memory().type() == MemoryType.USER || m.memory().type() == MemoryType.FEEDBACK)
        .filter(m -> !m.memory().isSuperseded(now) && !seen.contains(m.name()))
        .sorted(StandingMemories.ORDER)
        .toList();
    if (standing.isEmpty()) {
      return state;
    }
    String heading = StandingMemories.HEADING;
    int bytesLeft = budgets.bytesPerSession() - state.recallBytes();
    int charsLeft = room - heading.length();
    StringBuilder blocks = new StringBuilder();
    List<String> names = new ArrayList<>();
    List<Integer> sizes = new ArrayList<>();
    int bytes = 0;
    for (StoredMemory m : standing) {
      String body = MemoryRecall.clip(m.memory().body().strip(), budgets.bytesPerFile());
      int size = body.getBytes(StandardCharsets.UTF_8).length;
      String block = MemorySection.of(m, body) + "\n\n";
      if (bytes + size > bytesLeft) {
        out.leftOut(m.name(), "because the session's recall budget (recall.bytesPerSession, " + budgets.bytesPerSession()
            + " bytes) is spent");
      } else if (blocks.length() + block.length() > charsLeft) {
        out.leftOut(m.name());
      } else {
        blocks.append(block);
        names.add(m.name());
        sizes.add(block.length());
        bytes += size;
      }
    }
    if (names.isEmpty() || !out.addWhole(heading + blocks)) {
      names.forEach(out::leftOut);
      return state;
    }
    for (int i = 0; i < names.size(); i++) {
      out.sent(names.get(i), sizes.get(i), "a standing user or feedback memory: corrections first, then by use");
    }
    return state.withSurfaced(names, bytes);
  }
}
