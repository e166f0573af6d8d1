package io.engram.cli;

import io.engram.instructions.ProjectInit;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code engram init}: writes a starting project CLAUDE.md from what the repository shows. */
@Command(
    name = "init",
    mixinStandardHelpOptions = true,
    description = {
      "Write a starting project CLAUDE.md from what the repository shows.",
      "It names the build tool and its build, test and lint commands, the languages, the top-level layout,"
          + " and README and CONTRIBUTING hints.",
      "An existing file is kept unless --force; with --force the change is shown as a unified diff."
    })
final class InitCommand implements Runnable {
  @Spec CommandSpec spec;

  @Option(names = "--force", description = "Overwrite an existing project file, and show the diff.")
  boolean force;

  @Option(names = "--json", description = "Print the outcome as JSON.")
  boolean json;

  @Override
  public void run() {
    GlobalOptions global = GlobalOptions.of(spec);
    ProjectInit.Outcome o;
    try {
      o = new ProjectInit(global.instructionLoader(), global.roots().engramHome().resolve("locks")).run(force);
    } catch (IOException e) {
      throw new UserFacingException("cannot write the project file: " + e.getMessage());
    }
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("file", o.file().toString());
      m.put("existed", o.existed());
      m.put("written", o.written());
      m.put("diff", o.diff());
      m.put("content", o.content());
      JsonOutput.print(out, m);
    }
    if (o.existed() && !force) {
      throw new UserFacingException(o.file() + " already exists; run `engram init --force` to overwrite it "
          + "(the change will be shown as a diff)");
    }
    if (json) {
      return;
    }
    if (!o.existed()) {
      out.println("Wrote " + o.file() + ":");
      out.println();
      out.print(o.content());
    } else if (!o.written()) {
      out.println(o.file() + " is already what init would write; nothing changed.");
    } else {
      out.println("Overwrote " + o.file() + ":");
      out.print(o.diff());
    }
    out.flush();
  }
}
