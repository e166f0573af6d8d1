package io.engram.extract;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The vocabulary of check commands (test runners, linters, formatters, type checkers, strict compiles) and
 * of code generators, across ecosystems, and the short form a check is counted and shown by.
 */
final class CheckCommands {
  private static final String RUNNER = "^(?:(?:npx|bunx|pnpm\\s+exec|pnpm\\s+dlx|yarn\\s+dlx|uv\\s+run|poetry\\s+run|"
      + "pipenv\\s+run|bundle\\s+exec|python3?\\s+-m)\\s+)?(?:\\./)?";
  private static final Pattern TEST = Pattern.compile(RUNNER + "(?:mix\\s+test|(?:npm|pnpm|yarn|bun)\\s+(?:run\\s+)?test"
      + "|pytest|go\\s+test|cargo\\s+(?:test|nextest)|mvnw?\\s+(?:-\\S+\\s+)*(?:test|verify)|gradlew?\\s+(?:test|check)"
      + "|make\\s+(?:test|check)|rspec|(?:bin/)?rails\\s+test|jest|vitest|phpunit|dotnet\\s+test|tox|nox|ctest"
      + "|deno\\s+test|bazel\\s+test|sbt\\s+test|lein\\s+test|swift\\s+test|flutter\\s+test)\\b");
  private static final Pattern LINT = Pattern.compile(RUNNER + "(?:mix\\s+(?:credo|format|dialyzer|compile\\s+--warnings-as-errors|"
      + "sobelow|deps\\.audit|hex\\.audit)|(?:npm|pnpm|yarn|bun)\\s+(?:run\\s+)?(?:lint|format|typecheck|type-check|check)"
      + "|eslint|prettier|biome|ruff|black|flake8|isort|mypy|pyright|pylint|rubocop|standardrb|golangci-lint|gofmt|go\\s+vet"
      + "|cargo\\s+(?:clippy|fmt)|tsc|shellcheck|mvnw?\\s+(?:-\\S+\\s+)*(?:spotless:\\w+|checkstyle:check)"
      + "|gradlew?\\s+(?:spotless\\w*|ktlint\\w*|detekt\\w*)|pre-commit\\s+run|make\\s+(?:lint|fmt|format)|stylelint"
      + "|ktlint|detekt|swiftlint|dotnet\\s+format)\\b");
  private static final Pattern GENERATOR = Pattern.compile(RUNNER + "(?:mix\\s+(?:ash\\.codegen|ecto\\.gen\\.migration|"
      + "ash\\.generate_migrations|ash_postgres\\.generate_migrations|ash_sqlite\\.generate_migrations)"
      + "|prisma\\s+(?:generate|migrate\\s+dev)|drizzle-kit\\s+generate|sqlc\\s+generate|buf\\s+generate|protoc"
      + "|go\\s+generate|openapi-generator(?:-cli)?\\s+generate|graphql-codegen|(?:npm|pnpm|yarn|bun)\\s+(?:run\\s+)?"
      + "(?:codegen|generate|gen)|(?:bin/)?rails\\s+g(?:enerate)?\\s+migration|python3?\\s+manage\\.py\\s+makemigrations"
      + "|manage\\.py\\s+makemigrations|alembic\\s+revision|gradlew?\\s+generate\\w*|mvnw?\\s+generate-sources"
      + "|make\\s+(?:generate|gen|codegen)|dotnet\\s+ef\\s+migrations\\s+add|sea-orm-cli\\s+generate|diesel\\s+migration)\\b");
  private static final Pattern APPLY = Pattern.compile(RUNNER + "(?:mix\\s+(?:ecto|ash)\\.migrate|prisma\\s+migrate\\s+deploy"
      + "|(?:bin/)?rails\\s+db:migrate|python3?\\s+manage\\.py\\s+migrate|manage\\.py\\s+migrate|alembic\\s+upgrade"
      + "|dotnet\\s+ef\\s+database\\s+update|flyway\\s+migrate|diesel\\s+migration\\s+run|sqlx\\s+migrate\\s+run)\\b");

  private CheckCommands() {}

  /** The short form of {@code simple} when it is a check: general form without file arguments. */
  static Optional<String> check(String simple) {
    String lower = Commands.lower(simple.strip());
    if (!TEST.matcher(lower).find() && !LINT.matcher(lower).find()) {
      return Optional.empty();
    }
    return Optional.of(shortForm(simple));
  }

  /** True for a test runner. */
  static boolean test(String simple) {
    return TEST.matcher(Commands.lower(simple.strip())).find();
  }

  /** The short form of {@code simple} when it runs a code generator. */
  static Optional<String> generator(String simple) {
    return GENERATOR.matcher(Commands.lower(simple.strip())).find() ? Optional.of(named(simple)) : Optional.empty();
  }

  /** The short form of {@code simple} when it applies generated migrations. */
  static Optional<String> apply(String simple) {
    return APPLY.matcher(Commands.lower(simple.strip())).find() ? Optional.of(shortForm(simple)) : Optional.empty();
  }

  /** The general form without file or id arguments and without {@code -x=value} options (which test, which file). */
  private static String shortForm(String simple) {
    return Commands.general(simple).replaceAll("\\s*<(?:path|id)>", "").replaceAll("\\s+-\\S*=\\S*", "").strip();
  }

  /** A generator's form with its positional name argument shown as {@code <name>}. */
  private static String named(String simple) {
    String g = Commands.general(simple).replaceAll("\\s*<path>", "");
    String[] w = g.split("\\s+");
    StringBuilder out = new StringBuilder();
    boolean named = false;
    for (int i = 0; i < w.length; i++) {
      boolean positional = i >= 2 && !w[i].startsWith("-") && !w[i - 1].startsWith("-")
          && w[i - 1].matches("[\\w.:-]*[.:][\\w.:-]*|generate|revision|migration|add");
      out.append(out.length() == 0 ? "" : " ").append(positional && !named ? "<name>" : w[i]);
      named |= positional;
    }
    return out.toString();
  }
}
