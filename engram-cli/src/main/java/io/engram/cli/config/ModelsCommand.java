package io.engram.cli.config;

import io.engram.cli.output.Examples;
import io.engram.cli.global.GlobalOptions;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.embeddings.BertModel;
import io.engram.embeddings.ModelDownload;
import io.engram.embeddings.ModelResources;
import io.engram.service.wiring.RecallWiring;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code engram models}: the embedding models Engram knows, and installing one that engram.jar does not carry. */
@Examples({
    "engram models list",
    "engram models add bge-small-zh-v1.5-q"})
@Command(
    name = "models",
    mixinStandardHelpOptions = true,
    description = {
      "List the embedding models and install one that does not ship in engram.jar.",
      "The jar carries all-MiniLM-L6-v2-q (English). 'engram models add bge-small-zh-v1.5-q' installs the Chinese"
          + " model, and from then on each prompt is read by the model of its script (recall.embeddingModel auto; set it"
          + " to one model's name to use that one alone)."},
    subcommands = {ModelsCommand.ListModels.class, ModelsCommand.Add.class})
public final class ModelsCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** One model and where it is. */
  record ModelView(String name, String where, boolean configured, String artifact) {}

  /** {@code engram models list}. */
  @Examples({
      "engram models list"})
  @Command(name = "list", mixinStandardHelpOptions = true,
      description = "List the embedding models Engram knows: in engram.jar, installed, or not here.")
  static final class ListModels implements Runnable {
    @Spec CommandSpec spec;

    @Mixin JsonOption json;

    @Override
    public void run() {
      GlobalOptions global = GlobalOptions.of(spec);
      Path dir = RecallWiring.modelsDirectory(global.roots());
      List<String> configured = List.of(RecallWiring.modelName(global.roots().engramHome(), global.settings().recall())
          .split("\\+"));
      List<ModelView> views = BertModel.KNOWN.stream().map(m -> new ModelView(m.name(),
          ModelResources.classpath().has(m) ? "engram.jar" : ModelResources.classpathAnd(dir).has(m)
              ? dir.toString() : "not installed",
          configured.stream().anyMatch(c -> c.strip().equalsIgnoreCase(m.name())), m.artifact())).toList();
      PrintWriter out = spec.commandLine().getOut();
      if (json.enabled()) {
        JsonOutput.print(out, views);
        return;
      }
      for (ModelView v : views) {
        out.printf("%s %-22s %s%n", v.configured() ? "*" : " ", v.name(), v.where());
      }
      out.println("(* recall.embeddingModel)");
      out.flush();
    }
  }

  /** What {@code engram models add --json} prints. */
  record Added(String model, String jar, long bytes, boolean fetched, String source) {}

  /** {@code engram models add NAME}. */
  @Examples({
      "engram models add bge-small-zh-v1.5-q"})
  @Command(name = "add", mixinStandardHelpOptions = true,
      description = {"Install an embedding model from Maven Central into <home>/models.",
          "The model's jar is checked against the SHA-256 Engram knows for it and written whole or not at all;"
              + " recall reads it from there offline."})
  static final class Add implements Runnable {
    @Spec CommandSpec spec;

    @Parameters(paramLabel = "NAME", description = "The model, e.g. bge-small-zh-v1.5-q ('engram models list').")
    String name;

    @Option(names = "--repository", paramLabel = "URL|DIR", defaultValue = "https://repo1.maven.org/maven2/",
        description = "The Maven repository to fetch from: a URL, or a directory laid out as one, such as a local"
            + " ~/.m2/repository that holds the model's jar (default: ${DEFAULT-VALUE}).")
    String repository;

    @Mixin JsonOption json;

    @Override
    public void run() {
      GlobalOptions global = GlobalOptions.of(spec);
      BertModel model = BertModel.named(name).orElseThrow(() -> new IllegalArgumentException(
          "no embedding model is called \"" + name + "\"; known: " + BertModel.names()));
      PrintWriter out = spec.commandLine().getOut();
      if (ModelResources.classpath().has(model)) {
        out.println(model.name() + " ships in engram.jar: nothing to install");
        out.flush();
        return;
      }
      ModelDownload download = ModelDownload.from(repository);
      Bar bar = new Bar(spec.commandLine().getErr(), System.console() != null, model.name());
      ModelDownload.Installed installed;
      try {
        installed = download.install(model, RecallWiring.modelsDirectory(global.roots()), bar);
      } catch (IOException e) {
        throw new UncheckedIOException("engram models add " + model.name() + ": " + e.getMessage(), e);
      } finally {
        bar.finish();
      }
      if (json.enabled()) {
        JsonOutput.print(out, new Added(model.name(), installed.jar().toString(), installed.bytes(),
            installed.fetched(), download.source(model).toString()));
        return;
      }
      out.println((installed.fetched() ? "installed " : "already installed: ") + model.name() + " in "
          + installed.jar() + " (" + installed.bytes() / 1_000_000 + " MB)");
      out.flush();
    }
  }

  /** The download's progress on stderr: a bar redrawn in place on a terminal, a line every tenth elsewhere. */
  static final class Bar implements ModelDownload.Progress {
    // The bar's width in columns: drawn in place on one line of an 80-column terminal beside the figures.
    private static final int WIDTH = 24;

    private final PrintWriter err;
    private final boolean terminal;
    private final String label;
    private int shown = -1;
    private boolean drawn;

    Bar(PrintWriter err, boolean terminal, String label) {
      this.err = err;
      this.terminal = terminal;
      this.label = label;
    }

    @Override
    public void received(long received, OptionalLong total) {
      int tenths = total.isPresent() && total.getAsLong() > 0 ? (int) (received * 10 / total.getAsLong()) : -1;
      if (!terminal) {
        if (tenths > shown) {
          shown = tenths;
          err.println("fetching " + label + ": " + tenths * 10 + "% of " + mb(total.getAsLong()));
          err.flush();
        }
        return;
      }
      String of = total.isPresent() ? " / " + mb(total.getAsLong()) : "";
      int filled = total.isPresent() && total.getAsLong() > 0
          ? (int) Math.min(WIDTH, received * WIDTH / total.getAsLong()) : 0;
      err.print("\r\033[2K[" + "#".repeat(filled) + "-".repeat(WIDTH - filled) + "] " + label + " " + mb(received) + of);
      err.flush();
      drawn = true;
    }

    void finish() {
      if (terminal && drawn) {
        err.print("\r\033[2K");
        err.flush();
      }
    }

    private static String mb(long bytes) {
      return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
    }
  }
}
