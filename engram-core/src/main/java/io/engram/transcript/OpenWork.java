package io.engram.transcript;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The work of a session, from every place a session keeps it: task trackers driven from the shell, the
 * TodoWrite list, Claude Code's task tools, checkboxes of plan files, and the user's last request while
 * no finished action has answered it.
 *
 * <p>The last request is open when its turn never ended (the cut came while the agent was still working,
 * or the user interrupted), or when it asks for everything ("all", "them", "until", "continue"...) and
 * tracked work is still open; it is left out when an open item already carries it (their words overlap).
 *
 * @param items every item, done ones included, tracked work first (in order of first appearance), then the
 *     request
 */
public record OpenWork(List<WorkItem> items) {
  private static final Pattern EVERYTHING = Pattern.compile(
      "(?i)\\b(all|them|every|each|remaining|rest|until|continue|keep going|tackle|the others)\\b");
  private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}_]{4,}");
  private static final Pattern INTENT = Pattern.compile(
      "(?i)^(?:next,? |now,? |then,? |first,? )?(?:let me(?! know)|let's|i'll|i will|i'm going to|i am going to)\\b|:$");
  private static final Pattern TASK_NUMBER = Pattern.compile("#(\\d+)");

  public OpenWork {
    items = List.copyOf(items);
  }

  /** The work of {@code messages}. */
  public static OpenWork of(List<TranscriptMessage> messages) {
    List<WorkItem> tracked = new ArrayList<>(TrackerWork.of(messages));
    TodoList todos = TodoList.latest(messages);
    int todoAt = lastIndexOf(messages, "TodoWrite");
    for (TodoList.Todo t : todos.items()) {
      WorkItem.State state = TrackerCommands.state(t.status()).orElse(WorkItem.State.OPEN);
      tracked.add(new WorkItem("", t.content(), "", WorkItem.Source.TODO, state, todoAt, todoAt,
          state == WorkItem.State.IN_PROGRESS ? Optional.of(todoAt) : Optional.empty()));
    }
    tracked.addAll(taskTools(messages));
    tracked.addAll(PlanCheckboxes.of(messages));
    List<WorkItem> all = new ArrayList<>(tracked);
    openRequest(messages, tracked).ifPresent(all::add);
    return new OpenWork(all);
  }

  /** The items not done, in order. */
  public List<WorkItem> open() {
    return items.stream().filter(WorkItem::isOpen).toList();
  }

  /** The items done. */
  public List<WorkItem> done() {
    return items.stream().filter(w -> !w.isOpen()).toList();
  }

  /** The open item most recently put in progress (a tracked item before the request), if any. */
  public Optional<WorkItem> inProgress() {
    return items.stream().filter(w -> w.state() == WorkItem.State.IN_PROGRESS)
        .max(java.util.Comparator.comparingInt((WorkItem w) -> w.source() == WorkItem.Source.REQUEST ? 0 : 1)
            .thenComparingInt(w -> w.startedIndex().orElse(w.lastIndex())));
  }

  /** Whether {@code command} drives a task tracker (creates, updates, closes or lists its items). */
  public static boolean tracks(ShellCommand command) {
    return TrackerCommands.parse(command).isPresent();
  }

  /** Whether {@code command} closes tracker items ({@code bd close X}, {@code gh issue close 12}, {@code task 3 done}). */
  public static boolean closes(ShellCommand command) {
    return TrackerCommands.parse(command).filter(op -> op.verb() == TrackerCommands.Verb.CLOSE).isPresent();
  }

  /**
   * The text of a message a person typed, as a request: a slash command as {@code /name args}; "" when it
   * asks nothing (a bare {@code /mcp} or {@code /model}). See {@link UserRequest}.
   */
  public static String requestText(TranscriptMessage m) {
    return UserRequest.text(List.of(m), 0);
  }

  private static List<WorkItem> taskTools(List<TranscriptMessage> messages) {
    Map<String, ContentBlock.ToolResult> results = new java.util.HashMap<>();
    messages.forEach(m -> m.toolResults().forEach(r -> results.put(r.toolUseId(), r)));
    Map<String, WorkItem> tasks = new LinkedHashMap<>();
    for (int i = 0; i < messages.size(); i++) {
      for (ContentBlock.ToolUse use : messages.get(i).toolUses()) {
        ContentBlock.ToolResult r = results.get(use.id());
        if (r == null || r.isError()) {
          continue;
        }
        if (use.name().equals("TaskCreate")) {
          Matcher n = TASK_NUMBER.matcher(r.text());
          String id = n.find() ? n.group(1) : String.valueOf(tasks.size() + 1);
          tasks.put(id, new WorkItem(id, use.inputText("subject"), use.inputText("description"),
              WorkItem.Source.TASK_TOOL, WorkItem.State.OPEN, i, i, Optional.empty()));
        } else if (use.name().equals("TaskUpdate") && tasks.containsKey(use.inputText("taskId"))) {
          String id = use.inputText("taskId");
          WorkItem t = tasks.get(id).titled(use.inputText("subject")).described(use.inputText("description"));
          String status = use.inputText("status");
          int at = i;
          tasks.put(id, status.equals("deleted") ? t.with(WorkItem.State.DONE, at)
              : TrackerCommands.state(status).map(s -> t.with(s, at)).orElse(t));
        }
      }
    }
    return List.copyOf(tasks.values());
  }

  private static Optional<WorkItem> openRequest(List<TranscriptMessage> messages, List<WorkItem> tracked) {
    List<UserRequest> requests = UserRequest.of(messages);
    if (requests.isEmpty()) {
      return Optional.empty();
    }
    UserRequest last = requests.get(requests.size() - 1);
    int at = last.index();
    String request = last.stated();
    boolean ended = turnEnded(messages, at);
    boolean openTracked = tracked.stream().anyMatch(WorkItem::isOpen);
    if (ended && !(openTracked && EVERYTHING.matcher(request).find())) {
      return Optional.empty();
    }
    Set<String> asked = words(request);
    for (WorkItem w : tracked) {
      if (w.isOpen() && w.lastIndex() >= at) {
        Set<String> shared = new HashSet<>(words(w.title()));
        shared.retainAll(asked);
        if (shared.size() >= 2 || !asked.isEmpty() && shared.size() * 2 >= asked.size()) {
          return Optional.empty();
        }
      }
    }
    WorkItem.State state = ended ? WorkItem.State.OPEN : WorkItem.State.IN_PROGRESS;
    return Optional.of(new WorkItem("", request, "", WorkItem.Source.REQUEST, state, at, messages.size() - 1,
        state == WorkItem.State.IN_PROGRESS ? Optional.of(at) : Optional.empty()));
  }

  /**
   * Whether the turn that {@code request} opened ended with the assistant's final text: no tool call after
   * it, and not a statement of what it will do next ("Next I'll add the timer."), which is work still to come.
   */
  static boolean turnEnded(List<TranscriptMessage> messages, int request) {
    boolean answered = false;
    for (TranscriptMessage m : messages.subList(request + 1, messages.size())) {
      if (m.role() == Role.ASSISTANT) {
        if (!m.toolUses().isEmpty()) {
          answered = false;
        } else if (!m.text().isBlank()) {
          answered = !pendingIntent(m.text());
        }
      } else if (m.kind() == MessageKind.INTERRUPTION || m.role() == Role.USER
          && m.text().strip().startsWith("[Request interrupted")) {
        answered = false;
      }
    }
    return answered;
  }

  /** Whether the last sentence of {@code text} says what the assistant is about to do. */
  public static boolean pendingIntent(String text) {
    String[] sentences = text.strip().split("(?<=[.!?])\\s+");
    return INTENT.matcher(sentences[sentences.length - 1]).find();
  }

  private static Set<String> words(String text) {
    Set<String> out = new HashSet<>();
    Matcher m = WORD.matcher(text.toLowerCase(Locale.ROOT));
    while (m.find()) {
      out.add(m.group());
    }
    return out;
  }

  private static int lastIndexOf(List<TranscriptMessage> messages, String tool) {
    for (int i = messages.size() - 1; i >= 0; i--) {
      if (messages.get(i).toolUses().stream().anyMatch(u -> u.name().equals(tool))) {
        return i;
      }
    }
    return 0;
  }
}
