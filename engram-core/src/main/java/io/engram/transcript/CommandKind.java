package io.engram.transcript;

import java.util.List;
import java.util.Set;

/**
 * What a shell command does in a coding session, by its program and subcommand: the steps work goes
 * through (build, test, lint, format, commit, push), commands that only look, and the rest. Recognised by
 * the common tools of each ecosystem, never by running anything.
 */
public enum CommandKind {
  /** Compiles or builds ({@code mix compile}, {@code mvn package}, {@code cargo build}, {@code npm run build}). */
  BUILD,
  /** Runs tests ({@code mix test}, {@code pytest}, {@code npm test}, {@code mvn verify}). */
  TEST,
  /** Static checks ({@code mix credo}, {@code eslint}, {@code ruff check}, {@code cargo clippy}, {@code mypy}). */
  LINT,
  /** Rewrites code layout ({@code mix format}, {@code prettier --write}, {@code black}, {@code cargo fmt}). */
  FORMAT,
  /** Records a commit ({@code git commit}). */
  COMMIT,
  /** Publishes commits ({@code git push}). */
  PUSH,
  /** Only reads or lists ({@code ls}, {@code grep}, {@code git status}, {@code cat}). */
  LOOK,
  /** Anything else. */
  OTHER;

  private static final Set<String> TEST_RUNNERS = Set.of("pytest", "jest", "vitest", "rspec", "phpunit", "ctest",
      "tox", "nox", "mocha", "ava", "karma", "playwright", "cypress", "bats");
  private static final Set<String> WITH_SUBCOMMANDS = Set.of("mix", "npm", "yarn", "pnpm", "bun", "deno", "cargo", "go",
      "mvn", "mvnw", "gradle", "gradlew", "dotnet", "make", "rake", "swift", "zig", "flutter", "dart", "sbt", "lein",
      "stack", "cabal", "just", "uv", "poetry", "hatch", "pdm", "bundle", "python", "python3", "npx", "bunx", "mise",
      "task", "nx", "turbo");
  private static final Set<String> LINTERS = Set.of("credo", "dialyzer", "eslint", "ruff", "flake8", "pylint", "mypy",
      "pyright", "clippy", "golangci-lint", "staticcheck", "rubocop", "shellcheck", "checkstyle", "spotbugs", "pmd",
      "stylelint", "biome", "tslint", "hadolint", "sobelow", "lint", "vet", "typecheck", "check");
  private static final Set<String> FORMATTERS = Set.of("format", "fmt", "prettier", "black", "gofmt", "rustfmt",
      "isort", "spotless:apply", "clang-format");
  private static final Set<String> BUILDERS = Set.of("compile", "build", "package", "assemble", "tsc", "javac", "gcc",
      "g++", "clang", "rustc", "webpack", "vite", "esbuild", "rollup");
  private static final Set<String> LOOKERS = Set.of("ls", "cat", "head", "tail", "less", "more", "grep", "rg", "ag",
      "find", "fd", "wc", "tree", "pwd", "echo", "which", "type", "file", "stat", "du", "df", "ps", "jq", "sort",
      "uniq", "awk", "diff", "bat", "printf", "true", "sleep", "date", "whoami", "env");
  private static final Set<String> GIT_LOOKS = Set.of("status", "log", "diff", "show", "branch", "blame", "remote",
      "rev-parse", "ls-files", "describe", "reflog", "shortlog", "config");

  /** The kind of {@code command}. */
  public static CommandKind of(ShellCommand command) {
    String name = command.name();
    String sub = command.subcommand();
    List<String> words = command.args();
    if (name.equals("git")) {
      return switch (sub) {
        case "commit" -> COMMIT;
        case "push" -> PUSH;
        default -> GIT_LOOKS.contains(sub) ? LOOK : OTHER;
      };
    }
    if (name.equals("sed") && words.stream().noneMatch(w -> w.startsWith("-i"))) {
      return LOOK;
    }
    if (LOOKERS.contains(name)) {
      return LOOK;
    }
    if (TEST_RUNNERS.contains(name)) {
      return TEST;
    }
    if (FORMATTERS.contains(name)) {
      return FORMAT;
    }
    if (LINTERS.contains(name)) {
      return LINT;
    }
    if (BUILDERS.contains(name)) {
      return BUILD;
    }
    if (WITH_SUBCOMMANDS.contains(name)) {
      return bySubcommand(name, words);
    }
    return OTHER;
  }

  // The word that says what a multi-purpose tool is asked to do: "mix credo", "npm run lint", "uv run pytest".
  private static CommandKind bySubcommand(String name, List<String> words) {
    List<String> plain = words.stream().filter(w -> !w.startsWith("-")).limit(3).toList();
    for (String w : plain) {
      String word = w.toLowerCase(java.util.Locale.ROOT);
      if (word.equals("run") || word.equals("exec") || word.equals("-m") || word.equals("x")) {
        continue;
      }
      if (word.startsWith("test") || word.equals("verify") || word.equals("check") && name.equals("gradle")
          || TEST_RUNNERS.contains(word) || word.equals("unittest")) {
        return TEST;
      }
      if (word.startsWith("format") || word.equals("fmt") || FORMATTERS.contains(word)) {
        return words.contains("--check-formatted") || words.contains("--check") ? LINT : FORMAT;
      }
      if (LINTERS.contains(word) || word.startsWith("lint")) {
        return LINT;
      }
      if (BUILDERS.contains(word) || word.startsWith("build") || word.startsWith("compile")) {
        return BUILD;
      }
      return OTHER;
    }
    return name.equals("make") ? BUILD : OTHER;
  }
}
