package io.engram.instructions;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a repository shows about itself, as gathered by {@link RepoSurveyor}: the raw material of a
 * starting project instruction file.
 *
 * @param name the project's name (the directory name)
 * @param buildTools the build tools found, most specific first
 * @param languages language name to file count, largest first
 * @param layout top-level entries (directories end with {@code /}) with a short note where one is known
 * @param readmeSummary the README's first paragraph of prose, when there is a README
 * @param contributingHints commands and rules quoted from CONTRIBUTING, when there is one
 * @param runHints how to run the project: start commands, profiles, compose services, pre-commit checks
 */
record RepoSurvey(
    String name,
    List<BuildTool> buildTools,
    Map<String, Integer> languages,
    Map<String, String> layout,
    Optional<String> readmeSummary,
    List<String> contributingHints,
    List<RunHint> runHints) {

  public RepoSurvey {
    buildTools = List.copyOf(buildTools);
    languages = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(languages));
    layout = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(layout));
    contributingHints = List.copyOf(contributingHints);
    runHints = List.copyOf(runHints);
  }
}
