package io.engram.bench.cli;

import io.engram.cli.global.UserFacingException;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.extract.CorrectionLab;
import io.engram.extract.CorrectionScore;
import io.engram.extract.CorrectionSweep;
import io.engram.extract.ItemVectors;
import io.engram.recall.Embedder;
import io.engram.embeddings.BertModel;
import io.engram.embeddings.ModelResources;
import io.engram.embeddings.OnnxBertEmbedder;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.IntConsumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code bench corrections}: the correction extraction's lab ({@link CorrectionLab}) on labelled sets of real
 * corrections: cross-validation of the default build (the rules with the learnt model) beside the rules alone and the
 * keyword baseline in the same run, what the build gets wrong on each fold, the training of the shipped weights, and
 * the one measure of a set put aside whole.
 */
@Command(
    name = "corrections",
    mixinStandardHelpOptions = true,
    description = {"Measure correction extraction on labelled sets of real corrections.",
      "Each DIR holds corrections.jsonl, one labelled turn a line (id, lang, prev: the agent's text before, text,"
          + " expected: the phrases a memory must keep (avoid, instead, reason), or null for a turn that is no"
          + " correction).",
      "By default cross-validates: the items are split into --folds parts by SHA-256 of their id and each part is"
          + " scored by a model trained on the others, for the default build, the rules alone and the keyword"
          + " baseline, with the build's ratio to the baseline. --misses lists what the build gets wrong on each fold;"
          + " --train writes the weights fitted on every item; --measure scores the shipped build, the rules alone"
          + " and the baseline on sets put aside whole (measure such a set once)."})
final class CorrectionsBench implements Runnable {
  @Spec CommandSpec spec;

  @Option(names = "--sets", required = true, split = ",", paramLabel = "DIR",
      description = "Folders of labelled corrections, comma-separated or the option repeated.")
  List<Path> sets;

  @Option(names = "--folds", defaultValue = "5", paramLabel = "N",
      description = "Parts of the cross-validation (default: ${DEFAULT-VALUE}).")
  int folds;

  @Option(names = "--fold-by", defaultValue = "item", paramLabel = "item|chat|person", description = "Split the folds"
      + " by the hash of each item's id (item, the default), of its chat's or file's (chat: the id without its last"
      + " ':'-part), so that no turn of a chat trains the model scoring another, or of its person's or repository's"
      + " (person: the id's second ':'-part), so the model is judged on people it never read (default:"
      + " ${DEFAULT-VALUE}).")
  String foldBy;

  @Option(names = "--sweep", split = ",", paramLabel = "VARIANT", description = "Compare ways to fit the model on the"
      + " same folds at a grid of thresholds: each VARIANT is 'shipped' or feature options joined by '+' ('base' for"
      + " none; script, kana, neg, prev, multi, han3), then '/' and the L2 penalty, 'refit:' before to refit the shipped"
      + " weights, '@S:S' after to score it also with Han turns' log-odds shifted by each S (a higher bar for"
      + " Chinese turns), e.g."
      + " base/1e-3,refit:script+neg/3e-3@-1:-1.5. Each variant is also scored with thresholds chosen per script"
      + " (Han, other) on the other folds: the pair whose found, less its negative turns written to times the"
      + " keyword baseline's found per negative turn, is highest.")
  List<String> sweep;

  @Option(names = "--thresholds", description = "Also score the rules with the model at other thresholds.")
  boolean thresholds;

  @Option(names = "--misses", description = "List each correction the build misses and each other turn it writes"
      + " for, fold by fold, with the probability the fold's model gives the turn.")
  boolean misses;

  @Option(names = "--shipped", description = "With --misses: what the build with the shipped weights gets wrong,"
      + " rather than with each fold's model.")
  boolean shipped;

  @Option(names = "--train", paramLabel = "FILE", description = "Fit the model on every item and write its weights"
      + " to FILE (the resource engram-core ships: io/engram/extract/correction-classifier.tsv).")
  Path train;

  @Option(names = "--from-shipped", description = "With --train: refit the weights engram-core ships, pulled towards"
      + " them, rather than fit from nothing, so what the sets they were fitted on taught stays.")
  boolean fromShipped;

  @Option(names = "--variant", paramLabel = "VARIANT", description = "With --train: the feature options and L2 penalty"
      + " to fit with, as a --sweep variant names them (e.g. script+han3/1e-3; default: the shipped weights' options at"
      + " the lab's penalty).")
  String variant;

