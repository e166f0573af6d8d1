package io.engram.cli.memory;

import io.engram.cli.output.Examples;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.cli.wiring.MemoryAccess;
import io.engram.memory.ChangedBy;
import io.engram.memory.StoredMemory;
import java.io.IOException;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code engram restore NAME}: brings the most recently forgotten memory of that name back. */
@Examples({
    "engram restore api-port"})
@Command(name = "restore", mixinStandardHelpOptions = true,
    description = "Bring a forgotten memory back from the trash, with its index line.")
public final class RestoreCommand implements java.util.concurrent.Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(paramLabel = "NAME", description = "The memory's name.")
  String name;

  @Mixin JsonOption json;

  @Override
  public Integer call() throws IOException {
    StoredMemory m = MemoryAccess.open(spec).restore(name, ChangedBy.CLI);
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, MemoryJson.of(m));
      return 0;
    }
    out.printf("restored '%s' -> %s%n", m.name(), m.path());
    out.flush();
    return 0;
  }
}
