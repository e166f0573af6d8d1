package io.engram.compaction;

import io.engram.redact.SecretRedactor;
import io.engram.transcript.OpenWork;
import io.engram.transcript.UserRequest;
import io.engram.transcript.WorkItem;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The next unfinished action at the cut, from the latest live intent ({@link LiveIntent}): never a quote of
 * something done, and naming what the agent is about to touch (the file, the command, the check). In order: a
 * check still failing (fix it where it points, then run it again); the task being worked on, with the plan the
 * agent stated and the steps it still needs, unless the person asked for something after the task list was last
 * written (that newer request goes first); the person's request still being answered, with that plan; open
 * tracked work to take up; the checks, the push and the pull request still to do; a message queued at the cut; else
 * nothing is pending. Each is followed by the files the work centres on and, when files changed after the session's
 * last passing check, that check.
 *
 * @param text the action as sentences, the first one saying what to do
 */
record NextStep(String text) {
  // The next step is worked out with the live intent, in the one reading of where the work stands (WorkState) that
  // the summary and the continuity score share, and its bounds were measured with the lab's next-step match: they
  // are definitions of that reading, not settings. It quotes within 240 characters, about three lines.
  private static final int QUOTE_CHARS = 240;
  // And names at most three files of its task.
  private static final int MAX_TASK_FILES = 3;
  // A first sentence shorter than 20 characters ("Next, the tests.") is no request's ask: the whole is quoted.
  private static final int MIN_FIRST_SENTENCE = 20;
  // Read from where its run of name characters starts: from every character of a pasted blob it would take hours.
  private static final Pattern FILE_NAME =
      Pattern.compile("(?<![\\w.-])[\\w.-]*[\\w-]\\.[A-Za-z][A-Za-z0-9]{0,9}(?=[:\\s,)]|$)");

  // A request that only says to go on ("continue", "go ahead", "続けて", "继续") asks for the tracked work itself.
  private static final Pattern GOES_ON = Pattern.compile("(?iu)\\W*(?:please\\s+)?(?:continue|go on|go ahead|proceed"
      + "|keep going|carry on|resume|next|do it|yes|ok|okay|sure|lgtm|sounds good"
      + "|continue (?:with )?(?:the |your )?(?:plan|tasks?|work|todos?|list)"
      + "|続けて|続行|進めて|继续|繼續)\\W*(?:please)?\\W*");

  /** The end of a sentence; a list marker ("1.", "a.") ends none. */
  private static final Pattern SENTENCE_END = Pattern.compile("(?<!\\b\\w)[.!?](?=\\s+\\S)");

