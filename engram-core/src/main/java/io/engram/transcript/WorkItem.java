package io.engram.transcript;

import java.util.Optional;

/**
 * One piece of work a session keeps track of, wherever it keeps it: a tracker item driven from the shell,
 * a todo, a task of the task tools, a checkbox of a plan file, or a request of the user not yet answered.
 *
 * @param id the tracker's or task tool's id ({@code spotter-4te.3}, {@code 12}), or "" when it has none
 * @param title what the work is, or "" when the session never showed it
 * @param detail what the session wrote about it beyond its title (a task's description), or ""
 * @param source where the session keeps it
 * @param state its state at the end of the messages it was read from
 * @param firstIndex index of the message where it first appears
 * @param lastIndex index of the message that last changed or showed it
 * @param startedIndex index of the message that last put it in progress, if any
 */
public record WorkItem(String id, String title, String detail, Source source, State state, int firstIndex, int lastIndex,
    Optional<Integer> startedIndex) {

  /** Where a session keeps a piece of work. */
  public enum Source {
    /** A task tracker driven from the shell ({@code bd}, {@code gh issue}, {@code task}, {@code todo.sh}...). */
    TRACKER,
    /** The TodoWrite list. */
    TODO,
    /** Claude Code's task tools (TaskCreate, TaskUpdate). */
    TASK_TOOL,
    /** A checkbox of a plan or todo file the session wrote. */
    PLAN,
    /** A request of the user that no finished action has answered yet. */
    REQUEST
  }

  /** The state of a piece of work. */
  public enum State {
    OPEN,
    IN_PROGRESS,
    BLOCKED,
    DONE;

    /** The state as a person writes it ({@code in progress}). */
    public String label() {
      return name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    }
  }

  /** True unless done. */
  public boolean isOpen() {
    return state != State.DONE;
  }

  /** {@code id: title}, the title alone, or the id alone. */
  public String label() {
    if (id.isEmpty()) {
      return title;
    }
    return title.isEmpty() ? id : id + ": " + title;
  }

  WorkItem with(State newState, int index) {
    Optional<Integer> started = newState == State.IN_PROGRESS ? Optional.of(index) : startedIndex;
    return new WorkItem(id, title, detail, source, newState, firstIndex, Math.max(lastIndex, index), started);
  }

  WorkItem titled(String newTitle) {
    return newTitle.isBlank() ? this
        : new WorkItem(id, newTitle, detail, source, state, firstIndex, lastIndex, startedIndex);
  }

  WorkItem described(String newDetail) {
    return newDetail.isBlank() ? this
        : new WorkItem(id, title, newDetail, source, state, firstIndex, lastIndex, startedIndex);
  }
}