  @Option(names = "--models", paramLabel = "DIR", description = "Where the embedding models a variant that weighs a"
      + " turn's vector ('vec', 'vec-only', 'vec-clauses') reads are found beside the jar's: all-MiniLM-L6-v2-q for every turn but"
      + " Chinese ones, bge-small-zh-v1.5-q (its Maven artifact jar) for those, as engram models add puts them in"
      + " <engram-home>/models.")
  Path models;

  @Option(names = "--vector-cache", paramLabel = "DIR", description = "With --models: keep the turns' vectors in DIR"
      + " (a file per model), so the next run reads no turn again.")
  Path vectorCache;

  @Option(names = "--measure", description = "Score the shipped build, the rules alone and the baseline on every item"
      + " of each set, for sets put aside whole.")
  boolean measure;

  @Mixin JsonOption json;

  /**
   * The build's figures over the keyword baseline's, measured in the same run (corrections found, negative turns
   * written to per 100); empty where the baseline's is 0.
   */
  record AgainstBaseline(OptionalDouble foundRatio, OptionalDouble falsePositivesPer100Ratio) {
    static AgainstBaseline of(CorrectionScore build, CorrectionScore baseline) {
      return new AgainstBaseline(ratio(build.found(), baseline.found()),
          ratio(build.falsePositivesPer100(), baseline.falsePositivesPer100()));
    }

    private static OptionalDouble ratio(double a, double b) {
      return b == 0 ? OptionalDouble.empty() : OptionalDouble.of(a / b);
    }

    @Override
    public String toString() {
      return "found x" + text(foundRatio) + ", false-positive turns x" + text(falsePositivesPer100Ratio);
    }

    private static String text(OptionalDouble ratio) {
      return ratio.isPresent() ? String.format(Locale.ROOT, "%.2f", ratio.getAsDouble()) : "- (baseline 0)";
    }
  }

  /** A cross-validation with the build's ratio to the baseline. */
  record CrossValidationReport(CorrectionLab.CrossValidation crossValidation, AgainstBaseline buildAgainstBaseline) {}

  /** One set's measure, per language and over all, with the build's ratio to the baseline. */
  record MeasureRow(CorrectionLab.Measured measured, AgainstBaseline buildAgainstBaseline) {}

  /** Where the weights went. */
  record Trained(Path weights, List<Path> sets) {}

