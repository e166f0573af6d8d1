package io.engram.compaction;

import io.engram.notes.NotesSection;
import io.engram.notes.SessionNotes;
import java.util.EnumMap;
import java.util.Map;

/**
 * Puts session notes into the summary of the messages after them: each notes section goes first in the
 * summary section where it belongs (it is older than what the summary says).
 */
final class NotesMerge {
  private NotesMerge() {}

  static SummarySections into(SummarySections summary, SessionNotes notes) {
    Map<SummarySection, String> out = new EnumMap<>(SummarySection.class);
    out.putAll(summary.sections());
    prepend(out, SummarySection.FILES_AND_CODE, "From the session notes (" + NotesSection.FILES_AND_FUNCTIONS.heading()
        .substring(3) + "):", notes.filesAndFunctions());
    prepend(out, SummarySection.ERRORS_AND_FIXES, "From the session notes (Errors & Corrections):",
        notes.errorsAndCorrections());
    prepend(out, SummarySection.PROBLEM_SOLVING, "From the session notes (Worklog), first to last:",
        notes.text(NotesSection.WORKLOG));
    prepend(out, SummarySection.PROBLEM_SOLVING, "From the session notes (Current State, when they were written):",
        notes.currentState());
    return new SummarySections(summary.analysis(), summary.preamble(), out);
  }

  private static void prepend(Map<SummarySection, String> sections, SummarySection section, String label, String text) {
    if (text.isBlank()) {
      return;
    }
    String block = label + "\n" + text.strip();
    sections.merge(section, block, (old, add) -> old.isBlank() ? add : add + "\n\n" + old);
  }
}
