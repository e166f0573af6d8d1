package io.engram.bench.cli;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.engram.cli.global.UserFacingException;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.config.EngramRoots;
import io.engram.config.InstructionsSettings;
import io.engram.instructions.InstructionFile;
import io.engram.instructions.InstructionLoader;
import io.engram.instructions.LoadedInstructions;
import io.engram.tokens.JtokkitTokenCounter;
import io.engram.tokens.TokenCounter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench instructions}: loads a generated deep tree (10 directory levels, 50 imports) and
 * times it against a baseline of reading the same files with plain {@code Files.readString}.
 */
@Command(
    name = "instructions",
    mixinStandardHelpOptions = true,
    description = {
      "Time loading instruction files from a generated tree against plain reads.",
      "The tree has 10 directory levels, each with a CLAUDE.md importing 5 files (3 direct, a chain of 2 more),"
          + " 50 imports in all, plus a CLAUDE.local.md every other level. Baseline: reading the same files with"
          + " Files.readString, no parsing."
    })
final class InstructionsBench implements Runnable {
  static final int LEVELS = 10;
  static final int IMPORTS_PER_LEVEL = 5;

  @Spec CommandSpec spec;

  @Option(names = "--iterations", defaultValue = "200", description = "Timed loads per variant (default: ${DEFAULT-VALUE}).")
  int iterations;

  @Option(names = "--warmup", defaultValue = "100", description = "Untimed loads first (default: ${DEFAULT-VALUE}).")
  int warmup;

  @Mixin JsonOption json;

  /** The tree loaded and the medians in milliseconds, with their ratios to the plain reads (one flat JSON object). */
  record Figures(@JsonUnwrapped Tree tree, int iterations, @JsonUnwrapped Medians medians) {}

  /** The instruction files loaded: how many, how many of them imported, their characters and tokens. */
  record Tree(int files, long imports, long chars, long tokens) {}

  /** The median milliseconds of the plain reads and of the two loads, and each load's ratio to the reads. */
  record Medians(double baselineReadMillis, double loadWithoutTokensMillis, double loadMillis,
      double ratioWithoutTokens, double ratio) {}

  @Override
  public void run() {
    if (iterations < 1 || warmup < 0) {
      throw new picocli.CommandLine.ParameterException(
          spec.commandLine(), "--iterations must be at least 1 and --warmup at least 0");
    }
    Path dir = null;
    try {
      dir = Files.createTempDirectory("engram-bench-instructions");
      Path project = buildTree(dir);
      EngramRoots roots = new EngramRoots(dir.resolve("engram"), dir.resolve("home"), project);
      InstructionsSettings d = InstructionsSettings.DEFAULTS;
      InstructionsSettings settings = new InstructionsSettings(d.fileNames(), d.localFileName(),
          dir.resolve("etc/CLAUDE.md").toString(), d.userDir(), true, d.maxImportHops(), d.warnChars());
      report(measure(settings, roots));
    } catch (IOException e) {
      throw new UserFacingException("bench instructions: " + e.getMessage());
    } finally {
      deleteQuietly(dir);
    }
  }

  private Figures measure(InstructionsSettings settings, EngramRoots roots) throws IOException {
    TokenCounter noTokens = text -> 0;
    InstructionLoader parseOnly = new InstructionLoader(settings, roots, noTokens);
    InstructionLoader full = new InstructionLoader(settings, roots, new JtokkitTokenCounter());
    LoadedInstructions sample = full.load();
    if (!sample.warnings().isEmpty()) {
      throw new IllegalStateException("bench tree loaded with warnings: " + sample.warnings());
    }
    List<Path> paths = sample.files().stream().map(InstructionFile::path).toList();
    long imported = sample.files().stream().filter(InstructionFile::imported).count();
    // Interleaved, so that all three variants see the same machine load (the machine is shared).
    List<Run> runs = List.of(() -> readAll(paths), parseOnly::load, full::load);
    double[] medians = medianMillis(runs);
    double baseline = medians[0];
    double loadNoTokens = medians[1];
    double loadFull = medians[2];
    return new Figures(new Tree(paths.size(), imported, sample.totalChars(), sample.totalTokens()), iterations,
        new Medians(round(baseline), round(loadNoTokens), round(loadFull), round(loadNoTokens / baseline),
            round(loadFull / baseline)));
  }

