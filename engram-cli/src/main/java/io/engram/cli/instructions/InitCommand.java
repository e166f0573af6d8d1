package io.engram.cli.instructions;

import io.engram.cli.output.Examples;
import io.engram.fs.HomeLayout;
import io.engram.cli.global.GlobalOptions;
import io.engram.cli.global.UserFacingException;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.cli.wiring.MemoryAccess;
import io.engram.instructions.ProjectInit;
import java.io.IOException;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code engram init}: writes a starting project CLAUDE.md from what the repository shows. */
@Examples({
    "engram init",
    "engram init --force"})
@Command(
    name = "init",
    mixinStandardHelpOptions = true,
    description = {
      "Write a starting project CLAUDE.md from what the repository shows.",
      "It says what the project is (the README's first real paragraph: no title, badges or lines that only"
          + " link elsewhere), names the build tool and its build and test commands, a lint command only where the"
          + " project configures one (checkstyle, spotless, eslint, ruff...), how to run it (Spring Boot, Gradle,"
          + " npm, Make, cargo, go, Django; Maven and Spring profiles; docker-compose services and profiles;"
          + " pre-commit), the languages, the top-level layout, and CONTRIBUTING hints.",
      "An existing file is kept unless --force; with --force the change is shown as a unified diff and the file"
          + " as it was is kept as CLAUDE.md.bak (or .bak.2, ...)."
    })
public final class InitCommand implements Runnable {
  @Spec CommandSpec spec;

  @Option(names = "--force", description = "Overwrite an existing project file, show the diff, keep a backup.")
  boolean force;

  @Mixin JsonOption json;

  /**
   * What {@code --json} prints, also when an existing file stops the command; {@code backup} is where the file as
   * it was is kept ("" when nothing was overwritten).
   */
  record Initialised(String file, boolean existed, boolean written, String diff, String content, String backup) {}

  @Override
  public void run() {
    GlobalOptions global = GlobalOptions.of(spec);
    ProjectInit.Outcome o;
    try {
      o = new ProjectInit(MemoryAccess.engram(spec).instructions(), HomeLayout.of(global.roots().engramHome()).locks())
          .run(force);
    } catch (IOException e) {
      throw new UserFacingException("cannot write the project file: " + e.getMessage());
    }
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, new Initialised(o.file().toString(), o.existed(), o.written(), o.diff(), o.content(),
          o.backup().map(Object::toString).orElse("")));
    }
    if (o.existed() && !force) {
      throw new UserFacingException(o.file() + " already exists; run `engram init --force` to overwrite it "
          + "(the change will be shown as a diff, and the file kept as a backup)");
    }
    if (json.enabled()) {
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
      o.backup().ifPresent(b -> out.println("Your previous file is kept as " + b));
    }
    out.flush();
  }
}
