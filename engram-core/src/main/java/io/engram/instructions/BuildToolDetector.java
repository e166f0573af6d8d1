package io.engram.instructions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Recognises build tools by their marker files and reads the commands they define. A lint command is proposed
 * only where the project configures one (a checkstyle, spotless, eslint, ruff, flake8, clippy, rustfmt or
 * golangci setup, or a {@code lint} script or target), and then the way that runs the project's own setup.
 */
final class BuildToolDetector {
  private static final ObjectMapper JSON = new ObjectMapper();

  private BuildToolDetector() {}

  static List<BuildTool> detect(Path dir) {
    List<BuildTool> tools = new ArrayList<>();
    maven(dir).ifPresent(tools::add);
    gradle(dir).ifPresent(tools::add);
    node(dir).ifPresent(tools::add);
    if (exists(dir, "Cargo.toml")) {
      String cargo = read(dir.resolve("Cargo.toml"));
      String lint = exists(dir, "clippy.toml") || exists(dir, ".clippy.toml") || cargo.contains("lints.clippy]")
          ? "cargo clippy -- -D warnings"
          : exists(dir, "rustfmt.toml") || exists(dir, ".rustfmt.toml") ? "cargo fmt --check" : null;
      tools.add(tool("cargo", "Cargo.toml", "cargo build", "cargo test", lint));
    }
    if (exists(dir, "go.mod")) {
      boolean golangci = exists(dir, ".golangci.yml") || exists(dir, ".golangci.yaml") || exists(dir, ".golangci.toml");
      tools.add(tool("go", "go.mod", "go build ./...", "go test ./...", golangci ? "golangci-lint run" : null));
    }
    python(dir).ifPresent(tools::add);
    make(dir).ifPresent(tools::add);
    return tools;
  }

  private static Optional<BuildTool> maven(Path dir) {
    if (!exists(dir, "pom.xml")) {
      return Optional.empty();
    }
    String mvn = exists(dir, "mvnw") ? "./mvnw" : "mvn";
    String pom = read(dir.resolve("pom.xml"));
    return Optional.of(tool("Maven", "pom.xml", mvn + " -B package", mvn + " -B verify", mavenLint(pom, mvn)));
  }

  /** The configured checks' goals in one command: spotless, Spring's formatter, then checkstyle. */
  static String mavenLint(String pom, String mvn) {
    List<String> goals = new ArrayList<>();
    if (pom.contains("spotless-maven-plugin")) {
      goals.add("spotless:check");
    }
    if (pom.contains("spring-javaformat-maven-plugin")) {
      goals.add("spring-javaformat:validate");
    }
    Optional<String> checkstyle = checkstyle(pom, mvn);
    if (checkstyle.isPresent() && !checkstyle.get().startsWith(mvn + " checkstyle:")) {
      return goals.isEmpty() ? checkstyle.get() : mvn + " " + String.join(" ", goals) + " && " + checkstyle.get();
    }
    checkstyle.ifPresent(c -> goals.add(c.substring(mvn.length() + 1)));
    return goals.isEmpty() ? null : mvn + " " + String.join(" ", goals);
  }

  /**
   * The command that runs the project's own checkstyle setup. Configuration given inside an execution is only
   * used by that execution: {@code checkstyle:check} alone would run the plugin's default rules instead, so the
   * execution is named ({@code checkstyle:check@ID}), or, without an id, the phase it is bound to is run. A
   * plugin only under {@code <reporting>} checks nothing.
   */
  static Optional<String> checkstyle(String pom, String mvn) {
    String build = pom.replaceAll("(?s)<reporting>.*?</reporting>", "");
    int at = build.indexOf("<artifactId>maven-checkstyle-plugin</artifactId>");
    if (at < 0) {
      return Optional.empty();
    }
    int end = build.indexOf("</plugin>", at);
    String plugin = build.substring(at, end < 0 ? build.length() : end);
    java.util.regex.Matcher execution = Pattern.compile("(?s)<execution>(.*?)</execution>").matcher(plugin);
    while (execution.find()) {
      String e = execution.group(1);
      if (!e.contains("<goal>check</goal>")) {
        continue;
      }
      java.util.regex.Matcher id = Pattern.compile("<id>\\s*([^<\\s]+)\\s*</id>").matcher(e);
      if (id.find()) {
        return Optional.of(mvn + " checkstyle:check@" + id.group(1));
      }
      java.util.regex.Matcher phase = Pattern.compile("<phase>\\s*([^<\\s]+)\\s*</phase>").matcher(e);
      return Optional.of(mvn + " -B " + (phase.find() ? phase.group(1) : "verify"));
    }
    return Optional.of(mvn + " checkstyle:check");
  }

