package io.engram.cli.instructions;

import io.engram.cli.GlobalOptions;
import io.engram.cli.UserFacingException;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.instructions.AddScope;
import io.engram.instructions.QuickAdd;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code engram add}: the quick-add, one bullet appended to an instruction file. */
@Command(
    name = "add",
    mixinStandardHelpOptions = true,
    description = {
      "Append one bullet to an instruction file (the quick-add, '#' in Claude Code).",
      "The file is created if needed; a new CLAUDE.local.md is added to the repository's .gitignore."
    })
public final class AddCommand implements Runnable {
  @Spec CommandSpec spec;

  @Option(
      names = "--scope",
      paramLabel = "SCOPE",
      defaultValue = "project",
      description = "project (CLAUDE.md, shared), local (CLAUDE.local.md, personal) or user (~/.claude/CLAUDE.md). "
          + "Default: ${DEFAULT-VALUE}.")
  String scope;

  @Mixin JsonOption json;

  @Parameters(arity = "1..*", paramLabel = "TEXT", description = "The line to add (words are joined by spaces).")
  List<String> text;

  /** What {@code --json} prints; {@code gitignore} is the .gitignore that now lists the file, or empty. */
  record Added(String file, String scope, boolean created, String line, String gitignore) {}

  @Override
  public void run() {
    AddScope addScope = parseScope(scope);
    GlobalOptions global = GlobalOptions.of(spec);
    QuickAdd.Result r;
    try {
      r = new QuickAdd(global.instructionLoader(), global.roots().engramHome().resolve("locks"))
          .append(addScope, String.join(" ", text));
    } catch (IOException e) {
      throw new UserFacingException("cannot add to the " + addScope.label() + " file: " + e.getMessage());
    }
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, new Added(r.file().toString(), addScope.label(), r.created(), r.line(),
          r.gitignore().map(Object::toString).orElse("")));
      return;
    }
    out.println((r.created() ? "Created " : "Added to ") + r.file() + ": " + r.line());
    r.gitignore().ifPresent(g -> out.println("Listed " + r.file().getFileName() + " in " + g));
    out.flush();
  }

  private AddScope parseScope(String value) {
    for (AddScope s : AddScope.values()) {
      if (s.label().equalsIgnoreCase(value)) {
        return s;
      }
    }
    throw new picocli.CommandLine.ParameterException(
        spec.commandLine(), "--scope must be project, local or user, not '" + value + "'");
  }
}
