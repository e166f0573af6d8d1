package io.engram.compaction;

import io.engram.config.CompactionSettings;
import io.engram.transcript.CallOutcomes;
import io.engram.transcript.ErrorFix;
import io.engram.transcript.FileActivity;
import io.engram.transcript.OpenWork;
import io.engram.transcript.Role;
import io.engram.transcript.TodoList;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.UserRequest;
import java.util.List;
import java.util.Optional;

/**
 * The structure of the part being summarised, read once, before any tool output is pruned: what the
 * extractive summarizer fills the sections from, and what key information and continuity are checked
 * against.
 *
 * @param messages every compacted message (the notes' part included), as recorded
 * @param from index of the first message to summarise (the ones before are covered by session notes)
 * @param userMessages what the person asked in the compacted part, in order, as a summary quotes it ({@link UserQuote})
 * @param lastRequest the last of them, or ""
 * @param todos the todo list the last TodoWrite of the compacted part left
 * @param files the files touched in the summarised messages, most recent first
 * @param problems the real failures of the summarised messages ({@link Problem#real}), one per distinct error
 * @param state where the work stands at the cut
 * @param key the key information of the summarised messages
 * @param previousSummary the summary of an earlier compaction that opens the compacted part, parsed
 * @param touched the files touched in all of {@code messages}, most recent first (what compaction restores)
 * @param calls the tool calls of {@code messages} with their results, what each call's outcome was worked out once
 * @param degraded the views that could not be read, each left empty, as sentences ({@link StageGuard})
 */
