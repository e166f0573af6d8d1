package io.engram.transcript;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Task trackers driven from the shell, recognised by their verbs rather than by name: a command whose
 * words hold a tracker verb (create, add, update, start, close, done, reopen, show, list, ready...) next to
 * a work-item noun (issue, task, ticket, todo...: {@code gh issue close 12}, {@code jira issue create},
 * {@code linear issue update}) or first after a tracker whose verbs come first (beads {@code bd}, taskwarrior
 * {@code task}, {@code todo.sh}), with the ids, title and status it names; and the facts the tracker prints back (ids it created, "id:
 * title" listing lines, states in brackets).
 */
final class TrackerCommands {
  /** What a tracker command does to the items it names. */
  enum Verb { CREATE, UPDATE, START, CLOSE, REOPEN, QUERY }

  /**
   * One recognised tracker command.
   *
   * @param verb what it does
   * @param ids the item ids it names
   * @param title the title it gives (create), or ""
   * @param status the status it sets ({@code --status X}), if any
   */
  record Op(Verb verb, List<String> ids, String title, Optional<WorkItem.State> status) {}

  /**
   * A fact printed by a tracker.
   *
   * @param id the item
   * @param title its title, or ""
   * @param state its state when the line says one
   * @param created whether the line reports its creation
   */
  record Fact(String id, String title, Optional<WorkItem.State> state, boolean created) {}

  /** Trackers whose verb comes first ({@code bd close X}, {@code task add ...}, {@code todo.sh do 3}). */
  private static final Set<String> DIRECT = Set.of("bd", "beads", "task", "todo.sh", "todo", "t", "taskell", "tk",
      "ticket");
  private static final Set<String> NOUNS = Set.of("issue", "issues", "task", "tasks", "ticket", "tickets", "todo",
      "todos", "item", "items", "bug", "bugs", "story", "stories", "card", "cards", "epic", "epics", "subtask");
  private static final Map<String, Verb> VERBS = Map.ofEntries(
      Map.entry("create", Verb.CREATE), Map.entry("new", Verb.CREATE), Map.entry("add", Verb.CREATE),
      Map.entry("open", Verb.CREATE), Map.entry("update", Verb.UPDATE), Map.entry("edit", Verb.UPDATE),
      Map.entry("modify", Verb.UPDATE), Map.entry("assign", Verb.UPDATE), Map.entry("move", Verb.UPDATE),
      Map.entry("transition", Verb.UPDATE), Map.entry("start", Verb.START), Map.entry("claim", Verb.START),
      Map.entry("close", Verb.CLOSE), Map.entry("done", Verb.CLOSE), Map.entry("do", Verb.CLOSE),
      Map.entry("complete", Verb.CLOSE), Map.entry("resolve", Verb.CLOSE), Map.entry("finish", Verb.CLOSE),
      Map.entry("reopen", Verb.REOPEN), Map.entry("show", Verb.QUERY), Map.entry("view", Verb.QUERY),
      Map.entry("list", Verb.QUERY), Map.entry("ls", Verb.QUERY), Map.entry("ready", Verb.QUERY),
      Map.entry("status", Verb.QUERY), Map.entry("info", Verb.QUERY), Map.entry("get", Verb.QUERY),
      Map.entry("next", Verb.QUERY), Map.entry("search", Verb.QUERY), Map.entry("blocked", Verb.QUERY));
  /** An item id: {@code spotter-4te.1}, {@code ENG-42}, {@code #12}, or a plain number after a verb. */
  static final Pattern ID = Pattern.compile("(?<![\\w/.-])(?:[A-Za-z][A-Za-z0-9]*+-[A-Za-z0-9]++(?:\\.\\d++)*+|#\\d++)(?![\\w/-])");
  private static final Pattern NUMBER = Pattern.compile("#?\\d{1,6}");
  private static final Pattern LISTED = Pattern.compile(
      "(?<id>" + ID.pattern() + ")(?:\\s*\\[[^\\]\\n]*+\\])*+\\s*(?:[:·—]|\\s-)\\s+(?<title>[^\\n\\[]{3,160})");
  private static final Pattern CREATED = Pattern.compile(
      "(?i)\\bcreated\\s*(?:(?:issue|task|ticket|item|bead|todo)s?\\s*:?\\s*#?(\\d{1,6}\\b|" + ID.pattern() + ")"
          + "|:?\\s*(" + ID.pattern() + "))|/issues/(\\d+)\\b");
  private static final Pattern STATE_WORD = Pattern.compile(
      "(?i)\\b(in[_ -]progress|open|closed|done|blocked|resolved|completed|todo|pending)\\b");

  private TrackerCommands() {}

  /** The tracker operation of {@code command}, if it is one. */
  static Optional<Op> parse(ShellCommand command) {
    String name = command.name();
    List<String> words = command.args();
    boolean direct = DIRECT.contains(name) || NOUNS.contains(name);
    // The verb is the first word that is not an option or an id ("task 3 done"), or the word after a noun
    // ("gh issue close 12"); "bd dep add" is not a tracker verb.
    int verbAt = -1;
    for (int i = 0; i < words.size() && i < 6; i++) {
      String w = words.get(i).toLowerCase(Locale.ROOT);
      if (w.startsWith("-") || ID.matcher(w).matches() || NUMBER.matcher(w).matches()) {
        continue;
      }
      if (NOUNS.contains(w)) {
        continue;
      }
      boolean afterNoun = i > 0 && NOUNS.contains(words.get(i - 1).toLowerCase(Locale.ROOT));
      if (VERBS.containsKey(w) && (direct || afterNoun)) {
        verbAt = i;
      }
      break;
    }
    if (verbAt < 0) {
      return Optional.empty();
    }
    Verb verb = VERBS.get(words.get(verbAt).toLowerCase(Locale.ROOT));
    List<String> ids = new ArrayList<>();
    String title = "";
    Optional<WorkItem.State> status = Optional.empty();
    List<String> free = new ArrayList<>();
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      if (i == verbAt || i < verbAt && NOUNS.contains(w.toLowerCase(Locale.ROOT))) {
        continue;
      }
      String option = w.startsWith("--") && w.contains("=") ? w.substring(0, w.indexOf('=')) : w;
      String value = w.contains("=") && w.startsWith("-") ? w.substring(w.indexOf('=') + 1)
          : i + 1 < words.size() ? words.get(i + 1) : "";
      switch (option) {
        case "--title", "-t", "--summary", "--subject" -> {
          title = value;
          i += w.contains("=") ? 0 : 1;
          continue;
        }
        case "--status", "-s", "--state" -> {
          status = state(value);
          i += w.contains("=") ? 0 : 1;
          continue;
        }
        default -> { }
      }
      if (w.startsWith("-")) {
        continue;
      }
      if (ID.matcher(w).matches() || NUMBER.matcher(w).matches() && verb != Verb.CREATE) {
        ids.add(w.startsWith("#") ? w.substring(1) : w);
      } else if (i > verbAt) {
        free.add(w);
      }
    }
    if (verb == Verb.CREATE) {
      ids.clear();
      if (title.isEmpty() && !free.isEmpty()) {
        title = String.join(" ", free);
      }
    }
    if (verb == Verb.START) {
      status = Optional.of(WorkItem.State.IN_PROGRESS);
    }
    return Optional.of(new Op(verb, List.copyOf(ids), title, status));
  }

  /**
   * The facts a tracker printed in {@code output}; with {@code titles} false (the output of a close or an
   * update, which echoes a reason, not the title) only ids and states are taken.
   */
  static List<Fact> facts(String output, boolean titles) {
    List<Fact> facts = new ArrayList<>();
    Matcher created = CREATED.matcher(output);
    while (created.find()) {
      String id = created.group(1) != null ? created.group(1)
          : created.group(2) != null ? created.group(2) : created.group(3);
      facts.add(new Fact(id.startsWith("#") ? id.substring(1) : id, "", Optional.of(WorkItem.State.OPEN), true));
    }
    for (String line : output.split("\\R")) {
      Matcher m = LISTED.matcher(line);
      if (m.find()) {
        String id = m.group("id").startsWith("#") ? m.group("id").substring(1) : m.group("id");
        String title = cleanTitle(m.group("title"));
        Optional<WorkItem.State> said = state(title);
        facts.add(new Fact(id, said.isPresent() || !titles ? "" : title,
            said.isPresent() ? said : lineState(line.substring(m.end("id"))), false));
      }
    }
    return facts;
  }

  /** A state named by a word ({@code in_progress}, {@code closed}, {@code done}...). */
  static Optional<WorkItem.State> state(String word) {
    String w = word.toLowerCase(Locale.ROOT).replace('-', '_').replace(' ', '_');
    return switch (w) {
      case "in_progress", "started", "doing", "active", "wip" -> Optional.of(WorkItem.State.IN_PROGRESS);
      case "open", "todo", "pending", "ready", "new", "backlog" -> Optional.of(WorkItem.State.OPEN);
      case "closed", "done", "completed", "resolved", "finished" -> Optional.of(WorkItem.State.DONE);
      case "blocked" -> Optional.of(WorkItem.State.BLOCKED);
      default -> Optional.empty();
    };
  }

  // "[● P1 · OPEN]", "(in_progress)": the last state word after the id on a listing line.
  private static Optional<WorkItem.State> lineState(String rest) {
    Matcher m = STATE_WORD.matcher(rest);
    Optional<WorkItem.State> found = Optional.empty();
    while (m.find()) {
      String word = m.group(1);
      // Only words written as a status (upper case, or in brackets) count; a title's "open" does not.
      int at = m.start();
      boolean bracketed = rest.lastIndexOf('[', at) > rest.lastIndexOf(']', at)
          || rest.lastIndexOf('(', at) > rest.lastIndexOf(')', at);
      if (word.equals(word.toUpperCase(Locale.ROOT)) || bracketed) {
        found = state(word).or(() -> Optional.empty());
      }
    }
    return found;
  }

  private static String cleanTitle(String raw) {
    String t = raw.replaceAll("\\s+[●○◐✓✗·•]+.*$", "").replaceAll("\\s*\\((?:blocked|parent|depends)[^)]*\\)?.*$", "");
    return t.strip();
  }
}
