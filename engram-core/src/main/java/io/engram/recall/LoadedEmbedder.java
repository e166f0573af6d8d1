package io.engram.recall;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * A recall's embedding model, loaded on first use and kept; one that fails to load is remembered as a problem (vectors
 * stay off and the notes say why), one still loading ({@link EmbedderNotReady}) is not: the next call asks again.
 * Thread-safe.
 */
final class LoadedEmbedder {
  private final Optional<Supplier<Embedder>> supplier;
  private Optional<Embedder> loaded;
  private Optional<String> problem = Optional.empty();

  LoadedEmbedder(Optional<Supplier<Embedder>> supplier) {
    this.supplier = supplier;
  }

  /**
   * The model, empty when none is configured or it could not be loaded.
   *
   * @throws EmbedderNotReady while the model is still loading
   */
  synchronized Optional<Embedder> get() {
    if (loaded == null) {
      try {
        loaded = supplier.map(Supplier::get);
      } catch (EmbedderNotReady e) {
        throw e;
      } catch (RuntimeException | LinkageError e) {
        loaded = Optional.empty();
        problem = Optional.of("the embedding model could not be loaded: " + e.getMessage());
      }
    }
    return loaded;
  }

  /** Why vectors are off, when the model failed to load. */
  synchronized Optional<String> problem() {
    return problem;
  }
}
