package io.engram.dream;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.dream.Contradiction.Kind;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ContradictionsTest {
  private static final Instant T0 = Instant.parse("2026-05-01T00:00:00Z");

  private static Optional<Contradiction> check(String older, String newer) {
    return Contradictions.between(new MemoryText("old.md", older, T0), new MemoryText("new.md", newer, T0.plusSeconds(3600)));
  }

  @Test
  void packageManagerSwitchSupersedesTheOlderMemory() {
    Contradiction c = check("The project uses npm.", "The project uses pnpm.").orElseThrow();
    assertThat(c.kind()).isEqualTo(Kind.ALTERNATIVE);
    assertThat(c.supersededId()).isEqualTo("old.md");
    assertThat(c.supersedingId()).isEqualTo("new.md");
    assertThat(c.olderStatement()).isEqualTo("The project uses npm.");
  }

  @Test
  void argumentOrderDoesNotDecideWhichIsOlder() {
    MemoryText older = new MemoryText("a.md", "Build with Maven.", T0);
    MemoryText newer = new MemoryText("b.md", "We switched to Gradle last month.", T0.plusSeconds(60));
    assertThat(Contradictions.between(newer, older).orElseThrow().supersededId()).isEqualTo("a.md");
  }

  @Test
  void choicesMarkedAsPastAreNotAsserted() {
    assertThat(check("- Install deps with `npm install`", "- Use pnpm, not npm, for everything")).isPresent();
    assertThat(check("Uses pnpm.", "Switched from npm to pnpm in March.")).isEmpty();
    assertThat(check("依赖用 npm 安装", "项目改用 pnpm 而不是 npm")).map(Contradiction::kind).contains(Kind.ALTERNATIVE);
  }

  @Test
  void unrelatedMentionsOfAFamilyAreNotContradictions() {
    assertThat(check("The frontend uses npm scripts for linting.", "Deploy docs are built by yarn workspaces on CI.")).isEmpty();
    assertThat(check("Uses pnpm and Redis.", "Uses pnpm with Node 20.")).isEmpty();
    assertThat(check("Use tabs for indentation in Go files.", "Use spaces for indentation in YAML files.")).isEmpty();
    assertThat(check("Tests run with jest.", "We run the tests with vitest in CI.")).map(Contradiction::kind)
        .contains(Kind.ALTERNATIVE);
  }

  @Test
  void negationFlipsAreFound() {
    Contradiction c = check("Tests need Redis running locally.", "Tests no longer need Redis running locally.").orElseThrow();
    assertThat(c.kind()).isEqualTo(Kind.NEGATION);
    assertThat(check("Don't mock the database in tests.", "Mock the database in tests.")).map(Contradiction::kind)
        .contains(Kind.NEGATION);
    assertThat(check("测试需要本地 Redis", "测试不再需要本地 Redis")).map(Contradiction::kind).contains(Kind.NEGATION);
  }

  @Test
  void differentFactsWithNegationsAreNotFlips() {
    assertThat(check("Tests need Redis.", "Tests do not need network access.")).isEmpty();
  }

  @Test
  void sameKeyWithAnotherValueIsAChange() {
    assertThat(check("Dev server port: 8080", "Dev server port: 9090")).map(Contradiction::kind).contains(Kind.VALUE_CHANGE);
    assertThat(check("The staging URL is stage.example.com", "The staging URL is staging.example.org"))
        .map(Contradiction::kind).contains(Kind.VALUE_CHANGE);
    assertThat(check("默认分支：develop", "默认分支：main")).map(Contradiction::kind).contains(Kind.VALUE_CHANGE);
    assertThat(check("The feature flag is enabled.", "The feature flag is disabled.")).map(Contradiction::kind)
        .contains(Kind.VALUE_CHANGE);
  }

  @Test
  void keyValueRuleIgnoresVagueKeysRestatementsAndUrls() {
    assertThat(check("**Why:** the CI box is slow", "**Why:** flaky network")).isEmpty();
    assertThat(check("Port: 8080", "Port: 8080 (the default)")).isEmpty();
    assertThat(check("See https://a.example/x", "See https://b.example/y")).isEmpty();
    assertThat(check("The project is built with care", "The project is hosted on GitHub")).isEmpty();
    assertThat(check("Jon is prepping for his own dance studio.", "Jon is passionate about dance and loves performing."))
        .isEmpty();
    assertThat(check("Jon is working on promoting his business.", "Jon is happy.")).isEmpty();
  }

  @Test
  void codeBlocksAreNotStatements() {
    assertThat(check("```\nnpm install\n```\nSetup is documented.", "```\npnpm install\n```\nSetup is documented.")).isEmpty();
  }

  @Test
  void sameInstantMeansNeitherIsNewer() {
    MemoryText a = new MemoryText("a.md", "Uses npm.", T0);
    MemoryText b = new MemoryText("b.md", "Uses pnpm.", T0);
    assertThat(Contradictions.between(a, b)).isEmpty();
  }

  @Test
  void findReportsEachSupersededMemoryOnceAgainstTheNewest() {
    List<Contradiction> found =
        Contradictions.find(
            List.of(
                new MemoryText("v1.md", "The project uses npm.", T0),
                new MemoryText("v2.md", "The project uses yarn.", T0.plusSeconds(10)),
                new MemoryText("v3.md", "The project uses pnpm.", T0.plusSeconds(20)),
                new MemoryText("other.md", "Deploys go through Argo.", T0.plusSeconds(30))));
    assertThat(found).extracting(Contradiction::supersededId).containsExactly("v1.md", "v2.md");
    assertThat(found).extracting(Contradiction::supersedingId).containsOnly("v3.md");
  }
}
