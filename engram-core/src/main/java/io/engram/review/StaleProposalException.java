package io.engram.review;

import java.io.IOException;

/** A proposal that a change since it was made has overtaken: a memory it changes no longer says what it said. */
public final class StaleProposalException extends IOException {
  private static final long serialVersionUID = 1L;

  /** The refusal, saying which memory and what to do. */
  public StaleProposalException(String message) {
    super(message);
  }
}
