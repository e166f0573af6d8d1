package io.engram.compaction;

import io.engram.transcript.OpenWork;
import io.engram.transcript.WorkItem;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The next unfinished action at the cut, never a quote of something already done. In order: an error
 * still blocking the work (make the failing call succeed); the task being worked on (finish it with the
 * steps it still needs); the user's request still being answered (continue it); open tracked work of a
 * session that works through its tracker or todo list (start the next item); else nothing is pending.
 *
 * @param text the action as sentences, the first one saying what to do
 * @param terms the words a statement of the action must use
 */
record NextStep(String text, List<String> terms) {
  private static final int QUOTE_CHARS = 240;

  NextStep {
    terms = List.copyOf(terms);
  }

  static NextStep of(OpenWork work, Optional<WorkItem> current, boolean uncommitted, List<Workflow.Step> remaining,
      Optional<Problem> blocking, String tracker, Optional<String> intent) {
    // The next item to take up: not the current one, not a parent whose children are listed (an epic),
    // an open one before a blocked one.
    List<WorkItem> open = work.open();
    Optional<WorkItem> after = open.stream()
        .filter(w -> w.source() != WorkItem.Source.REQUEST && !w.equals(current.orElse(null)))
        .filter(w -> w.id().isEmpty() || open.stream().noneMatch(o -> o.id().startsWith(w.id() + ".")))
        .min(java.util.Comparator.comparingInt((WorkItem w) -> w.state() == WorkItem.State.BLOCKED ? 1 : 0));
    String then = after.map(w -> " Then " + ref(w) + ".").orElse("");
    List<String> terms = new ArrayList<>();
    current.ifPresent(w -> terms.add(w.source() == WorkItem.Source.REQUEST ? firstSentence(w.title()) : name(w)));
    if (blocking.isPresent()) {
      Problem p = blocking.get();
      terms.add(Calls.label(p.call()));
      String forWhat = current.filter(w -> w.source() != WorkItem.Source.REQUEST).map(w -> " for " + ref(w)).orElse("");
      List<String> rest = remaining.stream()
          .filter(s -> s.command().isEmpty() || !Calls.label(p.call()).equals(s.command()))
          .map(s -> s.instruction(current.map(WorkItem::id).orElse(""), tracker)).toList();
      return new NextStep("Make `" + Calls.label(p.call()) + "` succeed" + forWhat + ": it still fails with \""
          + Excerpts.shorten(p.headline(), QUOTE_CHARS) + "\"" + (p.occurrences() > 1 ? " after " + p.occurrences()
          + " attempts" : "") + "." + (uncommitted ? " Its changes are not committed, although the tracker has it"
          + " closed." : "") + (rest.isEmpty() ? "" : " Still to do after that: " + String.join(", ", rest) + ".")
          + then, terms);
    }
    if (current.isPresent() && current.get().source() != WorkItem.Source.REQUEST) {
      WorkItem w = current.get();
      List<String> steps = remaining.stream().map(s -> s.instruction(w.id(), tracker)).toList();
      String text = steps.isEmpty() ? "Continue " + ref(w) + "." : "Finish " + ref(w) + ": " + String.join(", ", steps) + ".";
      return new NextStep(text + then, terms);
    }
    String said = intent.map(i -> " The assistant had just said, and not yet done: \"" + Excerpts.shorten(oneLine(i),
        QUOTE_CHARS) + "\".").orElse("");
    if (current.isPresent()) {
      return new NextStep("Continue with the user's request: \"" + firstSentence(current.get().title()) + "\"."
          + said + then, terms);
    }
    Optional<WorkItem> request = work.open().stream().filter(w -> w.source() == WorkItem.Source.REQUEST).findFirst();
    boolean working = work.items().stream().anyMatch(w -> w.startedIndex().isPresent()
        || w.source() == WorkItem.Source.TODO || w.source() == WorkItem.Source.TASK_TOOL);
    if (after.isPresent() && (working || request.isPresent())) {
      terms.add(name(after.get()));
      return new NextStep("Start " + ref(after.get()) + request.map(r -> ", as the user asked: \""
          + Excerpts.shorten(oneLine(r.title()), QUOTE_CHARS) + "\"").orElse("") + ".", terms);
    }
    if (request.isPresent()) {
      terms.add(name(request.get()));
      return new NextStep("Answer the user's request: \"" + firstSentence(request.get().title()) + "\".", terms);
    }
    return new NextStep("Nothing is pending: the last request was answered, so wait for the user's next request.",
        terms);
  }

  /** An item as a summary names it: its id and title, or its title in quotes. */
  static String ref(WorkItem w) {
    if (w.id().isEmpty()) {
      return "\"" + Excerpts.shorten(oneLine(w.title()), QUOTE_CHARS) + "\"";
    }
    return w.title().isEmpty() ? w.id() : w.id() + " (" + Excerpts.shorten(oneLine(w.title()), QUOTE_CHARS) + ")";
  }

  /** What names an item: its id, else its title. */
  static String name(WorkItem w) {
    return w.id().isEmpty() ? oneLine(w.title()) : w.id();
  }

  /** The first sentence of a request (its ask; what follows often says how, and may be done already). */
  static String firstSentence(String text) {
    String one = oneLine(text);
    java.util.regex.Matcher end = java.util.regex.Pattern.compile("[.!?](?=\\s+\\S)").matcher(one);
    return Excerpts.shorten(end.find() && end.end() >= 20 ? one.substring(0, end.end()) : one, QUOTE_CHARS);
  }

  private static String oneLine(String text) {
    return text.strip().replaceAll("\\s+", " ");
  }
}
