package io.engram.instructions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * How a repository is run, from its files: the application's start command (Spring Boot through Maven or
 * Gradle, Gradle's application plugin, npm scripts, Make targets, cargo, go, Django), its Maven and Spring
 * profiles, the services of its docker-compose files with their profiles, and its pre-commit checks. Best
 * effort: an unreadable file shows nothing.
 */
final class RunDetector {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern MAVEN_PROFILE = Pattern.compile("<profile>\\s*+(?:<!--.*?-->\\s*+)*+<id>\\s*([^<\\s]+)\\s*</id>",
      Pattern.DOTALL);
  private static final Pattern SPRING_FILE = Pattern.compile("application-([\\w.-]+)\\.(properties|ya?ml)");
  private static final Pattern ACTIVE = Pattern.compile("(?m)^\\s*(?:spring\\.profiles\\.active\\s*[=:]|active:)\\s*"
      + "['\"]?([\\w,\\s-]+?)['\"]?\\s*$");
  private static final List<String> COMPOSE = List.of("compose.yaml", "compose.yml", "docker-compose.yml",
      "docker-compose.yaml");
  private static final List<String> MAKE_RUN = List.of("run", "start", "serve", "dev", "up");

  private RunDetector() {}

  static List<RunHint> detect(Path root) {
    List<RunHint> hints = new ArrayList<>();
    String mvn = exists(root, "mvnw") ? "./mvnw" : "mvn";
    String gradle = exists(root, "gradlew") ? "./gradlew" : "gradle";
    Optional<String> bootModule = springBootMaven(root);
    boolean bootGradle = gradleFiles(root).anyMatch(t -> t.contains("org.springframework.boot"));
    bootModule.ifPresent(module -> hints.add(RunHint.of("run the application", module.isEmpty() ? "pom.xml"
        : module + "/pom.xml", mvn + (module.isEmpty() ? "" : " -pl " + module) + " spring-boot:run")));
    if (bootGradle) {
      hints.add(RunHint.of("run the application", gradleMarker(root), gradle + " bootRun"));
    } else if (gradleFiles(root).anyMatch(t -> t.matches("(?ms).*(id\\s*\\(?\\s*['\"]application['\"]|\\bapplication\\s*\\{"
        + "|^\\s*application\\s*$).*"))) {
      hints.add(RunHint.of("run the application", gradleMarker(root), gradle + " run"));
    }
    mavenProfiles(root, mvn).ifPresent(hints::add);
    String pl = bootModule.filter(m -> !m.isEmpty()).map(m -> " -pl " + m).orElse("");
    Optional<UnaryOperator<String>> runWith = bootModule.isPresent()
        ? Optional.of(p -> mvn + pl + " spring-boot:run -Dspring-boot.run.profiles=" + p)
        : bootGradle ? Optional.of(p -> gradle + " bootRun --args='--spring.profiles.active=" + p + "'")
        : Optional.empty();
    springProfiles(root, runWith).ifPresent(hints::add);
    hints.addAll(npm(root));
    hints.addAll(make(root));
    if (exists(root, "Cargo.toml") && exists(root, "src/main.rs")) {
      hints.add(RunHint.of("run the application", "src/main.rs", "cargo run"));
    }
    if (exists(root, "go.mod") && exists(root, "main.go")) {
      hints.add(RunHint.of("run the application", "main.go", "go run ."));
    }
    if (exists(root, "manage.py")) {
      hints.add(RunHint.of("run the development server", "manage.py", "python manage.py runserver"));
    }
    hints.addAll(compose(root));
    if (exists(root, ".pre-commit-config.yaml")) {
      hints.add(RunHint.of("the checks run before each commit", ".pre-commit-config.yaml", "pre-commit run --all-files"));
    }
    return hints;
  }

  /** The module whose pom has the Spring Boot plugin: "" for the root, else the first module directory. */
  private static Optional<String> springBootMaven(Path root) {
    if (read(root.resolve("pom.xml")).contains("spring-boot-maven-plugin")) {
      return Optional.of("");
    }
    return modules(root).filter(m -> read(root.resolve(m).resolve("pom.xml")).contains("spring-boot-maven-plugin"))
        .findFirst();
  }

