package io.engram.recall;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.GovernorSettings;
import io.engram.config.RecallSettings;
import io.engram.model.CostGovernor;
import io.engram.model.ModelException;
import io.engram.model.ModelRouter;
import io.engram.testing.ScriptedModel;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelRerankerTest {
  @TempDir Path home;

  private final List<RecallDocument> docs = List.of(
      RecallFixtures.doc("redis.md", "redis tests need a local server"),
      RecallFixtures.doc("pnpm.md", "tests install with pnpm"),
      RecallFixtures.doc("deploy.md", "deploy tests run on staging"));

  private RecallResult recallWith(ScriptedModel model) {
    ModelRouter router = ModelRouter.of(model, new CostGovernor(home, GovernorSettings.DEFAULTS), "s1");
    Recaller recaller = RecallFixtures.recaller(RecallFixtures.index(docs), RecallSettings.DEFAULTS,
        Optional.of(new ModelReranker(router, 2)));
    return recaller.recall("tests");
  }

  @Test
  void modelPicksReorderTheShortListAndSayWhy() {
    ScriptedModel model = new ScriptedModel().answers("```json\n[\"deploy.md\", \"redis.md\"]\n```");
    RecallResult r = recallWith(model);
    assertThat(r.reranked()).isTrue();
    assertThat(r.memories()).extracting(RecalledMemory::id).containsExactly("deploy.md", "redis.md");
    assertThat(r.memories().get(0).reason()).startsWith("reranked #1 (hybrid #");
    String prompt = model.requests().get(0).messages().get(0).text();
    assertThat(prompt).contains("tests").contains("- redis.md: about redis.md").contains("- pnpm.md: about pnpm.md")
        .contains("at most 2 names");
  }

  @Test
  void namesOutsideTheListAreShownToTheModelOnceThenTheHybridOrderStands() {
    ScriptedModel model = new ScriptedModel().answers("[\"secrets.md\"]", "[\"nope\", \"redis.md\"]");
    RecallResult r = recallWith(model);
    assertThat(model.requests()).hasSize(2);
    assertThat(model.requests().get(1).messages().get(2).text()).contains("not in the list: secrets.md");
    assertThat(r.reranked()).isFalse();
    assertThat(r.memories()).hasSize(3);
    assertThat(r.leftOut()).anyMatch(l -> l.id().equals("(model scripted:test)")
        && l.reason().startsWith("reranker failed: unusable answer") && l.reason().endsWith("hybrid order used"));
  }

  @Test
  void tooManyPicksAreRefused() {
    ScriptedModel model = new ScriptedModel().answers("[\"redis.md\", \"pnpm.md\", \"deploy.md\"]", "not json at all");
    RecallResult r = recallWith(model);
    assertThat(model.requests().get(1).messages().get(2).text()).contains("at most 2 names, got 3");
    assertThat(r.reranked()).isFalse();
  }

  @Test
  void anEmptyPickIsTheModelsAnswerAndNothingIsSent() {
    RecallResult r = recallWith(new ScriptedModel().answers("[]"));
    assertThat(r.reranked()).isTrue();
    assertThat(r.memories()).isEmpty();
    assertThat(r.leftOut()).anyMatch(l -> l.reason().equals("the model picked none"));
  }

  @Test
  void aModelFailureFallsBackToTheHybridOrderWithTheReason() {
    ScriptedModel model = new ScriptedModel().fails(new ModelException(ModelException.Kind.TIMEOUT, "no answer in 5s"));
    RecallResult r = recallWith(model);
    assertThat(r.reranked()).isFalse();
    assertThat(r.memories()).hasSize(3);
    assertThat(r.leftOut()).anyMatch(l -> l.reason().contains("time-out: no answer in 5s"));
  }

  @Test
  void theModelSeesTheManifestWithTypeAndAgeAndMayPickFromIt() {
    ScriptedModel model = new ScriptedModel().answers("[\"pnpm.md\"]");
    ModelRouter router = ModelRouter.of(model, new CostGovernor(home, GovernorSettings.DEFAULTS), "s1");
    Recaller recaller = RecallFixtures.recaller(RecallFixtures.index(docs), RecallSettings.DEFAULTS,
        Optional.of(new ModelReranker(router, 2, RecallFixtures.CLOCK)));

    RecallResult r = recaller.recall("redis");

    String prompt = model.requests().get(0).messages().get(0).text();
    assertThat(prompt).contains("Found by search, best first:\n- redis.md: about redis.md\n")
        .contains("All memories, newest first:").contains("- pnpm.md [project, 1h]: about pnpm.md");
    assertThat(r.reranked()).isTrue();
    assertThat(r.memories()).singleElement().satisfies(m -> {
      assertThat(m.id()).isEqualTo("pnpm.md");
      assertThat(m.reason()).contains("picked from the manifest");
      assertThat(m.score()).isPositive();
    });
  }
}
