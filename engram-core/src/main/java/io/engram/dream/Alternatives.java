package io.engram.dream;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Families of exclusive choices: a project uses one package manager, one build tool, one test runner
 * of a kind. Two statements naming different members of one family in the same context disagree.
 */
final class Alternatives {
  private static final List<List<String>> FAMILIES =
      List.of(
          List.of("npm", "pnpm", "yarn", "bun"),
          List.of("maven", "gradle", "sbt", "bazel", "ant"),
          List.of("jest", "vitest", "mocha", "jasmine", "ava"),
          List.of("junit4", "junit5", "testng", "spock"),
          List.of("pip", "poetry", "pipenv", "uv", "conda", "pdm"),
          List.of("webpack", "vite", "rollup", "esbuild", "parcel", "turbopack"),
          List.of("eslint", "biome", "oxlint"),
          List.of("docker", "podman"),
          List.of("tabs", "spaces"),
          List.of("postgres", "postgresql", "mysql", "mariadb", "sqlite", "mongodb", "oracle", "sqlserver"),
          List.of("jenkins", "circleci", "travis", "gitlab-ci", "github-actions", "buildkite"),
          List.of("react", "vue", "angular", "svelte"),
          List.of("kotlin", "java", "scala", "groovy"),
          List.of("javascript", "typescript"));

  /** Same product under another name. */
  private static final Map<String, String> SYNONYMS =
      Map.of("postgresql", "postgres", "mvn", "maven", "gradlew", "gradle", "js", "javascript", "ts", "typescript");

  private static final Map<String, Integer> FAMILY_OF = new HashMap<>();

  static {
    for (int i = 0; i < FAMILIES.size(); i++) {
      for (String member : FAMILIES.get(i)) {
        FAMILY_OF.put(member, i);
      }
    }
    for (String alias : SYNONYMS.keySet()) {
      FAMILY_OF.put(alias, FAMILY_OF.get(SYNONYMS.get(alias)));
    }
  }

  private Alternatives() {}

  /** The family index of a lower-case word, or -1. */
  static int family(String word) {
    return FAMILY_OF.getOrDefault(word, -1);
  }

  /** The canonical member name of a word ("postgresql" is "postgres"). */
  static String canonical(String word) {
    return SYNONYMS.getOrDefault(word, word);
  }
}
