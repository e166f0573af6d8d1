/**
 * {@code engram bench}: timed harnesses, each reporting its figure against a baseline measured in the same
 * run: instruction loading, transcript reading, a hook call in a new JVM, offline compaction, recall
 * latency at growing sizes, how long storing vectors holds the on-disk index, the search of past sessions at growing history sizes and LoCoMo evidence recall.
 *
 * <p>Where to start: {@code BenchCommand}, which lists the harnesses.
 */
package io.engram.cli.bench;
