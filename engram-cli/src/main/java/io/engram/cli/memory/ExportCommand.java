package io.engram.cli.memory;

import io.engram.cli.output.Examples;
import io.engram.Engram;
import io.engram.cli.global.UserFacingException;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.cli.wiring.MemoryAccess;
import io.engram.memory.ProjectMemory;
import io.engram.portable.MemoryExport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code engram export}: a portable bundle of the project's memories (or every project's) with the user's. */
@Examples({
    "engram export --out memories.zip",
    "engram export --all --versions --out all.zip"})
@Command(
    name = "export",
    mixinStandardHelpOptions = true,
    description = {
      "Export memories as a portable bundle.",
      "The bundle holds the topic files as they are (Markdown with their frontmatter) and, with --versions, each"
          + " memory's versions; a .zip file, or a new directory for any other name. 'engram import' reads it on"
          + " another machine or into another home, merging with what is there."})
public final class ExportCommand implements java.util.concurrent.Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--all", description = "Every project of this Engram home, not only this one.")
  boolean all;

  @Option(names = "--versions", description = "Also each memory's recorded versions.")
  boolean versions;

  @Option(names = "--out", paramLabel = "PATH", description = "Where to write the bundle (default:"
      + " engram-memories-<project>.zip, or engram-memories-all.zip with --all, in the current directory).")
  Path out;

  @Mixin JsonOption json;

  /** What {@code --json} prints. */
  record Exported(String bundle, List<String> projects, int memories, int versions) {}

  @Override
  public Integer call() throws IOException {
    Engram engram = MemoryAccess.engram(spec);
    ProjectMemory memory = engram.memory();
    Path target = out != null ? out
        : Path.of("engram-memories-" + (all ? "all" : memory.location().projectKey()) + ".zip");
    if (Files.exists(target) && !Files.isDirectory(target)) {
      throw new UserFacingException(target + " exists; name another --out, or move it away first");
    }
    MemoryExport export = new MemoryExport(engram.settings(), engram.clock());
    MemoryExport.Exported r = all
        ? export.all(engram.roots().engramHome(), Optional.of(memory), versions, target)
        : export.project(memory, versions, target);
    PrintWriter o = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(o, new Exported(r.bundle().toAbsolutePath().toString(), r.projects(), r.memories(),
          r.versions()));
      return 0;
    }
    o.printf("exported %s%s of %s to %s%n", counted(r.memories(), "memory", "memories"),
        versions ? " with " + counted(r.versions(), "version", "versions") : "",
        counted(r.projects().size(), "project", "projects"), r.bundle().toAbsolutePath());
    o.flush();
    return 0;
  }

  private static String counted(int n, String one, String many) {
    return n + " " + (n == 1 ? one : many);
  }
}
