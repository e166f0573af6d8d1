package io.engram.notes;

import io.engram.config.ContextSettings;
import io.engram.context.ContextTally;
import io.engram.transcript.CompactionBoundary;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptCheckpoint;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.TranscriptPosition;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How far the notes keeper has read a session's transcript file, and what it carries from what it read, so
 * that the next pass reads only the lines after {@code checkpoint}: the window's running size, the tool calls
 * and worklog entries since the notes were last written, and the offline engine's {@link NotesLedger}.
 * Kept in {@code <home>/sessions/<id>/notes-progress.json}.
 *
 * @param checkpoint where the reading stopped (with the checksum of the bytes before it)
 * @param messagesRead messages read so far
 * @param lastUuid the uuid of the last message read ("" when none had one)
 * @param context the window's running size
 * @param toolCalls main-line tool calls since the notes were last written
 * @param lowestSize the smallest context size after a compaction since the notes were last written; -1 when
 *     none came
 * @param pending worklog entries of turns read since the notes were last written, oldest first
 * @param ledger what the offline engine gathered
 */
record NotesProgress(TranscriptCheckpoint checkpoint, int messagesRead, String lastUuid, ContextTally context,
    int toolCalls, long lowestSize, List<PendingEntry> pending, NotesLedger ledger) {
  /** The pending worklog entries kept: more than the notes' worklog holds within its budget, which bounds what is shown. */
  static final int PENDING_KEPT = 200;

  /** Nothing read. */
  static final NotesProgress START = new NotesProgress(new TranscriptCheckpoint(TranscriptPosition.START, 0), 0, "",
      ContextTally.START, 0, -1, List.of(), NotesLedger.EMPTY);

  /**
   * A worklog entry waiting for the next write of the notes.
   *
   * @param message the index of the turn's first message
   * @param text the entry
   */
  record PendingEntry(int message, String text) {}

  NotesProgress {
    Objects.requireNonNull(checkpoint, "checkpoint");
    Objects.requireNonNull(lastUuid, "lastUuid");
    Objects.requireNonNull(context, "context");
    Objects.requireNonNull(ledger, "ledger");
    pending = List.copyOf(pending.subList(Math.max(0, pending.size() - PENDING_KEPT), pending.size()));
  }

  /**
   * This progress after {@code window}, the lines of {@code file} read from {@code checkpoint} up to {@code to}:
   * what came since message {@code covered} (where the notes stand) is counted and logged as pending.
   */
  NotesProgress after(Transcript window, TranscriptPosition to, Path file, int covered, OfflineNotes engine,
      ContextSettings settings) throws IOException {
    List<TranscriptMessage> messages = window.messages();
    int n = messages.size();
    int from = Math.min(n, Math.max(0, covered - messagesRead));
    List<PendingEntry> entries = new ArrayList<>(pending);
    entries.addAll(engine.pendingEntries(window, from, n, messagesRead));
    int calls = toolCalls + messages.subList(from, n).stream().filter(m -> !m.isSidechain())
        .mapToInt(m -> m.toolUses().size()).sum();
    long lowest = lowestSize;
    for (CompactionBoundary b : window.boundaries()) {
      if (b.messageIndex() >= from && b.messageIndex() < n) {
        // The size just after a compaction: the summary that opens the new segment.
        Transcript opening = Transcript.ofMessages(window.sessionId(), List.of(messages.get(b.messageIndex())),
            window.agent());
        long size = ContextTally.START.plus(opening, settings).tokens();
        lowest = lowest < 0 ? size : Math.min(lowest, size);
      }
    }
    String uuid = n == 0 ? lastUuid : messages.get(n - 1).uuid().orElse("");
    return new NotesProgress(TranscriptCheckpoint.of(file, to), messagesRead + n, uuid,
        context.plus(window, settings), calls, lowest, entries, engine.plus(ledger, messages));
  }

  /** This progress once the notes were written: nothing pending. */
  NotesProgress written() {
    return new NotesProgress(checkpoint, messagesRead, lastUuid, context, 0, -1, List.of(), ledger);
  }
}
