/**
 * The commands that read an agent's transcript: {@code stats} (what a session holds and how full its
 * window got), {@code notes} (the session notes), {@code extract} (memories from new turns) and
 * {@code compact} (the summary and its score).
 *
 * <p>{@link io.engram.cli.session.TranscriptFile} is their {@code TRANSCRIPT} parameter, a picocli mixin that
 * also reads the file (the bench commands use it too); {@code SessionOption} is the {@code --session} of
 * {@code notes} and {@code extract}.
 *
 * <p>Where to start: {@code CompactCommand}, the command face of {@link io.engram.compaction.SessionCompaction}.
 */
package io.engram.cli.session;
