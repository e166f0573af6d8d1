package io.engram.memory;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The change events of the stores a process opens with it: every write, forget and restore, whichever surface made
 * it (a hook's extraction, an MCP tool, the command line, the web UI), told to each subscriber after it is on disk
 * and outside the store's lock. A process keeps one and opens every store with it ({@link MemoryStores#open(
 * io.engram.config.EngramRoots, io.engram.config.EngramSettings, java.time.Clock, MemoryWriteListener,
 * MemoryFileCache, MemoryChanges)}), so that what one surface writes reaches the others at once (MCP's resource
 * notifications).
 *
 * <p>Events made {@link #watching()} also come from outside the process: each store directory opened with them is
 * watched by the operating system (inotify on Linux), and a topic file or MEMORY.md that another process wrote,
 * renamed or deleted, or that a person edited by hand, is told as a change too, moments after it happened (named by
 * its file, without {@code .md}); this process's own changes are then told twice, by the store and by the watch, so
 * a subscriber treats a change as a reason to look again. A long-running process (the resident service) uses these,
 * and its caches follow them ({@link #version}); events made with {@code new} tell only this process's changes.
 * Thread-safe.
 */
public final class MemoryChanges implements AutoCloseable {
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
  private final Map<Path, AtomicLong> versions = new ConcurrentHashMap<>();
  // Every change told, of any directory, and every loss of track of one: what stamp() reads.
  private final AtomicLong told = new AtomicLong();
  private final Optional<DirectoryWatch> watch;

  /** Events of this process's changes only. */
  public MemoryChanges() {
    this(false);
  }

  private MemoryChanges(boolean watching) {
    this.watch = watching ? DirectoryWatch.start(this) : Optional.empty();
  }

  /**
   * Events of this process's changes and of every change the operating system reports in the store directories
   * opened with them; {@link #close} stops the watching. Where the platform's watching is not native (a polling
   * watch, or none), they are events of this process's changes alone.
   */
  public static MemoryChanges watching() {
    return new MemoryChanges(true);
  }

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
    told.incrementAndGet();
    versions.computeIfAbsent(change.memoryDir(), d -> new AtomicLong()).incrementAndGet();
    for (Listener l : listeners) {
      try {
        l.changed(change);
      } catch (RuntimeException e) {
        // The memory is stored; a subscriber's fault is its own to report.
      }
    }
  }

  /**
   * How many changes of {@code dir} (absolute and normalized) were told so far; a cache that remembers it knows
   * nothing changed while it is the same, provided {@link #watches} the directory.
   */
  long version(Path dir) {
    AtomicLong v = versions.get(dir);
    return v == null ? 0 : v.get();
  }

  /**
   * A stamp of every change told so far, of every store opened with these events: while it stays the same, no memory
   * of a watched store changed, whichever process changed it. Empty when other processes' changes are not told
   * (events made with {@code new}, or no native watch on this platform): a cache must then look at the files.
   */
  public OptionalLong stamp() {
    return watch.isPresent() ? OptionalLong.of(told.get()) : OptionalLong.empty();
  }

  /** Starts watching {@code dir} when these events watch directories; false when they do not or cannot. */
  boolean watch(Path dir) {
    return watch.isPresent() && watch.get().register(dir);
  }

  /** Whether changes to {@code dir} by other processes are told here, so that {@link #version} covers them. */
  boolean watches(Path dir) {
    return watch.isPresent() && watch.get().watches(dir);
  }

  /** Stops watching directories (nothing to stop for events of this process alone). */
  @Override
  public void close() {
    watch.ifPresent(DirectoryWatch::close);
  }

  /**
   * A change the operating system reported to {@code file} of a watched directory, told as what the file is now
   * (written while it is there, forgotten once it is gone): the report may come after later changes to it.
   */
  void reported(Path dir, Path file) {
    String name = file.getFileName().toString();
    boolean there = Files.exists(dir.resolve(file));
    publish(new MemoryChange(dir, name.substring(0, name.length() - ".md".length()),
        there ? MemoryChange.Kind.WRITTEN : MemoryChange.Kind.FORGOTTEN));
  }

  /** {@code dir} changed in ways not reported one by one (the queue overflowed, the watch began or ended). */
  void lost(Path dir) {
    told.incrementAndGet();
    versions.computeIfAbsent(dir, d -> new AtomicLong()).incrementAndGet();
  }

  /** The operating system's watch of store directories, on a daemon thread of its own. */
  private static final class DirectoryWatch {
    private final WatchService service;
    private final Map<WatchKey, Path> keys = new ConcurrentHashMap<>();
    private final Map<Path, WatchKey> dirs = new ConcurrentHashMap<>();
    private final MemoryChanges owner;

    private DirectoryWatch(WatchService service, MemoryChanges owner) {
      this.service = service;
      this.owner = owner;
    }

    static Optional<DirectoryWatch> start(MemoryChanges owner) {
      WatchService service;
      try {
        service = FileSystems.getDefault().newWatchService();
      } catch (IOException | UnsupportedOperationException e) {
        return Optional.empty();
      }
      // A polling watch sees a change seconds late: a cache must not trust it over the files.
      if (service.getClass().getName().contains("Polling")) {
        try {
          service.close();
        } catch (IOException ignored) {
          // nothing was watched
        }
        return Optional.empty();
      }
      DirectoryWatch w = new DirectoryWatch(service, owner);
      Thread t = new Thread(w::run, "engram-memory-watch");
      t.setDaemon(true);
      t.start();
      return Optional.of(w);
    }

    boolean register(Path dir) {
      if (dirs.containsKey(dir)) {
        return true;
      }
      if (!Files.isDirectory(dir)) {
        return false; // not made yet: the next store opened over it registers it
      }
      try {
        WatchKey key = dir.register(service, StandardWatchEventKinds.ENTRY_CREATE,
            StandardWatchEventKinds.ENTRY_DELETE, StandardWatchEventKinds.ENTRY_MODIFY);
        keys.put(key, dir);
        dirs.put(dir, key);
        owner.lost(dir); // what happened before the watch began is not known: a cache made before it is not kept
        return true;
      } catch (IOException | ClosedWatchServiceException e) {
        return false; // the watch limit reached, or closed: the caches check the files as before
      }
    }

    boolean watches(Path dir) {
      WatchKey key = dirs.get(dir);
      return key != null && key.isValid();
    }

    private void run() {
      try {
        while (true) {
          WatchKey key = service.take();
          Path dir = keys.get(key);
          if (dir != null) {
            for (WatchEvent<?> e : key.pollEvents()) {
              if (e.kind() == StandardWatchEventKinds.OVERFLOW) {
                owner.lost(dir);
              } else if (e.context() instanceof Path file) {
                String name = file.getFileName().toString();
                if (name.equals(MemoryIndex.FILE_NAME)) {
                  owner.lost(dir); // the index is no memory: its readers' caches are told, no subscriber
                } else if (name.endsWith(".md") && !name.startsWith(".")) { // a staged write starts with a dot
                  owner.reported(dir, file);
                }
              }
            }
          }
          if (!key.reset() && dir != null) {
            keys.remove(key);
            dirs.remove(dir, key); // the directory is gone: no longer watched, so caches look at the files
            owner.lost(dir);
          }
        }
      } catch (InterruptedException | ClosedWatchServiceException e) {
        // closed
      }
    }

    void close() {
      try {
        service.close();
      } catch (IOException ignored) {
        // closing a watch fails only when it is closed
      }
    }
  }
}
