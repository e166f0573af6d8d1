package io.engram.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class CorrectionsBenchTest {
  @TempDir Path dir;

  private record Run(int code, String out, String err) {}

  private Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = BenchCommand.newCommandLine(System.getenv());
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    List<String> all = new ArrayList<>(List.of("--home", dir.toString(), "--project", dir.toString(), "corrections"));
    all.addAll(List.of(args));
    return new Run(cli.execute(all.toArray(String[]::new)), out.toString(), err.toString());
  }

  // Twelve standing corrections the keyword baseline reads ("never"), twelve requests it does not.
  private Path set(String name) throws Exception {
    Path set = Files.createDirectories(dir.resolve(name));
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      lines.add("{\"id\":\"" + name + "p" + i + "\",\"lang\":\"en\",\"text\":\"Never use tool" + i
          + " here, use make" + i + " because it is faster.\",\"expected\":{\"avoid\":\"tool" + i + "\",\"instead\":"
          + "\"make" + i + "\",\"reason\":\"faster\"}}");
      lines.add("{\"id\":\"" + name + "n" + i + "\",\"lang\":\"en\",\"text\":\"Can you look at issue " + i
          + " and tell me what you find?\",\"expected\":null}");
    }
    Files.write(set.resolve("corrections.jsonl"), lines);
    return set;
  }

  @Test
  void crossValidatesTheBuildBesideTheRulesAndTheKeywordBaselineWithItsRatioToTheBaseline() throws Exception {
    Run r = run("--sets", set("a") + "," + set("b"), "--folds", "2", "--json");

    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).contains("fold 1/2 done", "fold 2/2 done");
    JsonNode report = new ObjectMapper().readTree(r.out());
    JsonNode cv = report.path("crossValidation");
    assertThat(cv.path("folds").asInt()).isEqualTo(2);
    assertThat(cv.path("items").asInt()).isEqualTo(48);
    assertThat(cv.path("arms").findValuesAsText("name"))
        .containsExactly("keyword baseline", "rules", "rules + learnt, defaults", "rules + shipped weights, defaults",
            "rules + learnt refitted from the shipped weights");
    JsonNode baseline = cv.path("arms").get(0);
    assertThat(baseline.path("total").path("corrections").asInt()).isEqualTo(24);
    assertThat(baseline.path("total").path("found").asInt()).isEqualTo(24);
    assertThat(baseline.path("perFold")).hasSize(2);
    assertThat(baseline.path("byLanguage").path("en").path("negatives").asInt()).isEqualTo(24);
    int buildFound = cv.path("arms").get(2).path("total").path("found").asInt();
    assertThat(report.path("buildAgainstBaseline").path("foundRatio").asDouble()).isEqualTo(buildFound / 24.0);
  }

  @Test
  void scoresEachSetApartPerLanguageSoALossOnOneSetIsSeen() throws Exception {
    Run r = run("--sets", set("a") + "," + set("b"), "--folds", "2", "--json");

    assertThat(r.code()).as(r.err()).isZero();
    JsonNode baseline = new ObjectMapper().readTree(r.out()).path("crossValidation").path("arms").get(0);
    assertThat(baseline.path("bySet").fieldNames()).toIterable().containsExactly("a/en", "b/en");
    assertThat(baseline.path("bySet").path("a/en").path("corrections").asInt()).isEqualTo(12);
    assertThat(baseline.path("bySet").path("b/en").path("negatives").asInt()).isEqualTo(12);
    assertThat(run("--sets", set("a") + "," + set("b"), "--folds", "2").out()).contains("set a/en: found 12/12");
  }

  @Test
  void printsTheTuningGridWhenAskedAndTheRatioInText() throws Exception {
    Run r = run("--sets", set("a").toString(), "--folds", "2", "--thresholds");

    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("2 folds by item, 24 items", "keyword baseline", "rules + learnt, defaults",
        "rules kept >= 0.2 + learnt >= 0.3", "folds: ", "build against the keyword baseline, same folds: found x")
        // one pair for every script on the grid; the defaults differ by script, so no grid arm repeats them
        .contains("rules kept >= 0.1 + learnt >= 0.4");
  }

  @Test
  void listsWhatTheBuildGetsWrongOnTurnsItsFoldModelNeverSaw() throws Exception {
    Run r = run("--sets", set("a").toString(), "--folds", "2", "--misses");

    assertThat(r.code()).as(r.err()).isZero();
    // the rules read no correction in "never use toolN here" (a "here" of the work at hand): each is a miss
    assertThat(r.out()).containsPattern("missed fold [01] p \\d\\.\\d\\d ap\\d+ \\[en\\] Never use tool\\d+ here")
        .doesNotContain("cross-validation");
  }

  @Test
  void listsWhatTheShippedBuildGetsWrongWhenAsked() throws Exception {
    Run r = run("--sets", set("a").toString(), "--folds", "2", "--misses", "--shipped");

    assertThat(r.code()).as(r.err()).isZero();
    // the same turns the rules miss, with the shipped model's probability
    assertThat(r.out()).containsPattern("missed fold [01] p \\d\\.\\d\\d ap\\d+ \\[en\\] Never use tool\\d+ here");
    assertThat(run("--sets", dir.resolve("a").toString(), "--shipped").code()).isEqualTo(2);
  }

  @Test
  void trainsWeightsAndMeasuresASetPutAsideWholeBesideTheBaseline() throws Exception {
    Path weights = dir.resolve("out").resolve("weights.tsv");
    Run trained = run("--sets", set("a").toString(), "--train", weights.toString());

    assertThat(trained.code()).as(trained.err()).isZero();
    assertThat(Files.readAllLines(weights).get(0)).startsWith("__bias\t");
    assertThat(Files.readString(weights)).contains("w:never\t");
    // refitted from the shipped weights: features only the shipped sets taught are still there
    Path refitted = dir.resolve("out").resolve("refitted.tsv");
    assertThat(run("--sets", dir.resolve("a").toString(), "--train", refitted.toString(), "--from-shipped").code())
        .isZero();
    assertThat(Files.readAllLines(refitted).size()).isGreaterThan(Files.readAllLines(weights).size() * 10);

    Run measured = run("--sets", dir.resolve("a").toString(), "--measure", "--json");
    assertThat(measured.code()).as(measured.err()).isZero();
    JsonNode rows = new ObjectMapper().readTree(measured.out());
    assertThat(rows.findValuesAsText("lang")).containsExactly("en", "all");
    assertThat(rows.get(1).path("measured").path("baseline").path("found").asInt()).isEqualTo(12);
    assertThat(rows.get(1).path("buildAgainstBaseline").has("falsePositivesPer100Ratio")).isTrue();
  }

  @Test
  void theCrossValidationSaysWhichFoldsItRan() throws Exception {
    Run r = run("--sets", set("a").toString(), "--folds", "2", "--fold-by", "person");

    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("2 folds by person, 24 items").doesNotContain("by item");
  }

  @Test
  void sweepsWaysToFitTheModelOnFoldsByPersonAtAGridOfThresholds() throws Exception {
    Run r = run("--sets", set("a").toString(), "--folds", "2", "--fold-by", "person",
        "--sweep", "shipped,base/1e-3@-1,refit:script+neg/1e-2", "--json");

    assertThat(r.code()).as(r.err()).isZero();
    JsonNode sweep = new ObjectMapper().readTree(r.out());
    assertThat(sweep.path("foldBy").asText()).isEqualTo("person");
    assertThat(sweep.path("baseline").path("total").path("found").asInt()).isEqualTo(12);
    // three variants, one of them also with Han turns shifted; eight learnt thresholds, six rules-kept thresholds and
    // six bars over an edit, less the triples whose rules-kept bar is above the learnt one (two under 0.3, one under
    // 0.4) or whose bar over an edit is below it: 180 triples
    assertThat(sweep.path("rows")).hasSize(4 * 180);
    // each variant also with thresholds chosen per script on the other folds, and the choice on every turn
    assertThat(sweep.path("chosen").findValuesAsText("variant")).containsExactly("shipped", "base/1e-3",
        "refit:script+neg/1e-2");
    JsonNode chosen = sweep.path("chosen").get(0);
    assertThat(chosen.path("total").path("corrections").asInt()).isEqualTo(12);
    assertThat(chosen.path("perFold")).hasSize(2);
    assertThat(chosen.path("onAll").findValuesAsText("script")).containsExactly("han", "other");
    assertThat(sweep.path("rows").findValuesAsText("variant")).contains("shipped", "base/1e-3", "base/1e-3 han-1.0",
        "refit:script+neg/1e-2");
    assertThat(sweep.path("rules").path("bySet").path("a/en").path("corrections").asInt()).isEqualTo(12);

    Run bad = run("--sets", dir.resolve("a").toString(), "--sweep", "sentiment/1e-3");
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err()).contains("no feature option sentiment");
    assertThat(run("--sets", dir.resolve("a").toString(), "--fold-by", "team").err())
        .contains("--fold-by takes item, chat or person");
  }

  @Test
  void trainsAModelThatWeighsTheTurnsVectorByTheJarsMiniLmAndKeepsTheVectors() throws Exception {
    Path weights = dir.resolve("out").resolve("vectors.tsv");
    Path cache = dir.resolve("cache");
    Run trained = run("--sets", set("a").toString(), "--train", weights.toString(), "--variant", "script+vec/3e-3",
        "--vector-cache", cache.toString());

    assertThat(trained.code()).as(trained.err()).isZero();
    List<String> lines = Files.readAllLines(weights);
    assertThat(lines.get(0)).startsWith("__bias\t");
    // which model read the turns, and one weight per component of its 384
    assertThat(lines).contains("__vector:other:all-MiniLM-L6-v2-q\t0.0000");
    assertThat(lines.stream().filter(l -> l.startsWith("v:other:"))).hasSize(384);
    assertThat(cache.resolve("all-MiniLM-L6-v2-q.vectors")).isNotEmptyFile();
    // an English set never loads the Chinese model, which this build's classpath lacks
    assertThat(cache.resolve("bge-small-zh-v1.5-q.vectors")).doesNotExist();
    // deterministic: the same sets give the same weights, the second time from the kept vectors
    Path again = dir.resolve("out").resolve("again.tsv");
    assertThat(run("--sets", dir.resolve("a").toString(), "--train", again.toString(), "--variant", "script+vec/3e-3",
        "--vector-cache", cache.toString()).code()).isZero();
    assertThat(Files.readAllLines(again)).isEqualTo(lines);

    Run swept = run("--sets", dir.resolve("a").toString(), "--folds", "2", "--fold-by", "person", "--sweep",
        "script/3e-3,script+vec/3e-3,vec-only/3e-3,vec-clauses/3e-3", "--vector-cache", cache.toString(), "--json");
    assertThat(swept.code()).as(swept.err()).isZero();
    assertThat(new ObjectMapper().readTree(swept.out()).path("chosen").findValuesAsText("variant"))
        .containsExactly("script/3e-3", "script+vec/3e-3", "vec-only/3e-3", "vec-clauses/3e-3");
  }

  @Test
  void aTurnIdOnTwoTurnsIsRefusedWithWhereItIs() throws Exception {
    Path a = set("a");
    Files.writeString(a.resolve("corrections.jsonl"), Files.readAllLines(a.resolve("corrections.jsonl")).get(1) + "\n",
        java.nio.file.StandardOpenOption.APPEND);
    Run twice = run("--sets", a.toString(), "--folds", "2");
    assertThat(twice.code()).isEqualTo(1);
    assertThat(twice.err()).contains("id an0 is on two turns", "corrections.jsonl");
    // measuring a set whole needs no fold: it reads the set as it is
    assertThat(run("--sets", a.toString(), "--measure").code()).isZero();

    Run acrossSets = run("--sets", set("b") + "," + set("b2").resolveSibling("b"), "--folds", "2");
    assertThat(acrossSets.code()).isEqualTo(1);
    assertThat(acrossSets.err()).contains("id bp0 is on two turns");
  }

  @Test
  void usageErrorsExitWithTwoAndAMissingSetWithOne() throws Exception {
    Path a = set("a");
    assertThat(run().code()).isEqualTo(2);
    assertThat(run("--sets", a.toString(), "--folds", "many").code()).isEqualTo(2);
    Run oneFold = run("--sets", a.toString(), "--folds", "1");
    assertThat(oneFold.code()).isEqualTo(2);
    assertThat(oneFold.err()).contains("--folds takes 2 or more");
    assertThat(run("--sets", a.toString(), "--measure", "--misses").err()).contains("one at a time");

    Run missing = run("--sets", dir.resolve("nowhere").toString());
    assertThat(missing.code()).isEqualTo(1);
    assertThat(missing.err()).contains("no corrections.jsonl in " + dir.resolve("nowhere"));
  }
}
