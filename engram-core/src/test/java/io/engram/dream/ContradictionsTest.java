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
    assertThat(check("Dev server port: 8080", "Dev server port: 9090")).map(Contradiction::kind).contains(Kind.PORT);
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

  private static Optional<Kind> kind(String older, String newer) {
    return check(older, newer).map(Contradiction::kind);
  }

  @Test
  void portsOfTheSameThingAreComparedHoweverTheSentenceIsPhrased() {
    assertThat(kind("The dev server runs on port 8080.", "Dev server port is 9090.")).contains(Kind.PORT);
    assertThat(kind("The dev server listens locally on 8080", "The dev server is at http://localhost:9090/app"))
        .contains(Kind.PORT);
    assertThat(kind("Open `localhost:3000` for the admin UI.", "The admin UI is on port 3001 now.")).contains(Kind.PORT);
    assertThat(kind("Postgres for tests runs on port 5432.", "We moved Postgres for tests from port 5432 to 5433."))
        .contains(Kind.PORT);
    assertThat(kind("开发服务器端口是 8080", "开发服务器端口是 9090")).contains(Kind.PORT);
  }

  @Test
  void versionsOfTheSameProductAreCompared() {
    assertThat(kind("The project uses Java 17.", "We upgraded to Java 21.")).contains(Kind.VERSION);
    assertThat(kind("CI runs on Node 18.", "CI runs on node v20.11.")).contains(Kind.VERSION);
    assertThat(kind("Pin com.acme:billing-client:1.4.2 in the pom.", "Pin com.acme:billing-client:1.5.0 in the pom."))
        .contains(Kind.VERSION);
    assertThat(kind("Spring Boot 3.2 is the baseline.", "Spring Boot 3.3 is the baseline.")).contains(Kind.VERSION);
  }

  @Test
  void pathsOfTheSameThingAreCompared() {
    assertThat(kind("The config file is at config/app.yml.", "The config file moved to conf/app.yaml.")).contains(Kind.PATH);
    assertThat(kind("Migrations live in db/migrations/.", "Migrations live in src/main/resources/db/migration/."))
        .contains(Kind.PATH);
    assertThat(kind("Main config: application.yml", "Main config: application.properties")).contains(Kind.PATH);
  }

  @Test
  void commandsForTheSameTaskAreCompared() {
    assertThat(kind("Run the tests with `make test`.", "Run the tests with `./scripts/test.sh --all`."))
        .contains(Kind.COMMAND);
    // A change of build tool is an exclusive choice, found first.
    assertThat(kind("Run the tests with `mvn test`.", "Run the tests with `./gradlew test`.")).contains(Kind.ALTERNATIVE);
    assertThat(kind("Lint: `./gradlew spotlessCheck`", "Lint: `./gradlew checkstyleMain`")).contains(Kind.COMMAND);
    assertThat(kind("Start the stack with `docker compose up -d`.", "Start the stack with `make up`."))
        .contains(Kind.COMMAND);
  }

  @Test
  void differentThingsRefinementsAndPastValuesAreNotContradictions() {
    // Two services, two ports.
    assertThat(check("The API server runs on port 8080.", "The admin server runs on port 9090.")).isEmpty();
    assertThat(check("Postgres runs on port 5432.", "Redis runs on port 6379.")).isEmpty();
    // Two sentences of one memory-to-be: each service keeps its own port.
    assertThat(check("The API runs on 8080 and the admin UI on 9090.", "The API runs on port 8080.")).isEmpty();
    // The same value, a refinement, or a product that is not the same.
    assertThat(check("Dev server port is 8080.", "The dev server runs on port 8080.")).isEmpty();
    assertThat(check("The backend uses Java 17.", "The backend uses Java 17.0.2.")).isEmpty();
    assertThat(check("The backend uses Java 17.", "The Android app uses Java 11.")).isEmpty();
    assertThat(check("The backend uses Java 17.", "The backend uses Node 20.")).isEmpty();
    // Different tasks, a longer form of the same command, files that are merely mentioned.
    assertThat(check("Run unit tests with `mvn test`.", "Run integration tests with `mvn verify -Pit`.")).isEmpty();
    assertThat(check("Run the tests with `npm test`.", "Run the tests with `npm test -- --watch`.")).isEmpty();
    assertThat(check("See docs/setup.md for details.", "See docs/deploy.md for details.")).isEmpty();
    assertThat(check("Docs are in docs/setup.md.", "Architecture notes are in docs/arch.md.")).isEmpty();
    // Numbers that are not ports, and a port that was left behind.
    assertThat(check("The build runs on 4 cores.", "The build runs on 8 cores.")).isEmpty();
    assertThat(kind("Timeouts: retry after 3000 ms.", "Timeouts: retry after 5000 ms.")).isNotEqualTo(Optional.of(Kind.PORT));
    assertThat(check("The dev server runs on port 9090.", "The dev server no longer runs on port 8080.")).isEmpty();
  }
}
