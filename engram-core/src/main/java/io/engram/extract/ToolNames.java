package io.engram.extract;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names of the tools a project chooses (package managers, build tools and their wrappers, test runners,
 * linters and formatters, docs generators, databases, runtimes, containers): a correction that picks
 * between them states a project fact, not a rule about how the agent writes code.
 */
final class ToolNames {
  private static final Set<String> NAMES = Set.of(
      "npm", "pnpm", "yarn", "bun", "npx", "pip", "pip3", "pipenv", "poetry", "uv", "conda", "cargo", "gem", "bundler",
      "composer", "maven", "mvn", "mvnw", "gradle", "gradlew", "sbt", "bazel", "cmake", "ninja", "ant",
      "rebar3", "dotnet", "nuget", "pytest", "unittest", "nose", "jest", "vitest", "mocha", "jasmine", "karma",
      "rspec", "minitest", "junit", "testng", "playwright", "cypress", "selenium", "eslint", "prettier", "biome", "ruff",
      "flake8", "pylint", "black", "isort", "mypy", "pyright", "rubocop", "credo", "dialyzer", "clippy", "rustfmt",
      "gofmt", "golangci-lint", "checkstyle", "spotless", "ktlint", "detekt", "stylelint", "shellcheck", "tslint",
      "mkdocs", "sphinx", "docusaurus", "jekyll", "hugo", "mysql", "postgres", "postgresql", "sqlite", "mariadb",
      "mongodb", "mongo", "redis", "node", "deno", "python", "python3", "docker", "podman", "kubectl", "helm",
      "terraform", "tox", "nox", "webpack", "vite", "rollup", "esbuild", "turbo", "nx", "lerna", "flyway", "liquibase",
      "alembic", "prisma", "hatch", "pdm", "rye", "swift", "xcodebuild", "phpunit", "pest");
  private static final Pattern WORD = Pattern.compile("[a-z][a-z0-9+.-]*[a-z0-9]|[a-z]");
  private static final Pattern COMMAND = Pattern.compile("`[^`\\s]+\\s[^`]+`|(?:^|[\\s`])\\./[\\w.-]+|\\b(?:maven|gradle) wrapper\\b"
      + "|\\bmake\\s+(?:check|test|lint|build|all|install|fmt|format)\\b|\\bmix\\s+[a-z][\\w.]*|\\bgo\\s+(?:test|build|run|vet|mod)\\b",
      Pattern.CASE_INSENSITIVE);

  private ToolNames() {}

  /**
   * True when {@code text} names a tool or holds a command ({@code ./mvnw test}, a backticked command of more
   * than one word: a single backticked word is as likely a type or a keyword, {@code any}, {@code unknown}).
   */
  static boolean named(String text) {
    if (COMMAND.matcher(text).find()) {
      return true;
    }
    Matcher m = WORD.matcher(text.toLowerCase(Locale.ROOT));
    while (m.find()) {
      String w = m.group().replaceAll("[.-]+$", "");
      if (NAMES.contains(w)) {
        return true;
      }
    }
    return false;
  }
}
