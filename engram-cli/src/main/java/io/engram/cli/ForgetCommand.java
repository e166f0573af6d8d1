package io.engram.cli;

import io.engram.memory.Forgotten;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code engram forget NAME}: moves a memory to the trash (kept 30 days; {@code restore} undoes it). */
@Command(name = "forget", mixinStandardHelpOptions = true,
    description = {"Move a memory and its index line to the trash.", "'engram restore NAME' brings it back."})
final class ForgetCommand implements java.util.concurrent.Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(paramLabel = "NAME", description = "The memory's name.")
  String name;

  @Option(names = "--json", description = "Print the result as JSON.")
  boolean json;

  @Override
  public Integer call() throws IOException {
    Forgotten f = MemoryAccess.open(spec).forget(name);
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      Map<String, Object> result = new LinkedHashMap<>();
      result.put("name", f.name());
      result.put("path", f.original().toString());
      result.put("trashed", f.trashed().toString());
      JsonOutput.print(out, result);
      return 0;
    }
    out.printf("forgot '%s' (moved to %s; 'engram restore %s' brings it back)%n", name, f.trashed(), name);
    out.flush();
    return 0;
  }
}
