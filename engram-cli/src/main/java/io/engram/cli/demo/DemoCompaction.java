package io.engram.cli.demo;

import io.engram.Engram;
import io.engram.compaction.CompactionResult;
import io.engram.compaction.CompactionScore;
import io.engram.compaction.SessionCompaction;
import io.engram.notes.NotesSection;
import io.engram.notes.SessionNotes;
import io.engram.notes.StoredNotes;
import io.engram.transcript.TodoList;
import io.engram.transcript.Transcript;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The demo's compaction: the offline {@link SessionCompaction} on session one's transcript, reusing its session notes. */
final class DemoCompaction {
  // The demo prints to a terminal: a ladder step's detail within 90 characters and a notes section within 100 keep
  // each on about one line beside its label.
  private static final int STEP_DETAIL_CHARS = 90;
  // A notes section's text (see STEP_DETAIL_CHARS).
  private static final int NOTES_SECTION_CHARS = 100;
  private DemoCompaction() {}

  /** What the compaction produced, for the narration and the JSON record. */
  record Outcome(CompactionResult result, List<String> narration, StepData.Compaction data) {}

  static Outcome run(Transcript transcript, Engram engram) throws IOException {
    CompactionResult r = engram.compaction().compact(transcript, SessionCompaction.Request.userRequested("")
        .asAutomatic());
    if (r.sizes().summarizedFrom() == 0 && engram.notes().read(transcript.sessionId()).isPresent()) {
      throw new IllegalStateException("the session notes end outside the part being compacted");
    }
    List<String> lines = new ArrayList<>();
    lines.add(String.format(Locale.ROOT, "Compactor (%s): %,d tokens -> %,d (%.0f%% shorter)%s", r.answeredBy().engineId(),
        r.sizes().tokensBefore(), r.sizes().tokensAfter(), r.sizes().reductionPercent(),
        r.sizes().summarizedFrom() > 0 ? "; the session notes covered the first " + r.sizes().summarizedFrom() + " messages" : ""));
    r.scoring().score().ifPresent(s -> lines.add(String.format(Locale.ROOT,
        "score %.1f = 0.3 x SC %.0f + 0.4 x KP %.0f + 0.2 x CC %.0f + 0.1 x CR %.0f", s.total(), s.sections(),
        s.keyInformation(), s.continuity(), s.compression())));
    r.scoring().steps().forEach(st -> lines.add("ladder step " + st.number() + ": " + st.action().name().toLowerCase(Locale.ROOT)
        + " - " + DemoRun.cut(st.detail(), STEP_DETAIL_CHARS)));
    lines.add("sections: " + String.join(", ", r.sections().stream().map(CompactionResult.Section::title).toList()));
    r.restored().restoredFiles().forEach(f -> lines.add(String.format(Locale.ROOT, "restore %-28s FileScore %5.1f  %4d tokens",
        f.path(), f.score(), f.tokens())));
    List<String> open = r.restored().todos().stream().filter(TodoList.Todo::isOpen).map(TodoList.Todo::content).toList();
    open.forEach(t -> lines.add("restore todo: " + t));
    lines.add("instruction files re-injected: " + r.restored().instructions().size());
    StepData.Compaction data = new StepData.Compaction(r.answeredBy().engineId(),
        r.scoring().score().map(DemoCompaction::score),
        new StepData.Tokens(r.sizes().tokensBefore(), r.sizes().tokensAfter(), round(r.sizes().reductionPercent())),
        r.sizes().summarizedFrom(), r.scoring().steps().size(),
        r.sections().stream().map(CompactionResult.Section::title).toList(),
        new StepData.Restored(r.restored().restoredFiles().stream().map(CompactionResult.RestoredFile::path).toList(),
            open, r.restored().instructions().size()));
    return new Outcome(r, lines, data);
  }

  private static StepData.Score score(CompactionScore s) {
    return new StepData.Score(round(s.total()), round(s.sections()), round(s.keyInformation()),
        round(s.continuity()), round(s.compression()), Math.round(s.ratio() * 1000) / 1000.0);
  }

  private static double round(double v) {
    return Math.round(v * 10) / 10.0;
  }

  /** The session-notes step: when the hooks started and updated the notes, what they hold, the handover. */
  static DemoStep notesStep(Optional<StoredNotes> kept, String notesFile, List<StepData.NotesUpdate> notesUpdates,
      String handedOver, boolean compacted, int startTokens) {
    List<String> lines = new ArrayList<>();
    notesUpdates.forEach(u -> lines.add("turn " + u.turn() + ", " + u.hook() + " hook: "
        + u.log().replaceAll(" \\(.*", "")));
    if (kept.isPresent()) {
      SessionNotes n = kept.get().notes();
      lines.add("kept in " + notesFile + ", covering "
          + kept.get().state().coveredMessages() + " messages:");
      for (NotesSection section : NotesSection.values()) {
        String text = n.text(section).strip();
        lines.add("  " + section.heading() + ": " + DemoRun.cut(text.isEmpty() ? "(empty)" : text, NOTES_SECTION_CHARS));
      }
    }
    StepData.Notes data = new StepData.Notes(notesUpdates, kept.map(k -> k.state().coveredMessages()),
        kept.map(k -> k.notes().render().length()), handedOver.contains("Session notes"));
    DemoStep step = DemoStep.ok("notes", "Session notes", lines, data);
    if (notesUpdates.isEmpty() || kept.isEmpty()) {
      return step.failed("session one crossed " + startTokens + " tokens but no notes were kept");
    }
    return compacted && !handedOver.contains("Session notes")
        ? step.failed("the notes were not handed back after the compaction") : step;
  }

  /** The compaction step, checked: a scored summary, user messages word for word, open todos restored. */
  static DemoStep step(Optional<Outcome> compaction) {
    if (compaction.isEmpty()) {
      return DemoStep.ok("compaction", "Compaction and its score", List.of(), new StepData.None())
          .failed("session one never reached the critical level, so nothing was compacted");
    }
    Outcome c = compaction.get();
    DemoStep step = DemoStep.ok("compaction", "Compaction and its score", c.narration(), c.data());
    String summary = c.result().summary();
    if (c.result().scoring().score().isEmpty()) {
      return step.failed("the compaction ended in truncation, without a scored summary");
    }
    if (!summary.contains("we use pnpm, not npm") || !summary.contains("need a local Redis on 6379")) {
      return step.failed("the summary lost a user message word for word (pnpm or Redis)");
    }
    return c.result().restored().todos().stream().anyMatch(TodoList.Todo::isOpen) ? step
        : step.failed("the open todos were not restored after the compaction");
  }
}
