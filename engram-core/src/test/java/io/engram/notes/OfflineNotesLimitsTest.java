package io.engram.notes;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.NotesSettings;
import io.engram.extract.TranscriptTurns;
import io.engram.testing.TranscriptBuilder;
import io.engram.transcript.Transcript;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The offline notes list and quote as much as their settings ({@code notes.offline}) say. */
class OfflineNotesLimitsTest {
  private static final Transcript SESSION = new TranscriptBuilder("s1")
      .user("Please make the parser accept trailing commas in every list " + "and every map ".repeat(20))
      .tool("Read", "{\"file_path\":\"/p/Lexer.java\"}", "class Lexer {}")
      .tool("Read", "{\"file_path\":\"/p/Parser.java\"}", "class Parser {}")
      .assistant("Both read.").build();

  private static SessionNotes notes(NotesSettings.Offline limits) {
    return new OfflineNotes(TranscriptTurns.watching(List.of()), limits)
        .update(SessionNotes.EMPTY, SESSION, 0, SESSION.messages().size());
  }

  @Test
  void theDefaultsListEveryFileAndQuoteTheRequestWhole() {
    SessionNotes notes = notes(NotesSettings.Offline.DEFAULTS);

    assertThat(notes.filesAndFunctions()).contains("Lexer.java", "Parser.java").doesNotContain("not listed");
    assertThat(notes.currentState()).contains("and every map and every map");
  }

  @Test
  void fewerFilesAndAShorterQuoteWhenTheSettingsSaySo() {
    SessionNotes notes = notes(NotesSettings.Offline.DEFAULTS.with("files", 1).with("requestChars", 40));

    assertThat(notes.filesAndFunctions()).contains("Parser.java").doesNotContain("Lexer.java")
        .contains("(1 older files not listed)");
    assertThat(notes.currentState()).contains("Please make the parser").doesNotContain("every map");
  }
}
