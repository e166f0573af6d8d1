package io.engram.config;

import java.util.List;
import java.util.Map;

/**
 * Every tunable number and name of Engram, with its default, in one place.
 *
 * <p>Each section is a record with a {@code DEFAULTS} constant; {@link SettingsLoader} overlays the
 * user's {@code settings.json} on {@link #DEFAULTS}, so a settings file only names what it changes.
 */
public record EngramSettings(
    Instructions instructions,
    Memory memory,
    Notes notes,
    Extraction extraction,
    Dream dream,
    Recall recall,
    Context context,
    Compaction compaction,
    Model model,
    Governor governor,
    Hooks hooks,
    Service service,
    Team team) {

  /** The settings Engram runs with when the settings file is absent or empty. */
  public static final EngramSettings DEFAULTS =
      new EngramSettings(
          Instructions.DEFAULTS,
          Memory.DEFAULTS,
          Notes.DEFAULTS,
          Extraction.DEFAULTS,
          Dream.DEFAULTS,
          Recall.DEFAULTS,
          Context.DEFAULTS,
          Compaction.DEFAULTS,
          Model.DEFAULTS,
          Governor.DEFAULTS,
          Hooks.DEFAULTS,
          Service.DEFAULTS,
          Team.DEFAULTS);

  /** Instruction files: which names are read, where traversal stops, how deep imports go. */
  public record Instructions(
      List<String> fileNames,
      String localFileName,
      String managedPath,
      String userDir,
      boolean stopAtRepoRoot,
      int maxImportHops,
      int warnChars) {
    public static final Instructions DEFAULTS =
        new Instructions(
            List.of("CLAUDE.md", "AGENTS.md"),
            "CLAUDE.local.md",
            "/etc/claude-code/CLAUDE.md",
            "~/.claude",
            false,
            5,
            40_000);
  }

  /**
   * Auto memory: where it lives, how much of the index loads and how large a memory may be. {@code
   * maxMemoryBytes} (64 KB) is the largest memory a write accepts, its description and body in UTF-8, from
   * every surface (command line, MCP, extraction, the dream, team sync); a larger one is refused with an
   * error naming the limit, never cut. 64 KB is sixteen times what recall injects of one file ({@code
   * recall.bytesPerFile}), room for a long reference note, yet far below a pasted build log. {@code
   * maxTopicBytes} (1 MB) bounds what is read of one topic file, which a person may have written larger.
   * Every change to a memory keeps its versions in the store's history: at most {@code historyMaxVersions} (50)
   * per memory and {@code historyMaxBytes} (16 MiB) per store, the oldest versions dropped first (a memory's
   * oldest versions past its cap; past the store's, the histories of the memories changed longest ago, whole).
   * {@code review} says whether what extraction and the dream learn is written at once ({@code OFF}) or proposed
   * to the review inbox for the person to accept, edit or reject ({@code PROPOSE}).
   */
  public record Memory(
      Layout layout,
      String claudeHome,
      boolean isolateWorktrees,
      int indexMaxLines,
      int indexMaxBytes,
      int maxTopicBytes,
      int maxMemoryBytes,
      int trashRetentionDays,
      int historyMaxVersions,
      int historyMaxBytes,
      Review review) {
    public static final Memory DEFAULTS =
        new Memory(Layout.ENGRAM, "~/.claude", false, 200, 25_000, 1_048_576, 64 * 1024, 30, 50, 16 << 20, Review.OFF);
  }

  /** Whether learnt memories are written at once or proposed to the review inbox first. */
  public enum Review {
    /** Extraction and the dream write what they learn. */
    OFF,
    /** Extraction and the dream propose; a person accepts, edits or rejects each proposal in the inbox. */
    PROPOSE
  }

  /** Where the per-project memory directory lives. */
  public enum Layout {
    /** {@code <engram-home>/projects/<project-key>/memory/}. */
    ENGRAM,
    /** {@code ~/.claude/projects/<sanitized-path>/memory/}, shared with Claude Code. */
    CLAUDE_CODE
  }

  /** Session notes: when they start, when they are brought up to date, how long they grow. */
  public record Notes(
      @Setting(byDefault = "10_000", min = 0, help = "Context tokens a session reaches before its notes are first"
          + " written") int startTokens,
      @Setting(byDefault = "5_000", min = 0, help = "Context tokens the session must grow by since the last update"
          + " before the notes are updated again (with updateToolCalls)") int updateGrowthTokens,
      @Setting(byDefault = "3", min = 0, help = "Tool calls since the last update before the notes are updated"
          + " again (with updateGrowthTokens)") int updateToolCalls,
      @Setting(byDefault = "2_000", min = 1, help = "Most tokens one section of the notes holds") int sectionTokenCap,
      @Setting(byDefault = "12_000", min = 1, help = "Most tokens the notes hold in all") int totalTokenCap) {
    public static final Notes DEFAULTS = SettingDeclarations.defaults(Notes.class);

    /** These settings with {@code name} set to {@code value}, checked against its declared range. */
    public Notes with(String name, Object value) {
      return SettingDeclarations.with(this, name, value);
    }
  }

  /**
   * Per-turn extraction. The offline rules read sentences of at most {@code maxSentenceChars} (1,000)
   * characters: a rule, fact or preference a person states is far shorter, and a longer run without a
   * sentence end is pasted output (a log line, a base64 blob, minified code) that no rule is for. A pass
   * over a transcript file reads what was appended since the last one in pieces of at most {@code
   * maxReadBytes} (8 MiB, whole lines), so its memory stays bounded however much that is.
   */
  public record Extraction(
      @Setting(byDefault = "true", help = "Whether memories are learnt from each turn") boolean enabled,
      @Setting(byDefault = "5", min = 1, help = "Most memories one turn's extraction writes") int maxMemoriesPerTurn,
      @Setting(byDefault = "1_000", min = 1, help = "Longest sentence the offline rules read; a longer run is"
          + " pasted output") int maxSentenceChars,
      @Setting(byDefault = "8_388_608", min = 1, help = "Most bytes of a transcript one piece of an extraction"
          + " pass reads (8 MiB, whole lines)") int maxReadBytes) {
    public static final Extraction DEFAULTS = SettingDeclarations.defaults(Extraction.class);

    /** These settings with {@code name} set to {@code value}, checked against its declared range. */
    public Extraction with(String name, Object value) {
      return SettingDeclarations.with(this, name, value);
    }
  }

  /**
   * Dream gates and pruning; the staleness scan's bounds: at most
   * {@code staleScanMaxFiles} files of at most {@code staleScanMaxFileBytes} each are searched for symbols. A
   * session end never waits for the dream: it hands it to the resident service.
   * A dream plans for at most {@code timeBudgetSeconds}, so that one run never holds the service's lane; past
   * that it stops, applies nothing and releases its lock. A lock older than {@code lockMaxAgeSeconds}, or whose
   * holder's process start cannot be matched, is taken over: its holder cannot be proven alive and recent.
   * Near-duplicates: {@code mergeSimilarity} is the word-bigram Jaccard at or above which two memories
   * merge; {@code meaningSimilarity} the cosine, per embedding model (by its name), at or above which two
   * memories that name the same specifics merge by meaning. A model without an entry merges by words only.
   * Each model spreads its cosines differently, so the value is per model: for MiniLM, 0.80 sits above the 0.73
   * chosen on the tuning half of a planted set of paraphrases and related memories, for precision (no wrong
   * merge on the test half; docs/BENCHMARKS.md, "Merging by meaning").
   */
  public record Dream(
      int minHoursBetween,
      int minSessions,
      String lockFileName,
      int indexMaxLines,
      double mergeSimilarity,
      int staleScanMaxFiles,
      long staleScanMaxFileBytes,
      int timeBudgetSeconds,
      int lockMaxAgeSeconds,
      Map<String, Double> meaningSimilarity) {
    public static final Dream DEFAULTS = new Dream(24, 5, ".consolidate-lock", 200, 0.8, 20_000, 1_000_000, 15, 120,
        Map.of("all-MiniLM-L6-v2-q", 0.8, "all-MiniLM-L6-v2", 0.8));

    /** Keeps the map unmodifiable. */
    public Dream {
      meaningSimilarity = Map.copyOf(meaningSimilarity);
    }
  }

  /** Recall budgets, manifest size, ranking, the embedding model, the relevance floor and past-session search. */
  public record Recall(
      int manifestMaxFiles,
      int manifestIndexLines,
      int filesPerTurn,
      int bytesPerFile,
      int bytesPerTurn,
      int bytesPerSession,
      int rerankShortList,
      int fusionK,
      double hotnessHalfLifeDays,
      int candidatesPerRetriever,
      double hotnessWeight,
      double vectorWeight,
      Fusion fusion,
      double vectorShare,
      Vectors vectors,
      String embeddingModel,
      double keywordFloor,
      Map<String, Double> vectorFloors,
      Map<String, Double> anchorMargins,
      double keywordGate,
      int exactVectorLimit,
      int hnswMaxConnections,
      int hnswBeamWidth,
      int hnswCandidates,
      double contextShare,
      double secondPassShare,
      double dateBoost,
      int activityMessages,
      int activityTailBytes,
      int historyResults,
      double coverageWeight,
      Rescoring rescoring) {
    /**
     * Defaults: budgets of 5 files a turn, 4 KB a file, 20 KB a turn and 60 KB a session; RRF k = 60 (the
     * value of the RRF paper); 50 candidates from each retriever before fusion; hotness scales a fused score
     * by between {@code 1 - hotnessWeight} (cold) and 1 (hot), so decay reorders close calls but never hides
     * a strong match; the vector ranking's RRF terms are weighted 0.25 against BM25's 1.
     * {@code fusion}: SCORES (min-max normalised scores, {@code (1 - vectorShare) * bm25 + vectorShare *
     * cosine}) replaced RRF as the default: with {@code vectorShare} 0.4, chosen on conv-26 only, it lifts
     * held-out recall@5 from 65.1 (RRF) and 65.9 (BM25 alone) to 68.3; {@code vectorWeight} and
     * {@code fusionK} apply to RRF. {@code vectors}: AUTO embeds in the command line, the MCP server and the
     * resident service (which answers hooks), but not in a hook call answered in a JVM of its own, which would
     * pay seconds to load the embedding model (docs/BENCHMARKS.md, "Vectors in hooks").
     *
     * <p>{@code embeddingModel} names the model (docs/BENCHMARKS.md, "Embedding models"). The relevance
     * floor: a memory is sent only when its keyword match covers at least {@code keywordFloor} of the
     * query's IDF weight or its cosine reaches the model's entry of {@code vectorFloors} and, for a model with an entry
     * in {@code anchorMargins}, exceeds by that margin the cosine of the nearest of Engram's reference prompts in the
     * query's script (no memory answers them; docs/BENCHMARKS.md, "A vector floor calibrated per query"): an absolute
     * cosine does not calibrate across models and scripts. For such a model a memory that clears by keywords must also
     * come within {@code keywordGate} of that reference prompt's cosine (-0.15: a shared rare word is not enough when
     * the model puts the memory further from the prompt than everyday requests; docs/BENCHMARKS.md, "A keyword match
     * the model vouches for"). Vector search is
     * exact up to {@code exactVectorLimit} vectors (100,000: the true neighbours, where the HNSW graph found
     * 0.62 of them on the bench's synthetic vectors at 100k and four times the candidates only 0.76), above it an
     * HNSW graph ({@code hnswMaxConnections}, {@code hnswBeamWidth}) searched with {@code hnswCandidates}
     * candidates. {@code contextShare} weighs
     * the recent activity's search (files being edited, the last error) against the prompt's,
     * {@code secondPassShare} the second pass on what the first found, {@code dateBoost} the lift of a
     * memory dated within a period the query names (1.0: its score doubles; chosen on the LoCoMo dev split,
     * where 0.2 / 0.6 / 1.0 gave recall@5 67.7 / 68.6 / 68.9 with MiniLM and 68.9 / 69.8 / 70.1 with e5). The activity is read from the last
     * {@code activityMessages} messages of the transcript's last {@code activityTailBytes} bytes.
     * {@code historyResults}: turns {@code engram history} shows. {@code coverageWeight}: a candidate's score
     * is scaled by {@code 1 - coverageWeight + coverageWeight * coverage}, its keyword coverage (the IDF-weighted
     * share of the query's distinct terms it holds), so a document holding more of what was asked comes before
     * one that repeats one word of it (0.4, chosen on the LoCoMo dev split: recall@5 68.9 -> 71.2 with MiniLM;
     * docs/BENCHMARKS.md, "Keyword coverage in the ranking"). {@code rescoring}: the last stage of the ranking,
     * named features of each candidate added to its score ({@link Rescoring}).
     */
    public static final Recall DEFAULTS =
        new Recall(200, 200, 5, 4 * 1024, 20 * 1024, 60 * 1024, 20, 60, 30.0, 50, 0.3, 0.25, Fusion.SCORES, 0.4,
            Vectors.AUTO, "all-MiniLM-L6-v2-q", 0.3,
            Map.of("e5-small-v2-q", 0.8, "all-MiniLM-L6-v2-q", 0.35, "all-MiniLM-L6-v2", 0.35,
                "bge-small-en-v1.5-q", 0.6),
            Map.of("all-MiniLM-L6-v2-q", 0.0, "bge-small-zh-v1.5-q", 0.03), -0.15,
            100_000, 32, 200, 200, 0.3, 0.2, 1.0, 20, 256 * 1024, 10, 0.4, Rescoring.DEFAULTS);

    /** The same settings sending at most {@code files} memories a turn. */
    public Recall withFilesPerTurn(int files) {
      return new Recall(manifestMaxFiles, manifestIndexLines, files, bytesPerFile, bytesPerTurn, bytesPerSession,
          rerankShortList, fusionK, hotnessHalfLifeDays, candidatesPerRetriever, hotnessWeight, vectorWeight, fusion,
          vectorShare, vectors, embeddingModel, keywordFloor, vectorFloors, anchorMargins, keywordGate, exactVectorLimit, hnswMaxConnections,
          hnswBeamWidth, hnswCandidates, contextShare, secondPassShare, dateBoost, activityMessages, activityTailBytes,
          historyResults, coverageWeight, rescoring);
    }

    /** The same settings with other weights for the activity, the second pass and dates (0 turns one off). */
    public Recall withExpansion(double context, double secondPass, double dates) {
      return new Recall(manifestMaxFiles, manifestIndexLines, filesPerTurn, bytesPerFile, bytesPerTurn, bytesPerSession,
          rerankShortList, fusionK, hotnessHalfLifeDays, candidatesPerRetriever, hotnessWeight, vectorWeight, fusion,
          vectorShare, vectors, embeddingModel, keywordFloor, vectorFloors, anchorMargins, keywordGate, exactVectorLimit, hnswMaxConnections,
          hnswBeamWidth, hnswCandidates, context, secondPass, dates, activityMessages, activityTailBytes,
          historyResults, coverageWeight, rescoring);
    }

    /** The same settings with another weight of keyword coverage in the ranking (0: off). */
    public Recall withCoverageWeight(double weight) {
      return new Recall(manifestMaxFiles, manifestIndexLines, filesPerTurn, bytesPerFile, bytesPerTurn, bytesPerSession,
          rerankShortList, fusionK, hotnessHalfLifeDays, candidatesPerRetriever, hotnessWeight, vectorWeight, fusion,
          vectorShare, vectors, embeddingModel, keywordFloor, vectorFloors, anchorMargins, keywordGate, exactVectorLimit, hnswMaxConnections,
          hnswBeamWidth, hnswCandidates, contextShare, secondPassShare, dateBoost, activityMessages, activityTailBytes,
          historyResults, weight, rescoring);
    }

    /** The same settings with another last stage of the ranking ({@link Rescoring#OFF}: none). */
    public Recall withRescoring(Rescoring other) {
      return new Recall(manifestMaxFiles, manifestIndexLines, filesPerTurn, bytesPerFile, bytesPerTurn, bytesPerSession,
          rerankShortList, fusionK, hotnessHalfLifeDays, candidatesPerRetriever, hotnessWeight, vectorWeight, fusion,
          vectorShare, vectors, embeddingModel, keywordFloor, vectorFloors, anchorMargins, keywordGate, exactVectorLimit, hnswMaxConnections,
          hnswBeamWidth, hnswCandidates, contextShare, secondPassShare, dateBoost, activityMessages, activityTailBytes,
          historyResults, coverageWeight, other);
    }

    /**
     * How far above the nearest reference prompt of its script a memory's cosine must be for {@code model} (the floor
     * calibrated per query, model and script); empty for a model without an entry, which has its absolute floor alone.
     */
    public java.util.OptionalDouble anchorMargin(String model) {
      Double m = anchorMargins.get(model);
      return m == null ? java.util.OptionalDouble.empty() : java.util.OptionalDouble.of(m);
    }

    /** The cosine a vector match must reach for {@code model}; a model without an entry has no vector floor. */
    public double vectorFloor(String model) {
      return vectorFloors.getOrDefault(model, Double.POSITIVE_INFINITY);
    }
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
  public record Rescoring(double ownText, double timeAnswer, double dated, double substance, double group,
      double answers, double question, double tokens, double replyTokens, int substanceWords, int tokenCandidates) {
    /**
     * Defaults: the first four fitted on the LoCoMo dev split by coordinate ascent on recall@5 (71.2 -> 74.1 with
     * MiniLM), then {@code group}, {@code answers} and {@code question} on a grid with those kept (74.1 -> 77.1;
     * 76.5 fitting on six conversations and measuring the seventh), then {@code tokens}, {@code replyTokens} and
     * {@code tokenCandidates} on a grid with those kept (77.2 -> 78.8). Memories have no group, no reply and rarely
     * end in a question, so the coding set's ranking is the four weights' and the token match's (MRR 0.852; 0.857
     * without the token match).
     */
    public static final Rescoring DEFAULTS = new Rescoring(0.15, 0.25, 0.2, 0.6, 0.5, 0.4, 0.15, 0.5, 0.3, 40, 30);

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

    /**
     * The same weights with the feature {@code name} (a component's name) left out, for ablations.
     *
     * @throws IllegalArgumentException if {@code name} is not one of the weights
     */
    public Rescoring without(String name) {
      return switch (name) {
        case "ownText" -> with(0, timeAnswer, dated, substance, group, answers, question, tokens, replyTokens);
        case "timeAnswer" -> with(ownText, 0, dated, substance, group, answers, question, tokens, replyTokens);
        case "dated" -> with(ownText, timeAnswer, 0, substance, group, answers, question, tokens, replyTokens);
        case "substance" -> with(ownText, timeAnswer, dated, 0, group, answers, question, tokens, replyTokens);
        case "group" -> with(ownText, timeAnswer, dated, substance, 0, answers, question, tokens, replyTokens);
        case "answers" -> with(ownText, timeAnswer, dated, substance, group, 0, question, tokens, replyTokens);
        case "question" -> with(ownText, timeAnswer, dated, substance, group, answers, 0, tokens, replyTokens);
        case "tokens" -> with(ownText, timeAnswer, dated, substance, group, answers, question, 0, replyTokens);
        case "replyTokens" -> with(ownText, timeAnswer, dated, substance, group, answers, question, tokens, 0);
        default -> throw new IllegalArgumentException("no rescoring weight is named " + name);
      };
    }

    private Rescoring with(double ownText, double timeAnswer, double dated, double substance, double group,
        double answers, double question, double tokens, double replyTokens) {
      return new Rescoring(ownText, timeAnswer, dated, substance, group, answers, question, tokens, replyTokens,
          substanceWords, tokenCandidates);
    }

    /** The names {@link #without} takes, in the record's order. */
    public static final List<String> WEIGHTS =
        List.of("ownText", "timeAnswer", "dated", "substance", "group", "answers", "question", "tokens",
            "replyTokens");
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

  /**
   * Context window sizes, warning levels, the request budget and the token
   * correction: o200k_base counts times {@code tokenCorrection} (or the entry of
   * {@code modelTokenCorrections} whose key the model name starts with) approximate Claude's counts.
   * The factors were fitted on the shared transcripts (docs/BENCHMARKS.md, "Transcripts and tokens").
   * {@code turnsLeft} says how the turns left before the critical level are estimated.
   */
  public record Context(
      int defaultWindowTokens,
      Map<String, Integer> modelWindows,
      double warningRatio,
      double urgentRatio,
      double criticalRatio,
      double systemShare,
      double summaryShare,
      double filesShare,
      double messagesShare,
      double tokenCorrection,
      Map<String, Double> modelTokenCorrections,
      TurnsLeft turnsLeft) {
    public static final Context DEFAULTS =
        new Context(
            200_000,
            Map.of("claude-sonnet-4-5[1m]", 1_000_000, "claude-sonnet-4[1m]", 1_000_000),
            0.60,
            0.80,
            0.92,
            0.05,
            0.20,
            0.45,
            0.30,
            1.30,
            Map.of("claude-opus-4-6", 1.23, "claude-haiku-4-5", 1.64),
            TurnsLeft.DEFAULTS);

    /** These settings with other turn estimates. */
    public Context withTurnsLeft(TurnsLeft estimates) {
      return new Context(defaultWindowTokens, modelWindows, warningRatio, urgentRatio, criticalRatio, systemShare,
          summaryShare, filesShare, messagesShare, tokenCorrection, modelTokenCorrections, estimates);
    }
  }

  /**
   * How many turns a session has left before its window reaches the critical level: the tokens still free
   * below it divided by the mean growth of the session's last {@code recentTurns} turns, once it has at least
   * {@code minTurns}; before that, the typical ranges for a session at the warning level
   * ({@code warningLow}-{@code warningHigh} turns) and at the urgent level ({@code urgentLow}-{@code urgentHigh}).
   */
  public record TurnsLeft(int warningLow, int warningHigh, int urgentLow, int urgentHigh, int recentTurns,
      int minTurns) {
    public static final TurnsLeft DEFAULTS = new TurnsLeft(25, 30, 8, 12, 5, 2);
  }

  /**
   * Compaction score weights, degradation ladder and file recovery.
   *
   * <p>Beyond the score's weights and thresholds: {@code maxRecompactions} is how many degraded re-compactions the
   * ladder tries before it gives up; {@code severeLossShare} is the preservation share of one kind of
   * key information below which that kind "lost much" (the ladder then keeps original fragments);
   * {@code fuzzyMatchShare} is the share of a long error message's or instruction's content words a
   * summary must contain for it to count as preserved; {@code maxTechnicalKeywords} caps the technical
   * keywords taken from the original (the most frequent first); {@code pruneProtectRecent} is how many of
   * the most recent messages keep their tool outputs when old ones are pruned; {@code pruneTargetShare} is
   * the share of the model window the conversation handed to the summarizer may fill before old tool
   * outputs are pruned (oldest first); the offline summary aims at {@code summaryShare} of the summarised
   * tokens and at least {@code summaryMinTokens} (or 30% of them when that is less), the size of a model's
   * summary of a long session; a user message longer than {@code userQuoteChars} is quoted by its beginning and
   * its end, word for word, with what lies between (a pasted log, a file) said to be left out.
   */
  public record Compaction(
      double weightSections,
      double weightKeyInfo,
      double weightContinuity,
      double weightCompression,
      int passScore,
      int retryScore,
      double truncateKeepShare,
      int maxRestoredFiles,
      int maxRestoredFileTokens,
      double targetReductionMin,
      double targetReductionMax,
      int maxRecompactions,
      double severeLossShare,
      double fuzzyMatchShare,
      int maxTechnicalKeywords,
      int pruneProtectRecent,
      double pruneTargetShare,
      double summaryShare,
      int summaryMinTokens,
      int userQuoteChars) {
    public static final Compaction DEFAULTS = new Compaction(0.3, 0.4, 0.2, 0.1, 80, 70, 0.30, 19, 8_000, 0.70,
        0.80, 2, 0.5, 0.6, 25, 10, 0.5, 0.03, 2_500, 2_000);
  }

  /**
   * Which model answers, and how Engram talks to it. {@code provider} is
   * {@code offline}, {@code anthropic} or {@code openai}; {@code ENGRAM_MODEL} overrides provider and name.
   * {@code timeoutSeconds} bounds one HTTP attempt; {@code retryBackoffMillis} is the first wait before a
   * retry (it doubles); a server's {@code retry-after} above {@code maxRetryAfterSeconds} fails the call.
   */
  public record Model(
      @Setting(byDefault = "offline", help = "Who answers: offline, anthropic or openai (ENGRAM_MODEL overrides"
          + " provider and name)") String provider,
      @Setting(byDefault = "", help = "The model's name; empty for the provider's default") String name,
      @Setting(byDefault = "", help = "The API's base URL; empty for the provider's own") String baseUrl,
      @Setting(byDefault = "60", min = 1, help = "Seconds one HTTP attempt may take") int timeoutSeconds,
      @Setting(byDefault = "3", min = 0, help = "Retries of a failed call") int maxRetries,
      @Setting(byDefault = "4_096", min = 1, help = "Most tokens a model's answer may hold") int maxOutputTokens,
      @Setting(byDefault = "500", min = 0, help = "First wait before a retry, in ms (it doubles)")
          int retryBackoffMillis,
      @Setting(byDefault = "60", min = 0, help = "A server's retry-after above this many seconds fails the call")
          int maxRetryAfterSeconds) {
    public static final Model DEFAULTS = SettingDeclarations.defaults(Model.class);

    /** These settings with {@code name} set to {@code value}, checked against its declared range. */
    public Model with(String name, Object value) {
      return SettingDeclarations.with(this, name, value);
    }
  }

  /** Token caps on background model work, and how many days the usage ledger keeps. */
  public record Governor(
      @Setting(byDefault = "200_000", min = 0, help = "Most tokens of background model work in one session")
          long sessionTokenCap,
      @Setting(byDefault = "2_000_000", min = 0, help = "Most tokens of background model work in one day")
          long dailyTokenCap,
      @Setting(byDefault = "31", min = 1, help = "Days the usage ledger keeps") int ledgerKeepDays) {
    public static final Governor DEFAULTS = SettingDeclarations.defaults(Governor.class);

    /** These settings with {@code name} set to {@code value}, checked against its declared range. */
    public Governor with(String name, Object value) {
      return SettingDeclarations.with(this, name, value);
    }
  }

  /**
   * Claude Code's hooks. {@code contextCharCap} bounds the text one hook injects: Claude Code replaces an
   * {@code additionalContext} longer than 10,000 characters by a file path and a preview, so the cap stays
   * below that, with room for the line that says what was left out. The timeouts are what {@code engram
   * hooks install} writes into Claude Code's settings for the events that inject context (SessionStart,
   * UserPromptSubmit) and for the others (Stop, PreCompact, SessionEnd; Claude Code bounds SessionEnd to
   * about 1.5 s whatever is written). What each hook call injected is appended to the session's injection ledger
   * (one JSON line per call); past {@code injectionLedgerMaxBytes} (1 MiB, some thousands of calls) its oldest
   * lines are dropped, so a session that never ends cannot fill the disk. A call that finds the session's ledger
   * locked by another call of the same session (a hook, recall's levels, MCP's {@code context}) waits up to
   * {@code sessionLockWaitMillis} for it, then gives up with a line that says which call holds it.
   */
  public record Hooks(
      @Setting(byDefault = "9_500", min = 500, max = 9_999, help = "Most characters one hook injects (Claude Code"
          + " replaces more than 10,000 by a file path)") int contextCharCap,
      @Setting(byDefault = "10", min = 1, help = "Timeout in seconds hooks install writes for SessionStart and"
          + " UserPromptSubmit") int contextTimeoutSeconds,
      @Setting(byDefault = "30", min = 1, help = "Timeout in seconds hooks install writes for Stop, PreCompact and"
          + " SessionEnd") int afterTurnTimeoutSeconds,
      @Setting(byDefault = "1_048_576", min = 4_096, help = "Size of a session's injection ledger past which its"
          + " oldest lines are dropped") int injectionLedgerMaxBytes,
      @Setting(byDefault = "2_000", min = 1, help = "How long a call waits, in ms, for another call of the same"
          + " session to release its ledger") int sessionLockWaitMillis) {
    public static final Hooks DEFAULTS = SettingDeclarations.defaults(Hooks.class);

    /** These settings with {@code name} set to {@code value}, checked against its declared range. */
    public Hooks with(String name, Object value) {
      return SettingDeclarations.with(this, name, value);
    }
  }

  /**
   * The resident service ({@code engram daemon}). It exits after {@code idleSeconds} without a request or
   * pending work; {@code port} 0 takes the previous run's port when it is free, else any free one (a fixed
   * port keeps an MCP client's URL stable); {@code workers} threads do the background work of all projects
   * (one project's work runs in order), and the queue of that work is read again every
   * {@code queueRescanSeconds} for what a failed run left behind. A hook client waits {@code answerMillis}
   * for an answer (below {@code hooks.contextTimeoutSeconds}: a slow answer is still in time, as a JVM started
   * after it gave up would not be), {@code sessionEndAnswerMillis} at SessionEnd (Claude Code gives that event
   * about 1.5 s in all); PreCompact waits up to {@code preCompactWaitSeconds} for the session notes to be
   * brought up to date before Claude Code compacts; {@code engram daemon start} waits up to {@code startWaitSeconds} for the
   * service to answer. The service's Java heap grows as needed up to {@code maxHeapMiB} (a store of 10,000 memories
   * used about 160 MiB of it).
   */
  public record Service(
      @Setting(byDefault = "1_800", min = 1, help = "Seconds without a request or pending work after which the"
          + " service exits") int idleSeconds,
      @Setting(byDefault = "0", min = 0, max = 65_535, help = "The service's port; 0 takes the previous run's when"
          + " free, else any") int port,
      @Setting(byDefault = "2", min = 1, help = "Threads doing the background work of all projects") int workers,
      @Setting(byDefault = "30", min = 1, help = "Seconds between reads of the work queue for what a failed run"
          + " left behind") int queueRescanSeconds,
      @Setting(byDefault = "8_000", min = 100, help = "How long a hook client waits for the service's answer, in"
          + " ms") int answerMillis,
      @Setting(byDefault = "800", min = 100, help = "How long the SessionEnd hook waits for the service's answer,"
          + " in ms") int sessionEndAnswerMillis,
      @Setting(byDefault = "20", min = 0, help = "Seconds PreCompact waits for the session notes to be brought up"
          + " to date") int preCompactWaitSeconds,
      @Setting(byDefault = "30", min = 1, help = "Seconds engram daemon start waits for the service to answer")
          int startWaitSeconds,
      @Setting(byDefault = "512", min = 64, help = "The service's largest Java heap, in MiB") int maxHeapMiB) {
    public static final Service DEFAULTS = SettingDeclarations.defaults(Service.class);

    /** These settings with {@code name} set to {@code value}, checked against its declared range. */
    public Service with(String name, Object value) {
      return SettingDeclarations.with(this, name, value);
    }
  }

  /**
   * Team memory on PostgreSQL. {@code connectTimeoutSeconds} bounds the wait for the team database, so that a
   * sync with the database down says so quickly and leaves the changes queued; a command holds at most
   * {@code maxConnections} connections; a sync pulls changes {@code pullBatchSize} rows at a time. The resident
   * service's watcher syncs when PostgreSQL notifies a change, at most once every {@code watchDebounceMillis},
   * and every {@code watchFallbackSeconds} without one (what a lost notification costs); after a lost connection
   * it retries after 1 s, doubling up to {@code reconnectMaxSeconds}. One sync of a project runs at a time; another
   * waits up to {@code syncLockWaitSeconds} for it. A pulled batch's mirror files are forced to disk together
   * from up to {@code mirrorSyncThreads} threads (the file system then commits them in a few journal commits).
   */
  public record Team(
      @Setting(byDefault = "5", min = 1, help = "Seconds to wait for the team database") int connectTimeoutSeconds,
      @Setting(byDefault = "2", min = 1, help = "Most database connections a command holds") int maxConnections,
      @Setting(byDefault = "1_000", min = 1, help = "Rows a sync pulls at a time") int pullBatchSize,
      @Setting(byDefault = "250", min = 0, help = "Least ms between two syncs the service's watcher runs on"
          + " notifications") int watchDebounceMillis,
      @Setting(byDefault = "300", min = 1, help = "Seconds after which the watcher syncs without a notification")
          int watchFallbackSeconds,
      @Setting(byDefault = "60", min = 1, help = "Longest wait in seconds before reconnecting to a lost database")
          int reconnectMaxSeconds,
      @Setting(byDefault = "60", min = 0, help = "Seconds a sync waits for another sync of the same project")
          int syncLockWaitSeconds,
      @Setting(byDefault = "16", min = 1, max = 256, help = "Threads forcing a pulled batch's mirror files to disk")
          int mirrorSyncThreads) {
    public static final Team DEFAULTS = SettingDeclarations.defaults(Team.class);

    /** These settings with {@code name} set to {@code value}, checked against its declared range. */
    public Team with(String name, Object value) {
      return SettingDeclarations.with(this, name, value);
    }
  }

  /**
   * Bounds of the embedded HTTP server (the resident service's one port for hooks, the UI and MCP, and
   * {@code engram mcp --http}) against clients that misbehave or attack. Like {@link Mcp} they are not read
   * from {@code settings.json}: a defence is not a preference.
   *
   * @param requestReadMillis time a request's head may take from the connection's first byte (or the end of the
   *     previous request), and its body from the end of its head; past it the connection is closed
   * @param idleMillis how long a connection may stay open without a byte read or written
   * @param maxConnections open connections in all
   * @param maxConnectionsPerClient open connections from one client address; a newcomer past either bound
   *     closes the connection that has waited longest without a request being answered on it
   * @param maxHeaderBytes the longest request head (request line and header fields)
   * @param maxBodyBytes the largest request body of a route that names no bound of its own (a hook's input)
   * @param maxThreads threads that run requests (reading a head or waiting for a client costs none)
   */
  public record Http(
      int requestReadMillis,
      int idleMillis,
      int maxConnections,
      int maxConnectionsPerClient,
      int maxHeaderBytes,
      int maxBodyBytes,
      int maxThreads) {
    public static final Http DEFAULTS = new Http(10_000, 60_000, 64, 16, 16 * 1024, 4 * 1024 * 1024, 32);
  }

  /**
   * Bounds of the MCP server ({@code engram mcp}) against clients that misbehave or attack; over HTTP the
   * server's own bounds are {@link Http}'s. They are not read from {@code settings.json}: a defence is not a
   * preference.
   *
   * @param workers threads that run stdio requests
   * @param maxMessageBytes the longest JSON-RPC message, an HTTP body or a stdio line (4 MiB)
   * @param minTokenBits the least entropy of an HTTP bearer token (32 random bytes)
   * @param stdioWaitNoticeMillis how often the stdio server says it still waits for requests that are running when
   *     stdin ends; it answers every request it read before it exits, however long they take
   * @param changeCheckMillis how often, while a client with a session is connected, the store is compared with
   *     what it was, so that changes other processes made are told too (a tool call's are told at once)
   * @param keepAliveMillis how often an idle HTTP event stream gets a comment, so no idle bound closes it
   * @param maxSessions HTTP sessions kept at once (the one idle longest goes first)
   * @param sessionIdleMillis how long an HTTP session without an open stream is kept after its last request
   * @param pageSize the memories one page of the {@code list} tool or of {@code resources/list} holds unless the
   *     call asks for fewer (50: a few kilobytes a model reads at once; the rest comes with the next cursor)
   * @param maxPageSize the most memories one {@code list} page may ask for
   */
  public record Mcp(int workers, int maxMessageBytes, int minTokenBits, int stdioWaitNoticeMillis,
      int changeCheckMillis, int keepAliveMillis, int maxSessions, int sessionIdleMillis, int pageSize,
      int maxPageSize) {
    public static final Mcp DEFAULTS = new Mcp(4, 4 * 1024 * 1024, 256, 5_000, 2_000, 25_000, 256, 3_600_000, 50, 200);
  }

  /**
   * Bounds of the web UI the resident service serves under {@code /ui/} ({@code engram ui}). Like {@link Mcp}
   * they are not read from {@code settings.json}.
   *
   * @param loginCodeSeconds how long a one-time login URL stays valid (2 minutes: long enough to open it)
   * @param sessionIdleMinutes how long a browser session lives without a request (8 hours: a working day)
   * @param maxSessions browser sessions kept at once; the oldest goes when a new one would exceed it
   * @param pageSize memories a list page shows unless the page asks for another size
   * @param maxPageSize the most memories one page may ask for
   * @param searchResults memories a search shows (what recall ranks, without its per-turn byte budget)
   * @param maxRequestBytes the largest request body (an edited memory is at most {@code memory.maxMemoryBytes}
   *     plus its frontmatter)
   */
  public record Ui(int loginCodeSeconds, int sessionIdleMinutes, int maxSessions, int pageSize, int maxPageSize,
      int searchResults, int maxRequestBytes) {
    public static final Ui DEFAULTS = new Ui(120, 480, 32, 50, 500, 50, 256 * 1024);
  }
}
