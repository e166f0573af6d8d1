package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.notes.SessionNotes;
import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CoveredNotesTest {
  private static TranscriptMessage message(String uuid) {
    TranscriptMessage m = TranscriptMessage.text(Role.USER, "text " + uuid);
    return new TranscriptMessage(m.role(), m.blocks(), Optional.of(uuid), m.parentUuid(), m.timestamp(), m.cwd(),
        m.gitBranch(), m.model(), m.requestId(), m.usage(), m.isSidechain(), m.isCompactSummary(), m.isMeta(),
        m.lineNumber());
  }

  @Test
  void keptNotesCoverTheMessagesUpToTheirLastOne() {
    List<TranscriptMessage> messages = List.of(message("a"), message("b"), message("c"));
    assertThat(CoveredNotes.endingAt(SessionNotes.EMPTY, Optional.of("b"), messages))
        .hasValueSatisfying(c -> assertThat(c.coveredMessages()).isEqualTo(2));
  }

  @Test
  void notesEndingOutsideTheCompactedPartOrWithoutALastMessageAreNotReused() {
    List<TranscriptMessage> messages = List.of(message("a"));
    assertThat(CoveredNotes.endingAt(SessionNotes.EMPTY, Optional.of("earlier-segment"), messages)).isEmpty();
    assertThat(CoveredNotes.endingAt(SessionNotes.EMPTY, Optional.empty(), messages)).isEmpty();
  }
}