  static NextStep of(OpenWork work, Optional<WorkItem> current, boolean uncommitted, List<Workflow.Step> remaining,
      Optional<Problem> blocking, String tracker, LiveIntent live) {
    // The next item to take up: not the current one, not a parent whose children are listed (an epic),
    // an open one before a blocked one.
    List<WorkItem> open = work.open();
    Optional<WorkItem> after = open.stream()
        .filter(w -> w.source() != WorkItem.Source.REQUEST && !w.equals(current.orElse(null)))
        .filter(w -> w.id().isEmpty() || open.stream().noneMatch(o -> o.id().startsWith(w.id() + ".")))
        .min(java.util.Comparator.comparingInt((WorkItem w) -> w.state() == WorkItem.State.BLOCKED ? 1 : 0));
    String then = after.map(w -> " Then " + ref(w) + ".").orElse("");
    List<String> tasksNamed = taskFiles(current, open);
    String plan = live.plan().map(p -> " " + (live.planCarriedOut() ? "The agent was doing: " : "The agent had said,"
        + " and not yet done: ") + "\"" + Excerpts.shorten(oneLine(p), QUOTE_CHARS) + "\"").orElse("");
    if (blocking.isPresent()) {
      Problem p = blocking.get();
      String command = Calls.label(p.call());
      String forWhat = current.filter(w -> w.source() != WorkItem.Source.REQUEST).map(w -> " for " + ref(w)).orElse("");
      List<String> rest = remaining.stream().filter(s -> s.command().isEmpty() || !command.equals(s.command()))
          .map(s -> s.instruction(current.map(WorkItem::id).orElse(""), tracker)).toList();
      return new NextStep("Fix what makes `" + command + "` fail" + forWhat + ": \""
          + Excerpts.shorten(p.headline(), QUOTE_CHARS) + "\"" + (p.occurrences() > 1 ? " (" + p.occurrences()
          + " attempts)" : "") + ", then run `" + command + "` again." + where(pointedAt(p), live, tasksNamed) + plan
          + (uncommitted ? " Its changes are not committed, although the tracker has it closed." : "")
          + (rest.isEmpty() ? "" : " Still to do after that: " + String.join(", ", rest) + ".") + then);
    }
    String check = live.check().map(c -> " Then check the changes with `" + c + "`.").orElse("")
        + live.push().map(p -> " The commits since the last push are not pushed yet: `" + p + "`.").orElse("")
        + pullRequest(live);
    Optional<UserRequest> newer = live.request().filter(r -> current.filter(w -> w.source() != WorkItem.Source.REQUEST)
        .isPresent() && r.index() > lastTracked(work) && r.answers().isEmpty() && !GOES_ON.matcher(r.text()).matches());
    if (newer.isPresent()) {
      // The person asked for something after the agent last wrote its task list (a message typed while it worked,
      // delivered mid-turn): the newer request is the live one, the tracked task waits behind it with its steps.
      List<String> steps = remaining.stream().map(s -> s.instruction(current.get().id(), tracker)).toList();
      return new NextStep("Continue with the user's request, newer than the task list: \""
          + firstSentence(newer.get().text()) + "\"." + plan + where(List.of(), live, tasksNamed) + check
          + " Then " + (steps.isEmpty() ? "continue " + ref(current.get()) : "finish " + ref(current.get()) + ": "
          + String.join(", ", steps)) + ".");
    }
    if (current.isPresent() && current.get().source() != WorkItem.Source.REQUEST) {
      WorkItem w = current.get();
      List<String> steps = remaining.stream().map(s -> s.instruction(w.id(), tracker)).toList();
      String text = steps.isEmpty() ? "Continue " + ref(w) + "." : "Finish " + ref(w) + ": " + String.join(", ", steps)
          + ".";
      return new NextStep(text + plan + where(List.of(), live, tasksNamed) + (steps.isEmpty() ? check : "") + then);
    }
    Optional<String> request = live.request().map(UserRequest::stated);
    if (current.isPresent() || !live.answered() && request.isPresent()) {
      String asked = current.map(WorkItem::title).orElse(request.orElse(""));
      return new NextStep("Continue with the user's request: \"" + firstSentence(asked) + "\"." + plan
          + where(List.of(), live, tasksNamed) + check + then);
    }
    if (request.isEmpty() && !live.answered() && live.plan().isPresent()) {
      // No request since an earlier compaction, and the agent's turn goes on: its stated plan is the work.
      return new NextStep("Go on with what the agent was doing: \"" + Excerpts.shorten(oneLine(live.plan().get()),
          QUOTE_CHARS) + "\"." + where(List.of(), live, tasksNamed) + check + then);
    }
    Optional<WorkItem> pendingRequest = open.stream().filter(w -> w.source() == WorkItem.Source.REQUEST).findFirst();
    boolean working = work.items().stream().anyMatch(w -> w.startedIndex().isPresent()
        || w.source() == WorkItem.Source.TODO || w.source() == WorkItem.Source.TASK_TOOL);
    if (after.isPresent() && (working || pendingRequest.isPresent())) {
      return new NextStep("Start " + ref(after.get()) + pendingRequest.map(r -> ", as the user asked: \""
          + Excerpts.shorten(oneLine(r.title()), QUOTE_CHARS) + "\"").orElse("") + "." + check);
    }
    if (pendingRequest.isPresent()) {
      return new NextStep("Answer the user's request: \"" + firstSentence(pendingRequest.get().title()) + "\"."
          + where(List.of(), live, tasksNamed) + check);
    }
    if (live.check().isPresent()) {
      return new NextStep("Check the changes made for the last request with `" + live.check().get() + "`."
          + where(List.of(), live, tasksNamed) + live.push().map(p -> " Then push the commits: `" + p + "`.").orElse("")
          + pullRequest(live) + " Then wait for the user's next request.");
    }
    if (live.push().isPresent()) {
      return new NextStep("Push the commits made since the session's last push: `" + live.push().get() + "`."
          + pullRequest(live) + " Then wait for the user's next request.");
    }
    if (live.pullRequest().isPresent()) {
      return new NextStep("Open the pull request asked for: `" + live.pullRequest().get() + "`."
          + where(List.of(), live, tasksNamed) + " Then wait for the user's next request.");
    }
    if (!live.queued().isEmpty()) {
      // The person's next words are already typed: the agent gets them right after the cut.
      return new NextStep("Answer the message the user queued at the cut, which reaches the agent next: \""
          + firstSentence(live.queued().get(0)) + "\"." + request.map(r -> " The last request before it was answered: \""
          + firstSentence(r) + "\".").orElse(""));
    }
    return new NextStep("Nothing is pending: the last request was answered, so wait for the user's next request."
        + request.map(r -> " It was: \"" + firstSentence(r) + "\".").orElse(""));
  }

