package io.engram.config;

import java.util.Map;

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
public record DreamSettings(
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
        Map<String, Double> meaningSimilarity) implements SettingsSection<DreamSettings> {
  public static final DreamSettings DEFAULTS = SettingDeclarations.defaults(DreamSettings.class);

  /** Keeps the map unmodifiable, in the order given. */
  public DreamSettings {
    meaningSimilarity = SettingMaps.copyOf(meaningSimilarity);
  }
}
