package io.engram.transcript;

/**
 * A part of a transcript that could not be used, and why; the rest of the file is still read.
 *
 * @param place what {@code number} counts: a line of a file of JSON lines, or a message of a session kept as one
 *     JSON document (where a message's line says nothing: the document may be one line)
 * @param number the 1-based line or message
 * @param message what is wrong with it
 */
public record ReadProblem(Place place, int number, String message) {
  /** What a problem's number counts. */
  public enum Place {
    /** A line of the file. */
    LINE,
    /** A message of the document's list of messages. */
    MESSAGE
  }

  /** A problem on line {@code lineNumber} of the file. */
  public ReadProblem(int lineNumber, String message) {
    this(Place.LINE, lineNumber, message);
  }

  /** A problem with the {@code position}th message of a session kept as one JSON document. */
  static ReadProblem atMessage(int position, String message) {
    return new ReadProblem(Place.MESSAGE, position, message);
  }

  @Override
  public String toString() {
    return (place == Place.LINE ? "line " : "message ") + number + ": " + message;
  }
}
