package io.engram.embeddings;

import io.engram.recall.Embedder;
import io.engram.recall.Script;
import io.engram.recall.Vectors;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Two embedding models, each reading the queries of the script it knows: a query mostly in Chinese or Japanese
 * ({@link Script#CJK}) is read by the CJK model, one in Korean by it only if it reads Korean ({@link #reads}), any
 * other by the Latin model, and a memory in either script is found from both. A stored text's vector is both
 * models' unit vectors one after the other, each weighed √½; a query's
 * vector is its reading model's unit vector in that model's place and zeros in the other's. So one vector field, one
 * index and one search serve both models, and a query's cosine with a memory is its reading model's own cosine times
 * √½ ({@link #reading}): the floors set for that model hold, scaled.
 *
 * <p>Blends were measured too (a query read by both models, weighed by its script): on the tuning part of the Chinese
 * coding set each ranked below routing, so a query's vector is its reading model's. A Latin query is searched by the
 * CJK model as well ({@link #otherReaders}), each search's cosines measured from its own model's reference prompts, so
 * an English question finds a memory written in Chinese, of which the Latin model reads only the English names.
 *
 * <p>Token vectors follow the same layout: a stored text's are both models' tokens, each padded with zeros in the
 * other model's place; a query's are its reading model's, so a query token meets only that model's tokens.
 */
public final class PairedEmbedder implements Embedder {
  // Each model's unit vector scaled by the square root of one half: the two joined weigh the same and the whole is a
  // unit vector again.
  private static final double HALF = Math.sqrt(0.5);
  private static final Map<List<Embedder>, PairedEmbedder> SHARED = new ConcurrentHashMap<>();

  private final Embedder latin;
  private final Embedder cjk;
  // The CJK model as a second reader of Latin queries: one instance, so its reference prompts are embedded once.
  private final Embedder cjkReadingLatin;

  private PairedEmbedder(Embedder latin, Embedder cjk) {
    this.latin = Objects.requireNonNull(latin, "latin");
    this.cjk = Objects.requireNonNull(cjk, "cjk");
    this.cjkReadingLatin = new CjkReader();
  }

  /** {@code latin} reading queries in Latin (and any other non-CJK) script, {@code cjk} those in CJK. */
  public static PairedEmbedder of(Embedder latin, Embedder cjk) {
    return new PairedEmbedder(latin, cjk);
  }

  /**
   * The pair of {@code latin} and {@code cjk}, one instance for the two in this JVM: what recall keeps for a model
   * instance (the reference prompts' vectors, documents' token vectors) is then kept across calls, as it is for a
   * single shared model.
   */
  public static PairedEmbedder shared(Embedder latin, Embedder cjk) {
    return SHARED.computeIfAbsent(List.of(latin, cjk), k -> new PairedEmbedder(latin, cjk));
  }

  @Override
  public float[] embed(String text) {
    return join(latin.embed(text), HALF, cjk.embed(text), HALF);
  }

  @Override
  public List<float[]> embedAll(List<String> texts) {
    List<float[]> a = latin.embedAll(texts);
    List<float[]> b = cjk.embedAll(texts);
    List<float[]> out = new ArrayList<>(texts.size());
    for (int i = 0; i < texts.size(); i++) {
      out.add(join(a.get(i), HALF, b.get(i), HALF));
    }
    return out;
  }

  @Override
  public float[] embedQuery(String query) {
    return cjk(query)
        ? join(new float[latin.dimension()], 0, cjk.embedQuery(query), 1)
        : join(latin.embedQuery(query), 1, new float[cjk.dimension()], 0);
  }

  /**
   * Each model's vectors of fixed texts ({@link Embedder#embedFixed}), kept as each model keeps them, placed as {@link
   * #embedQuery} and {@link #embedAll} place them.
   */
  @Override
  public List<float[]> embedFixed(List<String> texts, boolean query) {
    if (!query) {
      List<float[]> a = latin.embedFixed(texts, false);
      List<float[]> b = cjk.embedFixed(texts, false);
      List<float[]> out = new ArrayList<>(texts.size());
      for (int i = 0; i < texts.size(); i++) {
        out.add(join(a.get(i), HALF, b.get(i), HALF));
      }
      return out;
    }
    List<String> cjkTexts = texts.stream().filter(this::cjk).toList();
    List<String> latinTexts = texts.stream().filter(t -> !cjk(t)).toList();
    java.util.Iterator<float[]> c = cjk.embedFixed(cjkTexts, true).iterator();
    java.util.Iterator<float[]> l = latin.embedFixed(latinTexts, true).iterator();
    return texts.stream().map(t -> cjk(t) ? join(new float[latin.dimension()], 0, c.next(), 1)
        : join(l.next(), 1, new float[cjk.dimension()], 0)).toList();
  }

  @Override
  public List<float[]> tokenVectors(String text, boolean query) {
    List<float[]> out = new ArrayList<>();
    boolean cjkQuery = query && cjk(text);
    if (!query || !cjkQuery) {
      latin.tokenVectors(text, query).forEach(v -> out.add(join(v, 1, new float[cjk.dimension()], 0)));
    }
    if (!query || cjkQuery) {
      cjk.tokenVectors(text, query).forEach(v -> out.add(join(new float[latin.dimension()], 0, v, 1)));
    }
    return out;
  }

  /** The reading model's reading of {@code query} (one run of it), in its place in the pair's vectors. */
  @Override
  public QueryReading readQuery(String query) {
    boolean cjkQuery = cjk(query);
    QueryReading own = (cjkQuery ? cjk : latin).readQuery(query);
    java.util.function.UnaryOperator<float[]> placed = cjkQuery
        ? v -> join(new float[latin.dimension()], 0, v, 1)
        : v -> join(v, 1, new float[cjk.dimension()], 0);
    return new QueryReading(placed.apply(own.vector()), () -> own.tokens().get().stream().map(placed).toList());
  }

  /**
   * For a Latin query, the CJK model as well: it reads English too, and a memory written in Chinese alone is
   * invisible to the Latin model. A CJK query has no other reader (the Latin model has no CJK words).
   */
  @Override
  public List<Embedder> otherReaders(String query) {
    return cjk(query) ? List.of() : List.of(cjkReadingLatin);
  }

  /** The model of {@code query}'s script, its cosines scaled by √½ (a stored text weighs each model so). */
  @Override
  public Reading reading(String query) {
    return new Reading((cjk(query) ? cjk : latin).name(), HALF);
  }

  /** The Latin model, then the CJK one. */
  @Override
  public List<Embedder> models() {
    return List.of(latin, cjk);
  }

  @Override
  public int dimension() {
    return latin.dimension() + cjk.dimension();
  }

  /** Whether either model reads {@code script}. */
  @Override
  public boolean reads(Script script) {
    return latin.reads(script) || cjk.reads(script);
  }

  /** The two models' names joined by {@code +}, Latin first, as {@code recall.embeddingModel} names a pair. */
  @Override
  public String name() {
    return latin.name() + "+" + cjk.name();
  }

  /** The CJK model reading any query, in the pair's space: stored texts as the pair embeds them. */
  private final class CjkReader implements Embedder {
    // The last query read: recall asks for it twice, for the search and for the floor of memories in Chinese.
    private volatile Map.Entry<String, float[]> last;

    @Override
    public float[] embed(String text) {
      return PairedEmbedder.this.embed(text);
    }

    @Override
    public float[] embedQuery(String query) {
      Map.Entry<String, float[]> kept = last;
      if (kept != null && kept.getKey().equals(query)) {
        return kept.getValue().clone();
      }
      float[] vector = join(new float[latin.dimension()], 0, cjk.embedQuery(query), 1);
      last = Map.entry(query, vector.clone());
      return vector;
    }

    @Override
    public List<float[]> embedFixed(List<String> texts, boolean query) {
      return query ? cjk.embedFixed(texts, true).stream().map(v -> join(new float[latin.dimension()], 0, v, 1)).toList()
          : PairedEmbedder.this.embedFixed(texts, false);
    }

    @Override
    public Reading reading(String query) {
      return new Reading(cjk.name(), HALF);
    }

    @Override
    public int dimension() {
      return PairedEmbedder.this.dimension();
    }

    @Override
    public String name() {
      return cjk.name() + " in " + PairedEmbedder.this.name();
    }
  }

  // Korean goes to the CJK model only when it reads Korean (bge-small-zh has no Hangul and does not).
  private boolean cjk(String text) {
    Script script = Script.of(text);
    return script == Script.CJK || script == Script.HANGUL && cjk.reads(script);
  }

  /** {@code a} as a unit vector times {@code wa}, then {@code b} as a unit vector times {@code wb}. */
  private static float[] join(float[] a, double wa, float[] b, double wb) {
    float[] out = new float[a.length + b.length];
    float[] ua = Vectors.unit(a);
    float[] ub = Vectors.unit(b);
    for (int i = 0; i < ua.length; i++) {
      out[i] = (float) (ua[i] * wa);
    }
    for (int i = 0; i < ub.length; i++) {
      out[a.length + i] = (float) (ub[i] * wb);
    }
    return out;
  }
}