  private static Optional<RunHint> mavenProfiles(Path root, String mvn) {
    Set<String> ids = new LinkedHashSet<>();
    Matcher m = MAVEN_PROFILE.matcher(read(root.resolve("pom.xml")));
    while (m.find()) {
      ids.add(m.group(1));
    }
    if (ids.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(RunHint.of("Maven profiles " + names(ids), "pom.xml", mvn + " -P " + ids.iterator().next()
        + " verify"));
  }

  /** Spring profiles from application-NAME files and YAML documents, with the default active one. */
  private static Optional<RunHint> springProfiles(Path root, Optional<UnaryOperator<String>> runWith) {
    Set<String> profiles = new TreeSet<>();
    String active = "";
    String where = "";
    for (Path resources : resourceDirs(root)) {
      try (Stream<Path> files = Files.list(resources)) {
        for (Path f : files.sorted().toList()) {
          String name = f.getFileName().toString();
          Matcher m = SPRING_FILE.matcher(name);
          String text = name.matches("application(-[\\w.-]+)?\\.(properties|ya?ml)") ? read(f) : "";
          if (m.matches()) {
            profiles.add(m.group(1));
          }
          Matcher on = Pattern.compile("on-profile:\\s*['\"]?([\\w-]+)").matcher(text);
          while (on.find()) {
            profiles.add(on.group(1));
          }
          Matcher a = ACTIVE.matcher(name.startsWith("application.") ? text : "");
          if (active.isEmpty() && a.find()) {
            active = a.group(1).strip();
          }
          if (where.isEmpty() && !text.isEmpty()) {
            where = root.relativize(resources).toString().replace('\\', '/');
          }
        }
      } catch (IOException e) {
        // Best effort: a directory that cannot be listed shows no profiles.
      }
    }
    if (profiles.isEmpty()) {
      return Optional.empty();
    }
    String first = active.isEmpty() ? profiles.iterator().next() : active.split("[,\\s]+")[0];
    String what = "Spring profiles " + names(profiles) + (active.isEmpty() ? "" : "; active by default: `" + active + "`");
    return Optional.of(RunHint.of(what, where + "/application-*", runWith.map(r -> r.apply(first)).orElse(null)));
  }

  private static List<RunHint> npm(Path root) {
    if (!exists(root, "package.json")) {
      return List.of();
    }
    String pm = exists(root, "pnpm-lock.yaml") ? "pnpm" : exists(root, "yarn.lock") ? "yarn" : "npm";
    JsonNode scripts;
    try {
      scripts = JSON.readTree(root.resolve("package.json").toFile()).path("scripts");
    } catch (IOException e) {
      return List.of();
    }
    List<RunHint> hints = new ArrayList<>();
    if (scripts.has("start")) {
      hints.add(RunHint.of("run the application", "package.json", pm + " start"));
    }
    for (String script : List.of("dev", "serve")) {
      if (scripts.has(script)) {
        hints.add(RunHint.of("run the " + (script.equals("dev") ? "development" : "local") + " server",
            "package.json", (pm.equals("yarn") ? "yarn " : pm + " run ") + script));
      }
    }
    return hints;
  }

  private static List<RunHint> make(Path root) {
    String name = exists(root, "Makefile") ? "Makefile" : exists(root, "GNUmakefile") ? "GNUmakefile" : null;
    if (name == null) {
      return List.of();
    }
    String makefile = read(root.resolve(name));
    return MAKE_RUN.stream().filter(t -> Pattern.compile("(?m)^" + t + "\\s*:").matcher(makefile).find()).limit(1)
        .map(t -> RunHint.of("run it", name, "make " + t)).toList();
  }

  /** Each compose file: its services and their profiles, and the command that starts them. */
  private static List<RunHint> compose(Path root) {
    List<RunHint> hints = new ArrayList<>();
    List<String> files = new ArrayList<>();
    COMPOSE.stream().filter(f -> exists(root, f)).limit(1).forEach(files::add);
    try (Stream<Path> all = Files.list(root)) {
      all.map(p -> p.getFileName().toString()).filter(n -> n.matches("(docker-)?compose\\.[\\w-]+\\.ya?ml"))
          .sorted().forEach(files::add);
    } catch (IOException e) {
      // Best effort: the main file alone.
    }
    for (String file : files) {
      ComposeFile c = ComposeFile.parse(read(root.resolve(file)));
      if (c.services().isEmpty()) {
        continue;
      }
      String command = "docker compose" + (COMPOSE.contains(file) ? "" : " -f " + file) + " up -d";
      String what = "services " + names(c.services()) + (c.profiles().isEmpty() ? ""
          : " (compose profiles " + names(c.profiles()) + ": add `--profile NAME`)");
      hints.add(RunHint.of(what, file, command));
    }
    return hints;
  }

  private static String names(Set<String> names) {
    return String.join(", ", names.stream().map(n -> "`" + n + "`").toList());
  }

  private static Stream<String> modules(Path root) {
    try (Stream<Path> dirs = Files.list(root)) {
      return dirs.filter(d -> Files.isRegularFile(d.resolve("pom.xml"))).map(d -> d.getFileName().toString())
          .sorted().toList().stream();
    } catch (IOException e) {
      return Stream.empty();
    }
  }

  private static List<Path> resourceDirs(Path root) {
    List<Path> dirs = new ArrayList<>();
    Stream.concat(Stream.of(""), modules(root)).map(m -> root.resolve(m).resolve("src/main/resources"))
        .filter(Files::isDirectory).forEach(dirs::add);
    return dirs;
  }

  private static Stream<String> gradleFiles(Path root) {
    return Stream.of("build.gradle.kts", "build.gradle").filter(n -> exists(root, n)).map(n -> read(root.resolve(n)));
  }

  private static String gradleMarker(Path root) {
    return exists(root, "build.gradle.kts") ? "build.gradle.kts" : "build.gradle";
  }

  private static boolean exists(Path dir, String name) {
    return Files.isRegularFile(dir.resolve(name));
  }

  private static String read(Path file) {
    try {
      return Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    } catch (IOException e) {
      return "";
    }
  }
}
