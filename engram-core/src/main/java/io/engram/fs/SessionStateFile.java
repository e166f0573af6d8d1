package io.engram.fs;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * One section of a session's {@link SessionLedger}, read and changed alone: a read-modify-write under the ledger's
 * lock, so that separate processes of one session never lose each other's changes.
 *
 * <p>The state is a cache of what was done: a missing or damaged ledger reads as {@code fresh}, which only costs
 * repeats, rather than blocking the session.
 *
 * @param <S> the state, a Jackson-readable record with a value equality
 */
public final class SessionStateFile<S> {
  private final SessionLedger ledger;
  private final SessionLedger.Section<S> section;

  SessionStateFile(SessionLedger ledger, SessionLedger.Section<S> section) {
    this.ledger = Objects.requireNonNull(ledger, "ledger");
    this.section = Objects.requireNonNull(section, "section");
  }

  /** The ledger file the state is kept in. */
  public Path file() {
    return ledger.file();
  }

  /** The state now on disk; fresh when there is none or it cannot be read. */
  public S read() {
    return ledger.read(section);
  }

  /**
   * Applies {@code change} to the stored state under the ledger's lock and stores the new state when it differs.
   *
   * @param wait how long to wait for another holder of the lock
   * @param busy the error message when the lock is still held after {@code wait}, given the lock file
   * @return the value {@code change} hands back
   * @throws IOException when the lock stays held, or the state cannot be written
   */
  public <T> T update(Duration wait, Function<Path, String> busy, Change<S, T> change) throws IOException {
    return ledger.update(wait, busy, sections -> apply(sections, change));
  }

  /**
   * As {@link #update(Duration, Function, Change)}, with the ledger forced to disk later by {@code forceLater}
   * (see {@link SessionLedger#update(Duration, Function, SessionLedger.Change, Executor)}).
   */
  public <T> T update(Duration wait, Function<Path, String> busy, Change<S, T> change, Executor forceLater)
      throws IOException {
    return ledger.update(wait, busy, sections -> apply(sections, change), forceLater);
  }

  /** Forgets the state: it reads as fresh from now on. */
  public void reset(Duration wait, Function<Path, String> busy) throws IOException {
    ledger.update(wait, busy, sections -> {
      sections.clear(section);
      return null;
    });
  }

  private <T> T apply(SessionLedger.Sections sections, Change<S, T> change) throws IOException {
    S before = sections.get(section);
    Changed<S, T> result = change.apply(before);
    if (!result.state().equals(before)) {
      sections.put(section, result.state());
    }
    return result.value();
  }

  /** A change of the state that also hands a value back to the caller. */
  @FunctionalInterface
  public interface Change<S, T> {
    /** The new state and the value to hand back, computed from the state before. */
    Changed<S, T> apply(S before) throws IOException;
  }

  /**
   * The outcome of a {@link Change}.
   *
   * @param state the state to store
   * @param value the value {@link #update} returns
   */
  public record Changed<S, T>(S state, T value) {
    public Changed {
      Objects.requireNonNull(state, "state");
    }
  }
}
