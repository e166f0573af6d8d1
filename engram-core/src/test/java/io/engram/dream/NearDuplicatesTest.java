package io.engram.dream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.config.DreamSettings;
import io.engram.recall.Embedder;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NearDuplicatesTest {
  private static final Instant T0 = Instant.parse("2026-05-01T00:00:00Z");
  private final NearDuplicates detector = NearDuplicates.of(DreamSettings.DEFAULTS);

  private static MemoryText mem(String id, String text, int day) {
    return new MemoryText(id, text, T0.plusSeconds(86_400L * day));
  }

  @Test
  void rewordedCopiesAreDuplicatesAndDifferentFactsAreNot() {
    MemoryText a = mem("redis.md", "Tests need a local Redis on port 6379; start it with docker compose up redis.", 1);
    MemoryText b = mem("redis-2.md", "Tests need a local Redis on port 6379 - start it with docker compose up redis!", 3);
    MemoryText c = mem("pnpm.md", "The project uses pnpm, not npm; run pnpm install before building.", 2);
    List<DuplicatePair> pairs = detector.find(List.of(a, b, c));
    assertThat(pairs).hasSize(1);
    assertThat(pairs.get(0).olderId()).isEqualTo("redis.md");
    assertThat(pairs.get(0).newerId()).isEqualTo("redis-2.md");
    assertThat(pairs.get(0).similarity()).isEqualTo(1.0);
  }

  @Test
  void similarityIsJaccardOfWordBigrams() {
    // bigrams {a b, b c, c d} vs {a b, b c, c e}: 2 shared of 4.
    assertThat(NearDuplicates.similarity("a b c d", "A, b; c e")).isEqualTo(0.5);
    assertThat(NearDuplicates.similarity("", "")).isZero();
    assertThat(NearDuplicates.similarity("测试需要Redis", "测试需要 redis")).isEqualTo(1.0);
  }

  @Test
  void thresholdComesFromSettingsAndIsChecked() {
    String x = "one two three four five six seven eight";
    String y = "one two three four five six seven eight nine ten";
    assertThat(NearDuplicates.similarity(x, y)).isEqualTo(7.0 / 9.0);
    assertThat(detector.find(List.of(mem("x", x, 0), mem("y", y, 1)))).isEmpty();
    assertThat(new NearDuplicates(0.75).find(List.of(mem("x", x, 0), mem("y", y, 1)))).hasSize(1);
    assertThatThrownBy(() -> new NearDuplicates(0)).hasMessageContaining("mergeSimilarity");
  }

  @Test
  void groupsAreTransitiveAndNewestFirst() {
    String base = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho";
    List<List<MemoryText>> groups =
        new NearDuplicates(0.8)
            .groups(List.of(mem("a", base, 1), mem("b", base + " sigma", 3), mem("c", base + " sigma tau", 2),
                mem("z", "something else entirely here", 4)));
    assertThat(groups).hasSize(1);
    assertThat(groups.get(0)).extracting(MemoryText::id).containsExactly("b", "c", "a");
  }

  @Test
  void mergeKeepsEveryDistinctLineNewestFirstWithoutRepeatingSentences() {
    MemoryText older =
        mem("old.md", "# Testing\n\n- Tests need Redis. Start it with docker.\n- Use the fake clock.\n", 1);
    MemoryText newer =
        mem("new.md", "# Testing\n\n- Tests need **Redis**.\n- Run `make test` in CI.\n\nNotes: flaky on macOS.\n", 5);
    String merged = NearDuplicates.merge(List.of(older, newer));
    assertThat(merged)
        .isEqualTo(
            "# Testing\n\n- Tests need **Redis**.\n- Run `make test` in CI.\n\nNotes: flaky on macOS.\n\n"
                + "- Start it with docker.\n- Use the fake clock.\n");
  }

  @Test
  void mergeIsDeterministicAndKeepsCodeBlocksWhole() {
    MemoryText a = mem("a.md", "Build:\n```\nmvn -q verify\n```\n", 1);
    MemoryText b = mem("b.md", "Build:\n```\nmvn -q verify\n```\n测试需要 Redis。启动 docker。\n", 2);
    String once = NearDuplicates.merge(List.of(a, b));
    assertThat(NearDuplicates.merge(List.of(b, a))).isEqualTo(once);
    assertThat(once).isEqualTo("Build:\n```\nmvn -q verify\n```\n测试需要 Redis。启动 docker。\n");
    assertThat(NearDuplicates.merge(List.of(mem("c", "测试需要 Redis。", 3), b)))
        .isEqualTo("测试需要 Redis。\n\nBuild:\n```\nmvn -q verify\n```\n启动 docker。\n");
  }

  @Test
  void mergeNeverCutsAQuotationOrABlockquote() {
    MemoryText older = mem("old.md", "Ops said: \"Run the migrations. Then restart the pods.\" Keep the old image.\n"
        + "> Never deploy on Friday.\n> Ask in #ops first.\n", 1);
    MemoryText newer = mem("new.md", "Then restart the pods.\n> Ask in #ops first.\n", 5);
    String merged = NearDuplicates.merge(List.of(older, newer));
    assertThat(merged).contains("\"Run the migrations. Then restart the pods.\"")
        .contains("> Never deploy on Friday.\n> Ask in #ops first.\n");
    assertThat(BodyMerge.sentences("He said \"A. B.\" Then `x. y` ran. Done."))
        .containsExactly("He said \"A. B.\" Then `x. y` ran.", "Done.");
  }

  /**
   * Vectors of concepts: each word counts for the concept it names, so paraphrases that name the same
   * concepts in other words have cosine 1 and the words-only detector still sees little in common.
   */
  private static class ConceptEmbedder implements Embedder {
    private static final List<String> CONCEPTS = List.of("docker", "containers", "tests", "before", "database", "port");
    private static final Map<String, String> WORDS = Map.ofEntries(Map.entry("docker", "docker"),
        Map.entry("daemon", "docker"), Map.entry("testcontainers", "containers"), Map.entry("containers", "containers"),
        Map.entry("tests", "tests"), Map.entry("suite", "tests"), Map.entry("before", "before"),
        Map.entry("first", "before"), Map.entry("redis", "database"), Map.entry("postgres", "database"),
        Map.entry("port", "port"));

    @Override
    public float[] embed(String text) {
      float[] v = new float[CONCEPTS.size()];
      for (String w : text.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
        String concept = WORDS.get(w);
        if (concept != null) {
          v[CONCEPTS.indexOf(concept)] += 1;
        }
      }
      return v;
    }

    @Override
    public int dimension() {
      return CONCEPTS.size();
    }

    @Override
    public String name() {
      return "concepts";
    }
  }

  private static NearDuplicates byMeaning() {
    return new NearDuplicates(0.8, Optional.of(new MeaningMatch(new ConceptEmbedder(), 0.9)));
  }

  @Test
  void paraphrasesWithFewWordsInCommonMergeByMeaningOnlyWithAnEmbedder() {
    MemoryText a = mem("docker.md", "Integration tests use Testcontainers, so Docker must run before them.", 1);
    MemoryText b = mem("daemon.md", "Start the Docker daemon first: the suite starts its containers itself.", 2);
    assertThat(NearDuplicates.similarity(a.text(), b.text())).isLessThan(0.2);
    assertThat(detector.find(List.of(a, b))).isEmpty();
    List<DuplicatePair> pairs = byMeaning().find(List.of(a, b));
    assertThat(pairs).hasSize(1);
    assertThat(pairs.get(0).newerId()).isEqualTo("daemon.md");
    assertThat(pairs.get(0).describe()).startsWith("words 0.").contains(", meaning 0.9");
  }

  @Test
  void alikeMemoriesThatNameDifferentSpecificsAreNotMergedByMeaning() {
    MemoryText redis = mem("redis.md", "Tests need Redis on port 6379 before they run.", 1);
    MemoryText postgres = mem("postgres.md", "Tests need Postgres on port 5432 before they run.", 2);
    assertThat(Specifics.conflict(redis.text(), postgres.text())).isTrue();
    assertThat(byMeaning().find(List.of(redis, postgres))).isEmpty();
  }

  @Test
  void twoMemoriesThatEachHoldARedactedSecretAreNotMergedByMeaningNorIsOneSaidByTheOther() {
    MemoryText staging = mem("staging-db.md", "The staging database password is [REDACTED:password] for the app user.", 1);
    MemoryText prod = mem("prod-db.md", "The production database password is [REDACTED:password] for the app user.", 2);
    assertThat(Specifics.conflict(staging.text(), prod.text())).isTrue();
    assertThat(byMeaning().find(List.of(staging, prod))).isEmpty();
    assertThat(NearDuplicates.merge(List.of(staging, prod), byMeaning().meaning())).contains("staging", "production");
  }

  @Test
  void aMergeByMeaningKeepsOneWordingOfASentenceAndEverySentenceWithSomethingNew() {
    MemoryText older = mem("old.md", "Docker must run before the tests. Redis listens on port 6379.", 1);
    MemoryText newer = mem("new.md", "Start the Docker daemon first, before the tests.", 2);
    String merged = NearDuplicates.merge(List.of(older, newer), byMeaning().meaning());
    assertThat(merged).contains("Start the Docker daemon first", "Redis listens on port 6379")
        .doesNotContain("Docker must run before the tests");
    assertThat(NearDuplicates.merge(List.of(older, newer))).contains("Docker must run before the tests");
  }

  @Test
  void aModelWithoutAThresholdMergesByWordsOnly() {
    Embedder unknown = new ConceptEmbedder();
    assertThat(NearDuplicates.of(DreamSettings.DEFAULTS, Optional.of(unknown)).meaning()).isEmpty();
    assertThat(NearDuplicates.meaningThreshold(DreamSettings.DEFAULTS, "all-MiniLM-L6-v2-q")).contains(0.8);
  }

  @Test
  void anEmbedderMadeOfModelsMergesByTheFirstModelThatHasAThreshold() {
    Embedder latin = new ConceptEmbedder() {
      @Override
      public String name() {
        return "all-MiniLM-L6-v2-q";
      }
    };
    Embedder pair = new ConceptEmbedder() {
      @Override
      public List<Embedder> models() {
        return List.of(latin, new ConceptEmbedder());
      }

      @Override
      public String name() {
        return "all-MiniLM-L6-v2-q+bge-small-zh-v1.5-q";
      }
    };

    Optional<MeaningMatch> meaning = NearDuplicates.of(DreamSettings.DEFAULTS, Optional.of(pair)).meaning();

    assertThat(meaning).hasValueSatisfying(m -> assertThat(m.threshold()).isEqualTo(0.8));
    MemoryText a = mem("docker.md", "Integration tests use Testcontainers, so Docker must run before them.", 1);
    MemoryText b = mem("containers.md", "Start the Docker daemon first: the integration tests need containers.", 2);
    assertThat(NearDuplicates.of(DreamSettings.DEFAULTS, Optional.of(pair)).find(List.of(a, b))).hasSize(1);
    Embedder noneKnown = new ConceptEmbedder() {
      @Override
      public List<Embedder> models() {
        return List.of(new ConceptEmbedder(), new ConceptEmbedder());
      }
    };
    assertThat(NearDuplicates.of(DreamSettings.DEFAULTS, Optional.of(noneKnown)).meaning()).isEmpty();
  }
}
