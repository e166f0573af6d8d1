package io.engram.notes;

import static io.engram.testing.AdversarialText.shape;

import io.engram.config.NotesSettings;
import io.engram.extract.TranscriptTurns;
import io.engram.testing.AdversarialText;
import io.engram.testing.TranscriptBuilder;
import io.engram.transcript.Transcript;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The offline notes read long conversation and tool output, spread over a session, in linear time. */
class LinearTimeScansTest {
  @Test
  void offlineNotesScanInLinearTime() {
    OfflineNotes notes = new OfflineNotes(TranscriptTurns.watching(List.of()), NotesSettings.Offline.DEFAULTS);
    AdversarialText.eachScansInTime(text -> {
      // The text shared out between the four places the notes read: a quadratic scan of a quarter still takes
      // far longer than the budget, and grows sixteenfold when the text does fourfold.
      int q = text.length() / 4;
      Transcript t = new TranscriptBuilder("s1").user(text.substring(0, q)).assistant(text.substring(q, 2 * q))
          .tool("Read", "{\"file_path\":\"/p/A.java\"}", text.substring(2 * q, 3 * q))
          .tool("Bash", "{\"command\":\"x\"}", text.substring(3 * q), true).build();
      notes.update(SessionNotes.EMPTY, t, 0, t.messages().size());
    }, shape("method lines after blank lines", n -> "\n".repeat(n / 2) + "void run() {"));
  }
}
