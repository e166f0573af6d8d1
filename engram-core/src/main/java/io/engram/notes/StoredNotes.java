package io.engram.notes;

import java.util.Objects;

/** A session's notes as stored, with the state saying which part of the transcript they cover. */
public record StoredNotes(SessionNotes notes, NotesState state) {
  public StoredNotes {
    Objects.requireNonNull(notes, "notes");
    Objects.requireNonNull(state, "state");
  }
}
