package io.engram.transcript;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The checkbox items ({@code - [ ] step}, {@code - [x] step}) of the plan and todo files a session wrote
 * (a Markdown or text file whose name says plan, todo, tasks, roadmap or checklist) and of plans given to
 * ExitPlanMode, as the latest text of each left them. A file's text is followed through Write (whole),
 * Edit and MultiEdit (old text replaced by new when the old text is known) and Read (the file as read).
 */
final class PlanCheckboxes {
  private static final Pattern PLAN_FILE =
      Pattern.compile("(?i)(?:plan|todo|tasks|roadmap|checklist)[^/]*\\.(?:md|markdown|txt)$");
  private static final Pattern BOX = Pattern.compile("(?m)^\\s*(?:[-*+]|\\d+[.)])\\s+\\[([ xX~-])\\]\\s+(.+)$");
  private static final Pattern LINE_NUMBER = Pattern.compile("(?m)^\\s*\\d+→");

  private PlanCheckboxes() {}

  /** The checkbox items of every plan text, file by file in order of first appearance. */
  static List<WorkItem> of(List<TranscriptMessage> messages) {
    Map<String, String> texts = new LinkedHashMap<>();
    Map<String, Integer> changedAt = new LinkedHashMap<>();
    Map<String, ContentBlock.ToolResult> results = new java.util.HashMap<>();
    messages.forEach(m -> m.toolResults().forEach(r -> results.put(r.toolUseId(), r)));
    for (int i = 0; i < messages.size(); i++) {
      for (ContentBlock.ToolUse use : messages.get(i).toolUses()) {
        Optional<ContentBlock.ToolResult> result = Optional.ofNullable(results.get(use.id()));
        if (result.map(ContentBlock.ToolResult::isError).orElse(false)) {
          continue;
        }
        String path = use.inputText("file_path");
        switch (use.name()) {
          case "ExitPlanMode" -> put(texts, changedAt, "plan#" + i, use.inputText("plan"), i);
          case "Write" -> {
            if (PLAN_FILE.matcher(path).find()) {
              put(texts, changedAt, path, use.inputText("content"), i);
            }
          }
          case "Read" -> {
            if (PLAN_FILE.matcher(path).find() && result.isPresent()) {
              put(texts, changedAt, path, LINE_NUMBER.matcher(result.get().text()).replaceAll(""), i);
            }
          }
          case "Edit", "MultiEdit" -> {
            if (PLAN_FILE.matcher(path).find()) {
              put(texts, changedAt, path, edited(texts.getOrDefault(path, ""), use), i);
            }
          }
          default -> { }
        }
      }
    }
    List<WorkItem> items = new ArrayList<>();
    texts.forEach((file, text) -> {
      Matcher box = BOX.matcher(text);
      while (box.find()) {
        String mark = box.group(1).toLowerCase(Locale.ROOT);
        WorkItem.State state = mark.equals("x") ? WorkItem.State.DONE
            : mark.equals(" ") ? WorkItem.State.OPEN : WorkItem.State.IN_PROGRESS;
        int at = changedAt.get(file);
        items.add(new WorkItem("", box.group(2).strip(), "", WorkItem.Source.PLAN, state, at, at,
            state == WorkItem.State.IN_PROGRESS ? Optional.of(at) : Optional.empty()));
      }
    });
    return items;
  }

  private static void put(Map<String, String> texts, Map<String, Integer> at, String key, String text, int index) {
    if (!text.isBlank()) {
      texts.put(key, text);
      at.put(key, index);
    }
  }

  // The text after an edit: the old text replaced when it is known; otherwise what the edit wrote is kept
  // beside it, so that a box it ticks is seen (the last mention of a step wins below).
  private static String edited(String known, ContentBlock.ToolUse use) {
    List<String[]> pairs = new ArrayList<>();
    if (use.name().equals("MultiEdit")) {
      use.input().path("edits").forEach(e -> pairs.add(
          new String[] {e.path("old_string").asText(""), e.path("new_string").asText("")}));
    } else {
      pairs.add(new String[] {use.inputText("old_string"), use.inputText("new_string")});
    }
    String text = known;
    for (String[] p : pairs) {
      text = !p[0].isEmpty() && text.contains(p[0]) ? text.replace(p[0], p[1]) : withLatest(text, p[1]);
    }
    return text;
  }

  private static String withLatest(String text, String added) {
    StringBuilder out = new StringBuilder();
    Matcher newBoxes = BOX.matcher(added);
    List<String> steps = new ArrayList<>();
    while (newBoxes.find()) {
      steps.add(newBoxes.group(2).strip());
    }
    for (String line : text.split("\n", -1)) {
      Matcher m = BOX.matcher(line);
      if (!(m.find() && steps.contains(m.group(2).strip()))) {
        out.append(line).append('\n');
      }
    }
    return out + added;
  }
}
