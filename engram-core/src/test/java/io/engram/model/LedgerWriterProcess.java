package io.engram.model;

import io.engram.config.GovernorSettings;
import java.nio.file.Path;

/** A separate JVM that books calls in a ledger, for the two-process test of {@link CostGovernor}. */
public final class LedgerWriterProcess {
  private LedgerWriterProcess() {}

  /** Arguments: engram home, session id, number of calls. */
  public static void main(String[] args) {
    CostGovernor governor = new CostGovernor(Path.of(args[0]), GovernorSettings.DEFAULTS);
    int calls = Integer.parseInt(args[2]);
    for (int i = 0; i < calls; i++) {
      governor.record(args[1], Purpose.EXTRACTION, true, new TokenUsage(10, 1, 0, 0));
    }
  }
}
