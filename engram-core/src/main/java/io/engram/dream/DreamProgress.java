package io.engram.dream;

/**
 * Receives a dream run's progress: each phase with its number of items, then one call per item. The
 * engine calls it from the running thread. An implementation may throw {@link
 * java.util.concurrent.CancellationException} while the dream plans, to stop it: nothing is applied and the lock is
 * released; once {@link DreamPhase#APPLY} begins it must not throw (half a plan would be left applied).
 */
public interface DreamProgress {

  /** Shows nothing. */
  DreamProgress NONE = new DreamProgress() {
    @Override
    public void phase(DreamPhase phase, int items) {}

    @Override
    public void item(String label) {}
  };

  /** A phase starts with {@code items} items to go through (0 when it has none). */
  void phase(DreamPhase phase, int items);

  /** One item of the current phase is done; {@code label} names it (a file, a session). */
  void item(String label);
}
