package io.engram.memory;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The change events of the stores a process opens with it: every write, forget and restore, whichever surface made
 * it (a hook's extraction, an MCP tool, the command line, the web UI), told to each subscriber after it is on disk
 * and outside the store's lock. A process keeps one and opens every store with it ({@link MemoryStores#open(
 * io.engram.config.EngramRoots, io.engram.config.EngramSettings, java.time.Clock, MemoryWriteListener,
 * MemoryFileCache, MemoryChanges)}), so that what one surface writes reaches the others at once (MCP's resource
 * notifications); what another process writes is not seen here, and a subscriber that must see it looks at the
 * files too. Thread-safe.
 */
public final class MemoryChanges {
  /** Told of each change; it must be quick (it runs on the writer's thread) and should not throw. */
  @FunctionalInterface
  public interface Listener {
    /** {@code change} is on disk. */
    void changed(MemoryChange change);
  }

  /** A subscription; closing it stops the telling. */
  @FunctionalInterface
  public interface Subscription extends AutoCloseable {
    @Override
    void close();
  }

  private final List<Listener> listeners = new CopyOnWriteArrayList<>();

  /** Tells {@code listener} of every change from now on, until the subscription is closed. */
  public Subscription subscribe(Listener listener) {
    listeners.add(listener);
    return () -> listeners.remove(listener);
  }

  /**
   * Tells every subscriber about {@code change}. The change is on disk whatever a subscriber does: one that throws
   * is passed over, so it cannot fail the write that was made.
   */
  void publish(MemoryChange change) {
    for (Listener l : listeners) {
      try {
        l.changed(change);
      } catch (RuntimeException e) {
        // The memory is stored; a subscriber's fault is its own to report.
      }
    }
  }
}
