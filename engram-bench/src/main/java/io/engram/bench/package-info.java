/**
 * Benchmarks of Engram's engines, each reporting against a baseline measured in the same run.
 *
 * <p>Micro-benchmarks run under JMH: {@link io.engram.bench.FileRecoveryBenchmark} (the compaction's
 * file-recovery knapsack against greedy) and {@link io.engram.bench.RedactionBenchmark} (every secret
 * rule against one naive regular expression). Build the jar with {@code ./mvnw -B -pl engram-bench -am
 * package -DskipTests}, then run {@code java -jar engram-bench/target/benchmarks.jar [pattern]}.
 *
 * <p>Harnesses that need a data set or a whole engine are plain programs with a {@code main}, run from
 * the same jar with {@code java -cp engram-bench/target/benchmarks.jar io.engram.bench.NAME ARGS}:
 * {@link io.engram.bench.DreamBench} (the dream's text rules on LoCoMo), {@link
 * io.engram.bench.DreamRunBench} (a whole dream over N memories), {@link io.engram.bench.ExtractionBench}
 * (precision and recall on a labelled set), {@link io.engram.bench.WebUiPageBench} (the web UI's pages at N
 * memories, over HTTP and optionally in Chromium), {@link io.engram.bench.ModelsBench} (what the model
 * plumbing adds to one call) and {@link io.engram.bench.TranscriptPassBench} (the per-turn transcript pass
 * on 1, 10 and 100 MB transcripts, first pass and one appended megabyte) and {@link io.engram.bench.HttpServerBench}
 * (the embedded HTTP server against the JDK's: start, and a hook-sized call). docs/BENCHMARKS.md holds the figures.
 *
 * <p>The evaluations of an engine that read its package-private parts live here under that engine's package name, on
 * the class path beside engram-core (no Java module system splits them): in {@code io.engram.compaction}, Claude
 * Code's own summary beside the offline one ({@code ClaudeCodeComparison}, with what the agent did next, {@code
 * AfterCompaction}, and whether a next step named it, {@code NextStepMatch}), summaries made to game the score
 * ({@code AdversarialSummaries}) and the hand-labelled compaction points ({@code CompactionLabel}, {@code
 * CompactionEvaluation}); in {@code io.engram.extract}, precision and recall on labelled turns ({@code
 * ExtractionEvaluation}, {@code LabelledTranscripts}, {@code LabelledItem}) and on hand-labelled sessions ({@code
 * SessionEvaluation}, {@code SessionLabels}, {@code PhraseGroups}), how whole the corrections written are ({@code
 * CorrectionEvaluation}, {@code CorrectionScore}), the keyword baseline they are set beside ({@code
 * KeywordBaselineExtractor}), and the learnt correction model's cross-validation ({@code CorrectionLab}: per set and
 * language, folds by the hash of each turn or of its chat, the shipped weights beside the fold models) and training
 * ({@code CorrectionTraining}, from nothing or refitted from the shipped weights). None ships in engram.jar; the product's packages keep their small public
 * faces.
 *
 * <p>Where to start: {@link io.engram.bench.FileRecoveryBenchmark} for a JMH benchmark, {@link
 * io.engram.bench.ExtractionBench} for a harness.
 */
package io.engram.bench;
