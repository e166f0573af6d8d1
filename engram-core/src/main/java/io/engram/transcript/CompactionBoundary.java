package io.engram.transcript;

import java.time.Instant;
import java.util.Optional;

/**
 * A point where the agent compacted its context: everything before it was replaced by a summary.
 *
 * @param lineNumber the 1-based line of the boundary record (0 when the source has no lines)
 * @param messageIndex index into {@link Transcript#messages()} of the first message after the boundary
 * @param trigger "auto", "manual" or "" when not recorded
 * @param preTokens the context size the agent reported just before compacting, when recorded
 */
public record CompactionBoundary(
    int lineNumber,
    int messageIndex,
    Optional<String> uuid,
    Optional<Instant> timestamp,
    String trigger,
    Optional<Long> preTokens) {}
