package io.engram.cli.instructions;

import io.engram.cli.output.Examples;
import io.engram.fs.HomeLayout;
import io.engram.cli.global.GlobalOptions;
import io.engram.cli.global.UserFacingException;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.cli.wiring.MemoryAccess;
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

/** {@code engram add}: the quick-add, one bullet added to an instruction file under the heading it belongs to. */
@Examples({
    "engram add Run ./mvnw verify before every push",
    "engram add --scope local --under Testing \"Use the staging database.\""})
@Command(
    name = "add",
    mixinStandardHelpOptions = true,
    description = {
      "Add one bullet to an instruction file (the quick-add, '#' in Claude Code).",
      "It goes under the heading it belongs to (the words it shares with the heading, the heading's topic and the"
          + " rules already there), or under --under HEADING; when none fits, under '## Notes', created at the end"
          + " if the file has none. A file without headings gets the bullet at its end.",
      "The file is created if needed; a new CLAUDE.local.md is added to the repository's .gitignore.",
      "A word that would read as an @path import but names no file (@Autowired) is written in backticks, with a"
          + " warning; an @path naming a file that exists stays an import."
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

  @Option(names = "--under", paramLabel = "HEADING", description = "Put the bullet under this heading (created as"
      + " '## HEADING' at the end when the file has none).")
  String under;

  @Mixin JsonOption json;

  @Parameters(arity = "1..*", paramLabel = "TEXT", description = "The line to add (words are joined by spaces).")
  List<String> text;

  /**
   * What {@code --json} prints; {@code heading} is the heading the bullet went under ("" in a file without
   * headings), {@code gitignore} the .gitignore that now lists the file, or empty; {@code quoted} the words put in
   * backticks because they would have read as imports of files that do not exist.
   */
  record Added(String file, String scope, boolean created, String line, String heading, boolean headingCreated,
      String gitignore, List<String> quoted) {}

  @Override
  public void run() {
    AddScope addScope = parseScope(scope);
    GlobalOptions global = GlobalOptions.of(spec);
    QuickAdd.Result r;
    try {
      QuickAdd add = new QuickAdd(MemoryAccess.engram(spec).instructions(),
          HomeLayout.of(global.roots().engramHome()).locks());
      r = under == null ? add.append(addScope, String.join(" ", text))
          : add.appendUnder(addScope, String.join(" ", text), under);
    } catch (IOException e) {
      throw new UserFacingException("cannot add to the " + addScope.label() + " file: " + e.getMessage());
    }
    PrintWriter out = spec.commandLine().getOut();
    if (!r.quoted().isEmpty()) {
      PrintWriter err = spec.commandLine().getErr();
      err.println("warning: " + String.join(", ", r.quoted()) + " would read as an import of a file that does not"
          + " exist; written in backticks");
      err.flush();
    }
    if (json.enabled()) {
      JsonOutput.print(out, new Added(r.file().toString(), addScope.label(), r.created(), r.line(),
          r.heading().orElse(""), r.headingCreated(), r.gitignore().map(Object::toString).orElse(""), r.quoted()));
      return;
    }
    String where = r.heading().map(h -> " under " + (r.headingCreated() ? "new heading " : "") + "'" + h + "'")
        .orElse("");
    out.println((r.created() ? "Created " : "Added to ") + r.file() + where + ": " + r.line());
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
