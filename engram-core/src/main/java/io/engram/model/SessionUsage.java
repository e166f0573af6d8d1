package io.engram.model;

/**
 * One session's model use on one day, and how many background tokens it may still spend.
 *
 * @param remaining background tokens left under the session cap (over all days the session ran),
 *     never negative
 */
public record SessionUsage(String sessionId, UsageTotals background, UsageTotals foreground, long remaining) {}
