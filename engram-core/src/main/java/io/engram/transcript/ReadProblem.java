package io.engram.transcript;

/** A line of a transcript that could not be used, and why; the rest of the file is still read. */
public record ReadProblem(int lineNumber, String message) {
  @Override
  public String toString() {
    return "line " + lineNumber + ": " + message;
  }
}
