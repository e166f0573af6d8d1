package io.engram.compaction;

import io.engram.transcript.CallOutcomes;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.FileActivity;
import io.engram.transcript.FileOperation;
import io.engram.transcript.FileTouch;
import io.engram.transcript.MessageClassifier;
import io.engram.transcript.MessageKind;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.UserRequest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the session was about to do at the cut, read from its last stretch: the person's last real request, the
 * plan the agent stated after it (its last words that say what it will do, in its text or its visible reasoning),
 * the files the agent touched last, and the check to run when files changed after the session's
 * last passing one. What the next step and the task in progress are written from.
 *
 * @param request the person's last request, if any
 * @param plan the agent's latest statement of what it will do since that request
 * @param planCarriedOut whether calls followed that statement (it is being done, not still to start)
 * @param files the files the agent touched last, read, changed or run by its commands, most recent first
 * @param named the files the agent's latest words since the request name, in its order, that it has not changed
 *     since it named them (an agent working through a list names the files before it turns to each)
 * @param commands the shell commands the agent ran last that do more than look, as written, most recent first, one
 *     per command as a person names it
 * @param planFile the plan file of a session that planned in Claude Code's plan mode or carries out a plan
 *     accepted there, named by the session's slug
 * @param check the session's check commands to run (one line per kind of check it ran), joined as "a`, `b",
 *     when files changed after they last passed
 * @param push the session's push command, when it pushed before and committed after its last push
 * @param pullRequest the command that opens the pull request the last request or the agent's words since asked for,
 *     when none was opened since ({@link LeftUndone#pullRequest})
 * @param answered whether the agent's turn ended with an answer and no stated plan (nothing is running)
 * @param queued what the person typed while the agent worked and was still queued at the cut, oldest first: the
 *     agent gets it after the cut, so it is no request of the work in progress
 */
record LiveIntent(Optional<UserRequest> request, Optional<String> plan, boolean planCarriedOut, List<String> files,
    List<String> named, List<String> commands, Optional<String> planFile, Optional<String> check,
    Optional<String> push, Optional<String> pullRequest, boolean answered, List<String> queued) {
  // The live intent is the continuity score's reading of the cut as much as the summary's (Continuity reads its
  // request and plan), so its bounds are definitions, not settings: a setting would move what the score expects.
  // Measured (see focus): the last five files touched, where the gain per name falls off on the tuning compactions.
  static final int MAX_FILES = 5;
  // And at most two files the last message names and nothing changed after it (see named).
  private static final int MAX_NAMED = 2;
  private static final Set<String> PLAN_MODE = Set.of("EnterPlanMode", "ExitPlanMode");
  // The tools that hand work to a subagent: Task in Claude Code before 2.1, Agent since.
  private static final Set<String> SUBAGENT_TOOLS = Set.of("Task", "Agent");
  // A file name as written in prose, with or without its path (group 1 the name, group 2 its extension); a word
  // inside a path or a URL starts none, so each token is tried once.
  private static final Pattern FILE_NAME = Pattern.compile(
      "(?<![\\w.@:/-])(?:~?/|\\./)?(?:[\\w.@-]+/)*([\\w.@-]*[\\w@-]\\.([A-Za-z][A-Za-z0-9]{0,9}))\\b(?![/(@])");
  // A plan's sentence is quoted within 300 characters, about four lines; the continuity score reads the plan too.
  private static final int PLAN_CHARS = 300;
  // A sentence ends at . ! ? and a space, or at a full stop of Chinese or Japanese (no space follows those).
  private static final Pattern SENTENCE = Pattern.compile("(?<=[.!?])\\s+|(?<=[。！？])|\\n+");
  // A last sentence of fewer than six characters ("Done.", "OK") narrates nothing.
  private static final int MIN_NARRATION = 6;
  // A sentence of fewer than 12 characters ("Let me see.") states no plan, however it opens.
  private static final int MIN_PLAN_SENTENCE = 12;
  private static final Pattern INTENT = Pattern.compile(
      "(?i)(?:^|\\b)(?:let me|let's|i'll|i will|i need to|i should|i'm going to|i am going to|now i|next,? i"
          + "|then i'll|the next step is|next step:|now let me|now let's)\\b");
  private static final Pattern NOT_A_PLAN = Pattern.compile("(?i)\\b(?:let me know|if you(?:'d)? like|want me to|"
      + "shall i|should i|would you like)\\b");

  LiveIntent {
    files = List.copyOf(files);
    named = List.copyOf(named);
    commands = List.copyOf(commands);
    queued = List.copyOf(queued);
  }

  /** The live intent at the end of {@code messages}. */
  static LiveIntent of(List<TranscriptMessage> messages, List<FileActivity> activity, CallOutcomes calls) {
    Optional<UserRequest> request = UserRequest.of(messages).stream().reduce((a, b) -> b);
    int from = request.map(UserRequest::index).orElse(0);
    int planAt = -1;
    String plan = "";
    for (int i = messages.size() - 1; i > from && planAt < 0; i--) {
      TranscriptMessage m = messages.get(i);
      if (m.kind() != MessageKind.ASSISTANT) {
        continue;
      }
      plan = statedPlan(m);
      if (!plan.isEmpty()) {
        planAt = i;
      }
    }
    if (planAt < 0) {
      for (int i = messages.size() - 1; i > from && planAt < 0; i--) {
        plan = narration(messages, i, from);
        planAt = plan.isEmpty() ? -1 : i;
      }
    }
    boolean carriedOut = false;
    boolean answered = false;
    for (int i = Math.max(from + 1, planAt); planAt >= 0 && i < messages.size(); i++) {
      carriedOut |= messages.get(i).kind() == MessageKind.ASSISTANT && !messages.get(i).toolUses().isEmpty();
    }
    TranscriptMessage last = lastAssistant(messages, from);
    if (last != null && last.toolUses().isEmpty() && !last.text().isBlank() && statedPlan(last).isEmpty()) {
      answered = true;
    }
    return new LiveIntent(request, plan.isEmpty() ? Optional.empty() : Optional.of(plan), carriedOut,
        focus(activity, SessionCommands.filesRun(messages, calls), LeftUndone.refusedChanges(messages, calls)),
        named(messages, from, activity, request.map(UserRequest::text).orElse("")),
        SessionCommands.ranLast(messages, calls),
        planFile(messages, activity), SessionCommands.check(messages, activity, calls),
        SessionCommands.push(messages, calls), LeftUndone.pullRequest(messages, request.isPresent() ? from : -1,
            request.map(UserRequest::stated).orElse(""), calls), answered, messages.stream()
            .filter(m -> m.kind() == MessageKind.QUEUED_PROMPT).map(TranscriptMessage::typedText)
            .filter(t -> !t.isBlank()).toList());
  }

  // The last sentence of an agent's message that says what it will do: its text first, then its reasoning.
  private static String statedPlan(TranscriptMessage m) {
    for (boolean text : new boolean[] {true, false}) {
      String said = m.blocks().stream()
          .filter(b -> text ? b instanceof ContentBlock.Text : b instanceof ContentBlock.Thinking)
          .map(ContentBlock::promptText).reduce("", (a, b) -> a + "\n" + b);
      List<String> sentences = new ArrayList<>();
      for (String s : SENTENCE.split(said.strip())) {
        String t = s.strip().replaceAll("\\s+", " ");
        if (t.length() >= MIN_PLAN_SENTENCE && INTENT.matcher(t).find() && !NOT_A_PLAN.matcher(t).find()) {
          sentences.add(t.endsWith(":") ? t.substring(0, t.length() - 1) + "." : t);
        }
      }
      if (!sentences.isEmpty()) {
        return Excerpts.shorten(sentences.get(sentences.size() - 1), PLAN_CHARS);
      }
    }
    return "";
  }

  // The agent's words right before a call, in whatever language it writes: what the call is for. Used when none of
  // its sentences since the request holds a phrase of the plan lexicon above, which knows English only.
  private static String narration(List<TranscriptMessage> messages, int at, int from) {
    if (messages.get(at).kind() != MessageKind.ASSISTANT || messages.get(at).toolUses().isEmpty()) {
      return "";
    }
    for (int j = at - 1; j > from && messages.get(j).kind() == MessageKind.ASSISTANT; j--) {
      String said = messages.get(j).blocks().stream().filter(b -> b instanceof ContentBlock.Text)
          .map(ContentBlock::promptText).reduce("", (a, b) -> a + "\n" + b).strip();
      if (!said.isEmpty()) {
        String[] sentences = SENTENCE.split(said);
        String last = sentences[sentences.length - 1].strip().replaceAll("\\s+", " ");
        return last.codePointCount(0, last.length()) < MIN_NARRATION ? ""
            : Excerpts.shorten(last.endsWith(":") ? last.substring(0, last.length() - 1) + "."
                : last.endsWith("：") ? last.substring(0, last.length() - 1) + "。" : last, PLAN_CHARS);
      }
    }
    return "";
  }

  private static TranscriptMessage lastAssistant(List<TranscriptMessage> messages, int from) {
    for (int i = messages.size() - 1; i > from; i--) {
      if (messages.get(i).kind() == MessageKind.ASSISTANT) {
        return messages.get(i);
      }
    }
    return null;
  }

  // The files touched last, read or changed, most recent first: an agent mostly goes on with the file it just
  // read or edited. On the 85 tuning compactions with calls of work after the cut, the last k files touched name a
  // file of the agent's first three calls in 46 (k=2), 49 (3), 52 (4), 56 (5), 57 (6), 59 (8): five is where the
  // gain per name falls off. A file its commands ran (a script, a test file given to its runner) counts as touched
  // when it was run: on the tuning groups that changed the five in 7 compactions, bringing in a file of the agent's
  // next calls in 1 and dropping one in none. Changes the harness refused at the very end (LeftUndone) come first:
  // the agent's next calls redo them.
  private static List<String> focus(List<FileActivity> activity, Map<String, Integer> run, List<String> refused) {
    Map<String, Integer> touched = new LinkedHashMap<>();
    for (FileActivity f : activity) {
      for (FileTouch t : f.touches()) {
        touched.merge(f.path(), t.messageIndex(), Math::max);
      }
    }
    run.forEach((path, at) -> touched.merge(path, at, Math::max));
    Set<String> out = new LinkedHashSet<>(refused);
    out.addAll(newestFirst(touched));
    return new ArrayList<>(out).subList(0, Math.min(MAX_FILES, out.size()));
  }

  // The files the latest assistant message since the request that names any names (in its text, its reasoning or
  // the prompt it handed a subagent, whose files the agent reads next), less those changed after it, as a summary
  // names them. In a prototype over the tuning compactions, adding them to the last three files touched named a file
  // of the agent's next calls in 3 more of 88 and in none fewer. A request that names no file and follows no
  // message naming one ("Address the findings", "do it") points back at the agent's turn it answers: the files
  // that turn named last, less those it had changed (a recap of work done points nowhere).
  private static List<String> named(List<TranscriptMessage> messages, int from, List<FileActivity> activity,
      String request) {
    for (int i = messages.size() - 1; i > from; i--) {
      Set<String> names = namesIn(messages.get(i));
      if (!names.isEmpty()) {
        return unchanged(names, i, activity);
      }
    }
    if (from <= 0 || !fileNamesIn(request).isEmpty()) {
      return List.of();
    }
    int turn = from - 1;
    while (turn > 0 && !messages.get(turn - 1).isHumanInput()) {
      turn--;
    }
    for (int i = from - 1; i >= turn; i--) {
      Set<String> names = namesIn(messages.get(i));
      if (!names.isEmpty()) {
        return unchanged(names, turn - 1, activity);
      }
    }
    return List.of();
  }

  private static Set<String> namesIn(TranscriptMessage m) {
    Set<String> names = new LinkedHashSet<>();
    if (m.kind() != MessageKind.ASSISTANT) {
      return names;
    }
    for (ContentBlock b : m.blocks()) {
      if (b instanceof ContentBlock.Text || b instanceof ContentBlock.Thinking) {
        names.addAll(fileNamesIn(b.promptText()));
      } else if (b instanceof ContentBlock.ToolUse use && (SUBAGENT_TOOLS.contains(use.name())
          || use.input().has("subagent_type"))) {
        names.addAll(fileNamesIn(use.inputText("prompt")));
      }
    }
    return names;
  }

  // The names a message wrote, less those changed after the message at {@code at}, at most MAX_NAMED.
  private static List<String> unchanged(Set<String> names, int at, List<FileActivity> activity) {
    List<String> out = new ArrayList<>();
    for (String name : names) {
      Optional<FileActivity> file = activity.stream().filter(a -> FileTypes.baseName(a.path()).equals(name))
          .reduce((a, b) -> b);
      boolean changed = file.stream().flatMap(a -> a.touches().stream())
          .anyMatch(t -> t.operation() != FileOperation.READ && t.messageIndex() > at);
      if (!changed && out.size() < MAX_NAMED) {
        out.add(file.map(a -> shortName(a.path())).orElse(name));
      }
    }
    return out;
  }

  /** The file names written in {@code text} (a name with a known extension, its path left out), in order. */
  static List<String> fileNamesIn(String text) {
    Set<String> names = new LinkedHashSet<>();
    Matcher f = FILE_NAME.matcher(text);
    while (f.find()) {
      if (FileTypes.knownExtension(f.group(2))) {
        names.add(f.group(1));
      }
    }
    return List.copyOf(names);
  }

  // Claude Code keeps a session's plan in ~/.claude/plans/<slug>.md, the slug being on every line of the session,
  // and hands that file to the agent again after a compaction; a session that accepted a plan in another one
  // ("Implement the following plan:") names the plan only by that slug.
  private static Optional<String> planFile(List<TranscriptMessage> messages, List<FileActivity> activity) {
    String slug = "";
    boolean planned = false;
    for (TranscriptMessage m : messages) {
      slug = m.slug().orElse(slug);
      planned |= m.toolUses().stream().anyMatch(u -> PLAN_MODE.contains(u.name()))
          || m.isHumanInput() && MessageClassifier.handsOverAPlan(m.text());
    }
    if (!planned || slug.isBlank()) {
      return Optional.empty();
    }
    String name = slug + ".md";
    return Optional.of(activity.stream().map(FileActivity::path)
        .filter(p -> p.replace('\\', '/').endsWith("/.claude/plans/" + name)).reduce((a, b) -> b)
        .orElse("~/.claude/plans/" + name));
  }

  private static List<String> newestFirst(Map<String, Integer> at) {
    return at.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
        .map(Map.Entry::getKey).toList();
  }

  /** The files as a summary names them: their last two path parts. */
  List<String> fileNames() {
    return files.stream().map(LiveIntent::shortName).toList();
  }

  static String shortName(String path) {
    String[] parts = path.replace('\\', '/').split("/");
    return parts.length <= 2 ? path : parts[parts.length - 2] + "/" + parts[parts.length - 1];
  }
}
