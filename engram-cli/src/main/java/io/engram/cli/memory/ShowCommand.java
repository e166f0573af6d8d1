package io.engram.cli.memory;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.engram.cli.UserFacingException;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.cli.wiring.MemoryAccess;
import io.engram.memory.MemoryFormat;
import io.engram.memory.StoredMemory;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code engram show NAME}: one memory, frontmatter and body. */
@Command(name = "show", mixinStandardHelpOptions = true, description = "Show one memory: its file and its text.")
public final class ShowCommand implements java.util.concurrent.Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(paramLabel = "NAME", description = "The memory's name.")
  String name;

  @Mixin JsonOption json;

  /** What {@code --json} prints: the memory's fields, then its provenance, paths and body. */
  record Shown(@JsonUnwrapped MemoryJson memory, Optional<String> created, Optional<String> session,
      List<String> paths, String body) {}

  @Override
  public Integer call() throws IOException {
    StoredMemory m = MemoryAccess.open(spec).read(name)
        .orElseThrow(() -> new UserFacingException("no memory named '" + name + "'"));
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, new Shown(MemoryJson.of(m), m.memory().created().map(Object::toString),
          m.memory().session(), m.memory().paths(), m.memory().body()));
      return 0;
    }
    out.println("# " + m.path());
    out.print(MemoryFormat.format(m.memory()));
    out.flush();
    return 0;
  }
}
