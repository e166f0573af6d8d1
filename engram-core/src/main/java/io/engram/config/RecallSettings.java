package io.engram.config;

import java.util.Map;

/** Recall budgets, manifest size, ranking, the embedding model, the relevance floor and past-session search. */
public record RecallSettings(
    @Setting(byDefault = "200", min = 1, help = "Most memories in the manifest a model reranker sees")
        int manifestMaxFiles,
    @Setting(byDefault = "5", min = 1, help = "Most memories recalled a turn") int filesPerTurn,
    @Setting(byDefault = "4_096", min = 1, help = "Most bytes recalled of one memory") int bytesPerFile,
    @Setting(byDefault = "20_480", min = 1, help = "Most bytes recalled a turn") int bytesPerTurn,
    @Setting(byDefault = "61_440", min = 1, help = "Most bytes recalled in a session") int bytesPerSession,
    @Setting(byDefault = "20", min = 1, help = "Best candidates a model reranker sees") int rerankShortList,
    @Setting(byDefault = "60", min = 0, help = "k of reciprocal rank fusion (fusion rrf)") int fusionK,
    @Setting(byDefault = "30", aboveMin = true, min = 0, help = "Days in which a memory's hotness halves")
        double hotnessHalfLifeDays,
    @Setting(byDefault = "50", min = 1, help = "Candidates each retriever hands to fusion")
        int candidatesPerRetriever,
    @Setting(byDefault = "0.3", min = 0, max = 1, help = "Share of a cold memory's score its coldness takes")
        double hotnessWeight,
    @Setting(byDefault = "0.25", min = 0, help = "Weight of the vector ranking against BM25's 1 (fusion rrf)")
        double vectorWeight,
    @Setting(byDefault = "scores", help = "How the keyword and vector rankings are fused: scores or rrf")
        Fusion fusion,
    @Setting(byDefault = "0.4", min = 0, max = 1, help = "Share of the cosine in a fused score (fusion scores)")
        double vectorShare,
    @Setting(byDefault = "{'bge-small-zh-v1.5-q': 0.55}", min = 0, max = 1, help = "Share of the cosine in a fused"
        + " score, per embedding model reading the prompt (a model without an entry: vectorShare)")
        Map<String, Double> vectorShares,
    @Setting(byDefault = "auto", help = "Whether recall embeds: auto (not in a hook's own JVM), always or never")
        Vectors vectors,
    @Setting(byDefault = "auto", help = "The embedding model: auto (MiniLM, with bge-small-zh-v1.5-q for CJK"
        + " prompts once installed), a model's name, or two joined by +") String embeddingModel,
    @Setting(byDefault = "0.3", min = 0, max = 1, help = "Share of the query's IDF weight a keyword match must"
        + " cover to be sent") double keywordFloor,
    @Setting(byDefault = "{'e5-small-v2-q': 0.8, 'all-MiniLM-L6-v2-q': 0.35, 'all-MiniLM-L6-v2': 0.35,"
        + " 'bge-small-en-v1.5-q': 0.6}", min = -1, max = 1, help = "Cosine, per embedding model, a vector match"
        + " must reach to be sent") Map<String, Double> vectorFloors,
    @Setting(byDefault = "{'all-MiniLM-L6-v2-q': 0.0, 'bge-small-zh-v1.5-q': -0.03}", min = -1, max = 1,
        help = "Margin, per embedding model, by which a match must beat the nearest reference prompt of its"
        + " script") Map<String, Double> anchorMargins,
    @Setting(byDefault = "{'all-MiniLM-L6-v2-q': 0.15}", min = -1, max = 1, help = "Margin, per embedding model"
        + " reading the prompt, by which a memory in another script must beat the nearest reference prompt of the"
        + " memory's script (a pair only)") Map<String, Double> otherScriptMargins,
    @Setting(byDefault = "-0.15", min = -2, max = 2, help = "How near that reference prompt a keyword match must"
        + " come, for a model with a margin") double keywordGate,
    @Setting(byDefault = "1", min = 0, max = 1, help = "Share of the query's IDF weight with which a keyword match"
        + " is sent when someone asked (recall command, tools, search), keyword gate or not") double askedCoverage,
    @Setting(byDefault = "2_000", min = 0, help = "How long, in ms, one recall's sync of the on-disk index embeds"
        + " before it leaves the rest to later calls (what is not embedded yet is found by keywords)")
        int embeddingBudgetMillis,
    @Setting(byDefault = "100_000", min = 0, help = "Vectors up to which vector search is exact (above, an HNSW"
        + " graph)") int exactVectorLimit,
    @Setting(byDefault = "32", min = 2, max = 512, help = "Connections per node of the HNSW graph")
        int hnswMaxConnections,
    @Setting(byDefault = "200", min = 1, max = 3_200, help = "Beam width building the HNSW graph")
        int hnswBeamWidth,
    @Setting(byDefault = "200", min = 1, help = "Candidates an HNSW search visits") int hnswCandidates,
    @Setting(byDefault = "0.3", min = 0, max = 1, help = "Weight of the recent activity's search (files being"
        + " edited, the last error) against the prompt's") double contextShare,
    @Setting(byDefault = "0.2", min = 0, max = 1, help = "Weight of the second pass on what the first found")
        double secondPassShare,
    @Setting(byDefault = "1.0", min = 0, help = "Lift of a memory dated within a period the query names (1: its"
        + " score doubles)") double dateBoost,
    @Setting(byDefault = "20", min = 0, help = "Last messages of the transcript read for the recent activity")
        int activityMessages,
    @Setting(byDefault = "262_144", min = 1_024, help = "Bytes of the transcript's end read for the recent"
        + " activity") int activityTailBytes,
    @Setting(byDefault = "6", min = 0, help = "Most files the recent activity names, the newest first")
        int activityFiles,
    @Setting(byDefault = "300", min = 0, help = "Most characters of the last error the recent activity keeps")
        int activityErrorChars,
    @Setting(byDefault = "10", min = 1, help = "Turns engram history shows") int historyResults,
    @Setting(byDefault = "0.4", min = 0, max = 0.9, help = "Weight of a candidate's keyword coverage of the query"
        + " in its score") double coverageWeight,
    @Setting(byDefault = "1_000", min = 0, help = "How long, in ms, a recall waits for another process's use of"
        + " the on-disk index before it searches an in-memory keyword index") int indexWaitMillis,
    @Setting(byDefault = "10_000", min = 0, help = "How long, in ms, the background embedding of what a sync left"
        + " keyword-only waits for a recall holding the on-disk index") int catchUpIndexWaitMillis,
    @Setting(byDefault = "5_000", min = 0, help = "How long, in ms, engram history waits for another process's use"
        + " of the project's session history") int historyLockWaitMillis,
    @Setting(byDefault = "30", min = 0, help = "Seconds an exiting process waits for the embedding model's work in"
        + " flight (a load, a text being embedded) before it exits") int modelExitWaitSeconds,
    Rescoring rescoring) implements SettingsSection<RecallSettings> {
  /**
   * Why these defaults: RRF k = 60 is the RRF paper's; hotness scales a fused score by between {@code 1 -
   * hotnessWeight} (cold) and 1 (hot), so decay reorders close calls but never hides a strong match. SCORES
   * fusion replaced RRF: with {@code vectorShare} 0.4, chosen on conv-26 only, it lifts held-out recall@5 from
   * 65.1 (RRF) and 65.9 (BM25 alone) to 68.3; a prompt bge-small-zh reads (Chinese) takes 0.55, chosen on the tuning
   * parts of the Chinese coding set and of MemoryBank's Chinese chats (docs/BENCHMARKS.md, "A vector share for the
   * model that reads the prompt"), where bge-small-zh's cosines rank better than keywords. AUTO vectors skip a hook
   * answered in its own JVM, which would pay seconds to load the model (docs/BENCHMARKS.md, "Vectors in hooks").
   *
   * <p>{@code embeddingModel} {@code auto} reads prompts with MiniLM and, once {@code engram models add} has
   * installed bge-small-zh-v1.5-q, Chinese and Japanese ones with it; two names joined by {@code +} are such
   * a pair, one name that model alone. The relevance floor: a memory is sent when its keyword match covers {@code keywordFloor} of the query's
   * IDF weight or its cosine reaches the model's {@code vectorFloors} entry and, for a model with an {@code
   * anchorMargins} entry, beats by that margin the cosine of the nearest of Engram's reference prompts in the
   * query's script (no memory answers them; docs/BENCHMARKS.md, "A vector floor calibrated per query"): an
   * absolute cosine does not calibrate across models and scripts. A keyword match must also come within {@code
   * keywordGate} (-0.15) of that prompt's cosine (docs/BENCHMARKS.md, "A keyword match the model vouches for"),
   * unless someone asked ({@code io.engram.recall.RecallKind}) and it covers {@code askedCoverage} of the query's IDF
   * weight: a memory holding every word of an explicit query is never missing where a keyword search lists it
   * (docs/BENCHMARKS.md, "Explicit recall and the keyword gate").
   * With a pair, a memory in the other script than the prompt beats instead by its {@code otherScriptMargins} entry
   * the nearest reference prompt of the memory's script, stored as memories are: MiniLM's 0.15 for an English prompt
   * is the least margin at which no tuning set's prompts that no memory answers got more memories, and bge-small-zh,
   * which reads English too poorly for a Chinese prompt's English answer to stand out, has none (docs/BENCHMARKS.md,
   * "A memory in the other script judged by references of its script").
   * Vector search is exact up to 100,000 vectors: there the HNSW graph found 0.62 of the true neighbours on the
   * bench's synthetic vectors, and with four times the candidates only 0.76. {@code dateBoost} 1.0 was chosen on
   * the LoCoMo dev split (0.2 / 0.6 / 1.0: recall@5 67.7 / 68.6 / 68.9 with MiniLM, 68.9 / 69.8 / 70.1 with e5);
   * {@code coverageWeight} 0.4 there too (recall@5 68.9 -> 71.2 with MiniLM; docs/BENCHMARKS.md, "Keyword
   * coverage in the ranking"). {@code rescoring} is the ranking's last stage ({@link Rescoring}).
   *
   * <p>The waits: a recall holds the on-disk index for well under a second, so another recall waits {@code
   * indexWaitMillis} (1 s) and then answers from an in-memory keyword index rather than keep a prompt waiting; the
   * background embedding holds it for about 0.1 s per commit and is in no hurry, so it waits {@code
   * catchUpIndexWaitMillis} (10 s) before it gives up the slice; a history search or sync waits {@code
   * historyLockWaitMillis} (5 s) for another process's, then says the history is in use.
   */
  public static final RecallSettings DEFAULTS = SettingDeclarations.defaults(RecallSettings.class);

  /** Keeps the maps unmodifiable, in the order given. */
  public RecallSettings {
    vectorShares = SettingMaps.copyOf(vectorShares);
    vectorFloors = SettingMaps.copyOf(vectorFloors);
    anchorMargins = SettingMaps.copyOf(anchorMargins);
    otherScriptMargins = SettingMaps.copyOf(otherScriptMargins);
  }

  /** The same settings sending at most {@code files} memories a turn. */
  public RecallSettings withFilesPerTurn(int files) {
    return with("filesPerTurn", files);
  }

  /**
   * How far above the nearest reference prompt of its script a memory's cosine must be for {@code model} (the floor
   * calibrated per query, model and script); empty for a model without an entry, which has its absolute floor alone.
   */
  public java.util.OptionalDouble anchorMargin(String model) {
    Double m = anchorMargins.get(model);
    return m == null ? java.util.OptionalDouble.empty() : java.util.OptionalDouble.of(m);
  }

  /**
   * How far above the nearest reference prompt of a memory's script, stored as memories are, the cosine of a memory
   * written in another script than the prompt must be when {@code model} reads the prompt; empty for a model without
   * an entry, whose memories in either script have the prompt's floor.
   */
  public java.util.OptionalDouble otherScriptMargin(String model) {
    Double m = otherScriptMargins.get(model);
    return m == null ? java.util.OptionalDouble.empty() : java.util.OptionalDouble.of(m);
  }

  /** These settings with {@code model}'s entry of {@code vectorShares} as the vector share, when it has one. */
  public RecallSettings readBy(String model) {
    Double share = vectorShares.get(model);
    return share == null ? this : with("vectorShare", share);
  }

  /** The cosine a vector match must reach for {@code model}; a model without an entry has no vector floor. */
  public double vectorFloor(String model) {
    return vectorFloors.getOrDefault(model, Double.POSITIVE_INFINITY);
  }

  /**
   * The last stage of recall's ranking: each candidate's score (normalised by the best) plus a weighted sum of
   * named features, the sum scaled back to the score's range (docs/BENCHMARKS.md, "Rescoring recall's candidates
   * by features"). Every weight 0 leaves the ranking exactly as it was.
   *
   * @param ownText weight of the share of the query's words found in the document's own text (its name,
   *     description and body, not the context it carries: a past turn's neighbours)
   * @param timeAnswer weight of "a when or how-long question, and the document's own text says when" (yesterday,
   *     last week, a date)
   * @param dated weight of "dated within the period the query names" (on top of {@code recall.dateBoost})
   * @param substance weight of how much the document's own text says: {@code ln(1 + distinct words) / ln(1 +
   *     substanceWords)}, at most 1, so a one-line "nice!" riding on its neighbours' words ranks below a turn that
   *     says something
   * @param group weight of the best score among the candidates of the document's group (a past turn's session; 0
   *     for a document outside any group, every memory): the turns that answer a question tend to share a session
   * @param answers weight of the score of the question a document follows in its group (a reply to a matching
   *     question; 0 when the document before it is not a question, not a candidate, or there is none)
   * @param question the share of its score a document loses when its own text ends in a question mark: a question
   *     rarely holds its own answer
   * @param tokens weight of how closely the document's own words meet the query's, token by token in the embedding
   *     model's reading (each content token of the query at its best cosine among the document's, averaged; min-max
   *     normalised among the candidates that have it); 0 without vectors
   * @param replyTokens weight of the token match of the document's reply (the one that follows it in its group),
   *     normalised the same way: a question whose answer meets the query; 0 for a memory and without vectors
   * @param substanceWords the distinct words at which {@code substance} reaches 1
   * @param tokenCandidates how many of the best candidates get {@code tokens}: each costs one run of the model the
   *     first time its text is seen
   */
  public record Rescoring(
      @Setting(byDefault = "0.15", min = 0, max = 10, help = "Weight of the share of the query's words in a"
          + " document's own text") double ownText,
      @Setting(byDefault = "0.25", min = 0, max = 10, help = "Weight of a when question met by a document that says"
          + " when") double timeAnswer,
      @Setting(byDefault = "0.2", min = 0, max = 10, help = "Weight of being dated within the period the query"
          + " names") double dated,
      @Setting(byDefault = "0.6", min = 0, max = 10, help = "Weight of how much a document's own text says")
          double substance,
      @Setting(byDefault = "0.5", min = 0, max = 10, help = "Weight of the best score in a document's group (a past"
          + " turn's session)") double group,
      @Setting(byDefault = "0.4", min = 0, max = 10, help = "Weight of the score of the question a document"
          + " answers") double answers,
      @Setting(byDefault = "0.15", min = 0, max = 0.9, help = "Share of its score a document that ends in a"
          + " question mark loses") double question,
      @Setting(byDefault = "0.5", min = 0, max = 10, help = "Weight of the token-by-token match of a document's"
          + " words with the query's (with vectors)") double tokens,
      @Setting(byDefault = "0.3", min = 0, max = 10, help = "Weight of the token match of a document's reply")
          double replyTokens,
      @Setting(byDefault = "40", min = 1, max = 10_000, help = "Distinct words at which substance is full")
          int substanceWords,
      @Setting(byDefault = "30", min = 0, max = 200, help = "Best candidates matched token by token")
          int tokenCandidates) implements SettingsSection<Rescoring> {
    /**
     * Why these defaults: the first four fitted on the LoCoMo dev split by coordinate ascent on recall@5 (71.2 ->
     * 74.1 with MiniLM), then {@code group}, {@code answers} and {@code question} on a grid with those kept (74.1 ->
     * 77.1; 76.5 fitting on six conversations and measuring the seventh), then {@code tokens}, {@code replyTokens}
     * and {@code tokenCandidates} on a grid with those kept (77.2 -> 78.8). Memories have no group, no reply and
     * rarely end in a question, so the coding set's ranking is the four weights' and the token match's (MRR 0.852;
     * 0.857 without the token match).
     */
    public static final Rescoring DEFAULTS = SettingDeclarations.defaults(Rescoring.class);

    /** No last stage: recall's ranking as the earlier steps leave it. */
    public static final Rescoring OFF = new Rescoring(0, 0, 0, 0, 0, 0, 0, 0, 0, 40, 20);

    /** Whether any feature takes part. */
    public boolean enabled() {
      return ownText > 0 || timeAnswer > 0 || dated > 0 || substance > 0 || group > 0 || answers > 0 || question > 0
          || tokens > 0 || replyTokens > 0;
    }

    /**
     * The sum of the additive weights a candidate's score is divided by one more than: {@code group} and {@code
     * answers} count only when a candidate has a group, so a memory's score is what the other weights make it, and
     * {@code tokens} and {@code replyTokens} only when candidates, or their replies, were matched token by token.
     */
    public double additive(boolean grouped, boolean tokenMatched, boolean repliesMatched) {
      return ownText + timeAnswer + dated + substance + (grouped ? group + answers : 0) + (tokenMatched ? tokens : 0)
          + (repliesMatched ? replyTokens : 0);
    }
  }

  /** How recall fuses the keyword and vector rankings. */
  public enum Fusion {
    /** Convex combination of min-max normalised scores ({@code RankFusion.scores}). */
    SCORES,
    /** Weighted reciprocal rank fusion ({@code RankFusion.reciprocalRanks}). */
    RRF
  }

  /** Whether recall embeds (vector search beside BM25): AUTO = yes except in a hook call's own short-lived JVM. */
  public enum Vectors {
    AUTO,
    ALWAYS,
    NEVER
  }
}
