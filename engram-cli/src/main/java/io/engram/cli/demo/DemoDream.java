package io.engram.cli.demo;

import io.engram.Engram;
import io.engram.dream.DreamOptions;
import io.engram.dream.DreamPhase;
import io.engram.dream.DreamProgress;
import io.engram.dream.DreamResult;
import io.engram.memory.ProjectMemory;
import io.engram.memory.StoredMemory;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The demo's dream step: the SessionEnd hook found the gates closed (two sessions, not five), so the demo
 * forces the offline dream and checks that no memory of the story was lost.
 */
final class DemoDream {
  // The demo prints to a terminal: a change the dream made is shown within 150 characters, two lines at most.
  private static final int CHANGE_CHARS = 150;
  private DemoDream() {}

  static DemoStep step(Engram engram, List<String> sessionEndLog) throws IOException {
    ProjectMemory memory = engram.memory();
    List<String> lines = new ArrayList<>();
    sessionEndLog.stream().filter(l -> l.startsWith("dream")).forEach(l -> lines.add("SessionEnd hook: " + l));
    List<String> phases = new ArrayList<>();
    DreamResult r = engram.dream().run(new DreamOptions(true, false), new DreamProgress() {
          @Override
          public void phase(DreamPhase phase, int items) {
            phases.add(phase.name().toLowerCase(Locale.ROOT) + " (" + items + ")");
          }

          @Override
          public void item(String label) {}
        });
    lines.add("engram dream --force: " + String.join(" -> ", phases));
    lines.add(String.format(Locale.ROOT, "%s (%s): read %d memories and %d session transcripts, %d candidates",
        r.outcome().name().toLowerCase(Locale.ROOT).replace('_', ' '), r.engine(), r.memories(), r.sessions().size(),
        r.candidates()));
    r.changes().forEach(c -> lines.add("  " + DemoRun.cut(c, CHANGE_CHARS)));
    r.runId().ifPresent(id -> lines.add("undo journal: run " + id + " (engram dream --undo)"));
    List<StoredMemory> after = memory.list().memories();
    StepData.Dream data = new StepData.Dream(sessionEndLog.stream().filter(l -> l.startsWith("dream")).toList(),
        r.outcome().name(), r.engine(), r.sessions().size(), r.changes(),
        after.stream().map(StoredMemory::name).toList());
    DemoStep step = DemoStep.ok("dream", "Dream (consolidation)", lines, data);
    if (r.outcome() == DreamResult.Outcome.GATED) {
      return step.failed("the forced dream was stopped by its gates: " + r.gates().closed());
    }
    Instant now = Instant.now();
    for (String word : List.of("redis", "pnpm")) {
      if (DemoRecall.find(after.stream().filter(m -> !m.memory().isSuperseded(now)).toList(), word).isEmpty()) {
        return step.failed("the dream lost the " + word + " memory");
      }
    }
    return step;
  }
}
