package io.engram.notes;

/** What the background notes pass should do now. */
public enum NotesAction {
  /** Not yet: too little context, too little growth, or too few tool calls. */
  WAIT,
  /** Write the first notes of the session. */
  START,
  /** Update the existing notes incrementally. */
  UPDATE
}
