package io.engram.dream;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.fs.AtomicFiles;
import io.engram.model.ModelRouter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A child JVM for {@link DreamKillTest}: runs the real {@link Dream} engine (forced) on the roots given
 * as arguments (engram home, user home, project, signal file, n) and, after the n-th applied change,
 * writes the signal file and sleeps, so the parent can kill it mid-apply.
 */
public final class DreamChild {
  private DreamChild() {}

  public static void main(String[] args) throws Exception {
    EngramRoots roots = new EngramRoots(Path.of(args[0]), Path.of(args[1]), Path.of(args[2]));
    Path signal = Path.of(args[3]);
    int pauseAfter = Integer.parseInt(args[4]);
    AtomicInteger applied = new AtomicInteger();
    Dream dream = new Dream(roots, EngramSettings.DEFAULTS, ModelRouter.offline(),
        Clock.fixed(DreamFixture.NOW, ZoneOffset.UTC))
        .afterEachChange(change -> {
          if (applied.incrementAndGet() == pauseAfter) {
            try {
              AtomicFiles.writeString(signal, change.summary());
              Thread.sleep(120_000);
            } catch (Exception e) {
              throw new IllegalStateException(e);
            }
          }
        });
    dream.run(new DreamOptions(true, false), DreamProgress.NONE);
  }
}
