package io.engram.cli.memory;

import io.engram.cli.output.Examples;
import io.engram.Engram;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.cli.output.ProgressDisplay;
import io.engram.cli.wiring.MemoryAccess;
import io.engram.recall.MemoryRecall;
import io.engram.service.wiring.RecallWiring;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code engram reindex}: recall's index brought in step with every memory, each embedded, with progress. */
@Examples({
    "engram reindex"})
@Command(
    name = "reindex",
    mixinStandardHelpOptions = true,
    description = {
      "Index every memory of this project for recall, embedding all that lack a vector.",
      "A recall embeds for ${bundle:recall.embeddingBudgetMillis} ms and finds the rest by keywords until later calls"
          + " embed them; reindex embeds them all now (the first embedding of a large store, or after changing"
          + " recall.embeddingModel), showing its progress on stderr."})
public final class ReindexCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin JsonOption json;

  @Override
  public Integer call() throws IOException {
    ProgressDisplay progress = ProgressDisplay.of(spec, "reindex", json.enabled());
    boolean[] started = {false};
    MemoryRecall.Reindexed r = MemoryAccess.engram(spec, RecallWiring.Caller.INTERACTIVE,
        Engram.COMMAND_LINE_SESSION, "engram").recall().reindex((embedded, memories) -> {
          if (!started[0]) {
            progress.phase("indexing", memories);
            started[0] = true;
          }
          progress.reached(embedded, "");
        });
    progress.finish();
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, r);
    } else {
      r.notes().forEach(n -> out.println("note: " + n));
      out.printf("%d memories indexed, %d with a vector; recall finds them by %s%n", r.memories(), r.embedded(),
          r.retrieval());
      out.println("index " + r.index());
    }
    out.flush();
    return 0;
  }
}
