package io.engram.extract;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * The offline extractor on a set of real corrections kept outside the repository (public transcripts and files;
 * {@code ENGRAM_CORRECTIONS} names the folder holding {@code corrections.jsonl}), beside the keyword baseline in the
 * same run, per part of the hash split and per language. It prints the figures docs/BENCHMARKS.md keeps.
 */
@EnabledIfEnvironmentVariable(named = "ENGRAM_CORRECTIONS", matches = ".+")
class RealCorrectionsTest {

  @Test
  void printsHowWholeTheCorrectionsAreOnEachPart() throws IOException {
    Path file = Path.of(System.getenv("ENGRAM_CORRECTIONS")).resolve("corrections.jsonl");
    List<CorrectionEvaluation.Item> items;
    try (var in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      items = CorrectionEvaluation.read(in);
    }
    assertThat(items).isNotEmpty();
    boolean showHeldOut = "1".equals(System.getenv("ENGRAM_CORRECTIONS_HELD_OUT"));
    for (String part : showHeldOut ? List.of("tuning", "held-out") : List.of("tuning")) {
      for (String lang : List.of("en", "zh", "all")) {
        java.util.function.Predicate<CorrectionEvaluation.Item> in = i -> (i.setAside() == part.equals("held-out"))
            && (lang.equals("all") || i.lang().equals(lang));
        List<CorrectionEvaluation.Outcome> rules = CorrectionEvaluation.outcomes(new RuleBasedExtractor(), items, in);
        List<CorrectionEvaluation.Outcome> base = CorrectionEvaluation.outcomes(new KeywordBaselineExtractor(), items, in);
        System.out.println(part + " " + lang + " rules:    " + CorrectionEvaluation.score(rules));
        System.out.println(part + " " + lang + " baseline: " + CorrectionEvaluation.score(base));
        if (part.equals("tuning") && lang.equals("all") && "1".equals(System.getenv("ENGRAM_CORRECTIONS_MISSES"))) {
          for (CorrectionEvaluation.Outcome o : rules) {
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
    }
  }
}
