package io.engram.cli.memory;

import io.engram.cli.UserFacingException;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.cli.wiring.MemoryAccess;
import io.engram.memory.MemoryFormat;
import io.engram.memory.StoredMemory;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Map;
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

  @Override
  public Integer call() throws IOException {
    StoredMemory m = MemoryAccess.open(spec).read(name)
        .orElseThrow(() -> new UserFacingException("no memory named '" + name + "'"));
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      Map<String, Object> result = MemoryAccess.summary(m);
      result.put("created", m.memory().created().map(Object::toString).orElse(null));
      result.put("session", m.memory().session().orElse(null));
      result.put("paths", m.memory().paths());
      result.put("body", m.memory().body());
      JsonOutput.print(out, result);
      return 0;
    }
    out.println("# " + m.path());
    out.print(MemoryFormat.format(m.memory()));
    out.flush();
    return 0;
  }
}
