package io.engram.compaction;

import io.engram.config.CompactionSettings;
import io.engram.transcript.CallOutcomes;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.WorkItem;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Sections 7, 8 and 9 of the extractive summary, from the {@link WorkState}: the open work with its
 * state, what was being done at the cut and what of it is done and not done, and the next unfinished
 * action.
 */
final class WorkSections {
  private WorkSections() {}

  /**
   * Pending Tasks: the task being worked on first, then the other open work, each with its state, then what the
   * person queued at the cut (quoted).
   */
  static String pending(WorkState s, List<String> queued) {
    List<String> lines = new ArrayList<>();
    s.current().ifPresent(w -> lines.add("- [" + (s.uncommitted() ? "closed in the tracker, changes not committed"
        : "in progress") + "] " + NextStep.ref(w) + where(w)));
    for (WorkItem w : s.open()) {
      if (s.current().filter(w::equals).isPresent()) {
        continue;
      }
      String state = w.source() == WorkItem.Source.REQUEST ? "open request of the user" : w.state().label();
      lines.add("- [" + state + "] " + NextStep.ref(w) + where(w));
    }
    // What the person queued at the cut comes after the open work: the agent gets it once the cut is past.
    queued.forEach(q -> lines.add("- [queued at the cut, not yet delivered to the agent] " + q.replace("\n", "\n  ")));
    return lines.isEmpty() ? "None: no tracked work is open and the last request was answered."
        : String.join("\n", lines);
  }

  /** Current Work: the task at the cut, what of it is done and what is not, and the last action. */
  static String current(WorkState s, Conversation c, CompactionSettings.Offline limits) {
    List<String> lines = new ArrayList<>();
    if (s.current().isPresent()) {
      WorkItem w = s.current().get();
      lines.add((w.source() == WorkItem.Source.REQUEST ? "Working on the user's request " : "Working on ")
          + NextStep.ref(w) + (s.uncommitted() ? ", closed in the tracker while its changes are not committed." : "."));
      List<String> done = new ArrayList<>();
      if (!s.changedForCurrent().isEmpty()) {
        done.add("changed " + changes(s.changedForCurrent(), c));
      }
      if (w.source() == WorkItem.Source.REQUEST) {
        done.addAll(looked(c.messages(), w.firstIndex(), limits));
      }
      if (!done.isEmpty()) {
        lines.add("Done for it so far: " + String.join("; ", done) + ".");
      }
      if (!s.remaining().isEmpty()) {
        lines.add("Not done yet: " + String.join(", ", s.remaining().stream()
            .map(st -> st.instruction(w.id(), s.tracker())).toList()) + ".");
      }
    } else {
      lines.add(c.lastRequest().isBlank() ? "Nothing was in progress at the cut."
          : "Nothing was in progress at the cut: the last request was answered.");
    }
    s.live().plan().filter(p -> s.live().planCarriedOut())
        .ifPresent(p -> lines.add("What the agent said it was doing at the cut: \"" + p + "\""));
    s.blocking().ifPresent(p -> lines.add("Blocked: `" + Calls.label(p.call()) + "` still fails with \""
        + Excerpts.shorten(p.headline(), limits.errorLineChars()) + "\""
        + (p.occurrences() > 1 ? " (" + p.occurrences() + " attempts)" : "")
        + "."));
    lastAction(c.messages(), c.calls(), limits.callChars()).ifPresent(lines::add);
    return String.join("\n", lines);
  }

  /** The next step: the next unfinished action. */
  static String next(WorkState s) {
    return s.next();
  }

  private static String where(WorkItem w) {
    return switch (w.source()) {
      case TODO -> " (todo list)";
      case PLAN -> " (plan file)";
      case TASK_TOOL -> " (task list)";
      default -> "";
    };
  }

  private static String changes(Map<String, Integer> changed, Conversation c) {
    String root = FileSection.root(c);
    List<String> parts = new ArrayList<>();
    changed.forEach((path, n) -> parts.add(FileSection.display(path, root) + (n > 1 ? " (" + n + " changes)" : "")));
    return String.join(", ", parts);
  }

  // What was looked at since a request: searches, pages, files read, commands run (said as done).
  private static List<String> looked(List<TranscriptMessage> messages, int from,
      CompactionSettings.Offline limits) {
    java.util.Set<String> searched = new java.util.LinkedHashSet<>();
    java.util.Set<String> fetched = new java.util.LinkedHashSet<>();
    java.util.Set<String> read = new java.util.LinkedHashSet<>();
    java.util.Set<String> ran = new java.util.LinkedHashSet<>();
    for (TranscriptMessage m : messages.subList(Math.min(from, messages.size()), messages.size())) {
      for (ContentBlock.ToolUse use : m.toolUses()) {
        switch (use.name()) {
          case "WebSearch" ->
              searched.add("\"" + Excerpts.shorten(use.inputText("query"), limits.searchChars()) + "\"");
          case "WebFetch" -> fetched.add(Excerpts.shorten(use.inputText("url"), limits.urlChars()));
          case "Read" -> read.add(FileTypes.baseName(use.inputText("file_path")));
          case "Grep", "Glob" ->
              read.add(use.name() + " " + Excerpts.shorten(use.inputText("pattern"), limits.patternChars()));
          case "Bash" -> ran.add("`" + Calls.label(use) + "`");
          default -> { }
        }
      }
    }
    List<String> out = new ArrayList<>();
    if (!searched.isEmpty()) {
      out.add("searched the web for " + String.join(", ", searched));
    }
    if (!fetched.isEmpty()) {
      out.add("fetched " + String.join(", ", fetched));
    }
    if (!read.isEmpty()) {
      out.add("looked at " + String.join(", ", read));
    }
    if (!ran.isEmpty()) {
      out.add("ran " + String.join(", ", ran));
    }
    return out;
  }

  // The last tool call and whether it worked: what the agent did just before the cut, said as done.
  private static java.util.Optional<String> lastAction(List<TranscriptMessage> messages, CallOutcomes calls,
      int callChars) {
    for (int i = messages.size() - 1; i >= 0; i--) {
      List<ContentBlock.ToolUse> uses = messages.get(i).toolUses();
      if (!uses.isEmpty()) {
        ContentBlock.ToolUse use = uses.get(uses.size() - 1);
        String outcome = calls.result(use).isEmpty() ? "no result before the cut" : calls.failed(use) ? "it failed" : "done";
        return java.util.Optional.of("The last action before the cut: " + Calls.describe(use, callChars) + " ("
            + outcome + ").");
      }
    }
    return java.util.Optional.empty();
  }
}
