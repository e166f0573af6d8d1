package io.engram.service;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.team.TeamMemory;
import io.engram.team.TeamWatcher;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * The service's {@link TeamWatcher}s: one for each project it served whose team store is connected
 * ({@code engram team connect}), started the first time the project is served and stopped with the service. A
 * project served while it had no team store is looked at again when it is served after {@code
 * team.watchFallbackSeconds}, so one connected while the service runs is watched from then on. The check and the
 * start happen on a thread of their own, and the watcher connects (and retries with backoff) on its own thread, so
 * a team database that is down or slow never delays a hook's answer or the service's start; the watcher's first
 * sync brings what the team shared while the project was not served.
 */
final class TeamWatchers implements AutoCloseable {
  private final Map<String, String> environment;
  private final Consumer<String> log;
  private final Map<Path, TeamWatcher> watched = new ConcurrentHashMap<>();
  private final Map<Path, Long> lastLook = new ConcurrentHashMap<>();
  private final ExecutorService starter = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "engram-service-team-starter");
    t.setDaemon(true);
    return t;
  });
  private volatile boolean closed;

  TeamWatchers(Map<String, String> environment, Consumer<String> log) {
    this.environment = Map.copyOf(environment);
    this.log = log;
  }

  /**
   * Notes that the project of {@code roots} was served; watches its team store if it has one and is not watched
   * yet (looked at once, then again at most every {@code team.watchFallbackSeconds}).
   */
  void served(EngramRoots roots, EngramSettings settings) {
    Path project = roots.projectDir();
    if (closed || watched.containsKey(project)) {
      return;
    }
    long now = System.nanoTime();
    long again = TimeUnit.SECONDS.toNanos(settings.team().watchFallbackSeconds());
    AtomicBoolean claimed = new AtomicBoolean();
    // Claimed atomically, so that concurrent calls for one project start one look, and one watcher.
    lastLook.compute(project, (p, last) -> {
      if (last == null || now - last >= again) {
        claimed.set(true);
        return now;
      }
      return last;
    });
    if (claimed.get()) {
      starter.execute(() -> start(roots, settings));
    }
  }

  private void start(EngramRoots roots, EngramSettings settings) {
    try {
      TeamMemory team = TeamMemory.of(roots, settings, environment, Clock.systemUTC());
      if (closed || !team.connected()) {
        return;
      }
      String name = roots.projectDir().getFileName() == null ? roots.projectDir().toString()
          : roots.projectDir().getFileName().toString();
      synchronized (this) {
        if (closed || watched.containsKey(roots.projectDir())) {
          return;
        }
        watched.put(roots.projectDir(), TeamWatcher.start(team, line -> log.accept(name + ": " + line)));
      }
      log.accept(name + ": watching the team store for changes");
    } catch (IllegalArgumentException e) {
      // No git remote: the project has no team memory to watch.
    } catch (IOException | RuntimeException e) {
      log.accept("team memory of " + roots.projectDir() + " not watched: " + e.getMessage());
    }
  }

  /** How many watchers run. */
  int running() {
    return watched.size();
  }

  @Override
  public void close() {
    synchronized (this) {
      closed = true;
    }
    starter.shutdownNow();
    // Each close returns within about half a second (the watcher's longest wait between looks at its flag).
    watched.values().forEach(TeamWatcher::close);
    watched.clear();
  }
}
