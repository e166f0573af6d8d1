package io.engram.transcript;

/** What a tool call did to a file. */
public enum FileOperation {
  /** Read it (Read, or a shell command such as cat/head/tail). */
  READ,
  /** Wrote it whole (Write, shell redirection, tee, touch, cp/mv target). */
  WRITE,
  /** Changed part of it (Edit, MultiEdit, NotebookEdit, sed -i). */
  EDIT,
  /** Removed it, or moved it away (rm, git rm, unlink, the source of mv and git mv). */
  DELETE
}
