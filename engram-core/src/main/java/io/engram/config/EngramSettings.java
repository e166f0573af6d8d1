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

  /** Auto memory: where it lives and how much of the index loads. */
  public record Memory(
      Layout layout,
      String claudeHome,
      boolean isolateWorktrees,
      int indexMaxLines,
      int indexMaxBytes,
      int maxTopicBytes,
      int trashRetentionDays) {
    public static final Memory DEFAULTS =
        new Memory(Layout.ENGRAM, "~/.claude", false, 200, 25_000, 1_048_576, 30);
  }

  /** Where the per-project memory directory lives. */
  public enum Layout {
    /** {@code <engram-home>/projects/<project-key>/memory/}. */
    ENGRAM,
    /** {@code ~/.claude/projects/<sanitized-path>/memory/}, shared with Claude Code. */
    CLAUDE_CODE
  }

  /** Session notes thresholds and caps. */
  public record Notes(
      int startTokens, int updateGrowthTokens, int updateToolCalls, int sectionTokenCap, int totalTokenCap) {
    public static final Notes DEFAULTS = new Notes(10_000, 5_000, 3, 2_000, 12_000);
  }

  /** Per-turn extraction. */
  public record Extraction(boolean enabled, int maxMemoriesPerTurn) {
    public static final Extraction DEFAULTS = new Extraction(true, 5);
  }

  /**
   * Dream gates and pruning; the staleness scan's bounds: at most
   * {@code staleScanMaxFiles} files of at most {@code staleScanMaxFileBytes} each are searched for symbols;
   * a SessionEnd hook waits at most {@code hookWaitSeconds} for the dream it started (the agent waits on it).
   */
  public record Dream(
      int minHoursBetween,
      int minSessions,
      String lockFileName,
      int indexMaxLines,
      double mergeSimilarity,
      int staleScanMaxFiles,
      long staleScanMaxFileBytes,
      int hookWaitSeconds) {
    public static final Dream DEFAULTS = new Dream(24, 5, ".consolidate-lock", 200, 0.8, 20_000, 1_000_000, 20);
  }

  /** Recall budgets, manifest size and ranking. */
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
      Vectors vectors) {
    /**
     * Defaults: budgets of 5 files a turn, 4 KB a file, 20 KB a turn and 60 KB a session; RRF k = 60 (the
     * value of the RRF paper); 50 candidates from each retriever before fusion; hotness scales a fused score by between {@code 1 - hotnessWeight} (cold)
     * and 1 (hot), so decay reorders close calls but never hides a strong match; the vector ranking's
     * RRF terms are weighted 0.25 against BM25's 1, chosen on one LoCoMo conversation (conv-26) and
     * confirmed on the six held out (docs/BENCHMARKS.md): equal weights cost 6 points of recall@5 there.
     * {@code fusion}: SCORES (min-max normalised scores, {@code (1 - vectorShare) * bm25 + vectorShare *
     * cosine}) replaced RRF as the default: with {@code vectorShare} 0.4, chosen on conv-26 only, it lifts
     * held-out recall@5 from 65.1 (RRF) and 65.9 (BM25 alone) to 68.3; {@code vectorWeight} and
     * {@code fusionK} apply to RRF. {@code vectors}: AUTO embeds in the command line and the MCP server but not in hook calls, whose
     * new JVM would pay seconds to load the embedding model (docs/BENCHMARKS.md, "Vectors in hooks").
     */
    public static final Recall DEFAULTS =
        new Recall(200, 200, 5, 4 * 1024, 20 * 1024, 60 * 1024, 20, 60, 30.0, 50, 0.3, 0.25, Fusion.SCORES, 0.4,
            Vectors.AUTO);
  }

  /** How recall fuses the keyword and vector rankings. */
  public enum Fusion {
    /** Convex combination of min-max normalised scores ({@code RecallIndex.fuseScores}). */
    SCORES,
    /** Weighted reciprocal rank fusion ({@code RecallIndex.fuse}). */
    RRF
  }

  /** Whether recall embeds (vector search beside BM25): AUTO = yes except in short-lived hook calls. */
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
      Map<String, Double> modelTokenCorrections) {
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
            Map.of("claude-opus-4-6", 1.23, "claude-haiku-4-5", 1.64));
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
   * outputs are pruned (oldest first).
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
      double pruneTargetShare) {
    public static final Compaction DEFAULTS =
        new Compaction(0.3, 0.4, 0.2, 0.1, 80, 70, 0.30, 19, 8_000, 0.70, 0.80, 2, 0.5, 0.6, 40, 10, 0.5);
  }

  /**
   * Which model answers, and how Engram talks to it. {@code provider} is
   * {@code offline}, {@code anthropic} or {@code openai}; {@code ENGRAM_MODEL} overrides provider and name.
   * {@code timeoutSeconds} bounds one HTTP attempt; {@code retryBackoffMillis} is the first wait before a
   * retry (it doubles); a server's {@code retry-after} above {@code maxRetryAfterSeconds} fails the call.
   */
  public record Model(
      String provider,
      String name,
      String baseUrl,
      int timeoutSeconds,
      int maxRetries,
      int maxOutputTokens,
      int retryBackoffMillis,
      int maxRetryAfterSeconds) {
    public static final Model DEFAULTS = new Model("offline", "", "", 60, 3, 4_096, 500, 60);
  }

  /** Token caps on background model work, and how many days the usage ledger keeps. */
  public record Governor(long sessionTokenCap, long dailyTokenCap, int ledgerKeepDays) {
    public static final Governor DEFAULTS = new Governor(200_000, 2_000_000, 31);
  }

  /**
   * Team memory on PostgreSQL. {@code connectTimeoutSeconds} bounds the wait for the team database, so that a
   * sync with the database down says so quickly and leaves the changes queued; a command holds at most
   * {@code maxConnections} connections; a sync pulls changes {@code pullBatchSize} rows at a time. The resident
   * service's watcher syncs when PostgreSQL notifies a change, at most once every {@code watchDebounceMillis},
   * and every {@code watchFallbackSeconds} without one (what a lost notification costs); after a lost connection
   * it retries after 1 s, doubling up to {@code reconnectMaxSeconds}. One sync of a project runs at a time; another
   * waits up to {@code syncLockWaitSeconds} for it.
   */
  public record Team(int connectTimeoutSeconds, int maxConnections, int pullBatchSize, int watchDebounceMillis,
      int watchFallbackSeconds, int reconnectMaxSeconds, int syncLockWaitSeconds) {
    public static final Team DEFAULTS = new Team(5, 2, 1_000, 250, 300, 60, 60);
  }

  /**
   * Bounds of the MCP server ({@code engram mcp}) against clients that misbehave or attack. They are not read
   * from {@code settings.json}: a defence is not a preference.
   *
   * @param workers threads that run requests (per transport)
   * @param maxMessageBytes the longest JSON-RPC message, an HTTP body or a stdio line (4 MiB)
   * @param requestReadMillis time from a request's first byte until its head and body are all read
   * @param idleMillis how long an HTTP connection may wait for its next request
   * @param responseWriteMillis time a client has to take an HTTP answer
   * @param lingerMillis how long a connection closed by the server after an early answer (401, 413) still
   *     has its unread request bytes drained, so the client reads the answer instead of a reset
   * @param maxConnections open HTTP connections in all
   * @param maxConnectionsPerAddress open HTTP connections from one client address
   * @param maxHeaderBytes the longest HTTP request head (request line and headers)
   * @param maxHeaders the most header fields in an HTTP request
   * @param minTokenBits the least entropy of an HTTP bearer token (32 random bytes)
   * @param stdioDrainMillis how long requests still running when stdin ends may take before the server exits
   */
  public record Mcp(
      int workers,
      int maxMessageBytes,
      int requestReadMillis,
      int idleMillis,
      int responseWriteMillis,
      int lingerMillis,
      int maxConnections,
      int maxConnectionsPerAddress,
      int maxHeaderBytes,
      int maxHeaders,
      int minTokenBits,
      int stdioDrainMillis) {
    public static final Mcp DEFAULTS = new Mcp(4, 4 * 1024 * 1024, 10_000, 60_000, 10_000, 2_000, 64, 16, 16 * 1024, 100,
        256, 5_000);
  }
}
