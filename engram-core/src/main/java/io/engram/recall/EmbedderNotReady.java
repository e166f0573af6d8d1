package io.engram.recall;

/**
 * Thrown by an embedder's supplier while the model is still loading in the background (a resident process's
 * first minutes): recall then answers with keywords only for that call, says so, and asks again on the next.
 */
public final class EmbedderNotReady extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Why there are no vectors yet, e.g. {@code the embedding model all-MiniLM-L6-v2-q is still loading}. */
  public EmbedderNotReady(String message) {
    super(message);
  }
}
