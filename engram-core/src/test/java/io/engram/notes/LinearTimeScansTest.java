package io.engram.notes;

import io.engram.extract.TranscriptTurns;
import io.engram.testing.AdversarialText;
import io.engram.testing.TranscriptBuilder;
import io.engram.transcript.Transcript;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The offline notes read a megabyte of conversation and tool output in time. */
class LinearTimeScansTest {
  @Test
  void offlineNotesScanInLinearTime() {
    OfflineNotes notes = new OfflineNotes(TranscriptTurns.watching(List.of()));
    AdversarialText.eachScansInTime(text -> {
      Transcript t = new TranscriptBuilder("s1").user(text).assistant(text)
          .tool("Read", "{\"file_path\":\"/p/A.java\"}", text).tool("Bash", "{\"command\":\"x\"}", text, true).build();
      notes.update(SessionNotes.EMPTY, t, 0, t.messages().size());
    }, "method lines after blank lines", "\n".repeat(AdversarialText.SIZE / 2) + "void run() {");
  }
}
