package io.engram.cli;

import io.engram.memory.MemoryListing;
import io.engram.memory.MemoryProblem;
import io.engram.memory.MemoryType;
import io.engram.memory.StoredMemory;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Ansi;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code engram list}: the project's and the user's memories; unreadable files are reported, not touched. */
@Command(
    name = "list",
    mixinStandardHelpOptions = true,
    description = {"List the project's and the user's memories.", "Files that cannot be read are reported and skipped."})
final class ListCommand implements java.util.concurrent.Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--type", paramLabel = "TYPE", description = "Only this type: user | feedback | project | reference")
  MemoryType type;

  @Option(names = "--json", description = "Print {memories: [...], problems: [...]} as JSON.")
  boolean json;

  @Override
  public Integer call() throws IOException {
    MemoryListing listing = MemoryAccess.open(spec).list();
    List<StoredMemory> shown = listing.memories().stream()
        .filter(m -> type == null || m.memory().type() == type).toList();
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      Map<String, Object> result = new LinkedHashMap<>();
      result.put("memories", shown.stream().map(MemoryAccess::summary).toList());
      result.put("problems", listing.problems().stream()
          .map(p -> Map.of("path", p.path().toString(), "reason", p.reason())).toList());
      JsonOutput.print(out, result);
      return 0;
    }
    int width = shown.stream().mapToInt(m -> m.name().length()).max().orElse(4);
    for (StoredMemory m : shown) {
      out.println(Ansi.AUTO.string(String.format("@|bold %-9s|@ %-" + width + "s  %s",
          m.memory().type().id(), m.name(), m.memory().description())));
    }
    if (shown.isEmpty()) {
      out.println("no memories" + (type == null ? "" : " of type " + type.id()));
    }
    out.flush();
    PrintWriter err = spec.commandLine().getErr();
    for (MemoryProblem p : listing.problems()) {
      err.println("engram: skipped " + p);
    }
    err.flush();
    return 0;
  }
}
