package io.engram.review;

import java.io.IOException;

/** No waiting proposal has the id given, or more than one starts with it. */
public final class NoSuchProposalException extends IOException {
  private static final long serialVersionUID = 1L;

  /** The refusal, naming the id. */
  public NoSuchProposalException(String message) {
    super(message);
  }
}
