package io.engram.cli.memory;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.cli.CommandRun;
import io.engram.cli.output.JsonOutput;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecallCommandTest {
  @TempDir Path home;
  @TempDir Path project;

  private CommandRun run(String... args) {
    return CommandRun.in(home, project, args);
  }

  private JsonNode json(String... args) throws Exception {
    CommandRun r = run(args);
    assertThat(r.exitCode()).as(r.err()).isZero();
    return JsonOutput.mapper().readTree(r.out());
  }

  @BeforeEach
  void memories() throws Exception {
    Files.writeString(home.resolve("settings.json"), "{\"recall\":{\"vectors\":\"NEVER\"}}");
    assertThat(run("remember", "--type", "project", "--name", "tests-need-redis", "--description",
        "Integration tests need a local Redis", "Start redis-server on port 6379 before the integration tests.")
        .exitCode()).isZero();
    assertThat(run("remember", "--type", "feedback", "--name", "use-pnpm", "--description",
        "The project uses pnpm", "Install with pnpm install; npm breaks the lockfile.").exitCode()).isZero();
  }

  @Test
  void jsonListsEachMemoryWithNameScoreBytesAndReason() throws Exception {
    JsonNode r = json("recall", "how", "do", "I", "run", "the", "redis", "tests?", "--json");
    JsonNode m = r.get("memories").get(0);
    assertThat(m.get("name").asText()).isEqualTo("tests-need-redis");
    assertThat(m.get("score").asDouble()).isPositive();
    assertThat(m.get("bytes").asInt()).isEqualTo(m.get("content").asText().getBytes("UTF-8").length);
    assertThat(m.get("reason").asText()).startsWith("bm25 #1");
    assertThat(r.get("retrieval").asText()).isEqualTo("bm25");
    assertThat(r.get("index").asText()).contains("on disk");
    assertThat(r.get("leftOut").isArray()).isTrue();
    assertThat(r.fieldNames()).toIterable().containsExactly("query", "session", "retrieval", "reranked", "index",
        "memories", "leftOut", "budgets", "notes");
    assertThat(r.get("budgets").get("filesPerTurn").asInt()).isEqualTo(5);
    assertThat(r.get("budgets").get("turnBytes").asInt()).isEqualTo(m.get("bytes").asInt());
    JsonNode list = json("list", "--json");
    assertThat(list.get("memories").size()).isEqualTo(2);
  }

  @Test
  void aSessionNeverGetsAMemoryTwiceAcrossCalls() throws Exception {
    JsonNode first = json("recall", "redis", "--session", "s1", "--json");
    assertThat(first.get("memories").size()).isEqualTo(1);
    JsonNode second = json("recall", "redis", "--session", "s1", "--json");
    assertThat(second.get("memories").size()).isZero();
    assertThat(second.get("leftOut").get(0).get("reason").asText()).isEqualTo("already sent this session");
    assertThat(second.get("budgets").get("sessionBytes").asInt()).isEqualTo(first.get("budgets").get("sessionBytes").asInt());
    assertThat(json("recall", "redis", "--json").get("memories").size()).isEqualTo(1);
  }

  @Test
  void corruptLuceneIndexIsRebuilt() throws Exception {
    json("recall", "redis", "--json");
    Path dir;
    try (Stream<Path> s = Files.walk(home.resolve("projects"))) {
      dir = s.filter(p -> p.getFileName().toString().equals("bm25")).findFirst().orElseThrow();
    }
    List<Path> files;
    try (Stream<Path> s = Files.list(dir)) {
      files = s.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().equals("write.lock")).toList();
    }
    assertThat(files).isNotEmpty();
    for (Path f : files) {
      Files.writeString(f, "garbage");
    }
    JsonNode r = json("recall", "redis", "--json");
    assertThat(r.get("memories").get(0).get("name").asText()).isEqualTo("tests-need-redis");
    assertThat(r.get("notes").get(0).asText()).contains("deleted and rebuilt");
    assertThat(json("recall", "pnpm", "--json").get("notes").size()).isZero();
  }

  @Test
  void anIndexThatCannotBeWrittenStillAnswersFromMemoryAndSaysWhy() throws Exception {
    Path memoryDir = Path.of(json("list", "--json").get("memories").get(0).get("path").asText()).getParent();
    // What a read-only home does to the index, as root too: its directory cannot be made.
    Path blocked = Files.writeString(memoryDir.resolveSibling("index"), "not a directory");

    JsonNode r = json("recall", "redis", "--json");

    assertThat(r.get("memories").get(0).get("name").asText()).isEqualTo("tests-need-redis");
    assertThat(r.get("index").asText()).contains("in memory");
    assertThat(r.get("notes").get(0).asText()).contains("cannot be opened").contains(blocked.toString());
    assertThat(memoryDir.resolve("tests-need-redis.md")).exists();
  }

  @Test
  void humanFormShowsEachMemoryWithItsReasonAndContent() {
    CommandRun r = run("recall", "pnpm");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("use-pnpm (feedback").contains("bm25 #1").contains("npm breaks the lockfile")
        .contains("bytes this turn");
    assertThat(run("recall", "kubernetes").out()).contains("no memory recalled");
  }

  @Test
  void vectorsTakePartByDefault() throws Exception {
    Files.delete(home.resolve("settings.json"));
    JsonNode r = json("recall", "which package manager do we use", "--json");
    assertThat(r.get("retrieval").asText()).startsWith("bm25 + vectors (");
    assertThat(r.get("memories").get(0).get("name").asText()).isEqualTo("use-pnpm");
  }

  @Test
  void aChineseQueryWithoutTheChineseModelSaysHowToInstallIt() throws Exception {
    Files.delete(home.resolve("settings.json"));

    JsonNode chinese = json("recall", "我们用哪个包管理器？", "--json");
    JsonNode english = json("recall", "which package manager do we use", "--json");
    CommandRun human = run("recall", "我们用哪个包管理器？");

    assertThat(chinese.get("notes").toString()).contains("engram models add bge-small-zh-v1.5-q");
    assertThat(english.get("notes").toString()).doesNotContain("models add");
    assertThat(human.out()).contains("note: this query is in Chinese");
  }

  @Test
  void aChineseMemorySavedWithoutTheChineseModelSaysHowToInstallIt() throws Exception {
    Files.delete(home.resolve("settings.json"));

    JsonNode chinese = json("remember", "--type", "feedback", "--json", "不要用 npm，本项目只用 pnpm，因为 CI 只认 pnpm-lock.yaml");
    JsonNode english = json("remember", "--type", "feedback", "--json", "Use pnpm, not npm: CI reads pnpm-lock.yaml only");
    CommandRun human = run("remember", "--type", "project", "数据库迁移用 Flyway，脚本放在 db/migration");

    assertThat(chinese.get("notes").toString()).contains("engram models add bge-small-zh-v1.5-q");
    assertThat(chinese.get("created").asBoolean()).isTrue();
    assertThat(english.get("notes").size()).isZero();
    assertThat(human.exitCode()).as(human.err()).isZero();
    assertThat(human.out()).contains("saved project memory").contains("note: this memory is in Chinese");
  }

  @Test
  void aJapaneseQueryIsToldItIsJapaneseAndAKoreanOneIsMatchedByItsWordsWithoutANoteForAModelThatCannotReadIt()
      throws Exception {
    Files.delete(home.resolve("settings.json"));

    CommandRun japanese = run("recall", "テストの実行方法は？");
    JsonNode korean = json("recall", "패키지 매니저는 뭘 써?", "--json");

    assertThat(japanese.out()).contains("note: this query is in Japanese");
    assertThat(korean.get("notes").toString()).doesNotContain("models add");
    assertThat(korean.get("retrieval").asText()).startsWith("bm25 (").contains("does not read this query's script");
  }

  @Test
  void withVectorsOffAChineseQueryGetsNoModelNote() throws Exception {
    assertThat(json("recall", "我们用哪个包管理器？", "--json").get("notes").toString()).doesNotContain("models add");
  }

  @Test
  void withAModelChosenByNameAChineseQueryGetsNoModelNote() throws Exception {
    Files.writeString(home.resolve("settings.json"), "{\"recall\":{\"embeddingModel\":\"all-MiniLM-L6-v2-q\"}}");

    assertThat(json("recall", "我们用哪个包管理器？", "--json").get("notes").toString()).doesNotContain("models add");
  }
}
