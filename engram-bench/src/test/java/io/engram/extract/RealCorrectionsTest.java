package io.engram.extract;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.ExtractionSettings;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * The offline extractor as shipped (the rules with the learnt correction model) on sets of real corrections kept
 * outside the repository (public transcripts and files; {@code ENGRAM_CORRECTIONS} names the folders holding {@code
 * corrections.jsonl}, separated as on a class path), beside the rules alone and the keyword baseline in the same run,
 * per part of the hash split and per language. It prints the figures docs/BENCHMARKS.md keeps. {@code
 * ENGRAM_CORRECTIONS_HELD_OUT=1} adds the set-aside part, and the whole of each set (for a set put aside whole, never
 * tuned on); {@code ENGRAM_CORRECTIONS_MISSES=1} prints the tuning part's misses.
 * A set whose folder holds {@code set-aside-tenths} (one number) was split with that share set aside when it was built.
 */
@EnabledIfEnvironmentVariable(named = "ENGRAM_CORRECTIONS", matches = ".+")
class RealCorrectionsTest {

  @Test
  void printsHowWholeTheCorrectionsAreOnEachPart() throws IOException {
    for (String folder : System.getenv("ENGRAM_CORRECTIONS").split(File.pathSeparator)) {
      Path file = Path.of(folder).resolve("corrections.jsonl");
      List<CorrectionEvaluation.Item> items;
      try (var in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        items = CorrectionEvaluation.read(in);
      }
      assertThat(items).isNotEmpty();
      Path share = Path.of(folder).resolve("set-aside-tenths");
      int tenths = Files.exists(share) ? Integer.parseInt(Files.readString(share).strip()) : 3;
      System.out.println("== " + file + " (" + tenths + " in 10 set aside)");
      print(items, tenths);
    }
  }

  private static void print(List<CorrectionEvaluation.Item> items, int tenths) {
    boolean showHeldOut = "1".equals(System.getenv("ENGRAM_CORRECTIONS_HELD_OUT"));
    for (String part : showHeldOut ? List.of("tuning", "held-out", "whole") : List.of("tuning")) {
      List<String> langs = new ArrayList<>(items.stream().map(CorrectionEvaluation.Item::lang).distinct()
          .sorted().toList());
      langs.add("all");
      for (String lang : langs) {
        Predicate<CorrectionEvaluation.Item> in = i -> (part.equals("whole") || i.setAside(tenths) == part.equals("held-out"))
            && (lang.equals("all") || i.lang().equals(lang));
        List<CorrectionEvaluation.Outcome> rules = CorrectionEvaluation.outcomes(new RuleBasedExtractor(), items, in);
        List<CorrectionEvaluation.Outcome> alone = CorrectionEvaluation.outcomes(new RuleBasedExtractor(
            ExtractionSettings.DEFAULTS.with("learntCorrectionMin", 1.0).with("learntCorrectionKeep", 0.0)
                .with("learntCorrectionMinHan", 1.0).with("learntCorrectionKeepHan", 0.0)),
            items, in);
        List<CorrectionEvaluation.Outcome> base = CorrectionEvaluation.outcomes(new KeywordBaselineExtractor(), items, in);
        System.out.println(part + " " + lang + " shipped:     " + CorrectionEvaluation.score(rules));
        System.out.println(part + " " + lang + " rules alone: " + CorrectionEvaluation.score(alone));
        System.out.println(part + " " + lang + " baseline:    " + CorrectionEvaluation.score(base));
        if (part.equals("tuning") && lang.equals("all") && "1".equals(System.getenv("ENGRAM_CORRECTIONS_MISSES"))) {
          printMisses(rules);
        }
      }
    }
  }

  private static void printMisses(List<CorrectionEvaluation.Outcome> outcomes) {
    for (CorrectionEvaluation.Outcome o : outcomes) {
      boolean miss = o.item().expected().isPresent() && !(o.found() && o.alternativeKept() && o.reasonKept());
      boolean fp = o.item().expected().isEmpty() && !o.written().isEmpty();
      if (miss || fp) {
        System.out.println("--- " + o.item().id() + " " + o.item().expected() + "\n  " + o.item().text()
            .replace('\n', ' ') + "\n  => " + o.written().stream()
            .map(c -> c.name() + " | " + c.description() + " | " + c.body().replace('\n', ' ')).toList());
      }
    }
  }
}
