package io.engram.model;

import io.engram.config.GovernorSettings;
import io.engram.fs.HomeLayout;
import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Keeps the usage ledger and enforces the token caps on background model work.
 *
 * <p>Background work (everything the user did not ask for in the foreground: extraction, session
 * notes, dream, re-ranking) is capped per session and per UTC day; foreground work is recorded but
 * never capped. A cap is checked before each call, so the call that crosses it completes and the next
 * one is refused. The ledger is {@code model-usage.json} in Engram's home, rewritten atomically under a
 * file lock, so two processes (two agent sessions) share one set of totals. Days older than
 * {@code ledgerKeepDays} are dropped.
 */
public final class CostGovernor {
  private final Path ledgerFile;
  private final Path lockFile;
  private final GovernorSettings caps;
  private final Clock clock;

  /** A governor over the ledger in {@code engramHome}, with UTC days taken from {@code clock}. */
  public CostGovernor(Path engramHome, GovernorSettings caps, Clock clock) {
    HomeLayout home = HomeLayout.of(engramHome);
    this.ledgerFile = home.usageLedger();
    this.lockFile = home.usageLock();
    this.caps = Objects.requireNonNull(caps, "caps");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** A governor on the system clock. */
  public CostGovernor(Path engramHome, GovernorSettings caps) {
    this(engramHome, caps, Clock.systemUTC());
  }

  /** The ledger file. */
  public Path ledgerFile() {
    return ledgerFile;
  }

  /**
   * Why background work of {@code sessionId} may not call a model now, or empty when it may.
   *
   * @throws UncheckedIOException when the ledger cannot be read
   */
  public Optional<String> backgroundRefusal(String sessionId) {
    UsageLedger ledger = readLocked();
    UsageLedger.Day day = ledger.days.get(today().toString());
    long dayUsed = day == null ? 0 : day.background.total();
    if (dayUsed >= caps.dailyTokenCap()) {
      return Optional.of(
          "daily cap of " + caps.dailyTokenCap() + " background tokens reached (used " + dayUsed + " today)");
    }
    long sessionUsed = ledger.sessionBackgroundTotal(sessionId);
    if (sessionUsed >= caps.sessionTokenCap()) {
      return Optional.of(
          "session cap of " + caps.sessionTokenCap() + " background tokens reached (session " + sessionId
              + " used " + sessionUsed + ")");
    }
    return Optional.empty();
  }

  /** Adds one call's usage to today's totals. */
  public void record(String sessionId, Purpose purpose, boolean background, TokenUsage usage) {
    String key = today().toString();
    try (FileLock lock = FileLock.acquire(lockFile)) {
      UsageLedger ledger = UsageLedger.read(ledgerFile);
      UsageLedger.Day day = ledger.days.computeIfAbsent(key, k -> new UsageLedger.Day());
      UsageLedger.Session session = day.sessions.computeIfAbsent(sessionId, k -> new UsageLedger.Session());
      if (background) {
        day.background = day.background.plus(usage);
        session.background = session.background.plus(usage);
        day.backgroundByPurpose.merge(purpose.name(), usage.total(), Long::sum);
      } else {
        day.foreground = day.foreground.plus(usage);
        session.foreground = session.foreground.plus(usage);
      }
      String oldest = today().minusDays(caps.ledgerKeepDays()).toString();
      ledger.days.headMap(oldest, false).clear();
      AtomicFiles.writeString(ledgerFile, ledger.toJson());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot record model usage in " + ledgerFile + ": " + e.getMessage(), e);
    }
  }

  /** Today's totals, caps and what is left. */
  public UsageReport report() {
    return report(readLocked(), today().toString());
  }

  /** Every day the ledger holds, newest first, each with its totals and what was left under its caps. */
  public List<UsageReport> days() {
    UsageLedger ledger = readLocked();
    return ledger.days.descendingKeySet().stream().map(day -> report(ledger, day)).toList();
  }

  private UsageReport report(UsageLedger ledger, String dayName) {
    UsageLedger.Day day = ledger.days.getOrDefault(dayName, new UsageLedger.Day());
    List<SessionUsage> sessions = new ArrayList<>();
    day.sessions.forEach(
        (id, s) ->
            sessions.add(
                new SessionUsage(
                    id,
                    s.background,
                    s.foreground,
                    Math.max(0, caps.sessionTokenCap() - ledger.sessionBackgroundTotal(id)))));
    return new UsageReport(
        dayName,
        caps.sessionTokenCap(),
        caps.dailyTokenCap(),
        day.background,
        day.foreground,
        day.backgroundByPurpose,
        Math.max(0, caps.dailyTokenCap() - day.background.total()),
        sessions);
  }

  private LocalDate today() {
    return LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
  }

  private UsageLedger readLocked() {
    try (FileLock lock = FileLock.acquire(lockFile)) {
      return UsageLedger.read(ledgerFile);
    } catch (IOException e) {
      throw new UncheckedIOException(e.getMessage(), e);
    }
  }
}
