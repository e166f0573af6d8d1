package io.engram.extract;

import io.engram.config.ExtractionSettings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The checks a commit must pass, from what the session did around its commits: a commit a hook refused
 * (the checks named in the refusal, the fix it asked for) followed by one that passed, and the checks the
 * session ran and passed before most of its commits (at least two, and at least half of them).
 */
final class CommitChecks {
  private static final Pattern COMMIT = Pattern.compile("^git\\s+(?:-C\\s+\\S+\\s+)?commit\\b");
  private static final Pattern HOOK = Pattern.compile(
      "(?i)pre-commit|commit-msg|\\bhooks?\\b|validation failed|husky|lint-staged|lefthook|overcommit");
  private static final Pattern TAG = Pattern.compile("\\[([A-Z][A-Z0-9_ -]{1,20})\\]");
  private static final Pattern FIX = Pattern.compile("(?i)run\\s+[`'\"]([^`'\"\\n]{2,60})[`'\"]\\s+to\\s+fix");
  private static final Pattern NAMED_TOOL = Pattern.compile("(?i)\\b(eslint|prettier|biome|ruff|black|flake8|isort|mypy"
      + "|pyright|pylint|rubocop|golangci-lint|gofmt|clippy|rustfmt|checkstyle|spotless|ktlint|detekt|stylelint|credo"
      + "|dialyzer|sobelow|tsc|shellcheck|commitlint|gitleaks)\\b");

  private CommitChecks() {}

  /** The commit checks the session established, if any. */
  static Optional<WorkFact> find(List<WorkEvent> events, ExtractionSettings.Offline limits) {
    Set<String> refusedBy = new LinkedHashSet<>();
    Set<String> fixes = new LinkedHashSet<>();
    List<Integer> turns = new ArrayList<>();
    Map<String, Integer> windows = new LinkedHashMap<>();
    Set<String> window = new LinkedHashSet<>();
    int refusals = 0;
    int commits = 0;
    boolean noVerifyRefused = false;
    boolean refusedSinceCommit = false;
    int establishedAt = -1;
    for (WorkEvent e : events) {
      Optional<String> check = CheckCommands.check(e.simple());
      if (check.isPresent() && e.passed()) {
        window.add(check.get());
        continue;
      }
      if (!COMMIT.matcher(e.simple()).find()) {
        continue;
      }
      turns.add(e.turn());
      if (!e.succeeded() && HOOK.matcher(e.output()).find()) {
        refusals++;
        refusedSinceCommit = true;
        refusedBy.addAll(named(e.output()));
        Matcher fix = FIX.matcher(e.output());
        while (fix.find()) {
          fixes.add(fix.group(1).strip());
        }
        noVerifyRefused |= e.line().contains("--no-verify");
      } else if (e.succeeded()) {
        commits++;
        for (String c : window) {
          windows.merge(c, 1, Integer::sum);
        }
        boolean habit = windows.values().stream().anyMatch(n -> n >= 2);
        if (establishedAt < 0 && (refusedSinceCommit || habit)) {
          establishedAt = e.turn();
        }
        window = new LinkedHashSet<>();
        refusedSinceCommit = false;
      }
    }
    int ran = commits;
    List<String> habitual = windows.entrySet().stream()
        .filter(w -> w.getValue() >= 2 && w.getValue() * 2 >= ran).map(Map.Entry::getKey).toList();
    if (establishedAt < 0 || refusedBy.isEmpty() && habitual.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(fact(refusedBy, fixes, noVerifyRefused, habitual, windows, refusals, commits, turns,
        establishedAt, limits.namedChars()));
  }

  private static WorkFact fact(Set<String> refusedBy, Set<String> fixes, boolean noVerify, List<String> habitual,
      Map<String, Integer> windows, int refusals, int commits, List<Integer> turns, int establishedAt,
      int namedChars) {
    StringBuilder fact = new StringBuilder();
    List<String> evidence = new ArrayList<>();
    if (!refusedBy.isEmpty()) {
      fact.append("A pre-commit hook refuses commits that fail its checks: ").append(String.join(", ", refusedBy));
      if (!fixes.isEmpty()) {
        fact.append(" (it asks to fix with ").append(String.join(", ", fixes.stream().map(f -> "`" + f + "`").toList()))
            .append(')');
      }
      fact.append('.');
      if (noVerify) {
        fact.append(" `git commit --no-verify` is refused too.");
      }
      evidence.add("the hook refused " + refusals + " commit attempt" + (refusals == 1 ? "" : "s")
          + " and let the commits through after the fixes");
    }
    if (!habitual.isEmpty()) {
      fact.append(fact.length() == 0 ? "" : " ").append("Before committing, run: ")
          .append(String.join(", ", habitual.stream().map(c -> "`" + c + "`").toList())).append('.');
      evidence.add(String.join(", ", habitual.stream().map(c -> "`" + c + "` passed before " + windows.get(c) + " of "
          + commits + " commits").toList()));
    }
    List<String> named = new ArrayList<>(refusedBy);
    habitual.stream().filter(h -> named.stream().noneMatch(n -> h.toLowerCase(Locale.ROOT).contains(n)))
        .forEach(named::add);
    return new WorkFact("commit-checks",
        "Checks every commit must pass here: " + Terms.clip(String.join(", ", named), namedChars),
        fact.toString(), String.join("; ", evidence), turns, establishedAt);
  }

  /** The checks a refusal names: its bracketed sections ({@code [FORMAT]}), else the tools it mentions. */
  private static List<String> named(String output) {
    Set<String> out = new LinkedHashSet<>();
    Matcher tag = TAG.matcher(output);
    while (tag.find()) {
      out.add(tag.group(1).strip().toLowerCase(Locale.ROOT));
    }
    if (out.isEmpty()) {
      Matcher tool = NAMED_TOOL.matcher(output);
      while (tool.find()) {
        out.add(tool.group(1).toLowerCase(Locale.ROOT));
      }
    }
    return List.copyOf(out);
  }
}
