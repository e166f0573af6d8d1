package io.engram.dream;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.engram.fs.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The history of applied dream runs: each run's record ({@code run.json}) beside its undo journal in
 * {@code <memory>/.dream/undo/<run-id>/}, so a run's record lives and is pruned with its journal.
 */
final class DreamRuns {
  static final String FILE = "run.json";
  private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

  private final Path memoryDir;
  private final Path root;

  DreamRuns(Path memoryDir) {
    this.memoryDir = memoryDir;
    this.root = memoryDir.resolve(UndoJournal.DIR);
  }

  /** Keeps the record of the applied run {@code r}, which went through {@code phases}. */
  void record(String runId, Instant startedAt, DreamResult r, List<DreamRun.Phase> phases) throws IOException {
    DreamRun run = new DreamRun(runId, startedAt, r.engine(), r.memories(), r.sessions(), r.candidates(), phases,
        r.counts(), r.changes(), r.problems(), r.purgedTrash(), r.diff(), false, false);
    AtomicFiles.writeString(root.resolve(runId).resolve(FILE), JSON.writeValueAsString(run));
  }

  /** Every recorded run, newest first, with whether it was undone and which one an undo would take back. */
  List<DreamRun> list() throws IOException {
    if (!Files.isDirectory(root)) {
      return List.of();
    }
    UndoJournal journal = new UndoJournal(memoryDir);
    Optional<String> last = journal.lastRunId();
    List<Path> files;
    try (Stream<Path> dirs = Files.list(root)) {
      files = dirs.map(d -> d.resolve(FILE)).filter(Files::isRegularFile).toList();
    }
    List<DreamRun> runs = new ArrayList<>();
    for (Path f : files) {
      DreamRun r;
      try {
        r = JSON.readValue(f.toFile(), DreamRun.class);
      } catch (IOException e) {
        continue; // a record cut short by a crash: the run's journal still undoes it
      }
      boolean undone = journal.undone(r.runId());
      runs.add(new DreamRun(r.runId(), r.startedAt(), r.engine(), r.memories(), r.sessions(), r.candidates(),
          r.phases(), r.counts(), r.changes(), r.problems(), r.purgedTrash(), r.diff(), undone,
          !undone && last.map(r.runId()::equals).orElse(false)));
    }
    runs.sort(Comparator.comparing(DreamRun::runId).reversed());
    return runs;
  }

  /** A {@link DreamProgress} passing everything on to {@code shown} and noting each phase's items and time. */
  static final class PhaseLog implements DreamProgress {
    private final DreamProgress shown;
    private final Clock clock;
    private final List<DreamRun.Phase> phases = new ArrayList<>();
    private DreamPhase current;
    private int items;
    private Instant started;

    PhaseLog(DreamProgress shown, Clock clock) {
      this.shown = shown;
      this.clock = clock;
    }

    @Override
    public void phase(DreamPhase phase, int items) {
      close();
      current = phase;
      this.items = items;
      started = clock.instant();
      shown.phase(phase, items);
    }

    @Override
    public void item(String label) {
      shown.item(label);
    }

    /** The phases so far, the current one ending now. */
    List<DreamRun.Phase> phases() {
      close();
      return List.copyOf(phases);
    }

    private void close() {
      if (current != null) {
        phases.add(new DreamRun.Phase(current, items, Duration.between(started, clock.instant()).toMillis()));
        current = null;
      }
    }
  }
}
