package io.engram.compaction;

import io.engram.transcript.CallOutcomes;
import io.engram.transcript.FileActivity;
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

/**
 * What the session was about to do at the cut, read from its last stretch: the person's last real request, the
 * plan the agent stated after it (its last words that say what it will do, in its text or its visible reasoning),
 * the files the agent touched last, and the check to run when files changed after the session's
 * last passing one. What the next step and the task in progress are written from.
 *
 * @param request the person's last request, if any
 * @param plan the agent's latest statement of what it will do since that request ({@link StatedPlan})
 * @param planCarriedOut whether calls followed that statement (it is being done, not still to start)
 * @param files the files the agent touched last, read, changed or run by its commands, most recent first
 * @param named the files the agent's latest words since the request name, in its order, that it has not changed
 *     since it named them (an agent working through a list names the files before it turns to each; {@link
 *     NamedFiles})
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
  private static final Set<String> PLAN_MODE = Set.of("EnterPlanMode", "ExitPlanMode");

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
      plan = StatedPlan.in(m);
      if (!plan.isEmpty()) {
        planAt = i;
      }
    }
    if (planAt < 0) {
      for (int i = messages.size() - 1; i > from && planAt < 0; i--) {
        plan = StatedPlan.narration(messages, i, from);
        planAt = plan.isEmpty() ? -1 : i;
      }
    }
    boolean carriedOut = false;
    boolean answered = false;
    for (int i = Math.max(from + 1, planAt); planAt >= 0 && i < messages.size(); i++) {
      carriedOut |= messages.get(i).kind() == MessageKind.ASSISTANT && !messages.get(i).toolUses().isEmpty();
    }
    TranscriptMessage last = lastAssistant(messages, from);
    if (last != null && last.toolUses().isEmpty() && !last.text().isBlank() && StatedPlan.in(last).isEmpty()) {
      answered = true;
    }
    return new LiveIntent(request, plan.isEmpty() ? Optional.empty() : Optional.of(plan), carriedOut,
        focus(activity, SessionCommands.filesRun(messages, calls), LeftUndone.refusedChanges(messages, calls)),
        NamedFiles.of(messages, from, activity, request.map(UserRequest::text).orElse("")),
        SessionCommands.ranLast(messages, calls),
        planFile(messages, activity), SessionCommands.check(messages, activity, calls),
        SessionCommands.push(messages, calls), LeftUndone.pullRequest(messages, request.isPresent() ? from : -1,
            request.map(UserRequest::stated).orElse(""), calls), answered, messages.stream()
            .filter(m -> m.kind() == MessageKind.QUEUED_PROMPT).map(TranscriptMessage::typedText)
            .filter(t -> !t.isBlank()).toList());
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
