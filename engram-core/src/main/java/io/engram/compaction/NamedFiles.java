package io.engram.compaction;

import io.engram.transcript.ContentBlock;
import io.engram.transcript.FileActivity;
import io.engram.transcript.FileOperation;
import io.engram.transcript.MessageKind;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The files the agent's latest words name and it has not changed since, as {@link LiveIntent} reads them (an agent
 * working through a list names the files before it turns to each), and the file names written in a text.
 */
final class NamedFiles {
  // At most two files the last message names and nothing changed after it (see of).
  private static final int MAX_NAMED = 2;
  // The tools that hand work to a subagent: Task in Claude Code before 2.1, Agent since.
  private static final Set<String> SUBAGENT_TOOLS = Set.of("Task", "Agent");
  // A file name as written in prose, with or without its path (group 1 the name, group 2 its extension); a word
  // inside a path or a URL starts none, so each token is tried once.
  private static final Pattern FILE_NAME = Pattern.compile(
      "(?<![\\w.@:/-])(?:~?/|\\./)?(?:[\\w.@-]+/)*([\\w.@-]*[\\w@-]\\.([A-Za-z][A-Za-z0-9]{0,9}))\\b(?![/(@])");

  private NamedFiles() {}

  // The files the latest assistant message since the request that names any names (in its text, its reasoning or
  // the prompt it handed a subagent, whose files the agent reads next), less those changed after it, as a summary
  // names them. In a prototype over the tuning compactions, adding them to the last three files touched named a file
  // of the agent's next calls in 3 more of 88 and in none fewer. A request that names no file and follows no
  // message naming one ("Address the findings", "do it") points back at the agent's turn it answers: the files
  // that turn named last, less those it had changed (a recap of work done points nowhere).
  static List<String> of(List<TranscriptMessage> messages, int from, List<FileActivity> activity, String request) {
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
        out.add(file.map(a -> LiveIntent.shortName(a.path())).orElse(name));
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
}
