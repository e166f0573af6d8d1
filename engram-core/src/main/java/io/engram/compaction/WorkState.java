package io.engram.compaction;

import io.engram.transcript.CallOutcomes;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.FileActivity;
import io.engram.transcript.FileTouch;
import io.engram.transcript.OpenWork;
import io.engram.transcript.ShellCommand;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.WorkItem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where the work stands at the cut: the open work, the task being worked on and what of it is done and
 * still to do (by the session's own {@link Workflow}), an error still blocking, and from those the next
 * unfinished action. What Pending Tasks, Current Work and the next step of a summary must say, and what
 * the continuity score checks a summary against.
 *
 * @param work every piece of work the session keeps, done ones included
 * @param current the task being worked on at the cut: in progress, or closed in the tracker while its
 *     changes are still uncommitted
 * @param uncommitted whether {@code current} is closed but its changes are not committed
 * @param changedForCurrent the files changed since {@code current} started, with how often
 * @param remaining the steps {@code current} still needs
 * @param blocking the unresolved error that stops the work at the cut, if any
 * @param tracker the program of the task tracker the session drives ({@code bd}), or ""
 * @param live what the session was about to do: the last request, the agent's stated plan, the files, the check
 * @param next the next unfinished action, as a sentence
 */
record WorkState(
    OpenWork work,
    Optional<WorkItem> current,
    boolean uncommitted,
    Map<String, Integer> changedForCurrent,
    List<Workflow.Step> remaining,
    Optional<Problem> blocking,
    String tracker,
    LiveIntent live,
    String next) {

  WorkState {
    changedForCurrent = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(changedForCurrent));
    remaining = List.copyOf(remaining);
  }

  /** The state at the end of {@code messages}. */
  static WorkState of(List<TranscriptMessage> messages, OpenWork work, List<FileActivity> files,
      List<Problem> problems, CallOutcomes calls) {
    List<WorkItem> tracked = work.items().stream().filter(w -> w.source() != WorkItem.Source.REQUEST).toList();
    Workflow workflow = Workflow.learn(messages, tracked, files, calls);
    Optional<WorkItem> current = work.inProgress();
    boolean uncommitted = false;
    if (current.isEmpty() || current.get().source() == WorkItem.Source.REQUEST) {
      Optional<WorkItem> closed = uncommittedItem(messages, tracked, files, workflow, calls);
      if (closed.isPresent()) {
        current = closed;
        uncommitted = true;
      }
    }
    int from = current.flatMap(WorkItem::startedIndex).orElse(current.map(WorkItem::firstIndex).orElse(0));
    Map<String, Integer> changed = changedSince(files, from);
    List<Workflow.Step> remaining = current.isPresent() && current.get().source() != WorkItem.Source.REQUEST
        ? workflow.remaining(messages, files, from, !current.get().isOpen(), calls) : List.of();
    int after = current.map(w -> from).orElse(lastDone(tracked));
    LiveIntent live = LiveIntent.of(messages, files, calls);
    int since = Math.max(after, live.request().map(io.engram.transcript.UserRequest::index).orElse(0));
    Optional<Problem> blocking = problems.stream().filter(p -> !p.noticed() && !p.resolved() && p.lastIndex() >= since)
        .filter(p -> blocks(p, calls)).reduce((a, b) -> b);
    String tracker = trackerProgram(messages, calls);
    NextStep next = NextStep.of(work, current, uncommitted, remaining, blocking, tracker, live);
    return new WorkState(work, current, uncommitted, changed, remaining, blocking, tracker, live, next.text());
  }

  /** The open pieces of work, the request included. */
  List<WorkItem> open() {
    return work.open();
  }

  // A closed item whose cycle changed files after the last successful commit, in a session that commits
  // after each task: its work is not finished although the tracker says so.
  private static Optional<WorkItem> uncommittedItem(List<TranscriptMessage> messages, List<WorkItem> tracked,
      List<FileActivity> files, Workflow workflow, CallOutcomes calls) {
    if (workflow.steps().stream().noneMatch(s -> s.kind() == Workflow.Kind.COMMIT)) {
      return Optional.empty();
    }
    Optional<WorkItem> last = tracked.stream().filter(w -> w.startedIndex().isPresent())
        .max(java.util.Comparator.comparingInt(w -> w.startedIndex().get()));
    if (last.isEmpty() || last.get().isOpen()) {
      return Optional.empty();
    }
    int from = last.get().startedIndex().get();
    boolean committed = Workflow.done(messages, calls, files, Workflow.lastChange(files, from, messages.size() - 1),
        messages.size() - 1).containsKey(Workflow.Kind.COMMIT);
    return Workflow.lastChange(files, from, messages.size() - 1) >= 0 && !committed ? last : Optional.empty();
  }

  private static Map<String, Integer> changedSince(List<FileActivity> files, int from) {
    Map<String, Integer> changed = new LinkedHashMap<>();
    List<FileActivity> oldestFirst = new ArrayList<>(files);
    java.util.Collections.reverse(oldestFirst);
    for (FileActivity f : oldestFirst) {
      for (FileTouch t : f.touches()) {
        if (t.operation() != io.engram.transcript.FileOperation.READ && t.messageIndex() >= from) {
          changed.merge(f.path(), 1, Integer::sum);
        }
      }
    }
    return changed;
  }

  // Only a failed build, test, check or program run holds the work up ({@link Problem#real}, run in a shell): a
  // look that failed was followed by another look, and an edit the harness refused is redone at once.
  private static boolean blocks(Problem p, CallOutcomes calls) {
    return p.call().name().equals("Bash") && p.real(calls);
  }

  private static int lastDone(List<WorkItem> tracked) {
    return tracked.stream().filter(w -> !w.isOpen()).mapToInt(WorkItem::lastIndex).max().orElse(0);
  }

  private static String trackerProgram(List<TranscriptMessage> messages, CallOutcomes calls) {
    for (int i = messages.size() - 1; i >= 0; i--) {
      for (ContentBlock.ToolUse use : messages.get(i).toolUses()) {
        if (use.name().equals("Bash")) {
          for (ShellCommand c : calls.commands(use)) {
            if (OpenWork.closes(c)) {
              return c.program();
            }
          }
        }
      }
    }
    return "";
  }
}
