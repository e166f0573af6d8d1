package io.engram.memory;

/**
 * The check a person's edit of a memory file passes before it replaces the stored memory, whichever surface
 * made it ({@code engram edit}, the web UI): the text must parse as a memory ({@link MemoryFormat}) and keep
 * the memory's name, since a memory's identity is its name.
 */
public final class MemoryEdit {
  private MemoryEdit() {}

  /**
   * The memory {@code edited} (the whole file's new text) describes, for writing in place of {@code current}.
   *
   * @throws InvalidMemoryException when the text is not a valid memory file (the message says what and where)
   * @throws IllegalArgumentException when the edit renames the memory
   */
  public static Memory checked(String edited, StoredMemory current) throws InvalidMemoryException {
    Memory m = MemoryFormat.parse(edited, current.path());
    if (!m.name().equals(current.name())) {
      throw new IllegalArgumentException("the name cannot change in an edit (was '" + current.name()
          + "', now '" + m.name() + "'); remember it under the new name and forget the old one");
    }
    return m;
  }
}
