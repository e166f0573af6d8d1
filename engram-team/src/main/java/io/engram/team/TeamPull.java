package io.engram.team;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Brings the mirror up to date with the team database: the project's rows changed after the state's cursor, all of
 * them read before any is written (a batch at a time, in one read-only transaction that sees one snapshot), so a
 * database lost in the middle of a pull leaves the mirror and its cursor as they were. Then they are written in
 * change order, a batch at a time, the cursor moving past each batch once its files are on disk. A full pull starts
 * from zero and removes from the mirror whatever the database no longer holds.
 */
final class TeamPull {
  private final TeamProject project;
  private final TeamStore store;

  TeamPull(TeamProject project, TeamStore store) {
    this.project = project;
    this.store = store;
  }

  /**
   * What a pull did.
   *
   * @param rows how many changed rows came
   * @param written how many mirror files were written
   * @param removed how many mirror files went (removed from the team, or gone from the database)
   * @param skipped rows that could not be mirrored, each with the reason
   * @param full whether it was a full pull
   */
  record Report(int rows, int written, int removed, List<String> skipped, boolean full) {
    Report {
      skipped = List.copyOf(skipped);
    }
  }

  /** The state after the pull, the slugs it changed and its report. */
  record Result(SyncState state, Set<String> changedSlugs, Report report) {}

  Result pull(SyncState start, boolean full) throws IOException {
    int batch = project.team().pullBatchSize();
    List<List<TeamRow>> pages = store.changesSince(full ? 0 : start.cursor(), batch);
    MirrorWriter writer = new MirrorWriter(project.mirror().directory(), project.redactor(),
        project.settings().memory().maxTopicBytes(), project.team().mirrorSyncThreads());
    SyncState state = start;
    Set<String> changed = new HashSet<>();
    Set<String> live = new HashSet<>();
    List<String> skipped = new ArrayList<>();
    int rows = 0;
    int written = 0;
    int removed = 0;
    if (pages.isEmpty() && full) {
      pages = List.of(List.of()); // a full pull of an empty project still removes what the mirror holds
    }
    for (int i = 0; i < pages.size(); i++) {
      List<TeamRow> page = pages.get(i);
      boolean last = i == pages.size() - 1;
      page.forEach(r -> {
        changed.add(r.slug());
        if (r.deleted()) {
          live.remove(r.slug());
        } else {
          live.add(r.slug());
        }
      });
      MirrorWriter.Applied applied = writer.apply(page, state.yields(),
          full && last ? Optional.of(Set.copyOf(live)) : Optional.empty());
      rows += page.size();
      written += applied.written();
      removed += applied.removed();
      skipped.addAll(applied.skipped());
      long cursor = page.isEmpty() ? (full ? 0 : state.cursor()) : page.get(page.size() - 1).changeSeq();
      state = state.pulled(cursor, applied.held());
      state.write(project.files().state());
    }
    return new Result(state, changed, new Report(rows, written, removed, skipped, full));
  }
}
