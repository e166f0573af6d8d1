package io.engram.service.wiring;

import io.engram.Engram;
import io.engram.EngramBuilder;
import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.index.LuceneSearchIndex;
import io.engram.modeladapters.ModelFactory;
import java.util.Map;

/**
 * The {@link Engram} the product builds for a project: the configured model for each session (from the settings and
 * the environment: {@code ENGRAM_MODEL}, {@code ANTHROPIC_API_KEY}, {@code OPENAI_BASE_URL}, ...), recall over the
 * Lucene index on disk with the vectors the caller may use ({@link RecallWiring}), the dream's near-duplicates by
 * meaning unless {@code recall.vectors} is {@code NEVER}, and past sessions indexed on disk. Every surface starts
 * here and sets only what is its own (the session, a resident process's caches).
 */
public final class ProductEngram {
  private ProductEngram() {}

  /** A builder for the project of {@code roots} as {@code caller} uses it. */
  public static EngramBuilder builder(EngramRoots roots, EngramSettings settings, Map<String, String> environment,
      RecallWiring.Caller caller) {
    Map<String, String> env = Map.copyOf(environment);
    return Engram.builder(roots)
        .settings(settings)
        .models(session -> ModelFactory.router(settings, roots.engramHome(), env, session))
        .recall((memory, router) -> RecallWiring.recall(roots, settings, router, memory, caller))
        // The dream runs after a hook has answered (or in a process of its own), so loading the model costs no one.
        .embedder(RecallWiring.embedder(roots.engramHome(), settings.recall(), RecallWiring.Caller.SERVICE))
        .sessionIndexes(LuceneSearchIndex::onDisk);
  }
}
