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
    Team team) implements SettingsSection<EngramSettings> {

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

  /** Every setting {@code settings.json} may name, as its {@link Setting} declaration describes it. */
  public static List<SettingDescription> described() {
    return SettingDeclarations.described();
  }

  /** Instruction files: which names are read, where traversal stops, how deep imports go. */
  public record Instructions(
      @Setting(byDefault = "['CLAUDE.md', 'AGENTS.md']", help = "Names of the instruction files read in each"
          + " directory") List<String> fileNames,
      @Setting(byDefault = "CLAUDE.local.md", help = "Name of the personal instruction file, not committed")
          String localFileName,
      @Setting(byDefault = "/etc/claude-code/CLAUDE.md", help = "The organisation's managed instruction file")
          String managedPath,
      @Setting(byDefault = "~/.claude", help = "Directory of the user's own instruction file") String userDir,
      @Setting(byDefault = "false", help = "Whether the walk up from the project stops at the git repository's root"
          + " (else at /)") boolean stopAtRepoRoot,
      @Setting(byDefault = "5", min = 0, help = "How deep @imports are followed") int maxImportHops,
      @Setting(byDefault = "40_000", min = 1, help = "Characters past which an instruction file is reported as"
          + " large") int warnChars) implements SettingsSection<Instructions> {
    public static final Instructions DEFAULTS = SettingDeclarations.defaults(Instructions.class);

    /** Keeps the list unmodifiable. */
    public Instructions {
      fileNames = List.copyOf(fileNames);
    }
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
   * to the review inbox for the person to accept, edit or reject ({@code PROPOSE}); the last {@code rejectedKept}
   * rejected proposals are remembered, so that one is not proposed again.
   */
  public record Memory(
      @Setting(byDefault = "ENGRAM", help = "Where a project's memories live: ENGRAM (under Engram's home) or"
          + " CLAUDE_CODE (Claude Code's project directory, shared with it)") Layout layout,
      @Setting(byDefault = "~/.claude", help = "Claude Code's home, for the CLAUDE_CODE layout") String claudeHome,
      @Setting(byDefault = "false", help = "Whether each git worktree of a repository keeps memories of its own")
          boolean isolateWorktrees,
      @Setting(byDefault = "200", min = 1, help = "Lines of MEMORY.md loaded into a session") int indexMaxLines,
      @Setting(byDefault = "25_000", min = 1, help = "Bytes of MEMORY.md loaded into a session") int indexMaxBytes,
      @Setting(byDefault = "1_048_576", min = 1, help = "Most bytes read of one topic file") int maxTopicBytes,
      @Setting(byDefault = "65_536", min = 1, help = "Largest memory a write accepts (description and body); a"
          + " larger one is refused, never cut") int maxMemoryBytes,
      @Setting(byDefault = "30", min = 0, help = "Days the trash keeps a forgotten memory") int trashRetentionDays,
      @Setting(byDefault = "50", min = 1, help = "Versions kept of one memory") int historyMaxVersions,
      @Setting(byDefault = "16_777_216", min = 65_536, help = "Bytes of history kept per memory directory, the"
          + " oldest dropped first") int historyMaxBytes,
      @Setting(byDefault = "OFF", help = "OFF: extraction and the dream write what they learn; PROPOSE: they"
          + " propose it to the review inbox") Review review,
      @Setting(byDefault = "500", min = 0, help = "Rejected proposals the review inbox keeps, so that they are not"
          + " proposed again (the oldest dropped)") int rejectedKept) implements SettingsSection<Memory> {
    public static final Memory DEFAULTS = SettingDeclarations.defaults(Memory.class);
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

  /**
   * Session notes: when they start, when they are brought up to date, how long they grow, what a model updating them
   * is sent, and what the offline engine writes without one ({@link NotesOffline}).
   */
  public record Notes(
      @Setting(byDefault = "10_000", min = 0, help = "Context tokens a session reaches before its notes are first"
          + " written") int startTokens,
      @Setting(byDefault = "5_000", min = 0, help = "Context tokens the session must grow by since the last update"
          + " before the notes are updated again (with updateToolCalls)") int updateGrowthTokens,
      @Setting(byDefault = "3", min = 0, help = "Tool calls since the last update before the notes are updated"
          + " again (with updateGrowthTokens)") int updateToolCalls,
      @Setting(byDefault = "2_000", min = 1, help = "Most tokens one section of the notes holds") int sectionTokenCap,
      @Setting(byDefault = "12_000", min = 1, help = "Most tokens the notes hold in all") int totalTokenCap,
      @Setting(byDefault = "4_000", min = 1, help = "Most tokens a model's answer updating the notes may hold")
          int maxAnswerTokens,
      @Setting(byDefault = "120_000", min = 1_000, help = "Most characters of new messages one model update of the"
          + " notes is sent, the oldest cut first") int promptMessageChars,
      @Setting(byDefault = "400", min = 1, help = "Most characters of one tool call's input a model update of the notes"
          + " is sent") int modelToolCallChars,
      @Setting(byDefault = "1_500", min = 1, help = "Most characters of one tool result a model update of the notes is"
          + " sent") int modelToolOutputChars,
      NotesOffline offline) implements SettingsSection<Notes> {
    public static final Notes DEFAULTS = SettingDeclarations.defaults(Notes.class);
  }

  /**
   * What the offline notes engine writes without a model: how many files, names, errors and corrections it lists, and
   * how much of each text it quotes; the notes' token caps ({@code notes.sectionTokenCap}, {@code totalTokenCap}) then
   * bound the whole.
   */
  public record NotesOffline(
      @Setting(byDefault = "30", min = 0, help = "Most files the offline notes list, the most recently touched first")
          int files,
      @Setting(byDefault = "8", min = 0, help = "Most names the offline notes list for one file") int symbolsPerFile,
      @Setting(byDefault = "15", min = 0, help = "Most errors the offline notes list, the latest") int errors,
      @Setting(byDefault = "10", min = 0, help = "Most user corrections the offline notes list, the latest")
          int corrections,
      @Setting(byDefault = "1_200", min = 1, help = "Most characters of the latest request the offline notes quote")
          int requestChars,
      @Setting(byDefault = "800", min = 1, help = "Most characters of the last reply the offline notes quote")
          int replyChars,
      @Setting(byDefault = "200", min = 1, help = "Most characters of an error's line the offline notes quote")
          int errorChars,
      @Setting(byDefault = "300", min = 1, help = "Most characters of a user correction the offline notes quote")
          int correctionChars,
      @Setting(byDefault = "160", min = 1, help = "Most characters of a request one worklog entry quotes")
          int worklogRequestChars,
      @Setting(byDefault = "200", min = 1, help = "Most characters of a reply one worklog entry quotes")
          int worklogResultChars,
      @Setting(byDefault = "80", min = 1, help = "Most characters of a tool call's command or path the offline notes"
          + " quote") int callChars) implements SettingsSection<NotesOffline> {
    public static final NotesOffline DEFAULTS = SettingDeclarations.defaults(NotesOffline.class);
  }

  /**
   * Per-turn extraction. The offline rules read sentences of at most {@code maxSentenceChars} (1,000)
   * characters: a rule, fact or preference a person states is far shorter, and a longer run without a
   * sentence end is pasted output (a log line, a base64 blob, minified code) that no rule is for. A pass
   * over a transcript file reads what was appended since the last one in pieces of at most {@code
   * maxReadBytes} (8 MiB, whole lines), so its memory stays bounded however much that is. A pass records where it
   * got to in the session's ledger, waiting up to {@code ledgerWaitMillis} (10 s: it runs after the turn, and the
   * ledger is held only while a call writes it) for another call of the session. How much of what a person said the
   * offline rules write into a memory is its own group, {@link ExtractionOffline}.
   */
  public record Extraction(
      @Setting(byDefault = "true", help = "Whether memories are learnt from each turn") boolean enabled,
      @Setting(byDefault = "5", min = 1, help = "Most memories one turn's extraction writes") int maxMemoriesPerTurn,
      @Setting(byDefault = "0.5", min = 0, max = 1, help = "Share of a learnt memory's words a stored memory's name and"
          + " description must hold for the offline rules to update it rather than add another") double updateSimilarity,
      @Setting(byDefault = "1_000", min = 1, help = "Longest sentence the offline rules read; a longer run is"
          + " pasted output") int maxSentenceChars,
      @Setting(byDefault = "8_388_608", min = 1, help = "Most bytes of a transcript one piece of an extraction"
          + " pass reads (8 MiB, whole lines)") int maxReadBytes,
      @Setting(byDefault = "3_000", min = 1, help = "Most tokens a model's answer to one extraction may hold")
          int maxAnswerTokens,
      @Setting(byDefault = "3_000", min = 1, help = "Most characters of one tool output a model's extraction is sent")
          int modelToolOutputChars,
      @Setting(byDefault = "300", min = 1, help = "Most characters of one tool call's input a model's extraction is"
          + " sent") int modelToolCallChars,
      @Setting(byDefault = "10_000", min = 0, help = "How long, in ms, a pass waits for another call of the session to"
          + " release its ledger before where it got to goes unrecorded") int ledgerWaitMillis,
      @Setting(byDefault = "0.4", min = 0, max = 1, help = "Probability of the learnt correction model at or above"
          + " which a turn the offline rules pass over is kept as a correction; 1 turns the model off")
          double learntCorrectionMin,
      @Setting(byDefault = "0.1", min = 0, max = 1, help = "Probability of the learnt correction model below which a"
          + " correction the offline rules read is dropped; 0 keeps every one") double learntCorrectionKeep,
      @Setting(byDefault = "600", min = 1, help = "Longest turn, in characters, the learnt correction model keeps"
          + " whole as a correction") int learntCorrectionMaxChars,
      ExtractionOffline offline)
      implements SettingsSection<Extraction> {
    public static final Extraction DEFAULTS = SettingDeclarations.defaults(Extraction.class);
  }

  /**
   * How much of what a person said the offline rules write into a memory: its description and body, the words of
   * theirs it quotes, and the names it gives in one line (a tool, a command, who the user is).
   */
  public record ExtractionOffline(
      @Setting(byDefault = "150", min = 1, help = "Most characters of the description of a memory the offline rules"
          + " write") int descriptionChars,
      @Setting(byDefault = "600", min = 1, help = "Most characters of the rule or fact the offline rules write as a"
          + " memory's body") int bodyChars,
      @Setting(byDefault = "2_000", min = 1, help = "Most characters of the words around a rule, read over several"
          + " sentences, its memory's body holds") int spanChars,
      @Setting(byDefault = "300", min = 1, help = "Most characters of the person's own words a memory the offline"
          + " rules write quotes") int quoteChars,
      @Setting(byDefault = "400", min = 1, help = "Most characters of the person's own words a deadline's memory"
          + " quotes") int deadlineQuoteChars,
      @Setting(byDefault = "80", min = 1, help = "Most characters of what a description names (the checks, the"
          + " generators, a link's purpose, who the user is)") int namedChars,
      @Setting(byDefault = "60", min = 1, help = "Most characters of the tool a tool choice's description names")
          int toolChars,
      @Setting(byDefault = "200", min = 1, help = "Most characters of the tool a tool choice's body names")
          int toolBodyChars,
      @Setting(byDefault = "40", min = 1, help = "Most characters of the tool a tool choice says not to use")
          int avoidedToolChars,
      @Setting(byDefault = "100", min = 1, help = "Most characters of a confirmed approach its memory's description"
          + " quotes") int approachChars,
      @Setting(byDefault = "500", min = 1, help = "Most characters of a confirmed approach its memory's body quotes")
          int approachBodyChars) implements SettingsSection<ExtractionOffline> {
    public static final ExtractionOffline DEFAULTS = SettingDeclarations.defaults(ExtractionOffline.class);
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
      @Setting(byDefault = "24", min = 0, help = "Hours since the last dream before another runs") int minHoursBetween,
      @Setting(byDefault = "5", min = 0, help = "Sessions that touched memory since the last dream before another"
          + " runs") int minSessions,
      @Setting(byDefault = ".consolidate-lock", help = "Name of the dream's lock file in the memory directory")
          String lockFileName,
      @Setting(byDefault = "200", min = 1, help = "Lines the dream prunes MEMORY.md to") int indexMaxLines,
      @Setting(byDefault = "0.8", min = 0, max = 1, help = "Word-bigram Jaccard at or above which two memories"
          + " merge") double mergeSimilarity,
      @Setting(byDefault = "20_000", min = 0, help = "Most files the staleness scan searches for symbols")
          int staleScanMaxFiles,
      @Setting(byDefault = "1_000_000", min = 1, help = "Largest file the staleness scan searches")
          long staleScanMaxFileBytes,
      @Setting(byDefault = "15", min = 1, help = "Seconds a dream may plan before it stops and applies nothing")
          int timeBudgetSeconds,
      @Setting(byDefault = "120", min = 1, help = "Seconds after which a dream's lock is taken over")
          int lockMaxAgeSeconds,
      @Setting(byDefault = "2_000", min = 1, help = "Most characters of one memory's body a model's dream is sent")
          int modelBodyChars,
      @Setting(byDefault = "4_000", min = 1, help = "Most tokens a model's answer to a dream may hold")
          int maxAnswerTokens,
      @Setting(byDefault = "{'all-MiniLM-L6-v2-q': 0.8, 'all-MiniLM-L6-v2': 0.8}", min = 0, max = 1, help = "Cosine,"
          + " per embedding model, at or above which two memories naming the same specifics merge by meaning")
          Map<String, Double> meaningSimilarity) implements SettingsSection<Dream> {
    public static final Dream DEFAULTS = SettingDeclarations.defaults(Dream.class);

    /** Keeps the map unmodifiable. */
    public Dream {
      meaningSimilarity = Map.copyOf(meaningSimilarity);
    }
  }

  /** Recall budgets, manifest size, ranking, the embedding model, the relevance floor and past-session search. */
  public record Recall(
      @Setting(byDefault = "200", min = 1, help = "Most memories in the manifest a model reranker sees")
          int manifestMaxFiles,
      @Setting(byDefault = "5", min = 1, help = "Most memories recalled a turn") int filesPerTurn,
      @Setting(byDefault = "4_096", min = 1, help = "Most bytes recalled of one memory") int bytesPerFile,
      @Setting(byDefault = "20_480", min = 1, help = "Most bytes recalled a turn") int bytesPerTurn,
      @Setting(byDefault = "61_440", min = 1, help = "Most bytes recalled in a session") int bytesPerSession,
      @Setting(byDefault = "20", min = 1, help = "Best candidates a model reranker sees") int rerankShortList,
      @Setting(byDefault = "60", min = 0, help = "k of reciprocal rank fusion (fusion RRF)") int fusionK,
      @Setting(byDefault = "30", aboveMin = true, min = 0, help = "Days in which a memory's hotness halves")
          double hotnessHalfLifeDays,
      @Setting(byDefault = "50", min = 1, help = "Candidates each retriever hands to fusion")
          int candidatesPerRetriever,
      @Setting(byDefault = "0.3", min = 0, max = 1, help = "Share of a cold memory's score its coldness takes")
          double hotnessWeight,
      @Setting(byDefault = "0.25", min = 0, help = "Weight of the vector ranking against BM25's 1 (fusion RRF)")
          double vectorWeight,
      @Setting(byDefault = "SCORES", help = "How the keyword and vector rankings are fused: SCORES or RRF")
          Fusion fusion,
      @Setting(byDefault = "0.4", min = 0, max = 1, help = "Share of the cosine in a fused score (fusion SCORES)")
          double vectorShare,
      @Setting(byDefault = "{'bge-small-zh-v1.5-q': 0.55}", min = 0, max = 1, help = "Share of the cosine in a fused"
          + " score, per embedding model reading the prompt (a model without an entry: vectorShare)")
          Map<String, Double> vectorShares,
      @Setting(byDefault = "AUTO", help = "Whether recall embeds: AUTO (not in a hook's own JVM), ALWAYS or NEVER")
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
      Rescoring rescoring) implements SettingsSection<Recall> {
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
     * keywordGate} (-0.15) of that prompt's cosine (docs/BENCHMARKS.md, "A keyword match the model vouches for").
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
    public static final Recall DEFAULTS = SettingDeclarations.defaults(Recall.class);

    /** Keeps the maps unmodifiable. */
    public Recall {
      vectorShares = Map.copyOf(vectorShares);
      vectorFloors = Map.copyOf(vectorFloors);
      anchorMargins = Map.copyOf(anchorMargins);
      otherScriptMargins = Map.copyOf(otherScriptMargins);
    }

    /** The same settings sending at most {@code files} memories a turn. */
    public Recall withFilesPerTurn(int files) {
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
    public Recall readBy(String model) {
      Double share = vectorShares.get(model);
      return share == null ? this : with("vectorShare", share);
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

  /**
   * Context window sizes, warning levels, the request budget and the token
   * correction: o200k_base counts times {@code tokenCorrection} (or the entry of
   * {@code modelTokenCorrections} whose key the model name starts with) approximate Claude's counts.
   * The factors were fitted on the shared transcripts (docs/BENCHMARKS.md, "Transcripts and tokens").
   * {@code turnsLeft} says how the turns left before the critical level are estimated.
   */
  public record Context(
      @Setting(byDefault = "200_000", min = 1, help = "Context window of a model without an entry in modelWindows")
          int defaultWindowTokens,
      @Setting(byDefault = "{'claude-sonnet-4-5[1m]': 1000000, 'claude-sonnet-4[1m]': 1000000}", min = 1,
          help = "Context window per model name") Map<String, Integer> modelWindows,
      @Setting(byDefault = "0.60", min = 0, max = 1, help = "Share of the window at which the warning level starts")
          double warningRatio,
      @Setting(byDefault = "0.80", min = 0, max = 1, help = "Share of the window at which the urgent level starts")
          double urgentRatio,
      @Setting(byDefault = "0.92", min = 0, max = 1, help = "Share of the window at which the critical level"
          + " starts") double criticalRatio,
      @Setting(byDefault = "0.05", min = 0, max = 1, help = "Share of a request's budget for the system prompt")
          double systemShare,
      @Setting(byDefault = "0.20", min = 0, max = 1, help = "Share of a request's budget for the summary")
          double summaryShare,
      @Setting(byDefault = "0.45", min = 0, max = 1, help = "Share of a request's budget for files")
          double filesShare,
      @Setting(byDefault = "0.30", min = 0, max = 1, help = "Share of a request's budget for messages")
          double messagesShare,
      @Setting(byDefault = "1.30", aboveMin = true, min = 0, help = "Factor from o200k_base token counts to"
          + " Claude's") double tokenCorrection,
      @Setting(byDefault = "{'claude-opus-4-6': 1.23, 'claude-haiku-4-5': 1.64}", aboveMin = true, min = 0,
          help = "That factor for the models whose name starts with the key") Map<String, Double>
          modelTokenCorrections,
      TurnsLeft turnsLeft) implements SettingsSection<Context> {
    public static final Context DEFAULTS = SettingDeclarations.defaults(Context.class);

    /** Keeps the maps unmodifiable. */
    public Context {
      modelWindows = Map.copyOf(modelWindows);
      modelTokenCorrections = Map.copyOf(modelTokenCorrections);
    }

    /** These settings with other turn estimates. */
    public Context withTurnsLeft(TurnsLeft estimates) {
      return with("turnsLeft", estimates);
    }
  }

  /**
   * How many turns a session has left before its window reaches the critical level: the tokens still free
   * below it divided by the mean growth of the session's last {@code recentTurns} turns, once it has at least
   * {@code minTurns}; before that, the typical ranges for a session at the warning level
   * ({@code warningLow}-{@code warningHigh} turns) and at the urgent level ({@code urgentLow}-{@code urgentHigh}).
   * A session's tally keeps its last {@link #TURNS_KEPT} turns, the most {@code recentTurns} may be.
   */
  public record TurnsLeft(
      @Setting(byDefault = "25", min = 0, help = "Fewest turns left shown at the warning level before the session"
          + " has a history") int warningLow,
      @Setting(byDefault = "30", min = 0, help = "Most turns left shown at the warning level before the session"
          + " has a history") int warningHigh,
      @Setting(byDefault = "8", min = 0, help = "Fewest turns left shown at the urgent level before the session has"
          + " a history") int urgentLow,
      @Setting(byDefault = "12", min = 0, help = "Most turns left shown at the urgent level before the session has"
          + " a history") int urgentHigh,
      @Setting(byDefault = "5", min = 1, max = TurnsLeft.TURNS_KEPT, help = "Last turns whose mean growth estimates"
          + " the turns left") int recentTurns,
      @Setting(byDefault = "2", min = 1, help = "Turns a session needs before its own growth is used")
          int minTurns) implements SettingsSection<TurnsLeft> {
    /**
     * The turns whose start a session's tally keeps ({@code ContextTally}): far more than the estimate looks at, and
     * few enough that the tally stays small however long the session runs.
     */
    public static final int TURNS_KEPT = 64;
    public static final TurnsLeft DEFAULTS = SettingDeclarations.defaults(TurnsLeft.class);
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
   * tokens and at least {@code summaryMinTokens} (or, when that is less, the share {@code targetReductionMin} leaves of
   * them: 30%), the size of a model's summary of a long session; a model's summarizer is sent at most {@code
   * modelToolInputChars} of each tool call's input; a user message longer than {@code userQuoteChars} is quoted by its beginning and
   * its end, word for word, with what lies between (a pasted log, a file) said to be left out. What the offline
   * summary quotes and lists is its own group, {@link CompactionOffline}.
   */
  public record Compaction(
      @Setting(byDefault = "0.3", min = 0, max = 1, help = "Weight of the sections present in a summary's score")
          double weightSections,
      @Setting(byDefault = "0.4", min = 0, max = 1, help = "Weight of the key information kept in a summary's"
          + " score") double weightKeyInfo,
      @Setting(byDefault = "0.2", min = 0, max = 1, help = "Weight of continuity (the next step) in a summary's"
          + " score") double weightContinuity,
      @Setting(byDefault = "0.1", min = 0, max = 1, help = "Weight of compression in a summary's score")
          double weightCompression,
      @Setting(byDefault = "80", min = 0, max = 100, help = "Score at which a summary passes") int passScore,
      @Setting(byDefault = "70", min = 0, max = 100, help = "Score below which a summary is made again")
          int retryScore,
      @Setting(byDefault = "0.30", min = 0, max = 1, help = "Share of the messages the last rung of the ladder"
          + " keeps") double truncateKeepShare,
      @Setting(byDefault = "19", min = 0, help = "Most files read back after a compaction") int maxRestoredFiles,
      @Setting(byDefault = "8_000", min = 1, help = "Most tokens of one file read back") int maxRestoredFileTokens,
      @Setting(byDefault = "0.70", min = 0, max = 1, help = "Least share of the tokens a compaction aims to remove")
          double targetReductionMin,
      @Setting(byDefault = "2", min = 0, help = "Degraded re-compactions the ladder tries before it gives up")
          int maxRecompactions,
      @Setting(byDefault = "0.5", min = 0, max = 1, help = "Preservation share of a kind of key information below"
          + " which the ladder keeps original fragments") double severeLossShare,
      @Setting(byDefault = "0.6", min = 0, max = 1, help = "Share of a long message's content words a summary must"
          + " hold to preserve it") double fuzzyMatchShare,
      @Setting(byDefault = "25", min = 0, help = "Most technical keywords taken from the original")
          int maxTechnicalKeywords,
      @Setting(byDefault = "10", min = 0, help = "Most recent messages that keep their tool outputs when old ones"
          + " are pruned") int pruneProtectRecent,
      @Setting(byDefault = "0.5", min = 0, max = 1, help = "Share of the window the summarizer's input may fill"
          + " before old tool outputs are pruned") double pruneTargetShare,
      @Setting(byDefault = "0.03", min = 0, max = 1, help = "Share of the summarised tokens the offline summary aims"
          + " at") double summaryShare,
      @Setting(byDefault = "2_500", min = 1, help = "Fewest tokens the offline summary aims at") int summaryMinTokens,
      @Setting(byDefault = "2_000", min = 200, help = "Characters past which a user message is quoted by its"
          + " beginning and its end") int userQuoteChars,
      @Setting(byDefault = "2_000", min = 1, help = "Most characters of one tool call's input a model's compaction is"
          + " sent") int modelToolInputChars,
      CompactionOffline offline) implements SettingsSection<Compaction> {
    public static final Compaction DEFAULTS = SettingDeclarations.defaults(Compaction.class);
  }

  /**
   * What the offline summary writes without a model: how much of each text it quotes, how many things it lists, and
   * how the tokens its sections' cores leave are shared between its details (the account of the work, the latest
   * code, then the decisions: {@code accountShare} and {@code codeShare} add up to at most 1); {@code summaryShare} and {@code summaryMinTokens} bound the whole. What the score reads
   * of the transcript (its key information, the live intent and the next step) is defined where it is read, not here.
   */
  public record CompactionOffline(
      @Setting(byDefault = "400", min = 1, help = "Most characters of the first request the offline summary quotes in"
          + " section 1") int firstRequestChars,
      @Setting(byDefault = "240", min = 1, help = "Most characters of the latest request the offline summary quotes in"
          + " section 1") int latestRequestChars,
      @Setting(byDefault = "600", min = 1, help = "Most characters of a previous compaction's primary request the"
          + " offline summary carries forward") int earlierRequestChars,
      @Setting(byDefault = "10", min = 0, help = "Most key concepts the offline summary explains in a sentence; the"
          + " others are only named") int concepts,
      @Setting(byDefault = "170", min = 30, help = "Longest sentence of the agent's the offline summary explains a"
          + " concept with") int conceptChars,
      @Setting(byDefault = "40", min = 0, help = "Most files only read the offline summary names") int readOnlyFiles,
      @Setting(byDefault = "12", min = 1, help = "Most lines of a changed file's latest code the offline summary shows")
          int codeLines,
      @Setting(byDefault = "160", min = 1, help = "Most characters of a command, path or pattern that names a tool"
          + " call; a longer command is named by its description") int callChars,
      @Setting(byDefault = "200", min = 1, help = "Most characters of one line of an error the offline summary quotes")
          int errorLineChars,
      @Setting(byDefault = "300", min = 1, help = "Most characters of an error known only from the agent's words the"
          + " offline summary quotes") int noticedErrorChars,
      @Setting(byDefault = "320", min = 1, help = "Most characters of an error's cause, in the agent's words, the"
          + " offline summary quotes") int causeChars,
      @Setting(byDefault = "140", min = 1, help = "Most characters of the agent's words for one change made to fix an"
          + " error") int intentChars,
      @Setting(byDefault = "3", min = 1, help = "Most changes the offline summary lists for one error's fix or"
          + " attempts") int fixChanges,
      @Setting(byDefault = "0.4", min = 0, max = 1, help = "Share of the tokens the sections' cores leave that the"
          + " account of the work may fill") double accountShare,
      @Setting(byDefault = "0.4", min = 0, max = 1, help = "Share of the tokens the sections' cores leave that the"
          + " latest code may fill; the decisions get what the two leave") double codeShare,
      @Setting(byDefault = "90", min = 1, help = "Most characters of a request that heads a line of the account of"
          + " the work") int accountRequestChars,
      @Setting(byDefault = "6", min = 0, help = "Most changed files one line of the account of the work names")
          int accountFiles,
      @Setting(byDefault = "220", min = 1, help = "Most characters of one decision of the agent's the offline summary"
          + " quotes") int decisionChars,
      @Setting(byDefault = "80", min = 1, help = "Most characters of a web search the current work's account quotes")
          int searchChars,
      @Setting(byDefault = "100", min = 1, help = "Most characters of a fetched address the current work's account"
          + " quotes") int urlChars,
      @Setting(byDefault = "40", min = 1, help = "Most characters of a search pattern the current work's account"
          + " quotes") int patternChars) implements SettingsSection<CompactionOffline> {
    public static final CompactionOffline DEFAULTS = SettingDeclarations.defaults(CompactionOffline.class);
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
          int maxRetryAfterSeconds) implements SettingsSection<Model> {
    public static final Model DEFAULTS = SettingDeclarations.defaults(Model.class);
  }

  /** Token caps on background model work, and how many days the usage ledger keeps. */
  public record Governor(
      @Setting(byDefault = "200_000", min = 0, help = "Most tokens of background model work in one session")
          long sessionTokenCap,
      @Setting(byDefault = "2_000_000", min = 0, help = "Most tokens of background model work in one day")
          long dailyTokenCap,
      @Setting(byDefault = "31", min = 1, help = "Days the usage ledger keeps")
          int ledgerKeepDays) implements SettingsSection<Governor> {
    public static final Governor DEFAULTS = SettingDeclarations.defaults(Governor.class);
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
   * locked by another call of the same session (a hook, a recall of the session, the context levels, MCP's {@code context}) waits up to
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
          + " session to release its ledger") int sessionLockWaitMillis) implements SettingsSection<Hooks> {
    public static final Hooks DEFAULTS = SettingDeclarations.defaults(Hooks.class);
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
      @Setting(byDefault = "512", min = 64, help = "The service's largest Java heap, in MiB")
          int maxHeapMiB) implements SettingsSection<Service> {
    public static final Service DEFAULTS = SettingDeclarations.defaults(Service.class);
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
          int mirrorSyncThreads) implements SettingsSection<Team> {
    public static final Team DEFAULTS = SettingDeclarations.defaults(Team.class);
  }

  /**
   * Bounds of the embedded HTTP server (the resident service's one port for hooks, the UI and MCP, and
   * {@code engram mcp --http}) against clients that misbehave or attack. Like {@link Mcp} they are not read
   * from {@code settings.json}: a defence is not a preference. A newcomer past either bound of connections closes
   * the connection that has waited longest without a request being answered on it; reading a head or waiting for a
   * client costs no thread.
   */
  public record Http(
      @Setting(byDefault = "10_000", min = 1, help = "ms a request's head may take from the connection's first byte"
          + " (or the previous request's end), and its body from the end of its head") int requestReadMillis,
      @Setting(byDefault = "60_000", min = 1, help = "ms a connection may stay open without a byte read or written")
          int idleMillis,
      @Setting(byDefault = "256", min = 1, help = "Open connections in all") int maxConnections,
      // Every local agent, hook and browser tab comes from 127.0.0.1, and an MCP client keeps a pool: four Java SDK
      // clients writing at once hold 17 connections. Past the bound the longest waiting one is closed, which a
      // client reusing it at that moment sees as a failed request.
      @Setting(byDefault = "64", min = 1, help = "Open connections from one client address")
          int maxConnectionsPerClient,
      @Setting(byDefault = "16_384", min = 1, help = "Longest request head (request line and header fields)")
          int maxHeaderBytes,
      @Setting(byDefault = "4_194_304", min = 1, help = "Largest request body of a route that names no bound of its"
          + " own (a hook's input)") int maxBodyBytes,
      @Setting(byDefault = "32", min = 1, help = "Threads that run requests")
          int maxThreads) implements SettingsSection<Http> {
    public static final Http DEFAULTS = SettingDeclarations.defaults(Http.class);
  }

  /**
   * Bounds of the MCP server ({@code engram mcp}) against clients that misbehave or attack; over HTTP the
   * server's own bounds are {@link Http}'s. They are not read from {@code settings.json}: a defence is not a
   * preference. The stdio server answers every request it read before it exits, however long they take; a tool
   * call's changes are told at once, other processes' at the next check.
   */
  public record Mcp(
      @Setting(byDefault = "4", min = 1, help = "Threads that run stdio requests") int workers,
      @Setting(byDefault = "4_194_304", min = 1, help = "Longest JSON-RPC message, an HTTP body or a stdio line")
          int maxMessageBytes,
      @Setting(byDefault = "256", min = 128, help = "Least entropy of an HTTP bearer token, in bits") int minTokenBits,
      @Setting(byDefault = "5_000", min = 1, help = "How often, in ms, the stdio server says it still waits for"
          + " running requests once stdin ended") int stdioWaitNoticeMillis,
      @Setting(byDefault = "2_000", min = 1, help = "How often, in ms, the store is compared with what it was while"
          + " a client with a session is connected") int changeCheckMillis,
      @Setting(byDefault = "25_000", min = 1, help = "How often, in ms, an idle HTTP event stream gets a comment")
          int keepAliveMillis,
      @Setting(byDefault = "256", min = 1, help = "HTTP sessions kept at once (the one idle longest goes first)")
          int maxSessions,
      @Setting(byDefault = "3_600_000", min = 1, help = "ms an HTTP session without an open stream is kept after its"
          + " last request") int sessionIdleMillis,
      @Setting(byDefault = "50", min = 1, help = "Memories on one page of the list tool or of resources/list unless"
          + " the call asks for fewer") int pageSize,
      @Setting(byDefault = "200", min = 1, help = "Most memories one list page may ask for")
          int maxPageSize,
      @Setting(byDefault = "50", min = 1, help = "Most past turns one call of the history tool may ask for")
          int maxHistoryTurns) implements SettingsSection<Mcp> {
    public static final Mcp DEFAULTS = SettingDeclarations.defaults(Mcp.class);
  }

  /**
   * Bounds of the web UI the resident service serves under {@code /ui/} ({@code engram ui}). Like {@link Mcp}
   * they are not read from {@code settings.json}.
   */
  public record Ui(
      @Setting(byDefault = "120", min = 1, help = "Seconds a one-time login URL stays valid") int loginCodeSeconds,
      @Setting(byDefault = "480", min = 1, help = "Minutes a browser session lives without a request")
          int sessionIdleMinutes,
      @Setting(byDefault = "32", min = 1, help = "Browser sessions kept at once (the oldest goes first)")
          int maxSessions,
      @Setting(byDefault = "50", min = 1, help = "Memories a list page shows unless it asks for another size")
          int pageSize,
      @Setting(byDefault = "500", min = 1, help = "Most memories one page may ask for") int maxPageSize,
      @Setting(byDefault = "50", min = 1, help = "Memories a search shows") int searchResults,
      @Setting(byDefault = "262_144", min = 1, help = "Largest request body (an edited memory with its"
          + " frontmatter)") int maxRequestBytes) implements SettingsSection<Ui> {
    public static final Ui DEFAULTS = SettingDeclarations.defaults(Ui.class);
  }
}
