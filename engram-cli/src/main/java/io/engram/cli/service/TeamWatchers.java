package io.engram.cli.service;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.team.TeamMemory;
import io.engram.team.TeamWatcher;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/**
 * The service's {@link TeamWatcher}s: one for each project it served whose team store is connected
 * ({@code engram team connect}), started the first time the project is served and stopped with the service. The
 * check and the start happen on a thread of their own, and the watcher connects (and retries with backoff) on its
 * own thread, so a team database that is down or slow never delays a hook's answer or the service's start.
 */
final class TeamWatchers implements AutoCloseable {
  private final Map<String, String> environment;
  private final Consumer<String> log;
  private final Map<Path, Optional<TeamWatcher>> watched = new ConcurrentHashMap<>();
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

  /** Notes that the project of {@code roots} was served; the first time, watches its team store if it has one. */
  void served(EngramRoots roots, EngramSettings settings) {
    Path project = roots.projectDir();
    if (closed || watched.containsKey(project)) {
      return;
    }
    // Claimed before the check, so that concurrent calls for one project start one watcher.
    if (watched.putIfAbsent(project, Optional.empty()) == null) {
      starter.execute(() -> start(roots, settings));
    }
  }

  private void start(EngramRoots roots, EngramSettings settings) {
    try {
      TeamMemory team = TeamMemory.of(roots, settings, environment, Clock.systemUTC());
      if (closed || team.status().link().isEmpty()) {
        return;
      }
      String name = roots.projectDir().getFileName() == null ? roots.projectDir().toString()
          : roots.projectDir().getFileName().toString();
      synchronized (this) {
        if (closed) {
          return;
        }
        watched.put(roots.projectDir(), Optional.of(TeamWatcher.start(team, line -> log.accept(name + ": " + line))));
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
    return (int) watched.values().stream().filter(Optional::isPresent).count();
  }

  @Override
  public void close() {
    synchronized (this) {
      closed = true;
    }
    starter.shutdownNow();
    // Each close returns within about half a second (the watcher's longest wait between looks at its flag).
    watched.values().forEach(w -> w.ifPresent(TeamWatcher::close));
    watched.clear();
  }
}
