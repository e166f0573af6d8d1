package io.engram.service.wiring;

import io.engram.config.RecallSettings;
import io.engram.fs.HomeLayout;
import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.embeddings.BertModel;
import io.engram.embeddings.ModelResources;
import io.engram.embeddings.OnnxBertEmbedder;
import io.engram.embeddings.OnnxRuntimeUse;
import io.engram.embeddings.PairedEmbedder;
import io.engram.index.LuceneSearchIndex;
import io.engram.memory.ProjectMemory;
import io.engram.model.ModelRouter;
import io.engram.recall.Embedder;
import io.engram.recall.MemoryRecall;
import io.engram.recall.ModelReranker;
import io.engram.recall.Reranker;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Builds the {@link MemoryRecall} every command uses: the Lucene index on disk, vectors of the
 * {@code recall.embeddingModel} when the {@code recall.vectors} setting allows them for this caller, and the
 * configured model as re-ranker.
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

  /** Recall over {@code memory} of the project of {@code roots}, re-ranking with {@code router}'s model if any. */
  public static MemoryRecall recall(EngramRoots roots, EngramSettings settings, ModelRouter router, ProjectMemory memory,
      Caller caller) {
    return recall(roots, settings, router, memory, embedder(roots.engramHome(), settings.recall(), caller));
  }

  /**
   * Recall as {@link #recall(EngramRoots, EngramSettings, ModelRouter, ProjectMemory, Caller)} for the resident
   * service, whose model is loaded in the background by {@code models}: keyword search only until it is loaded.
   */
  public static MemoryRecall recall(EngramRoots roots, EngramSettings settings, ModelRouter router, ProjectMemory memory,
      WarmingEmbedders models) {
    Path home = roots.engramHome();
    String name = modelName(home, settings.recall());
    return recall(roots, settings, router, memory, embedder(home, settings.recall(), Caller.SERVICE)
        .map(load -> models.warming(modelKey(home, name), name, load)));
  }

  /** The key under which {@link WarmingEmbedders} keeps the model {@code name} of the home {@code engramHome}. */
  public static String modelKey(Path engramHome, String name) {
    return name + " (" + modelsDirectory(engramHome) + ")";
  }

  private static MemoryRecall recall(EngramRoots roots, EngramSettings settings, ModelRouter router,
      ProjectMemory memory, Optional<Supplier<Embedder>> embedder) {
    Optional<Reranker> reranker = router.hasModel()
        ? Optional.of(new ModelReranker(router, settings.recall().filesPerTurn())) : Optional.empty();
    MemoryRecall.Backend backend = new MemoryRecall.Backend(
        Optional.of(dir -> LuceneSearchIndex.onDisk(dir, LuceneSearchIndex.VectorSearch.of(settings.recall()))),
        embedder, reranker);
    return new MemoryRecall(memory, roots.engramHome(), settings.recall(), backend, Clock.systemUTC());
  }

  /**
   * Recall as a person's search uses it (the web UI): the same on-disk index and vectors as the resident
   * service's, up to {@code results} memories, with no re-ranking model (a search spends no tokens) and no recall
   * use recorded (a person looking is not a memory sent to an agent, so hotness is left alone).
   */
  public static MemoryRecall search(EngramRoots roots, EngramSettings settings, ProjectMemory memory, int results) {
    MemoryRecall.Backend backend = new MemoryRecall.Backend(
        Optional.of(dir -> LuceneSearchIndex.onDisk(dir, LuceneSearchIndex.VectorSearch.of(settings.recall()))),
        embedder(roots.engramHome(), settings.recall(), Caller.SERVICE), Optional.empty());
    return new MemoryRecall(memory, roots.engramHome(), settings.recall().withFilesPerTurn(results), backend,
        Clock.systemUTC()).recordingUseOn(unrecorded -> { });
  }

  /**
   * The embedder {@code caller} uses under {@code recall.vectors} (recall's vectors, the dream's
   * near-duplicates by meaning), loaded on first use (the model of {@code recall.embeddingModel}); empty:
   * without one.
   */
  public static Optional<Supplier<Embedder>> embedder(Path engramHome, RecallSettings recall, Caller caller) {
    RecallSettings.Vectors mode = recall.vectors();
    boolean on = mode == RecallSettings.Vectors.ALWAYS
        || (mode == RecallSettings.Vectors.AUTO && caller != Caller.HOOK);
    return on ? Optional.of(() -> {
      OnnxRuntimeUse.process().exitWait(Duration.ofSeconds(recall.modelExitWaitSeconds()));
      return embedder(engramHome, modelName(engramHome, recall));
    }) : Optional.empty();
  }

  /**
   * The model {@code recall.embeddingModel} names for the home {@code engramHome}: the setting itself, or for {@code
   * auto} (the default) the pair of the jar's MiniLM and bge-small-zh-v1.5-q once {@code engram models add} has put the
   * Chinese model in {@code <engram-home>/models/}, MiniLM alone until then. Installing the model is all it takes.
   */
  public static String modelName(Path engramHome, RecallSettings recall) {
    String configured = recall.embeddingModel();
    if (!configured.strip().equalsIgnoreCase(AUTO)) {
      return configured;
    }
    boolean chinese = ModelResources.classpathAnd(modelsDirectory(engramHome)).has(BertModel.BGE_SMALL_ZH_V15_Q);
    return chinese ? BertModel.ALL_MINILM_L6_V2_Q.name() + "+" + BertModel.BGE_SMALL_ZH_V15_Q.name()
        : BertModel.ALL_MINILM_L6_V2_Q.name();
  }

  /** The value of {@code recall.embeddingModel} that picks the models by what is installed ({@link #modelName}). */
  public static final String AUTO = "auto";

  /**
   * The embedding model called {@code name}, shared in this JVM: read from engram.jar, else from the model's
   * artifact jar in {@code <engram-home>/models/}; two names joined by {@code +} are a pair that reads each query with
   * the model of its script, Latin first, then Chinese and Japanese ({@link PairedEmbedder}).
   *
   * @throws IllegalArgumentException for a name no known model has
   * @throws IllegalStateException when the model's files are in neither place (the message says what to fetch)
   */
  public static Embedder embedder(EngramRoots roots, String name) {
    return embedder(roots.engramHome(), name);
  }

  private static Embedder embedder(Path engramHome, String name) {
    int plus = name.indexOf('+');
    if (plus > 0) {
      return PairedEmbedder.shared(model(engramHome, name.substring(0, plus)),
          model(engramHome, name.substring(plus + 1)));
    }
    return model(engramHome, name);
  }

  private static Embedder model(Path engramHome, String name) {
    BertModel model = BertModel.named(name).orElseThrow(() -> new IllegalArgumentException(
        "recall.embeddingModel: no embedding model is called \"" + name + "\"; known: " + BertModel.names()
            + ", or two of them joined by + (the Latin model, then the CJK one)"));
    return OnnxBertEmbedder.shared(model, ModelResources.classpathAnd(modelsDirectory(engramHome)));
  }

  /** Where models that do not ship in engram.jar are looked for: {@code <engram-home>/models/}. */
  public static Path modelsDirectory(EngramRoots roots) {
    return modelsDirectory(roots.engramHome());
  }

  private static Path modelsDirectory(Path engramHome) {
    return HomeLayout.of(engramHome).models();
  }
}
