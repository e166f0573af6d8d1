package io.engram.cli.memory;

import io.engram.cli.output.Examples;
import io.engram.cli.output.Styled;
import io.engram.cli.output.DisplayWidth;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.cli.wiring.MemoryAccess;
import io.engram.memory.MemoryListing;
import io.engram.memory.MemoryProblem;
import io.engram.memory.MemoryType;
import io.engram.memory.StoredMemory;
import io.engram.transcript.CodingAgent;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code engram list}: the project's and the user's memories; unreadable files are reported, not touched. */
@Examples({
    "engram list",
    "engram list --type feedback",
    "engram list --names"})
@Command(
    name = "list",
    mixinStandardHelpOptions = true,
    description = {"List the project's and the user's memories.", "Files that cannot be read are reported and skipped."})
public final class ListCommand implements java.util.concurrent.Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--type", paramLabel = "TYPE", description = "Only this type: user | feedback | project | reference")
  MemoryType type;

  @Option(names = "--names", description = "Print only the names, one a line (for scripts and shell completion).")
  boolean names;

  @Mixin JsonOption json;

  /** What {@code --json} prints. */
  record Listing(List<MemoryJson> memories, List<Problem> problems) {}

  /** A file that could not be read as a memory. */
  record Problem(String path, String reason) {}

  // The agent's product name when Engram knows it, else the id as written.
  private static String agentName(String id) {
    return CodingAgent.parse(id).map(CodingAgent::displayName).orElse(id);
  }

  @Override
  public Integer call() throws IOException {
    MemoryListing listing = MemoryAccess.open(spec).list();
    List<StoredMemory> shown = listing.memories().stream()
        .filter(m -> type == null || m.memory().type() == type).toList();
    PrintWriter out = spec.commandLine().getOut();
    if (names) {
      shown.forEach(m -> out.println(m.name()));
      out.flush();
      return 0;
    }
    if (json.enabled()) {
      JsonOutput.print(out, new Listing(shown.stream().map(MemoryJson::of).toList(),
          listing.problems().stream().map(p -> new Problem(p.path().toString(), p.reason())).toList()));
      return 0;
    }
    // Columns in display width: a Chinese name takes two columns a character, and String.format counts one.
    int width = shown.stream().mapToInt(m -> DisplayWidth.of(m.name())).max().orElse(4);
    for (StoredMemory m : shown) {
      // One line a memory, whatever the description holds; what the memory says is never read as markup.
      out.println(Styled.bold(String.format("%-9s", m.memory().type().id())) + " "
          + DisplayWidth.padded(m.name(), width) + "  " + m.memory().description().replaceAll("\\s+", " ").strip()
          + m.memory().agent().map(a -> "  " + Styled.faint("(from " + agentName(a) + ")")).orElse(""));
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
