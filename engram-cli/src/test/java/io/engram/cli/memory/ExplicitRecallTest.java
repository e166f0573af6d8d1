package io.engram.cli.memory;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.cli.CommandRun;
import io.engram.cli.output.JsonOutput;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code engram recall} as a new user meets it, with the embedding model (the default): a query whose every word a
 * memory holds finds that memory, however far the model reads a one- or two-word query from it; the model's keyword
 * gate, which keeps prompts nobody asked about silent, does not hide what a keyword search would list.
 */
class ExplicitRecallTest {
  @TempDir Path home;
  @TempDir Path project;

  private JsonNode recall(String query) throws Exception {
    CommandRun r = CommandRun.in(home, project, "recall", query, "--json");
    assertThat(r.exitCode()).as(r.err()).isZero();
    return JsonOutput.mapper().readTree(r.out());
  }

  private void remember(String name, String description, String body) {
    CommandRun r = CommandRun.in(home, project, "remember", "--type", "project", "--name", name, "--description",
        description, body);
    assertThat(r.exitCode()).as(r.err()).isZero();
  }

  @BeforeEach
  void memories() {
    remember("api-base-url", "Where the API lives", "The API base URL is https://api.example.com/v2; staging uses"
        + " https://staging.example.com/v2.");
    remember("tests-need-redis", "Integration tests need a local Redis",
        "Start redis-server on port 6379 before the integration tests.");
    remember("use-pnpm", "The project uses pnpm", "Install with pnpm install; npm breaks the lockfile.");
    remember("deploy-freeze", "部署冻结", "周五下午不要部署到生产环境，发布窗口是周二和周四。");
    remember("db-migrations", "数据库迁移", "数据库迁移用 Flyway，脚本放在 db/migration 目录下。");
  }

  // Each of these the keyword gate dropped (the model read the query nearer everyday requests than the memory).
  @ParameterizedTest
  @CsvSource({"api, api-base-url", "API, api-base-url", "integration tests, tests-need-redis",
      "部署, deploy-freeze", "数据库迁移, db-migrations", "生产环境, deploy-freeze", "staging, api-base-url",
      "lockfile, use-pnpm"})
  void aMemoryHoldingEveryWordOfTheQueryIsRecalledFirst(String query, String memory) throws Exception {
    JsonNode r = recall(query);

    assertThat(r.get("retrieval").asText()).startsWith("bm25 + vectors (");
    assertThat(r.get("memories")).as(r.toString()).isNotEmpty();
    assertThat(r.get("memories").get(0).get("name").asText()).isEqualTo(memory);
  }

  @Test
  void aQueryNoMemoryHoldsAWordOfStillGetsNothing() throws Exception {
    assertThat(recall("kubernetes").get("memories")).isEmpty();
    assertThat(recall("如何配置日志").get("memories")).isEmpty();
  }
}
