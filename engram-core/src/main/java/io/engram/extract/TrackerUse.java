package io.engram.extract;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which task tracker the project uses, from the tracker commands the session ran with success: a tracker
 * is established when the session changed its items (create, update, close, ...) at least twice, or ran it
 * at least three times with one change among them. Reading an issue once proves nothing.
 */
final class TrackerUse {
  /** A tracker's command line: the pattern that finds its verb (group 1) and the tracker's name. */
  private record Tracker(String name, String label, Pattern command, Set<String> changes) {}

  private static final List<Tracker> TRACKERS = List.of(
      new Tracker("beads", "beads (the `bd` command line)",
          Pattern.compile("^bd\\s+(create|update|close|reopen|ready|show|list|dep|sync|comment|comments|blocked)\\b"),
          Set.of("create", "update", "close", "reopen", "dep", "comment")),
      new Tracker("github-issues", "GitHub issues (the `gh` command line)",
          Pattern.compile("^gh\\s+issue\\s+(create|close|edit|reopen|comment|list|view|develop)\\b"),
          Set.of("create", "close", "edit", "reopen", "comment", "develop")),
      new Tracker("gitlab-issues", "GitLab issues (the `glab` command line)",
          Pattern.compile("^glab\\s+issue\\s+(create|close|update|reopen|note|list|view)\\b"),
          Set.of("create", "close", "update", "reopen", "note")),
      new Tracker("jira", "Jira (the `jira` command line)",
          Pattern.compile("^(?:jira\\s+issue|acli\\s+jira\\s+workitem)\\s+(create|move|edit|assign|comment|list|view|transition)\\b"),
          Set.of("create", "move", "edit", "assign", "comment", "transition")),
      new Tracker("linear", "Linear (the `linear` command line)",
          Pattern.compile("^linear\\s+(?:issue\\s+)?(create|update|start|done|close|list|view)\\b"),
          Set.of("create", "update", "start", "done", "close")));

  private TrackerUse() {}

  /** The tracker the session used, if the rule holds for one. */
  static Optional<WorkFact> find(List<WorkEvent> events) {
    WorkFact best = null;
    int bestRuns = 0;
    for (Tracker t : TRACKERS) {
      Set<Integer> turns = new LinkedHashSet<>();
      Set<String> forms = new LinkedHashSet<>();
      int runs = 0;
      int changes = 0;
      int establishedAt = -1;
      for (WorkEvent e : events) {
        Matcher m = t.command().matcher(e.simple().strip());
        if (!m.find() || !e.succeeded()) {
          continue;
        }
        runs++;
        changes += t.changes().contains(m.group(1)) ? 1 : 0;
        turns.add(e.turn());
        forms.add(form(e.simple(), m.end()));
        if (establishedAt < 0 && (changes >= 2 || runs >= 3 && changes >= 1)) {
          establishedAt = e.turn();
        }
      }
      if (establishedAt >= 0 && runs > bestRuns) {
        bestRuns = runs;
        best = fact(t, forms, runs, changes, turns, establishedAt);
      }
    }
    return Optional.ofNullable(best);
  }

  private static WorkFact fact(Tracker t, Set<String> forms, int runs, int changes, Set<Integer> turns,
      int establishedAt) {
    List<String> shown = forms.stream().limit(8).map(f -> "`" + f + "`").toList();
    return new WorkFact(
        "task-tracker-" + t.name(),
        "Where the project's tasks are tracked and the commands for them: " + t.label(),
        "Work is tracked in " + t.label() + ": " + String.join(", ", shown) + ".",
        "ran it " + runs + " times (" + changes + " changes to tasks), all succeeded",
        List.copyOf(turns), establishedAt);
  }

  /** The command with its arguments after the verb shown as {@code <id>}, flags and their words kept. */
  private static String form(String simple, int verbEnd) {
    String head = simple.strip().substring(0, verbEnd);
    List<String> rest = new ArrayList<>();
    for (String w : Commands.general(simple.strip().substring(verbEnd)).split("\\s+")) {
      if (w.isBlank()) {
        continue;
      }
      boolean flagValue = !rest.isEmpty() && rest.get(rest.size() - 1).startsWith("--") && !w.startsWith("-")
          && !rest.get(rest.size() - 1).contains("=");
      rest.add(w.startsWith("-") || flagValue ? w : "<id>");
    }
    String joined = (head + " " + String.join(" ", rest)).replaceAll("(?:\\s++<id>)++", " <id>").strip();
    return joined.replaceAll("\"…\"", "…");
  }
}
