package io.engram.cli.demo;

import io.engram.cli.output.Examples;
import io.engram.cli.global.UserFacingException;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.fs.FileTrees;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Ansi;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code engram demo}: replays a two-session story on a generated sample project, on the offline engine,
 * and shows each layer at work. The story checks itself: a step whose check fails makes the command
 * exit 1 naming what did not hold.
 */
@Examples({
    "engram demo",
    "engram demo --keep /tmp/engram-demo"})
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description = {
      "Replay a two-session story offline and show each layer of Engram at work.",
      "The story runs on a generated sample project: instruction files, per-turn extraction, session notes,"
          + " context warnings and compaction, recall in a new session, a dream.",
      "Runs offline in a temporary directory (deleted afterwards unless --keep); ignores --home and --project.",
      "Exit 1 when a step's check fails (the story did not hold)."})
public final class DemoCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin JsonOption json;

  @Option(names = "--keep", paramLabel = "DIR",
      description = "Replay in DIR (new or empty) and keep it, to look at the files afterwards.")
  Path keep;

  /** What {@code --json} prints: whether the story held, the kept directory (or empty), the time and every step. */
  record Replay(boolean ok, String directory, long millis, List<DemoStep> steps) {}

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    Path dir = workDirectory();
    long began = System.nanoTime();
    List<DemoStep> steps;
    try {
      steps = new DemoRun(dir, Instant.now().minus(Duration.ofDays(1)).truncatedTo(ChronoUnit.SECONDS),
          json.enabled() ? s -> { } : s -> print(out, s)).run();
    } finally {
      if (keep == null) {
        FileTrees.delete(dir);
      }
    }
    long millis = (System.nanoTime() - began) / 1_000_000;
    List<DemoStep> failed = steps.stream().filter(s -> s.status().equals("failed")).toList();
    if (json.enabled()) {
      JsonOutput.print(out, new Replay(failed.isEmpty(), keep == null ? "" : dir.toString(), millis, steps));
    } else {
      out.println();
      out.println(Ansi.AUTO.string(failed.isEmpty()
          ? "@|bold,green The story held|@: " + steps.stream().filter(s -> s.status().equals("ok")).count()
              + " steps ran, " + steps.stream().filter(s -> s.status().equals("skipped")).count() + " skipped, in "
              + millis + " ms" + (keep == null ? "." : "; files kept in " + dir)
          : "@|bold,red The story did not hold|@."));
      out.flush();
    }
    if (!failed.isEmpty()) {
      throw new UserFacingException("demo: " + String.join("; ", failed.stream()
          .map(s -> s.id() + ": " + s.reason().orElse("failed")).toList()));
    }
    return 0;
  }

  private Path workDirectory() throws IOException {
    if (keep == null) {
      return Files.createTempDirectory("engram-demo-");
    }
    Path dir = keep.toAbsolutePath().normalize();
    if (Files.exists(dir)) {
      try (Stream<Path> entries = Files.list(dir)) {
        if (entries.findAny().isPresent()) {
          throw new UserFacingException("--keep " + dir + ": the directory is not empty; the demo writes only into"
              + " a new or empty directory");
        }
      }
    }
    Files.createDirectories(dir);
    return dir;
  }

  private static void print(PrintWriter out, DemoStep step) {
    out.println();
    String mark = switch (step.status()) {
      case "ok" -> "@|bold,cyan ==>|@ @|bold ";
      case "skipped" -> "@|bold,yellow ==>|@ @|bold ";
      default -> "@|bold,red ==>|@ @|bold ";
    };
    String status = step.status().equals("ok") ? "" : " (" + step.status() + ")";
    out.println(Ansi.AUTO.string(mark + step.title() + "|@" + status));
    step.narration().forEach(l -> out.println("    " + l));
    step.reason().ifPresent(r -> out.println(Ansi.AUTO.string("    " + (step.status().equals("failed")
        ? "@|red check failed: " + r + "|@" : "skipped: " + r))));
    out.flush();
  }
}
