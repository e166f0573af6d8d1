package io.engram.team;

import io.engram.fs.FileLock;
import io.engram.memory.MemoryFormat;
import io.engram.memory.MemoryStores;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.Set;

/**
 * A sync of one project: push the outbox, then pull what changed into the mirror, refresh the open conflicts,
 * review the team's memories against the member's own. One at a time per project, across processes (the
 * {@code .team-lock}); the state is saved after each step, so an interrupted sync loses nothing and the next one
 * goes on from there.
 */
final class TeamSync {
  private final TeamProject project;
  private final TeamStore store;
  private final Outbox outbox;

  TeamSync(TeamProject project, TeamStore store) {
    this.project = project;
    this.store = store;
    this.outbox = new Outbox(project.files());
  }

  /** Pushes and pulls, telling {@code step} each step; {@code full} pulls everything again and rebuilds the mirror. */
  SyncReport sync(boolean full, Consumer<String> step) throws IOException {
    Instant start = project.clock().instant();
    try (FileLock lock = lock()) {
      SyncState state = SyncState.read(project.files().state());
      try {
        step.accept("sending " + outbox.read().entries().size() + " queued change(s)");
        TeamPush.Result pushed = new TeamPush(project, store, outbox).push(state);
        state = pushed.state();
        state.write(project.files().state());
        step.accept(full ? "pulling every team memory" : "pulling the team's changes");
        TeamPull.Result pulled = new TeamPull(project, store).pull(state, full);
        state = pulled.state();
        state.write(project.files().state());
        List<TeamConflict> conflicts = store.openConflicts();
        ConflictFiles.write(project.files().conflicts(), conflicts);
        step.accept("reviewing what changed");
        state = review(state, pulled.changedSlugs(), full);
        state = state.attempted(project.clock().instant(), Optional.empty());
        state.write(project.files().state());
        return SyncReport.of(pushed.sent(), pulled.report(), conflicts.size(), outbox.read().entries().size(), state,
            Duration.between(start, project.clock().instant()).toMillis());
      } catch (TeamUnreachableException e) {
        state = state.attempted(project.clock().instant(), Optional.of(e.getMessage()));
        state.write(project.files().state());
        throw e;
      }
    }
  }

  /** Pushes the outbox only (a share or resolution sends its change at once). */
  List<TeamPush.Sent> push() throws IOException {
    try (FileLock lock = lock()) {
      SyncState state = SyncState.read(project.files().state());
      TeamPush.Result pushed = new TeamPush(project, store, outbox).push(state);
      pushed.state().write(project.files().state());
      return pushed.sent();
    }
  }

  /** Drops {@code slug} from the mirror (its removal went in; the next pull brings the same removal again). */
  void dropFromMirror(String slug) throws IOException {
    try (FileLock lock = lock()) {
      mirrorWriter().drop(slug);
    }
  }

  private MirrorWriter mirrorWriter() {
    return new MirrorWriter(project.mirror().directory(), project.redactor(),
        project.settings().memory().maxTopicBytes(), project.team().mirrorSyncThreads());
  }

  private SyncState review(SyncState state, Set<String> changed, boolean full) throws IOException {
    TeamReview.Findings found = TeamReview.review(project.memory(), project.mirror().directory(),
        project.settings().memory().maxTopicBytes(), full ? SyncState.FRESH : state, changed);
    Map<String, Optional<String>> marks = new LinkedHashMap<>();
    Set<String> touched = new HashSet<>(state.yields().keySet());
    touched.addAll(found.yields().keySet());
    for (String slug : touched) {
      Optional<String> now = Optional.ofNullable(found.yields().get(slug));
      if (changed.contains(slug) || full || !now.equals(Optional.ofNullable(state.yields().get(slug)))) {
        marks.put(slug, now);
      }
    }
    mirrorWriter().mark(marks);
    return state.reviewed(found.yields(), found.corrections(), found.proposals());
  }

  private FileLock lock() throws IOException {
    Duration wait = Duration.ofSeconds(project.team().syncLockWaitSeconds());
    return FileLock.tryAcquire(project.files().lock(), wait).orElseThrow(() -> new IOException("another team sync of"
        + " this project holds " + project.files().lock() + " for over " + wait.toSeconds() + " s; try again"));
  }

  /** How many memories the mirror holds. */
  static int count(Path mirror) throws IOException {
    if (!Files.isDirectory(mirror)) {
      return 0;
    }
    int n = 0;
    try (DirectoryStream<Path> files = Files.newDirectoryStream(mirror, "*.md")) {
      for (Path f : files) {
        n += f.getFileName().toString().equals(MemoryStores.INDEX_FILE) ? 0 : 1;
      }
    }
    return n;
  }

  /** The team version of {@code slug} the mirror holds (0 when none). */
  static int mirroredVersion(TeamProject project, String slug) throws IOException {
    Path file = project.mirror().directory().resolve(slug + ".md");
    if (!Files.exists(file)) {
      return 0;
    }
    return io.engram.memory.TeamMirror.version(MemoryFormat.read(file, project.settings().memory().maxTopicBytes()))
        .orElse(0);
  }

  static List<String> lines(List<String> in) {
    return new ArrayList<>(in);
  }
}
