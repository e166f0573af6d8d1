package io.engram.notes;

import io.engram.extract.TranscriptTurns;
import io.engram.testing.AdversarialText;
import io.engram.testing.TranscriptBuilder;
import io.engram.transcript.Transcript;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The offline notes read a megabyte of conversation and tool output, spread over a session, in time. */
class LinearTimeScansTest {
  @Test
  void offlineNotesScanInLinearTime() {
    OfflineNotes notes = new OfflineNotes(TranscriptTurns.watching(List.of()));
    AdversarialText.eachScansInTime(text -> {
      // A megabyte in all, a quarter in each place the notes read: a quadratic scan of a 256 KB run still
      // takes far longer than the budget.
      int q = text.length() / 4;
      Transcript t = new TranscriptBuilder("s1").user(text.substring(0, q)).assistant(text.substring(q, 2 * q))
          .tool("Read", "{\"file_path\":\"/p/A.java\"}", text.substring(2 * q, 3 * q))
          .tool("Bash", "{\"command\":\"x\"}", text.substring(3 * q), true).build();
      notes.update(SessionNotes.EMPTY, t, 0, t.messages().size());
    }, "method lines after blank lines", "\n".repeat(AdversarialText.SIZE / 2) + "void run() {");
  }
}
