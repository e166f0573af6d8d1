package io.engram.dream;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.memory.MemoryType;
import io.engram.model.CostGovernor;
import io.engram.model.LanguageModel;
import io.engram.model.ModelRouter;
import io.engram.testing.ScriptedModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DreamModelTest {
  static final Instant MAY_1 = Instant.parse("2026-05-01T09:00:00Z");
  static final Instant MAY_10 = Instant.parse("2026-05-10T09:00:00Z");

  @TempDir Path root;

  private DreamFixture seeded() throws Exception {
    DreamFixture f = new DreamFixture(root);
    f.memory("ci-cache", MemoryType.PROJECT, "CI caches the Gradle home between jobs.", MAY_1);
    f.memory("gradle-cache-ci", MemoryType.PROJECT, "Our pipeline keeps ~/.gradle cached across builds.", MAY_10);
    f.memory("deploy-day", MemoryType.PROJECT, "Deploys happen on Tuesdays.", MAY_1);
    f.memory("deploy-day-now", MemoryType.PROJECT, "Deploys moved to Thursdays.", MAY_10);
    return f;
  }

  private ModelRouter router(LanguageModel model) {
    return ModelRouter.of(model, new CostGovernor(root.resolve("home"), io.engram.config.EngramSettings.DEFAULTS.governor()),
        "test-session");
  }

  @Test
  void theModelsProposedPlanIsValidatedAndApplied() throws Exception {
    DreamFixture f = seeded();
    ScriptedModel model = ScriptedModel.withId("test:scripted").answers("""
        {"merges":[{"target":"gradle-cache-ci","sources":["ci-cache"]}],
         "supersessions":[{"older":"deploy-day","newer":"deploy-day-now","reason":"moved"}],
         "rewrites":[]}""");
    DreamResult r = f.dream(router(model)).run(new DreamOptions(true, false), DreamProgress.NONE);
    assertThat(r.engine()).isEqualTo("test:scripted");
    assertThat(model.requests().get(0).messages().get(0).text()).contains("ci-cache", "deploy-day-now");
    Path dir = f.memoryDir();
    assertThat(dir.resolve("ci-cache.md")).doesNotExist();
    assertThat(Files.readString(dir.resolve("gradle-cache-ci.md"))).contains("CI caches the Gradle home", "~/.gradle");
    assertThat(DreamTest.read(f, "deploy-day").supersededBy()).contains("deploy-day-now");
  }

  @Test
  void anAnswerNamingUnknownMemoriesFallsBackToTheOfflineRules() throws Exception {
    DreamFixture f = seeded();
    String bad = "{\"merges\":[{\"target\":\"nope\",\"sources\":[\"ci-cache\"]}],\"supersessions\":[],\"rewrites\":[]}";
    ScriptedModel model = ScriptedModel.withId("test:scripted").answers(bad, bad);
    DreamResult r = f.dream(router(model)).run(new DreamOptions(true, true), DreamProgress.NONE);
    assertThat(model.requests()).hasSize(2);
    assertThat(model.requests().get(1).messages().get(2).text()).contains("'nope' is not one of the memory names");
    assertThat(r.engine()).startsWith("offline (fell back:");
    assertThat(r.changes()).noneMatch(c -> c.startsWith("merge"));
  }
}