  // The message that last wrote or showed the tracked work (a task list is written whole, each item with it).
  private static int lastTracked(OpenWork work) {
    return work.items().stream().filter(w -> w.source() != WorkItem.Source.REQUEST).mapToInt(WorkItem::lastIndex)
        .max().orElse(-1);
  }

  // A pull request asked for and not opened yet is a step of its own after the checks and the push.
  private static String pullRequest(LiveIntent live) {
    return live.pullRequest().map(c -> " Then open the pull request: `" + c + "`.").orElse("");
  }

  // The files a step is about: those the error names first, then those the agent touched last, then those its
  // latest words named and it has not changed since, then those its open tasks name; then the commands it ran last
  // that are not a check the step already names.
  private static String where(List<String> named, LiveIntent live, List<String> tasksNamed) {
    Set<String> files = new LinkedHashSet<>(named);
    files.addAll(live.fileNames());
    List<String> shown = new ArrayList<>(files).subList(0, Math.min(LiveIntent.MAX_FILES, files.size()));
    List<String> next = live.named().stream().filter(f -> !shown.contains(f)).toList();
    List<String> tasks = tasksNamed.stream().filter(f -> shown.stream().noneMatch(s -> sameFile(s, f))
        && next.stream().noneMatch(s -> sameFile(s, f))).toList();
    Optional<String> plan = live.planFile().filter(p -> !shown.contains(LiveIntent.shortName(p)));
    List<String> commands = live.commands().stream().filter(c -> !live.check().orElse("").contains(c)).toList();
    return (shown.isEmpty() ? "" : " The files it touched last: " + quoted(shown) + ".")
        + (next.isEmpty() ? "" : " It named next, not changed yet: " + quoted(next) + ".")
        + (tasks.isEmpty() ? "" : " Its open tasks name: " + quoted(tasks) + ".")
        + (commands.isEmpty() ? "" : " The commands it ran last: " + quoted(commands) + ".")
        + plan.map(p -> " The session's plan: `" + p + "`.").orElse("");
  }

  // The files the agent's own open tasks name in their titles and descriptions, the one in progress first, then
  // the others in the order they were written: the agent's list of where the work goes next, whatever language
  // its words are in. On the tuning compactions they name a file of the agent's first calls after the cut that no
  // other part of the step names in 3 of 85.
  private static List<String> taskFiles(Optional<WorkItem> current, List<WorkItem> open) {
    List<WorkItem> items = new ArrayList<>();
    current.filter(w -> w.source() != WorkItem.Source.REQUEST).ifPresent(items::add);
    open.stream().filter(w -> w.source() != WorkItem.Source.REQUEST && !items.contains(w)).forEach(items::add);
    Set<String> names = new LinkedHashSet<>();
    for (WorkItem w : items) {
      names.addAll(NamedFiles.fileNamesIn(w.title() + "\n" + w.detail()));
    }
    return new ArrayList<>(names).subList(0, Math.min(MAX_TASK_FILES, names.size()));
  }

  // A name as a summary shows it (`dir/name.go`) and as a task wrote it (`name.go` or a longer path) are one file.
  private static boolean sameFile(String shown, String named) {
    return FileTypes.baseName(shown).equals(FileTypes.baseName(named));
  }

  private static String quoted(List<String> files) {
    return String.join(", ", files.stream().map(f -> "`" + f + "`").toList());
  }

  // The file names an error's key lines point at ("resume_test.go:74: expected ..."), those of its last occurrence
  // first: a build that fails again after a fix names the next file to fix, as the compiler's latest report does.
  private static List<String> pointedAt(Problem p) {
    Set<String> names = new LinkedHashSet<>();
    for (String line : java.util.stream.Stream.concat(p.latestLines().stream(), p.keyLines().stream()).toList()) {
      Matcher m = FILE_NAME.matcher(line);
      while (m.find() && names.size() < 2) {
        names.add(m.group());
      }
    }
    return List.copyOf(names);
  }

  /** An item as a summary names it: its id and title, or its title in quotes. */
  static String ref(WorkItem w) {
    if (w.id().isEmpty()) {
      return "\"" + Excerpts.shorten(oneLine(w.title()), QUOTE_CHARS) + "\"";
    }
    return w.title().isEmpty() ? w.id() : w.id() + " (" + Excerpts.shorten(oneLine(w.title()), QUOTE_CHARS) + ")";
  }

  /** The first sentence of a request (its ask; what follows often says how, and may be done already). */
  static String firstSentence(String text) {
    String one = oneLine(text);
    Matcher end = SENTENCE_END.matcher(one);
    return Excerpts.shorten(end.find() && end.end() >= MIN_FIRST_SENTENCE ? one.substring(0, end.end()) : one, QUOTE_CHARS);
  }

  private static String oneLine(String text) {
    return SecretRedactor.standard().oneLine(text);
  }
}
