package io.engram.compaction;

import io.engram.notes.SessionNotes;
import io.engram.transcript.TranscriptMessage;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Session notes kept while the context was still whole, and how much of the conversation they cover:
 * compaction reuses them and summarises only the messages after them.
 *
 * @param notes the notes
 * @param coveredMessages how many of the first messages of the compacted part the notes cover (0 to all)
 */
record CoveredNotes(SessionNotes notes, int coveredMessages) {

  public CoveredNotes {
    Objects.requireNonNull(notes, "notes");
    if (coveredMessages < 0) {
      throw new IllegalArgumentException("coveredMessages must not be negative: " + coveredMessages);
    }
  }

  /**
   * Notes that cover {@code messages} up to and including the message with {@code uuid}.
   *
   * @throws IllegalArgumentException when no message has that uuid
   */
  public static CoveredNotes throughUuid(SessionNotes notes, List<TranscriptMessage> messages, String uuid) {
    for (int i = 0; i < messages.size(); i++) {
      if (messages.get(i).uuid().filter(uuid::equals).isPresent()) {
        return new CoveredNotes(notes, i + 1);
      }
    }
    throw new IllegalArgumentException("session notes cover message " + uuid + ", which is not in the transcript");
  }

  /**
   * Notes kept by the session-notes pass whose last covered message is {@code lastUuid}, when that message
   * is among {@code messages} (the part being compacted); empty for notes of an earlier segment, of another
   * transcript, or without a recorded last message.
   */
  public static Optional<CoveredNotes> endingAt(SessionNotes notes, Optional<String> lastUuid,
      List<TranscriptMessage> messages) {
    return lastUuid.flatMap(uuid -> {
      for (int i = 0; i < messages.size(); i++) {
        if (messages.get(i).uuid().filter(uuid::equals).isPresent()) {
          return Optional.of(new CoveredNotes(notes, i + 1));
        }
      }
      return Optional.empty();
    });
  }
}
