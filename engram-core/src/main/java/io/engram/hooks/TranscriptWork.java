package io.engram.hooks;

import io.engram.config.EngramSettings;
import io.engram.extract.ExtractionOutcome;
import io.engram.extract.ExtractionPass;
import io.engram.extract.ExtractionReport;
import io.engram.memory.ProjectMemory;
import io.engram.model.ModelRouter;
import io.engram.recall.Embedder;
import io.engram.notes.NotesAction;
import io.engram.notes.NotesUpdate;
import io.engram.notes.SessionNotesKeeper;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What the hooks do with a session's transcript after a turn: the one extraction pipeline
 * ({@link ExtractionPass}, which keeps where it got to per session) and the session notes
 * ({@link SessionNotesKeeper}, on its schedule, or forced before a compaction).
 */
final class TranscriptWork {
  private final ExtractionPass extraction;
  private final SessionNotesKeeper notes;

  TranscriptWork(ProjectMemory memory, EngramSettings settings, Path home, ModelRouter router, Clock clock,
      Optional<Supplier<Embedder>> embedder) {
    this.extraction = new ExtractionPass(settings, router, memory, home, clock, embedder);
    this.notes = SessionNotesKeeper.forProject(settings, router, home, memory.location(), clock);
  }

  /**
   * Extracts the turns no earlier pass read, reading the file from where the last pass stopped; one log line
   * per memory written, then a summary.
   */
  void extract(SessionTranscript transcript, List<String> log) throws IOException {
    Optional<ExtractionReport> report = extraction.run(transcript.file(), transcript.sessionId(), false);
    if (report.isPresent()) {
      logged(report.get(), log);
    } else {
      log.add("transcript " + transcript.file() + " is not session " + transcript.sessionId() + "'s; not extracted");
    }
  }

  private static void logged(ExtractionReport report, List<String> log) {
    int written = 0;
    for (ExtractionOutcome o : report.outcomes()) {
      switch (o.kind()) {
        case CREATED -> log.add("remembered " + o.type().id() + " memory '" + o.name() + "'");
        case UPDATED -> log.add("updated " + o.type().id() + " memory '" + o.name() + "'");
        case SKIPPED -> log.add("skipped '" + o.name() + "': " + o.reason().orElse("not written"));
        case PROPOSED -> log.add("proposed " + o.type().id() + " memory '" + o.name() + "' to the review inbox");
      }
      written += o.kind() == ExtractionOutcome.Kind.SKIPPED ? 0 : 1;
    }
    if (report.read().toMessage() > report.read().fromMessage()) {
      log.add("extracted " + written + " memor" + (written == 1 ? "y" : "ies") + " from messages "
          + (report.read().fromMessage() + 1) + "-" + report.read().toMessage() + " (" + report.engine() + ")"
          + report.fallbackReason().map(r -> "; offline because " + r).orElse(""));
    }
  }

  /** Updates the session notes if their schedule says so, or always with {@code force}; true when notes exist. */
  boolean keepNotes(SessionTranscript transcript, boolean force, List<String> log) throws IOException {
    NotesUpdate update = notes.update(transcript.file(), transcript.sessionId(), force);
    if (update.written()) {
      log.add("session notes " + (update.action() == NotesAction.START ? "started" : "updated") + " at "
          + update.growth().contextTokens() + " context tokens (" + update.reason() + ")");
    }
    return update.written() || notes.read(transcript.sessionId()).isPresent();
  }
}
