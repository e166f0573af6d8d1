package io.engram.model;

import java.util.List;
import java.util.Map;

/**
 * The usage ledger for one UTC day: totals, the caps on background work and what is left.
 *
 * @param day the UTC day, ISO-8601 ({@code 2026-05-11}); a string so that any JSON mapper can print it
 * @param backgroundByPurpose background tokens per {@link Purpose} name
 * @param dailyRemaining background tokens left under the daily cap, never negative
 */
public record UsageReport(
    String day,
    long sessionCap,
    long dailyCap,
    UsageTotals background,
    UsageTotals foreground,
    Map<String, Long> backgroundByPurpose,
    long dailyRemaining,
    List<SessionUsage> sessions) {
  public UsageReport {
    backgroundByPurpose = Map.copyOf(backgroundByPurpose);
    sessions = List.copyOf(sessions);
  }
}
