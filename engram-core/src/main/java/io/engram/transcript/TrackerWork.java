package io.engram.transcript;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;

/**
 * The items of the task trackers a session drove from the shell, as its commands and their output left
 * them ({@link TrackerCommands}): commands that failed change nothing; a listing or a {@code show} teaches
 * titles and, where it prints one, the state.
 *
 * <p>Only the session's own work is kept: items it created, updated, started or closed, items the user
 * named, and their children (ids that extend one of those by {@code .n}, as beads numbers subtasks). The
 * other items a listing happens to print (other epics of the project) are left out.
 */
final class TrackerWork {
  private TrackerWork() {}

  /** The tracker items of the session's own work, in order of first appearance. */
  static List<WorkItem> of(List<TranscriptMessage> messages) {
    Map<String, ContentBlock.ToolResult> results = new HashMap<>();
    for (TranscriptMessage m : messages) {
      m.toolResults().forEach(r -> results.put(r.toolUseId(), r));
    }
    Map<String, WorkItem> items = new LinkedHashMap<>();
    Set<String> acted = new HashSet<>();
    for (int i = 0; i < messages.size(); i++) {
      for (ContentBlock.ToolUse use : messages.get(i).toolUses()) {
        if (!use.name().equals("Bash")) {
          continue;
        }
        ContentBlock.ToolResult result = results.get(use.id());
        if (result == null || result.isError()) {
          continue;
        }
        boolean tracker = false;
        boolean titles = false;
        for (ShellCommand command : ShellCommand.parse(use.inputText("command"))) {
          Optional<TrackerCommands.Op> op = TrackerCommands.parse(command);
          if (op.isPresent()) {
            tracker = true;
            titles |= op.get().verb() == TrackerCommands.Verb.QUERY || op.get().verb() == TrackerCommands.Verb.CREATE;
            apply(op.get(), i, items, acted);
          }
        }
        if (tracker) {
          learn(TrackerCommands.facts(result.text(), titles), i, items, acted, lastCreateTitle(use));
        }
      }
    }
    Set<String> scope = new HashSet<>(acted);
    scope.addAll(namedByUser(messages, items.keySet()));
    return items.values().stream().filter(w -> inScope(w.id(), scope)).toList();
  }

  private static void apply(TrackerCommands.Op op, int index, Map<String, WorkItem> items, Set<String> acted) {
    for (String id : op.ids()) {
      WorkItem item = items.computeIfAbsent(id, k -> fresh(k, "", index));
      switch (op.verb()) {
        case CLOSE -> {
          items.put(id, item.with(WorkItem.State.DONE, index));
          acted.add(id);
        }
        case REOPEN -> {
          items.put(id, item.with(WorkItem.State.OPEN, index));
          acted.add(id);
        }
        case START, UPDATE -> {
          items.put(id, op.status().map(s -> item.with(s, index)).orElse(item.with(item.state(), index)));
          acted.add(id);
        }
        default -> { }
      }
    }
  }

  private static void learn(List<TrackerCommands.Fact> facts, int index, Map<String, WorkItem> items,
      Set<String> acted, String createdTitle) {
    for (TrackerCommands.Fact fact : facts) {
      WorkItem item = items.computeIfAbsent(fact.id(), k -> fresh(k, "", index));
      if (fact.created()) {
        acted.add(fact.id());
        item = item.titled(createdTitle);
      }
      item = item.titled(fact.title());
      if (fact.state().isPresent() && fact.state().get() != item.state()) {
        item = item.with(fact.state().get(), index);
      }
      items.put(fact.id(), item);
    }
  }

  private static WorkItem fresh(String id, String title, int index) {
    return new WorkItem(id, title, "", WorkItem.Source.TRACKER, WorkItem.State.OPEN, index, index, Optional.empty());
  }

  private static String lastCreateTitle(ContentBlock.ToolUse use) {
    String title = "";
    for (ShellCommand command : ShellCommand.parse(use.inputText("command"))) {
      Optional<TrackerCommands.Op> op = TrackerCommands.parse(command);
      if (op.isPresent() && op.get().verb() == TrackerCommands.Verb.CREATE) {
        title = op.get().title();
      }
    }
    return title;
  }

  private static Set<String> namedByUser(List<TranscriptMessage> messages, Set<String> known) {
    Set<String> named = new HashSet<>();
    for (TranscriptMessage m : messages) {
      if (m.isHumanInput()) {
        Matcher ids = TrackerCommands.ID.matcher(m.text());
        while (ids.find()) {
          String id = ids.group().startsWith("#") ? ids.group().substring(1) : ids.group();
          if (known.contains(id)) {
            named.add(id);
          }
        }
      }
    }
    return named;
  }

  private static boolean inScope(String id, Set<String> scope) {
    if (scope.contains(id)) {
      return true;
    }
    List<String> parents = new ArrayList<>();
    for (int dot = id.lastIndexOf('.'); dot > 0; dot = id.lastIndexOf('.', dot - 1)) {
      parents.add(id.substring(0, dot));
    }
    return parents.stream().anyMatch(scope::contains);
  }
}
