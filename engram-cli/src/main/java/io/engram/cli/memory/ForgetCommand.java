package io.engram.cli.memory;

import io.engram.cli.output.Examples;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.cli.output.ShellWords;
import io.engram.cli.wiring.MemoryAccess;
import io.engram.memory.ChangedBy;
import io.engram.memory.Forgotten;
import java.io.IOException;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code engram forget NAME}: moves a memory to the trash ({@code restore} undoes it). */
@Examples({
    "engram forget api-port"})
@Command(name = "forget", mixinStandardHelpOptions = true,
    description = {"Move a memory and its index line to the trash.",
        "The trash keeps it ${bundle:memory.trashRetentionDays} days; 'engram restore NAME' brings it back."})
public final class ForgetCommand implements java.util.concurrent.Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(paramLabel = "NAME", description = "The memory's name.")
  String name;

  @Mixin JsonOption json;

  /** What {@code --json} prints: the memory, where it was and where the trash keeps it. */
  record Forgot(String name, String path, String trashed) {}

  @Override
  public Integer call() throws IOException {
    Forgotten f = MemoryAccess.open(spec).forget(name, ChangedBy.CLI);
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, new Forgot(f.name(), f.original().toString(), f.trashed().toString()));
      return 0;
    }
    out.printf("forgot '%s' (moved to %s; bring it back with: engram restore %s)%n", name, f.trashed(),
        ShellWords.word(name));
    out.flush();
    return 0;
  }
}