record Conversation(
    List<TranscriptMessage> messages,
    int from,
    List<String> userMessages,
    String lastRequest,
    TodoList todos,
    List<FileActivity> files,
    List<Problem> problems,
    WorkState state,
    KeyInformation key,
    Optional<SummarySections> previousSummary,
    List<FileActivity> touched,
    CallOutcomes calls,
    List<String> degraded) {

  Conversation {
    messages = List.copyOf(messages);
    userMessages = List.copyOf(userMessages);
    files = List.copyOf(files);
    touched = List.copyOf(touched);
    problems = List.copyOf(problems);
    degraded = List.copyOf(degraded);
  }

  /** Reads {@code whole} (every compacted message, unpruned), summarising the messages from {@code from} on. */
  static Conversation of(List<TranscriptMessage> whole, int from, int maxKeywords) {
    return of(whole, from, maxKeywords, CompactionSettings.DEFAULTS.userQuoteChars());
  }

  /** As {@link #of(List, int, int)}, a user message longer than {@code quoteChars} quoted by its ends. */
  static Conversation of(List<TranscriptMessage> whole, int from, int maxKeywords, int quoteChars) {
    int start = Math.max(0, Math.min(from, whole.size()));
    List<TranscriptMessage> part = whole.subList(start, whole.size());
    StageGuard guard = new StageGuard();
    List<String> user = guard.attempt("reading the user's messages", () -> humanTexts(whole, quoteChars),
        List::of);
    List<FileActivity> allFiles = guard.attempt("reading the files touched", () -> FileActivity.of(whole), List::of);
    CallOutcomes calls = guard.attempt("pairing tool calls with their results", () -> CallOutcomes.of(whole),
        () -> CallOutcomes.of(List.of()));
    List<Problem> allProblems = guard.attempt("reading the errors and their fixes", () -> {
      List<ErrorFix> fixable = ErrorFix.of(whole, calls).stream().filter(e -> !e.byUser()).toList();
      List<Problem> found = new java.util.ArrayList<>(Problem.of(fixable, calls));
      found.addAll(Problem.noticed(whole, fixable, calls));
      found.sort(java.util.Comparator.comparingInt(Problem::firstIndex));
      return found;
    }, List::of);
    WorkState state = guard.attempt("reading where the work stands",
        () -> WorkState.of(whole, OpenWork.of(whole), allFiles, allProblems, calls),
        () -> WorkState.of(List.of(), new OpenWork(List.of()), List.of(), List.of(), CallOutcomes.of(List.of())));
    List<FileActivity> files = allFiles.stream()
        .filter(f -> f.touches().get(f.touches().size() - 1).messageIndex() >= start).toList();
    List<Problem> problems = allProblems.stream().filter(p -> p.lastIndex() >= start && p.real(calls)).toList();
    KeyInformation key = guard.attempt("reading the key information", () -> {
      StringBuilder prose = new StringBuilder();
      for (TranscriptMessage m : part) {
        if (m.role() == Role.ASSISTANT) {
          prose.append(m.text()).append('\n');
        }
      }
      List<String> changed = files.stream().filter(FileActivity::changed).map(FileActivity::path).toList();
      // Errors the engine only infers from the assistant's words are not held against a summary.
      // An error is told by any of its key lines: a person retells the line that explains it, not always the first.
      // Nor is the harness refusing or cutting short a call ("File has not been read yet"): the work did not fail,
      // and a reader of the summary needs nothing of it, so a summary that tells it keeps it, one that does not loses
      // nothing.
      java.util.Map<Boolean, List<Problem>> byRefusal = problems.stream()
          .filter(p -> !p.noticed() && !p.headline().isBlank())
          .collect(java.util.stream.Collectors.partitioningBy(p -> p.refusedByTheHarness(calls)));
      // Noise around the work (a helper not installed, a look at a missing path, ToolNoise) is optional too, kept by
      // its words alone.
      java.util.Map<Boolean, List<Problem>> byNoise = byRefusal.get(false).stream()
          .collect(java.util.stream.Collectors.partitioningBy(p -> ToolNoise.noise(p, calls)));
      List<String> headlines = byNoise.get(false).stream().map(p -> String.join("\n", p.keyLines())).toList();
      List<String> noise = byNoise.get(true).stream().map(p -> String.join("\n", p.keyLines())).toList();
      // A refusal's words are the harness's, the same in every session: it is told by them with the file refused.
      java.util.Map<String, java.util.Set<String>> refusals = new java.util.LinkedHashMap<>();
      byRefusal.get(true).forEach(p -> refusals.computeIfAbsent(String.join("\n", p.keyLines()),
          k -> new java.util.TreeSet<>()).addAll(refusedFile(p)));
      // What the person said (their own lines, OwnWords) is what a summary is held to: a prompt that fills a template
      // by its own lines, and by where its own ask opens; the files and keywords they named come from those lines too.
      List<String> asked = OwnWords.of(UserRequest.of(part)).stream().filter(t -> !t.isBlank()).toList();
      PromptTemplate template = PromptTemplate.of(asked);
      List<String> quoted = new java.util.ArrayList<>();
      java.util.Map<String, String> openings = new java.util.HashMap<>();
      for (String stated : asked) {
        String quote = UserQuote.of(template.own(stated), quoteChars).strip();
        if (!quote.isEmpty()) {
          quoted.add(quote);
          template.opening(stated).ifPresent(o -> openings.putIfAbsent(quote, o));
        }
      }
      List<String> said = asked.stream().map(t -> UserQuote.of(t, quoteChars)).distinct().toList();
      return KeyInformation.extract(new KeySources(said, headlines, changed,
          prose.toString(), quoted.stream().distinct().toList(), openings), maxKeywords).withOptionalErrors(refusals)
          .withNoiseErrors(noise);
    }, KeyInformation::none);
    TodoList todos = guard.attempt("reading the todo list", () -> TodoList.latest(whole),
        () -> TodoList.latest(List.of()));
    Optional<SummarySections> previous = guard.attempt("reading the previous compaction's summary",
        () -> whole.stream().filter(TranscriptMessage::isCompactSummary).reduce((a, b) -> b)
            .map(m -> SummarySections.parse(m.text())), Optional::empty);
    return new Conversation(whole, start, user, user.isEmpty() ? "" : user.get(user.size() - 1), todos, files,
        problems, state, key, previous, allFiles, calls, guard.failures());
  }

  // The base name of the file a refused call was on ("file_path", "notebook_path", "path"), if it was on one.
  private static java.util.Set<String> refusedFile(Problem p) {
    for (String field : List.of("file_path", "notebook_path", "path")) {
      String base = FileTypes.baseName(p.call().inputText(field).strip().replace('\\', '/'));
      if (!base.isEmpty()) {
        return java.util.Set.of(base);
      }
    }
    return java.util.Set.of();
  }

  /** The summarised messages. */
  List<TranscriptMessage> part() {
    return messages.subList(from, messages.size());
  }

  /** The open todos' texts, word for word. */
  List<String> openTodos() {
    return todos.open().stream().map(TodoList.Todo::content).toList();
  }

  /**
   * What people asked in {@code messages}, each request once, word for word: slash commands with their arguments,
   * a short answer with the question it answers ({@link UserRequest#stated}).
   */
  static List<String> humanTexts(List<TranscriptMessage> messages, int quoteChars) {
    return UserRequest.of(messages).stream().map(UserRequest::stated).map(t -> UserQuote.of(t, quoteChars))
        .filter(t -> !t.isEmpty()).distinct().toList();
  }
}
