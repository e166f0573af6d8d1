package io.engram.instructions;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RepoSurveyorTest {
  @TempDir Path tmp;

  private BuildTool only(Fixture f) {
    RepoSurvey survey = RepoSurveyor.survey(f.repo);
    assertThat(survey.buildTools()).hasSize(1);
    return survey.buildTools().get(0);
  }

  @Test
  void mavenWithWrapperAndSpotless() {
    Fixture f = new Fixture(tmp);
    f.write("repo/pom.xml", "<project><artifactId>spotless-maven-plugin</artifactId></project>");
    f.write("repo/mvnw", "#!/bin/sh");
    BuildTool t = only(f);
    assertThat(t.name()).isEqualTo("Maven");
    assertThat(t.build()).contains("./mvnw -B package");
    assertThat(t.test()).contains("./mvnw -B verify");
    assertThat(t.lint()).contains("./mvnw spotless:check");
  }

  @Test
  void gradleWithoutWrapper() {
    Fixture f = new Fixture(tmp);
    f.write("repo/build.gradle.kts", "plugins { java }");
    BuildTool t = only(f);
    assertThat(t.name()).isEqualTo("Gradle");
    assertThat(t.test()).contains("gradle test");
  }

  @Test
  void nodeManagerComesFromTheLockFileAndCommandsFromScripts() {
    Fixture f = new Fixture(tmp);
    f.write("repo/package.json", "{\"scripts\": {\"test\": \"vitest\", \"lint\": \"eslint .\"}}");
    f.write("repo/pnpm-lock.yaml", "");
    BuildTool t = only(f);
    assertThat(t.name()).isEqualTo("pnpm");
    assertThat(t.build()).isEmpty();
    assertThat(t.test()).contains("pnpm test");
    assertThat(t.lint()).contains("pnpm run lint");
  }

  @Test
  void yarnAndABrokenPackageJsonStillDetect() {
    Fixture f = new Fixture(tmp);
    f.write("repo/package.json", "{ not json");
    f.write("repo/yarn.lock", "");
    BuildTool t = only(f);
    assertThat(t.name()).isEqualTo("yarn");
    assertThat(t.test()).isEmpty();
  }

  @Test
  void cargoAndGo() {
    Fixture f = new Fixture(tmp);
    f.write("repo/Cargo.toml", "[package]");
    f.write("repo/go.mod", "module x");
    RepoSurvey survey = RepoSurveyor.survey(f.repo);
    assertThat(survey.buildTools()).extracting(BuildTool::name).containsExactly("cargo", "go");
    assertThat(survey.buildTools().get(1).test()).contains("go test ./...");
  }

  @Test
  void pythonFlavours() {
    Fixture f = new Fixture(tmp);
    f.write("repo/pyproject.toml", "[tool.poetry]\n[tool.ruff]\n");
    assertThat(only(f)).satisfies(t -> {
      assertThat(t.name()).isEqualTo("poetry");
      assertThat(t.lint()).contains("poetry run ruff check .");
    });
    f.write("repo/uv.lock", "");
    assertThat(only(f).name()).isEqualTo("uv");
    Fixture g = new Fixture(tmp.resolve("g"));
    g.write("repo/requirements.txt", "requests");
    assertThat(only(g).test()).contains("pytest");
  }

  @Test
  void makeTargets() {
    Fixture f = new Fixture(tmp);
    f.write("repo/Makefile", "all:\n\tcc x.c\ntest: all\n\t./t\n");
    BuildTool t = only(f);
    assertThat(t.test()).contains("make test");
    assertThat(t.lint()).isEmpty();
  }

  @Test
  void languagesAreCountedByExtensionSkippingGeneratedDirectories() {
    Fixture f = new Fixture(tmp);
    f.write("repo/src/A.java", "");
    f.write("repo/src/B.java", "");
    f.write("repo/src/c.py", "");
    f.write("repo/target/Gen.java", "");
    f.write("repo/node_modules/x/y.js", "");
    assertThat(RepoSurveyor.survey(f.repo).languages()).containsExactly(
        java.util.Map.entry("Java", 2), java.util.Map.entry("Python", 1));
  }

  @Test
  void layoutReadmeAndContributing() {
    Fixture f = new Fixture(tmp);
    f.write("repo/src/x.txt", "");
    f.write("repo/docs/x.txt", "");
    f.write("repo/tools/x.txt", "");
    f.write("repo/README.md", "# Name\n\n[![badge](x)](y)\n\nA tool that\ndoes things.\n\nMore.\n");
    f.write("repo/CONTRIBUTING.md", "# Contributing\n\n- Write tests for every change\n\n```sh\n$ make check\n```\n");
    RepoSurvey s = RepoSurveyor.survey(f.repo);
    assertThat(s.layout()).containsEntry("src/", "sources").containsEntry("docs/", "documentation")
        .containsEntry("tools/", "").doesNotContainKey(".git/");
    assertThat(s.readmeSummary()).isEqualTo(Optional.of("A tool that does things."));
    assertThat(s.contributingHints()).containsExactly("Write tests for every change", "`make check`");
  }

  @Test
  void starterFileNamesCommandsLanguagesAndLayout() {
    Fixture f = new Fixture(tmp);
    f.write("repo/pom.xml", "<project/>");
    f.write("repo/src/A.java", "");
    f.write("repo/README.md", "Engram remembers.\n");
    String md = StarterFile.render(RepoSurveyor.survey(f.repo));
    assertThat(md).startsWith("# repo\n")
        .contains("## Project\n\nEngram remembers.")
        .contains("- Maven (`pom.xml`)\n  - build: `mvn -B package`\n  - test: `mvn -B verify`\n")
        .contains("- Java: 1 file (100%)")
        .contains("- `src/`: sources");
    assertThat(StarterFile.render(RepoSurveyor.survey(f.repo))).isEqualTo(md);
  }

  @Test
  void checkstyleRunsTheProjectsOwnExecutionOrPhase() {
    String byId = "<build><plugins><plugin><artifactId>maven-checkstyle-plugin</artifactId><executions><execution>"
        + "<id>style</id><phase>validate</phase><configuration><configLocation>c.xml</configLocation></configuration>"
        + "<goals><goal>check</goal></goals></execution></executions></plugin></plugins></build>";
    assertThat(BuildToolDetector.checkstyle(byId, "mvn")).contains("mvn checkstyle:check@style");
    assertThat(BuildToolDetector.checkstyle(byId.replace("<id>style</id>", ""), "mvn")).contains("mvn -B validate");
    assertThat(BuildToolDetector.checkstyle("<plugin><artifactId>maven-checkstyle-plugin</artifactId>"
        + "<configuration/></plugin>", "mvn")).contains("mvn checkstyle:check");
    assertThat(BuildToolDetector.checkstyle("<reporting><plugins><plugin><artifactId>maven-checkstyle-plugin"
        + "</artifactId></plugin></plugins></reporting>", "mvn")).isEmpty();
  }

  @Test
  void everyConfiguredMavenCheckRunsInOneCommand() {
    String pom = "<plugin><artifactId>spring-javaformat-maven-plugin</artifactId></plugin><plugin><artifactId>"
        + "maven-checkstyle-plugin</artifactId><executions><execution><id>nohttp</id><goals><goal>check</goal></goals>"
        + "</execution></executions></plugin>";
    assertThat(BuildToolDetector.mavenLint(pom, "./mvnw"))
        .isEqualTo("./mvnw spring-javaformat:validate checkstyle:check@nohttp");
    assertThat(BuildToolDetector.mavenLint("<project/>", "mvn")).isNull();
  }

  @Test
  void noLintWithoutConfiguration() {
    Fixture f = new Fixture(tmp);
    f.write("repo/Cargo.toml", "[package]");
    f.write("repo/go.mod", "module x");
    f.write("repo/build.gradle", "plugins { id 'java' }");
    assertThat(RepoSurveyor.survey(f.repo).buildTools()).allSatisfy(t -> assertThat(t.lint()).isEmpty());
    f.write("repo/.golangci.yml", "linters: {}");
    f.write("repo/clippy.toml", "");
    assertThat(RepoSurveyor.survey(f.repo).buildTools()).extracting(t -> t.lint().orElse(""))
        .containsExactly("", "cargo clippy -- -D warnings", "golangci-lint run");
  }

  @Test
  void runCommandsFromGradleNpmMakeAndCompose() {
    Fixture f = new Fixture(tmp);
    f.write("repo/build.gradle.kts", "plugins {\n  id(\"org.springframework.boot\") version \"3.3.0\"\n}\n");
    f.write("repo/gradlew", "");
    f.write("repo/src/main/resources/application.yml", "spring:\n  profiles:\n    active: local\n---\n"
        + "spring:\n  config:\n    activate:\n      on-profile: cloud\n");
    f.write("repo/package.json", "{\"scripts\": {\"start\": \"node .\"}}");
    f.write("repo/Makefile", "up:\n\tdocker compose up\n");
    f.write("repo/compose.dev.yaml", "services:\n  api:\n    build: .\n");
    f.write("repo/.pre-commit-config.yaml", "repos: []\n");
    assertThat(RepoSurveyor.survey(f.repo).runHints()).extracting(RunHint::bullet).containsExactly(
        "- run the application: `./gradlew bootRun` (`build.gradle.kts`)",
        "- Spring profiles `cloud`; active by default: `local`: `./gradlew bootRun --args='--spring.profiles.active=local'`"
            + " (`src/main/resources/application-*`)",
        "- run the application: `npm start` (`package.json`)",
        "- run it: `make up` (`Makefile`)",
        "- services `api`: `docker compose -f compose.dev.yaml up -d` (`compose.dev.yaml`)",
        "- the checks run before each commit: `pre-commit run --all-files` (`.pre-commit-config.yaml`)");
  }
}
