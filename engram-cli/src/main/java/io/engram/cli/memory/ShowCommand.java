package io.engram.cli.memory;

import io.engram.cli.output.Examples;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.engram.cli.global.UserFacingException;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.cli.wiring.MemoryAccess;
import io.engram.memory.MemoryFormat;
import io.engram.memory.MemoryVersion;
import io.engram.memory.StoredMemory;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code engram show NAME [--history]}: one memory, frontmatter and body, or every version it had. */
@Examples({
    "engram show api-port",
    "engram show --history api-port"})
@Command(name = "show", mixinStandardHelpOptions = true, description = {"Show one memory: its file and its text.",
    "With --history, every version the memory had (also after it was forgotten): when, by what (cli, ui, mcp,"
        + " extraction, dream, team, library, import, review, outside), the change, and the diff to the version before.",
    "A memory keeps its ${bundle:memory.historyMaxVersions} newest versions."})
public final class ShowCommand implements java.util.concurrent.Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(paramLabel = "NAME", description = "The memory's name.")
  String name;

  @Option(names = "--history", description = "List the memory's versions, each with its diff to the one before.")
  boolean history;

  @Mixin JsonOption json;

  /** What {@code --json} prints: the memory's fields, then its provenance, paths and body. */
  record Shown(@JsonUnwrapped MemoryJson memory, Optional<String> created, Optional<String> session,
      Optional<String> turn, List<String> paths, String body) {}

  /** One version as {@code --history --json} prints it. */
  record Version(int number, String at, String by, String change, String diff, String text) {}

  /** What {@code --history --json} prints: the versions newest first. */
  record Versions(String name, List<Version> versions) {}

  @Override
  public Integer call() throws IOException {
    if (history) {
      return versions();
    }
    StoredMemory m = MemoryAccess.open(spec).read(name)
        .orElseThrow(() -> new UserFacingException("no memory named '" + name + "'"));
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, new Shown(MemoryJson.of(m), m.memory().created().map(Object::toString),
          m.memory().session(), m.memory().turn(), m.memory().paths(), m.memory().body()));
      return 0;
    }
    out.println("# " + m.path());
    String text = MemoryFormat.format(m.memory());
    // A body written without a final newline (extraction writes one so) must not run into the shell's prompt.
    out.print(text.endsWith("\n") ? text : text + "\n");
    out.flush();
    return 0;
  }

  private int versions() throws IOException {
    List<MemoryVersion> all = MemoryAccess.open(spec).history(name);
    if (all.isEmpty()) {
      throw new UserFacingException("no recorded versions of a memory named '" + name + "'");
    }
    List<Version> shown = new ArrayList<>();
    for (int i = all.size() - 1; i >= 0; i--) {
      MemoryVersion v = all.get(i);
      shown.add(new Version(v.number(), v.at().toString(), v.by().id(), v.change().id(),
          v.diffFrom(i == 0 ? Optional.empty() : Optional.of(all.get(i - 1))), v.text()));
    }
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, new Versions(name, shown));
      return 0;
    }
    for (Version v : shown) {
      out.println("version " + v.number() + "  " + v.at() + "  " + v.change() + " by " + v.by());
      if (!v.diff().isEmpty()) {
        v.diff().lines().forEach(l -> out.println("  " + l));
      }
    }
    out.flush();
    return 0;
  }
}