  private static Optional<BuildTool> gradle(Path dir) {
    String marker =
        exists(dir, "build.gradle.kts") ? "build.gradle.kts"
            : exists(dir, "build.gradle") ? "build.gradle"
                : exists(dir, "settings.gradle.kts") ? "settings.gradle.kts" : null;
    if (marker == null) {
      return Optional.empty();
    }
    String gradle = exists(dir, "gradlew") ? "./gradlew" : "gradle";
    String build = read(dir.resolve(marker));
    String lint = build.contains("spotless") ? gradle + " spotlessCheck"
        : build.matches("(?ms).*(id\\s*\\(?\\s*['\"]checkstyle['\"]|apply\\s+plugin:\\s*['\"]checkstyle['\"]|\\bcheckstyle\\s*\\{"
            + "|^\\s*checkstyle\\s*$).*") ? gradle + " checkstyleMain checkstyleTest"
        : build.contains("ktlint") ? gradle + " ktlintCheck"
        : build.contains("detekt") ? gradle + " detekt" : null;
    return Optional.of(tool("Gradle", marker, gradle + " build", gradle + " test", lint));
  }

  private static Optional<BuildTool> node(Path dir) {
    if (!exists(dir, "package.json")) {
      return Optional.empty();
    }
    String pm = exists(dir, "pnpm-lock.yaml") ? "pnpm" : exists(dir, "yarn.lock") ? "yarn" : "npm";
    JsonNode scripts;
    try {
      scripts = JSON.readTree(dir.resolve("package.json").toFile()).path("scripts");
    } catch (IOException e) {
      scripts = JSON.createObjectNode();
    }
    String run = pm.equals("yarn") ? "yarn " : pm + " run ";
    String build = scripts.has("build") ? run + "build" : null;
    String test = scripts.has("test") ? pm + " test" : null;
    String exec = pm.equals("npm") ? "npx " : pm.equals("yarn") ? "yarn " : "pnpm exec ";
    String lint = scripts.has("lint") ? run + "lint" : eslintConfigured(dir) ? exec + "eslint ." : null;
    return Optional.of(tool(pm, "package.json", build, test, lint));
  }

  private static boolean eslintConfigured(Path dir) {
    try (java.util.stream.Stream<Path> files = Files.list(dir)) {
      if (files.map(p -> p.getFileName().toString()).anyMatch(n -> n.startsWith(".eslintrc")
          || n.matches("eslint\\.config\\.(js|mjs|cjs|ts|mts|cts)"))) {
        return true;
      }
    } catch (IOException e) {
      return false;
    }
    return read(dir.resolve("package.json")).contains("\"eslintConfig\"");
  }

  private static Optional<BuildTool> python(Path dir) {
    String pyproject = exists(dir, "pyproject.toml") ? read(dir.resolve("pyproject.toml")) : "";
    String lint =
        pyproject.contains("[tool.ruff") || exists(dir, "ruff.toml") || exists(dir, ".ruff.toml") ? "ruff check ."
            : pyproject.contains("flake8") || exists(dir, ".flake8")
                || read(dir.resolve("setup.cfg")).contains("[flake8]") ? "flake8" : null;
    if (exists(dir, "uv.lock") || pyproject.contains("[tool.uv")) {
      return Optional.of(tool("uv", exists(dir, "uv.lock") ? "uv.lock" : "pyproject.toml", "uv sync",
          "uv run pytest", lint == null ? null : "uv run " + lint));
    }
    if (pyproject.contains("[tool.poetry")) {
      return Optional.of(tool("poetry", "pyproject.toml", "poetry install", "poetry run pytest",
          lint == null ? null : "poetry run " + lint));
    }
    if (exists(dir, "requirements.txt")) {
      return Optional.of(tool("pip", "requirements.txt", "pip install -r requirements.txt", "pytest", lint));
    }
    if (!pyproject.isEmpty() || exists(dir, "setup.py")) {
      return Optional.of(tool("pip", pyproject.isEmpty() ? "setup.py" : "pyproject.toml", "pip install -e .",
          "pytest", lint));
    }
    return Optional.empty();
  }

  private static Optional<BuildTool> make(Path dir) {
    String name = exists(dir, "Makefile") ? "Makefile" : exists(dir, "GNUmakefile") ? "GNUmakefile" : null;
    if (name == null) {
      return Optional.empty();
    }
    String makefile = read(dir.resolve(name));
    return Optional.of(tool("make", name, "make",
        hasTarget(makefile, "test") ? "make test" : hasTarget(makefile, "check") ? "make check" : null,
        hasTarget(makefile, "lint") ? "make lint" : null));
  }

  private static boolean hasTarget(String makefile, String target) {
    return Pattern.compile("(?m)^" + target + "\\s*:").matcher(makefile).find();
  }

  private static BuildTool tool(String name, String marker, String build, String test, String lint) {
    return new BuildTool(
        name, marker, Optional.ofNullable(build), Optional.ofNullable(test), Optional.ofNullable(lint));
  }

  private static boolean exists(Path dir, String name) {
    return Files.isRegularFile(dir.resolve(name));
  }

  /** The file's text, or empty when it cannot be read: detection is best effort. */
  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    }
  }
}