  private void report(Figures m) {
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, m);
      return;
    }
    Tree tree = m.tree();
    Medians medians = m.medians();
    out.printf("tree: %d levels, %s files loaded (%s imported), %,d chars, %,d tokens%n", LEVELS, tree.files(),
        tree.imports(), tree.chars(), tree.tokens());
    out.printf("median of %d runs after %d warm-up runs:%n", iterations, warmup);
    out.printf("  baseline: plain reads of the same files   %8.3f ms%n", medians.baselineReadMillis());
    out.printf("  load, no token counting                   %8.3f ms  (%.2fx baseline)%n",
        medians.loadWithoutTokensMillis(), medians.ratioWithoutTokens());
    out.printf("  load, with jtokkit token counts           %8.3f ms  (%.2fx baseline)%n",
        medians.loadMillis(), medians.ratio());
    out.flush();
  }

  private interface Run {
    Object run() throws IOException;
  }

  /** Median milliseconds of each run; the runs take turns, after a common warm-up. */
  private double[] medianMillis(List<Run> runs) throws IOException {
    for (int i = 0; i < warmup; i++) {
      for (Run run : runs) {
        run.run();
      }
    }
    long[][] nanos = new long[runs.size()][iterations];
    for (int i = 0; i < iterations; i++) {
      for (int r = 0; r < runs.size(); r++) {
        long t0 = System.nanoTime();
        runs.get(r).run();
        nanos[r][i] = System.nanoTime() - t0;
      }
    }
    double[] medians = new double[runs.size()];
    for (int r = 0; r < runs.size(); r++) {
      Arrays.sort(nanos[r]);
      medians[r] = nanos[r][iterations / 2] / 1e6;
    }
    return medians;
  }

  private static Object readAll(List<Path> paths) throws IOException {
    long chars = 0;
    for (Path p : paths) {
      chars += Files.readString(p).length();
    }
    return chars;
  }

  /** Writes the tree and returns the deepest directory, where the session starts. */
  static Path buildTree(Path dir) throws IOException {
    Files.createDirectories(dir.resolve("home"));
    Path level = dir.resolve("repo");
    Files.createDirectories(level.resolve(".git"));
    for (int i = 1; i <= LEVELS; i++) {
      if (i > 1) {
        level = level.resolve("l" + i);
      }
      Files.createDirectories(level.resolve("docs"));
      Files.writeString(level.resolve("CLAUDE.md"), body("Level " + i,
          "@docs/a.md, @docs/b.md and @docs/c.md"));
      Files.writeString(level.resolve("docs/a.md"), body("A " + i, "no imports"));
      Files.writeString(level.resolve("docs/b.md"), body("B " + i, "no imports"));
      Files.writeString(level.resolve("docs/c.md"), body("C " + i, "@d.md"));
      Files.writeString(level.resolve("docs/d.md"), body("D " + i, "@e.md"));
      Files.writeString(level.resolve("docs/e.md"), body("E " + i, "the end of the chain"));
      if (i % 2 == 0) {
        Files.writeString(level.resolve("CLAUDE.local.md"), body("Local " + i, "personal"));
      }
    }
    return level;
  }

  private static String body(String title, String imports) {
    StringBuilder md = new StringBuilder("# ").append(title).append("\n\nSee ").append(imports).append(".\n\n");
    for (int k = 1; k <= 12; k++) {
      md.append("- Rule ").append(k).append(": keep functions small, name tests for behaviour, and run `mvn -q verify` ")
          .append("before pushing; mention `@not-an-import` only in code.\n");
    }
    md.append("\n```java\n// @Override and @docs/x.md inside a code block are not imports\nclass X {}\n```\n");
    return md.toString();
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }

  private static void deleteQuietly(Path dir) {
    if (dir == null) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // A leftover temporary tree is harmless.
    }
  }
}
