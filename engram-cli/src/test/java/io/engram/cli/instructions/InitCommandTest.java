package io.engram.cli.instructions;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.cli.CommandRun;
import io.engram.cli.output.JsonOutput;
import io.engram.testing.TestResources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code engram init} on small projects: what the project is, how it is run, lint only where it is configured. */
class InitCommandTest {
  @TempDir Path tmp;

  private Path project(String fixture) throws IOException {
    Path target = Files.createDirectories(tmp.resolve(fixture).resolve(".git")).getParent();
    Path source = TestResources.path("init/" + fixture);
    try (Stream<Path> files = Files.walk(source)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        Path to = target.resolve(source.relativize(f).toString());
        Files.createDirectories(to.getParent());
        Files.copy(f, to);
      }
    }
    return target;
  }

  private CommandRun init(Path project, String... args) {
    String[] all = Stream.concat(Stream.of("--home", tmp.resolve("engram").toString(), "--project", project.toString(),
        "--user-home", tmp.resolve("user").toString(), "init"), Stream.of(args)).toArray(String[]::new);
    return CommandRun.of(all);
  }

  @Test
  void aSpringProjectGetsItsDescriptionRunCommandsProfilesServicesAndItsOwnCheckstyle() throws IOException {
    Path shop = project("spring-shop");
    CommandRun run = init(shop);
    assertThat(run.exitCode()).as(run.err()).isZero();
    String md = Files.readString(shop.resolve("CLAUDE.md"));
    assertThat(md).contains("## Project\n\nA sample shop built with Spring Boot: products, carts and orders over a REST"
        + " API, stored in PostgreSQL.\n")
        .doesNotContain("presentation", "legacy slides", "badge", "https://")
        // checkstyle:check alone would run the default rules, not the project's execution
        .contains("  - lint: `./mvnw checkstyle:check@nohttp-checkstyle-validation`\n")
        .contains("## Run\n\n- run the application: `./mvnw spring-boot:run` (`pom.xml`)\n")
        .contains("- Maven profiles `postgres`, `css`: `./mvnw -P postgres verify` (`pom.xml`)\n")
        .contains("- Spring profiles `dev`, `postgres`; active by default: `dev`:"
            + " `./mvnw spring-boot:run -Dspring-boot.run.profiles=dev` (`src/main/resources/application-*`)\n")
        .contains("- services `postgres`, `redis` (compose profiles `cache`: add `--profile NAME`):"
            + " `docker compose up -d` (`docker-compose.yml`)\n");
  }

  @Test
  void lintIsProposedOnlyWhereTheProjectConfiguresIt() throws IOException {
    Path plain = Files.createDirectories(tmp.resolve("plain/.git")).getParent();
    Files.writeString(plain.resolve("build.gradle"), "plugins { id 'java' }\n");
    Files.writeString(plain.resolve("package.json"), "{\"scripts\": {\"test\": \"jest\", \"dev\": \"vite\"}}");
    assertThat(init(plain).exitCode()).isZero();
    String md = Files.readString(plain.resolve("CLAUDE.md"));
    assertThat(md).doesNotContain("lint:").contains("- run the development server: `npm run dev` (`package.json`)");

    Path linted = Files.createDirectories(tmp.resolve("linted/.git")).getParent();
    Files.writeString(linted.resolve("build.gradle"), "plugins {\n  id 'java'\n  id 'checkstyle'\n}\n");
    Files.writeString(linted.resolve("package.json"), "{\"scripts\": {\"test\": \"jest\"}}");
    Files.writeString(linted.resolve("eslint.config.js"), "export default [];\n");
    assertThat(init(linted).exitCode()).isZero();
    assertThat(Files.readString(linted.resolve("CLAUDE.md")))
        .contains("  - lint: `gradle checkstyleMain checkstyleTest`\n", "  - lint: `npx eslint .`\n");
  }

  @Test
  void forceKeepsTheEditedFileAsABackupAndSaysWhere() throws IOException {
    Path shop = project("spring-shop");
    assertThat(init(shop).exitCode()).isZero();
    Path file = shop.resolve("CLAUDE.md");
    String edited = Files.readString(file) + "- never push to main\n";
    Files.writeString(file, edited);

    CommandRun forced = init(shop, "--force");
    assertThat(forced.exitCode()).as(forced.err()).isZero();
    assertThat(forced.out()).contains("-- never push to main", "Your previous file is kept as " + file + ".bak");
    assertThat(Files.readString(shop.resolve("CLAUDE.md.bak"))).isEqualTo(edited);

    Files.writeString(file, edited + "- second edit\n");
    JsonNode again = JsonOutput.mapper().readTree(init(shop, "--force", "--json").out());
    assertThat(again.get("backup").asText()).isEqualTo(file + ".bak.2");
    assertThat(Files.readString(shop.resolve("CLAUDE.md.bak"))).as("an earlier backup stays").isEqualTo(edited);
    assertThat(Files.readString(shop.resolve("CLAUDE.md.bak.2"))).endsWith("- second edit\n");
  }
}