  private CorrectionSweep.Variant parseVariant(String option, String v) {
    try {
      CorrectionSweep.Variant parsed = CorrectionSweep.Variant.parse(v);
      if (option.equals("--variant") && (parsed.shipped() || parsed.refit() || parsed.hanShifts().size() > 1)) {
        throw new IllegalArgumentException("--train fits options and a penalty; use --from-shipped to refit");
      }
      return parsed;
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), option + ": not a variant: " + v + " (" + e.getMessage() + ")");
    }
  }

  @Override
  public void run() {
    int actions = (misses ? 1 : 0) + (train != null ? 1 : 0) + (measure ? 1 : 0) + (sweep != null ? 1 : 0);
    if (actions > 1) {
      throw new ParameterException(spec.commandLine(), "--misses, --train, --measure and --sweep are one at a time");
    }
    if (variant != null && train == null) {
      throw new ParameterException(spec.commandLine(), "--variant goes with --train");
    }
    if (shipped && !misses) {
      throw new ParameterException(spec.commandLine(), "--shipped goes with --misses");
    }
    CorrectionLab.FoldBy by;
    try {
      by = CorrectionLab.FoldBy.valueOf(foldBy.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), "--fold-by takes item, chat or person, not " + foldBy);
    }
    List<CorrectionSweep.Variant> variants = new java.util.ArrayList<>();
    for (String v : sweep == null ? List.<String>of() : sweep) {
      variants.add(parseVariant("--sweep", v));
    }
    if (folds < 2) {
      throw new ParameterException(spec.commandLine(), "--folds takes 2 or more, not " + folds);
    }
    for (Path set : sets) {
      if (!Files.isRegularFile(set.resolve("corrections.jsonl"))) {
        throw new UserFacingException("no corrections.jsonl in " + set);
      }
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    IntConsumer progress = fold -> {
      err.printf(Locale.ROOT, fold < 0 ? "extraction pass done%n" : "fold %d/%d done%n", fold + 1, folds);
      err.flush();
    };
    try {
      if (misses) {
        List<CorrectionLab.Miss> list = CorrectionLab.misses(sets, folds, by, shipped,
            progress);
        print(out, list, () -> list.forEach(m -> out.println(String.format(Locale.ROOT, "%s fold %d p %.2f %s [%s] %s",
            m.missed() ? "missed" : "written", m.fold(), m.probability(), m.id(), m.lang(),
            m.text().replace('\n', ' ')))));
      } else if (train != null) {
        if (variant == null) {
          CorrectionLab.train(sets, train, fromShipped);
        } else {
          CorrectionSweep.Variant v = parseVariant("--variant", variant);
          CorrectionLab.train(sets, train, fromShipped, v, vectors(List.of(v), err));
        }
        print(out, new Trained(train, sets), () -> out.println("weights written to " + train));
      } else if (sweep != null) {
        CorrectionSweep.Sweep result = CorrectionSweep.sweep(sets, folds, by, variants, vectors(variants, err),
            progress);
        print(out, result, () -> CorrectionsReport.print(out, result));
      } else if (measure) {
        List<MeasureRow> rows = CorrectionLab.measure(sets).stream()
            .map(m -> new MeasureRow(m, AgainstBaseline.of(m.build(), m.baseline()))).toList();
        print(out, rows, () -> CorrectionsReport.print(out, rows));
      } else {
        CorrectionLab.CrossValidation cv = CorrectionLab.crossValidate(sets, folds, thresholds, by,
            progress);
        CrossValidationReport report = new CrossValidationReport(cv,
            AgainstBaseline.of(arm(cv, CorrectionLab.BUILD), arm(cv, CorrectionLab.BASELINE)));
        print(out, report, () -> CorrectionsReport.print(out, report));
      }
    } catch (IOException e) {
      throw new UserFacingException("cannot read the corrections: " + e.getMessage());
    }
    out.flush();
  }

  // The turns' vectors when a variant weighs them: MiniLM reads every turn but Chinese ones, bge-small-zh those, as the
  // product's pair of models reads them.
  private ItemVectors vectors(List<CorrectionSweep.Variant> variants, PrintWriter err) throws IOException {
    if (variants.stream().noneMatch(CorrectionSweep.Variant::vectors)) {
      return ItemVectors.NONE;
    }
    ModelResources resources = models == null ? ModelResources.classpath() : ModelResources.classpathAnd(models);
    Map<BertModel, CachedEmbedder> loaded = new java.util.LinkedHashMap<>();
    java.util.function.Function<BertModel, java.util.function.Supplier<Embedder>> lazily = m -> () ->
        loaded.computeIfAbsent(m, x -> {
          try {
            return CachedEmbedder.over(OnnxBertEmbedder.shared(x, resources), cacheFile(x));
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        });
    ItemVectors read;
    try {
      boolean clauses = variants.stream()
          .anyMatch(v -> v.features() == CorrectionSweep.Variant.Features.CUES_AND_CLAUSE_VECTORS);
      read = ItemVectors.read(sets, Map.of("other", lazily.apply(BertModel.ALL_MINILM_L6_V2_Q),
          "han", lazily.apply(BertModel.BGE_SMALL_ZH_V15_Q)), clauses, n -> {
            err.println(n + " turns read by the embedding models");
            err.flush();
          });
    } catch (IllegalStateException e) {
      throw new UserFacingException("--models: " + e.getMessage());
    } catch (java.io.UncheckedIOException e) {
      throw new UserFacingException("--vector-cache: " + e.getCause().getMessage());
    }
    for (Map.Entry<BertModel, CachedEmbedder> e : loaded.entrySet()) {
      Optional<Path> file = cacheFile(e.getKey());
      if (file.isPresent()) {
        e.getValue().save(file.get());
      }
    }
    return read;
  }

  private Optional<Path> cacheFile(BertModel model) {
    return Optional.ofNullable(vectorCache).map(d -> d.resolve(model.name() + ".vectors"));
  }

  private void print(PrintWriter out, Object result, Runnable human) {
    if (json.enabled()) {
      JsonOutput.print(out, result);
    } else {
      human.run();
    }
  }

  private static CorrectionScore arm(CorrectionLab.CrossValidation cv, String name) {
    Optional<CorrectionLab.ArmScore> arm = cv.arms().stream().filter(a -> a.name().equals(name)).findFirst();
    return arm.orElseThrow(() -> new IllegalStateException("no arm " + name)).total();
  }
}
