package io.engram.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class BenchCommandsTest {
  @TempDir Path home;

  private record Run(int code, String out, String err) {}

  private Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = BenchCommand.newCommandLine(System.getenv());
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    List<String> all = new ArrayList<>(List.of("--home", home.toString(), "--project", home.toString()));
    all.addAll(List.of(args));
    return new Run(cli.execute(all.toArray(String[]::new)), out.toString(), err.toString());
  }

  private static String fixture() throws URISyntaxException {
    return Path.of(BenchCommandsTest.class.getResource("/bench/locomo-mini.json").toURI()).toString();
  }

  @Test
  void locomoBenchReportsRecallAtEachKBesideTheBm25Baseline() throws Exception {
    Run r = run("locomo", "--data", fixture(), "--k", "1,3", "--no-vectors", "--json", "--tuned-on", "conv-b");

    assertThat(r.code()).as(r.err()).isZero();
    JsonNode report = new ObjectMapper().readTree(r.out());
    assertThat(report.path("conversations").asInt()).isEqualTo(2);
    assertThat(report.path("documents").asInt()).isEqualTo(11);
    assertThat(report.path("questions").asInt()).isEqualTo(6);
    assertThat(report.fieldNames()).toIterable().containsExactly("data", "conversations", "documents", "questions",
        "questionsWithoutEvidence", "embedder", "method", "recall", "byCategory", "questionsByCategory", "split",
        "baselines", "publishedDragon", "floor", "latencyMs", "indexing");
    assertThat(report.path("questionsWithoutEvidence").asInt()).isEqualTo(1);
    assertThat(report.path("recall").path("1").asDouble()).isGreaterThan(50.0);
    assertThat(report.path("recall").path("3").asDouble()).isGreaterThanOrEqualTo(report.path("recall").path("1").asDouble());
    assertThat(report.path("byCategory").path("4").path("3").asDouble()).isEqualTo(100.0);
    assertThat(report.path("baselines").path("bm25").path("recall").has("3")).isTrue();
    assertThat(report.path("baselines").path("without rescoring").path("recall").has("3")).isTrue();
    assertThat(report.path("baselines").has("rescoring - substance")).isFalse();
    assertThat(report.path("method").path("rescoring").path("substance").asDouble()).isPositive();
    assertThat(report.path("baselines").path("bm25").path("split").has("1")).isTrue();
    assertThat(report.path("split").path("excluding").asText()).isEqualTo("conv-b");
    assertThat(report.path("latencyMs").path("bm25").has("p95")).isTrue();
  }

  @Test
  void locomoBenchMeasuresAblationsAndWritesCandidatesWhenAsked() throws Exception {
    Path out = home.resolve("candidates.jsonl");
    Run r = run("locomo", "--data", fixture(), "--k", "1,3", "--no-vectors", "--json", "--ablations",
        "--candidates-out", out.toString());

    assertThat(r.code()).as(r.err()).isZero();
    JsonNode report = new ObjectMapper().readTree(r.out());
    assertThat(report.path("baselines").fieldNames()).toIterable().contains("without rescoring",
        "rescoring - ownText", "rescoring - timeAnswer", "rescoring - dated", "rescoring - substance",
        "rescoring - group", "rescoring - answers", "rescoring - question");
    List<String> lines = java.nio.file.Files.readAllLines(out);
    assertThat(lines).hasSize(2 + 6); // a line per conversation, a line per question with evidence
    JsonNode question = new ObjectMapper().readTree(lines.get(1));
    assertThat(question.path("evidence").isArray()).isTrue();
    assertThat(question.path("candidates").get(0).has("fused")).isTrue();
    assertThat(question.path("rescored").get(0).has("score")).isTrue();
  }

  @Test
  void locomoBenchWithVectorsAddsHybridAndVectorRankings() throws Exception {
    Run r = run("locomo", "--data", fixture(), "--k", "2", "--json");

    assertThat(r.code()).as(r.err()).isZero();
    JsonNode report = new ObjectMapper().readTree(r.out());
    assertThat(report.path("embedder").asText()).isEqualTo("all-MiniLM-L6-v2-q");
    assertThat(report.path("baselines").has("vector")).isTrue();
    assertThat(report.path("baselines").has("hybrid-rrf")).isTrue();
    assertThat(report.path("latencyMs").path("recall").path("p50").asDouble()).isPositive();
    assertThat(report.path("floor").path("questions").asInt()).isEqualTo(report.path("questions").asInt());
  }

  @Test
  void compactionComparesBothSummariesOnEachCompactionOfTheFolderPerPartWithSlicesEmptyOnesAndNoSummaryApart()
      throws Exception {
    Path data = java.nio.file.Files.createDirectories(home.resolve("compactions"));
    String head = "\"sessionId\":\"s1\",\"cwd\":\"/w\",";
    java.nio.file.Files.write(data.resolve("c1.pre.jsonl"), List.of(
        "{\"type\":\"user\"," + head + "\"uuid\":\"u1\",\"message\":{\"role\":\"user\","
            + "\"content\":\"Make App.run print hello in src/App.java, please.\"}}",
        "{\"type\":\"assistant\"," + head + "\"uuid\":\"a1\",\"message\":{\"role\":\"assistant\","
            + "\"model\":\"claude-sonnet-4-5\",\"content\":[{\"type\":\"text\",\"text\":\"Let me read it.\"},"
            + "{\"type\":\"tool_use\",\"id\":\"t1\",\"name\":\"Read\",\"input\":{\"file_path\":\"/w/src/App.java\"}}]}}",
        "{\"type\":\"user\"," + head + "\"uuid\":\"u2\",\"message\":{\"role\":\"user\",\"content\":["
            + "{\"type\":\"tool_result\",\"tool_use_id\":\"t1\",\"content\":\"class App { void run() {} }\"}]}}",
        "{\"type\":\"assistant\"," + head + "\"uuid\":\"a2\",\"message\":{\"role\":\"assistant\","
            + "\"model\":\"claude-sonnet-4-5\",\"content\":[{\"type\":\"text\",\"text\":\"Next I'll edit App.java.\"}]}}"));
    java.nio.file.Files.writeString(data.resolve("c1.cc.txt"), "Summary:\n1. Primary Request and Intent:\n"
        + "   The user asked to make App.run print hello.\n9. Optional Next Step:\n   Edit App.java so run() prints"
        + " hello.\n");
    java.nio.file.Files.writeString(data.resolve("c1.next.json"), "{\"session_id\":\"s1\",\"tool_calls\":["
        + "{\"tool\":\"Edit\",\"paths\":[\"/w/src/App.java\"],\"housekeeping\":false}],"
        + "\"files_read_after\":[],\"files_edited_after\":[\"/w/src/App.java\"],\"next_user_message\":null}");
    for (String ext : List.of(".pre.jsonl", ".cc.txt", ".next.json")) {
      java.nio.file.Files.copy(data.resolve("c1" + ext), data.resolve("c2" + ext));
    }
    // A slice that begins at the compaction: its file holds no message, only a record of another kind.
    java.nio.file.Files.writeString(data.resolve("c3.pre.jsonl"),
        "{\"type\":\"file-history-snapshot\",\"messageId\":\"m1\",\"snapshot\":{}}\n");
    java.nio.file.Files.copy(data.resolve("c1.cc.txt"), data.resolve("c3.cc.txt"));
    java.nio.file.Files.writeString(data.resolve("c3.next.json"), "{\"session_id\":\"s3\",\"tool_calls\":[]}");
    // A compaction that hit a usage limit: Claude Code handed on its words instead of a summary.
    java.nio.file.Files.copy(data.resolve("c1.pre.jsonl"), data.resolve("c15.pre.jsonl"));
    java.nio.file.Files.writeString(data.resolve("c15.cc.txt"), "This session is being continued from a previous"
        + " conversation that ran out of context. The summary below covers the earlier portion of the conversation.\n\n"
        + "You've hit your limit · resets 2am (Europe/Berlin)\n\nIf you need specific details from before compaction"
        + " (like exact code snippets), read the full transcript at: /home/p/.claude/projects/w/s4.jsonl\n");
    java.nio.file.Files.writeString(data.resolve("c15.next.json"), "{\"session_id\":\"s4\",\"tool_calls\":[]}");
    java.nio.file.Files.writeString(data.resolve("split.tsv"), "id\tsession_id\tpart\tcomplete\nc1\ts1\ttuning\tyes\n"
        + "c2\ts2\ttuning\tno\nc3\ts3\ttuning\tyes\nc15\ts4\ttuning\tyes\n");

    Run r = run("compaction", "--data", data.toString(), "--json");
    Run human = run("compaction", "--data", data.toString());
    Run none = run("compaction", "--data", home.resolve("nope").toString());

    assertThat(r.code()).as(r.err()).isZero();
    JsonNode report = new ObjectMapper().readTree(r.out());
    JsonNode row = report.path("rows").get(0);
    assertThat(row.path("id").asText()).isEqualTo("c1");
    assertThat(row.path("figures").path("claude").path("nextStep").asBoolean()).isTrue();
    assertThat(row.path("figures").path("claude").path("filesKept").asInt()).isEqualTo(1);
    assertThat(row.path("figures").path("engram").path("chars").asInt()).isPositive();
    JsonNode tuning = report.path("parts").get(0);
    assertThat(tuning.path("part").asText()).isEqualTo("tuning");
    assertThat(tuning.path("compactions").asInt()).isEqualTo(3);
    assertThat(report.path("parts").get(1).path("part").asText()).isEqualTo("tuning, slices from mid-session");
    assertThat(tuning.path("failures").asInt()).isZero();
    assertThat(tuning.path("empty").asInt()).isEqualTo(1);
    assertThat(report.path("rows").get(3).path("empty").asBoolean()).isTrue();
    assertThat(tuning.path("noSummary").asInt()).isEqualTo(1);
    assertThat(report.path("rows").get(1).path("noSummary").asText()).startsWith("You've hit your limit");
    assertThat(report.path("rows").get(1).path("figures").isMissingNode()
        || report.path("rows").get(1).path("figures").isNull()).isTrue();
    // Another session's summary is never one that is no summary: c1's pairing passes over c15 (and c2, its own
    // session) to c3, whose summary is c1's own.
    assertThat(row.path("figures").path("baselines").path("otherSession").asDouble())
        .isEqualTo(row.path("figures").path("claude").path("score").asDouble());
    assertThat(human.out()).contains("| c15 | tuning | not compared: Claude Code handed on no summary (You've hit your"
        + " limit").contains("1 where Claude Code handed on no summary");
    assertThat(none.code()).isEqualTo(1);
    assertThat(none.err()).contains("nope");
  }

  @Test
  void codingBenchListsEachQueryRecallMissedWithWhereEveryRankingPutItsMemory() throws Exception {
    String data = Path.of(BenchCommandsTest.class.getResource("/bench/coding-recall.json").toURI()).toString();

    Run listed = run("coding", "--data", data, "--no-vectors", "--misses");
    Run json = run("coding", "--data", data, "--no-vectors", "--json");

    assertThat(listed.code()).as(listed.err()).isZero();
    JsonNode model = new ObjectMapper().readTree(json.out()).path("models").get(0);
    JsonNode misses = model.path("result").path("misses");
    double hitAt3 = model.path("result").path("hitAt").path("recall@3").asDouble();
    int answerable = new ObjectMapper().readTree(json.out()).path("queries").asInt()
        - new ObjectMapper().readTree(json.out()).path("unanswerable").asInt();
    assertThat(misses.size()).isPositive().isEqualTo(Math.round(answerable * (100 - hitAt3) / 100));
    JsonNode first = misses.get(0);
    assertThat(first.path("recallRank").asInt()).isNotIn(1, 2, 3);
    assertThat(first.path("recallTop").size()).isLessThanOrEqualTo(3);
    assertThat(listed.out()).contains("misses at 3, none (bm25 only)")
        .contains(first.path("expected").asText() + " <- " + first.path("query").asText());
    // Without a model there is no gate: an asked search sends what the configured floor sends, and BM25 at the
    // keyword floor is recall's keyword route in BM25's order.
    JsonNode asked = model.path("result").path("askedGrid").path("all");
    assertThat(asked.size()).isEqualTo(4);
    assertThat(asked.get(0).path("answered").asDouble())
        .isEqualTo(model.path("result").path("floor").path("answered").asDouble());
    assertThat(model.path("result").path("bm25Floor").path("all").path("silent").asDouble())
        .isEqualTo(model.path("result").path("floor").path("silent").asDouble());
    assertThat(listed.out()).contains("asked    all").contains("bm25     all");
  }

  @Test
  void locomoBenchNamesAMissingFile() {
    Run r = run("locomo", "--data", home.resolve("nope.json").toString());

    assertThat(r.code()).isEqualTo(1);
    assertThat(r.err()).contains("nope.json");
  }

  @Test
  void locomoBenchRejectsAMissingDataOption() {
    assertThat(run("locomo").code()).isEqualTo(2);
  }

  @Test
  void instructionsBenchPrintsTheTreeAndTheMediansAsOneFlatObject() throws Exception {
    Run r = run("instructions", "--iterations", "1", "--warmup", "0", "--json");

    assertThat(r.code()).as(r.err()).isZero();
    JsonNode figures = new ObjectMapper().readTree(r.out());
    assertThat(figures.fieldNames()).toIterable().containsExactly("files", "imports", "chars", "tokens", "iterations",
        "baselineReadMillis", "loadWithoutTokensMillis", "loadMillis", "ratioWithoutTokens", "ratio");
    assertThat(figures.path("files").asInt()).isEqualTo(65);
    assertThat(figures.path("imports").asInt()).isEqualTo(50);
    assertThat(figures.path("ratio").asDouble()).isPositive();
  }

  @Test
  void recallBenchMeasuresLuceneAgainstTheInCoreBaseline() throws Exception {
    Run r = run("recall", "--sizes", "120", "--queries", "5", "--model-sample", "0", "--more-candidates", "60",
        "--json");

    assertThat(r.code()).as(r.err()).isZero();
    JsonNode size = new ObjectMapper().readTree(r.out()).path("sizes").get(0);
    assertThat(size.path("memories").asInt()).isEqualTo(120);
    assertThat(size.path("latencyMs").has("lucene hybrid")).isTrue();
    assertThat(size.path("latencyMs").has("in-core brute-force cosine")).isTrue();
    assertThat(size.path("buildDocsPerSecond").path("lucene (bm25 + hnsw graph)").asDouble()).isPositive();
    assertThat(size.path("hnswRecallAt10").asDouble()).isBetween(0.0, 1.0);
    assertThat(size.path("hnswRecallAt10ByCandidates").path("60").asDouble()).isBetween(0.0, 1.0);
    assertThat(size.path("latencyMs").has("lucene hnsw (60 candidates)")).isTrue();
    assertThat(size.path("vectorSearchUsed").asText()).isEqualTo("exact");
  }

  @Test
  void offATerminalABenchSaysEachSizeAsItStartsAndWithJsonNothing() {
    Run r = run("recall", "--sizes", "30,60", "--queries", "2", "--model-sample", "0");

    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err().lines()).containsExactly("bench recall: 30 memories (size 1 of 2)",
        "bench recall: 60 memories (size 2 of 2)");
    Run h = run("history", "--sessions", "2", "--turns", "2", "--queries", "2", "--json");
    assertThat(h.code()).as(h.err()).isZero();
    assertThat(h.err()).isEmpty();
  }

  @Test
  void historyBenchMeasuresTheIncrementalCheckAgainstTheFullOne() throws Exception {
    Run r = run("history", "--sessions", "6", "--turns", "4", "--queries", "3", "--json");

    assertThat(r.code()).as(r.err()).isZero();
    JsonNode size = new ObjectMapper().readTree(r.out()).path("sizes").get(0);
    assertThat(size.path("sessions").asInt()).isEqualTo(6);
    assertThat(size.path("turns").asInt()).isEqualTo(24);
    assertThat(size.path("latencyMs").path("full check").path("p50").asDouble()).isPositive();
    assertThat(size.path("latencyMs").path("incremental").path("p95").asDouble()).isPositive();
    assertThat(size.path("ratio").asDouble()).isPositive();
  }

  @Test
  void indexWritesBenchTimesEveryStoreInBothVectorFormats() throws Exception {
    Run r = run("index-writes", "--memories", "300", "--chunk", "100", "--json");

    assertThat(r.code()).as(r.err()).isZero();
    JsonNode report = new ObjectMapper().readTree(r.out());
    assertThat(report.path("memories").asInt()).isEqualTo(300);
    for (String format : List.of("as configured", "hnsw graph always")) {
      JsonNode result = report.path("formats").path(format);
      assertThat(result.path("seconds").asDouble()).as(format).isPositive();
      assertThat(result.path("longestMs").asDouble()).as(format)
          .isGreaterThanOrEqualTo(result.path("storeMs").path("p50").asDouble());
    }
    assertThat(report.path("longestRatio").asDouble()).isPositive();
  }

  @Test
  void indexWritesBenchRefusesAnEmptyChunk() {
    Run r = run("index-writes", "--chunk", "0");

    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("--memories and --chunk must be positive");
  }

  @Test
  void evidenceListsAreSplitAndMalformedIdsDropped() throws Exception {
    JsonNode list = new ObjectMapper().readTree("[\"D8:6; D9:17\", \"D\", \"D1:3\", \"D1:3\"]");

    assertThat(LocomoData.evidence(list)).containsExactly("D8:6", "D9:17", "D1:3");
  }

  @Test
  void aConversationsTuningAndSetAsidePartsSplitItsQuestionsByTheirIds() {
    List<LocomoData.Question> questions = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      questions.add(new LocomoData.Question("q" + i, 4, List.of("D1:" + (i + 1))));
    }
    LocomoData.Conversation conv = new LocomoData.Conversation("conv-x", List.of(), questions);

    List<LocomoData.Question> tuning = conv.part(SetAside.TUNING).questions();
    List<LocomoData.Question> heldOut = conv.part(SetAside.HELD_OUT).questions();

    assertThat(heldOut).isNotEmpty().hasSizeLessThan(tuning.size()).doesNotContainAnyElementsOf(tuning);
    assertThat(tuning.size() + heldOut.size()).isEqualTo(40);
    assertThat(heldOut).allMatch(q -> SetAside.setAside("conv-x/" + questions.indexOf(q)));
    assertThat(conv.part(SetAside.ALL).questions()).isEqualTo(questions);
  }

  @Test
  void transcriptBenchReportsRatiosAgainstTheBaseline() throws Exception {
    Path session = home.resolve("stats-session.jsonl");
    try (var in = BenchCommandsTest.class.getResourceAsStream("/stats-session.jsonl")) {
      java.nio.file.Files.copy(in, session);
    }
    Run run = run("transcript", "--json", "--warmup", "1", "--iterations", "3", session.toString());
    assertThat(run.code()).isZero();
    JsonNode json = new ObjectMapper().readTree(run.out());
    assertThat(json.get("messages").asInt()).isEqualTo(11);
    assertThat(json.get("baselineMillis").asDouble()).isPositive();
    assertThat(json.get("readRatio").asDouble()).isPositive();
    assertThat(json.get("calibration").get("samples").asInt()).isEqualTo(3);
    assertThat(json.fieldNames()).toIterable().containsExactly("file", "bytes", "baselineMillis", "readMillis",
        "readAndCountMillis", "readRatio", "readAndCountRatio", "messages", "tokens", "calibration");
  }

  @Test
  void compactionBenchReportsARatioAgainstItsBaseline(@TempDir Path project) throws Exception {
    Path session = io.engram.cli.session.SmallSession.write(project, home.resolve("s1.jsonl"));
    Run run = run("compaction-speed", "--json", "--warmup", "0", "--iterations", "1", session.toString());
    assertThat(run.code()).as(run.err()).isZero();
    JsonNode json = new ObjectMapper().readTree(run.out());
    assertThat(json.path("ratio").asDouble()).isPositive();
    assertThat(json.path("baselineMillis").asDouble()).isPositive();
    assertThat(json.path("messages").asInt()).isEqualTo(6);
    assertThat(json.fieldNames()).toIterable().containsExactly("file", "messages", "tokensBefore", "tokensAfter",
        "reductionPercent", "score", "baselineMillis", "compactMillis", "ratio");
  }
}
