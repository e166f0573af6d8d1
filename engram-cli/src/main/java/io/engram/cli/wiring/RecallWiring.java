package io.engram.cli.wiring;

import io.engram.cli.GlobalOptions;
import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.embeddings.MiniLmEmbedder;
import io.engram.index.LuceneSearchIndex;
import io.engram.memory.ProjectMemory;
import io.engram.model.ModelRouter;
import io.engram.recall.Embedder;
import io.engram.recall.MemoryRecall;
import io.engram.recall.ModelReranker;
import io.engram.recall.Reranker;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Builds the {@link MemoryRecall} every command uses: the Lucene index on disk, MiniLM vectors when the
 * {@code recall.vectors} setting allows them for this caller, and the configured model as re-ranker.
 */
public final class RecallWiring {
  /** Who is recalling; decides whether {@code recall.vectors = AUTO} embeds. */
  public enum Caller {
    /** {@code engram recall} and the MCP server: vectors on under AUTO. */
    INTERACTIVE,
    /** A hook call, a new JVM per event: vectors off under AUTO (the model costs seconds to load). */
    HOOK,
    /** The resident service, which keeps the model loaded: vectors on under AUTO, hooks included. */
    SERVICE
  }

  private RecallWiring() {}

  /** Recall over {@code memory} for {@code caller}, re-ranking with the model of {@code sessionId} if configured. */
  public static MemoryRecall recall(GlobalOptions global, ProjectMemory memory, Caller caller, String sessionId) {
    return recall(global.roots(), global.settings(), Models.router(global, sessionId), memory, caller);
  }

  /** Recall over {@code memory} of the project of {@code roots}, re-ranking with {@code router}'s model if any. */
  public static MemoryRecall recall(EngramRoots roots, EngramSettings settings, ModelRouter router, ProjectMemory memory,
      Caller caller) {
    Optional<Reranker> reranker = router.hasModel()
        ? Optional.of(new ModelReranker(router, settings.recall().filesPerTurn())) : Optional.empty();
    MemoryRecall.Backend backend = new MemoryRecall.Backend(
        Optional.of(LuceneSearchIndex::onDisk), embedder(settings.recall().vectors(), caller), reranker);
    return new MemoryRecall(memory, roots.engramHome(), settings.recall(), backend, Clock.systemUTC());
  }

  /** The embedder {@code caller} uses under {@code mode}, loaded on first use; empty: keyword search only. */
  public static Optional<Supplier<Embedder>> embedder(EngramSettings.Vectors mode, Caller caller) {
    boolean on = mode == EngramSettings.Vectors.ALWAYS
        || (mode == EngramSettings.Vectors.AUTO && caller != Caller.HOOK);
    return on ? Optional.of(MiniLmEmbedder::new) : Optional.empty();
  }
}
