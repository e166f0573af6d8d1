package io.engram.transcript;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.engram.transcript.SpecStoryCallBody.Block;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One tool call as SpecStory wrote it into a session's Markdown, read back into a call and its result in the
 * transcript's vocabulary.
 *
 * <p>What SpecStory keeps of a call is what it shows: the tool's name, a summary ({@code Run command: ...}, {@code
 * Read file: ...}, {@code Searched codebase "..."}), a description, code spans ({@code `./path`}, {@code path `src`
 * pattern `TODO`}), {@code Parameters:} as JSON, and fenced blocks: the command, the content written, the diff and
 * the output. Each is read into the input field the vocabulary names for the tool ({@code command}, {@code
 * file_path}, {@code pattern}, {@code path}, {@code query}, {@code todos}), the file an edit wrote is also taken from
 * its output ("The file ... has been updated"), and the block SpecStory labels or shapes as output ({@code Result:},
 * {@code **Error:**}, the block after a command, a {@code text} block) is the result. {@link SpecStoryUntagged} reads
 * the calls the Cursor extension's first versions wrote without a tag.
 */
final class SpecStoryTool {
  static final Pattern LABELLED = Pattern.compile("^Tool use: \\*\\*([^*]+)\\*\\*(.*)$");
  private static final Pattern TAG_NAME = Pattern.compile("data-tool-name=\"([^\"]*)\"");
  static final Pattern SUMMARY = Pattern.compile("<summary>(.*?)(?:</summary>|$)");
  private static final Pattern SUMMARY_NAMED = Pattern.compile("^Tool use: \\*\\*([^*]*)\\*\\*\\s*(?:•\\s*)?(.*)$");
  private static final Pattern CODE_SPAN = Pattern.compile(
      "(?:(path|pattern|include|glob|type|query|url|in|Directory:|Path:) )?`([^`]*)`");
  /** A patch's file as Codex's calls show it: {@code **Update: `src/a.ts`**}. */
  private static final Pattern PATCHED =
      Pattern.compile("^\\*\\*(?:Update|Add|Create|Delete|Move)[^:]*: `(.+?)`\\*\\*$");
  /** An output given on its label's line ({@code Result: 3 matches}). */
  private static final Pattern INLINE_RESULT = Pattern.compile("^(?:Result|Output): (.+)$");
  private static final Pattern CHECKBOX = Pattern.compile("^\\s*[-*] \\[(.)\\]\\s*(?:[🔥❄️🌡️]+\\s*)?(.+)$");
  private static final Pattern EDITED = Pattern.compile(
      "(?:The file |File created successfully at: |Applied edit to |Wrote to )(\\S+?)(?: has been updated|:?\\s*$)",
      Pattern.MULTILINE);
  private static final List<Map.Entry<Pattern, String>> SUMMARIES = List.of(
      Map.entry(Pattern.compile("^Run command: (.+)$"), "command"),
      Map.entry(Pattern.compile("^(?:Read|Edit|Write|Delete|Create) file:? (.+?)$"), "file_path"),
      Map.entry(Pattern.compile("^Searched (?:codebase|files|the workspace) \"(.+?)\""), "pattern"),
      Map.entry(Pattern.compile("^Grep (?:search )?for \"(.+?)\""), "pattern"),
      Map.entry(Pattern.compile("^Listed directory (.+?)(?: •.*)?$"), "path"),
      Map.entry(Pattern.compile("^Searched web [`\"](.+?)[`\"]"), "query"));
  static final Set<String> SHELLS = Set.of("bash", "sh", "shell", "zsh", "console", "powershell", "ps1",
      "cmd", "pwsh", "fish");
  private static final Set<String> OUTPUT_LABELS = Set.of("Result:", "**Result:**", "Output:", "**Output:**",
      "**Error:**", "Error:");

  /** A call, its result when SpecStory kept one, and the line the call starts on. */
  record Call(ContentBlock.ToolUse use, Optional<ContentBlock.ToolResult> result, int line) {
    /** The same call, failed: a cancelled call, or one whose arguments the agent refused. */
    Call failed(String why) {
      String before = result.map(r -> r.text() + "\n").orElse("");
      return new Call(use, Optional.of(new ContentBlock.ToolResult(use.id(), before + why, true)), line);
    }
  }

  private SpecStoryTool() {}

  /** A {@code <tool-use data-tool-name=...>} block (version 2.1). */
  static Call tagged(List<String> lines, int line, CodingAgent agent) {
    Matcher tag = TAG_NAME.matcher(lines.get(0));
    return summarised(tag.find() ? tag.group(1) : "", "", lines, line, agent);
  }

  /**
   * A call whose body may hold a {@code <summary>} ("Tool use: **Name** • what it did"): the summary, where the line
   * before gave none, and the name, where the tag gave none, are taken from it, and the HTML around is dropped.
   */
  static Call summarised(String name, String summary, List<String> lines, int line, CodingAgent agent) {
    List<String> body = new ArrayList<>();
    boolean summarised = !summary.isEmpty();
    for (String l : lines) {
      Matcher s = SUMMARY.matcher(l);
      if (s.find()) {
        if (!summarised) {
          summarised = true;
          Matcher named = SUMMARY_NAMED.matcher(s.group(1).strip());
          summary = named.matches() ? named.group(2) : s.group(1).strip();
          name = name.isEmpty() && named.matches() ? named.group(1) : name;
        }
        continue;
      }
      body.add(l.replaceAll("</?(?:tool-use|details)\\b[^>]*>", ""));
    }
    return read(name, summary, body, line, agent);
  }

  /** A {@code Tool use: **Name** summary} line and the rest of its part (2025). */
  static Call labelled(List<SpecStoryPiece> part, int line, CodingAgent agent) {
    Matcher m = LABELLED.matcher(part.get(0).lines().get(0));
    m.matches();
    String summary = m.group(2).strip().replaceFirst("^•\\s*", "");
    return summarised(m.group(1).strip(), summary,
        SpecStoryPiece.text(part.subList(1, part.size())).lines().toList(), line, agent);
  }

  /** The reasoning a {@code <think>} block holds, without its tags and heading. */
  static String thought(List<String> lines) {
    return String.join("\n", lines).replaceAll("</?think>|</?details>|<summary>Thought Process</summary>", "")
        .strip();
  }

  static Call read(String name, String summary, List<String> body, int line, CodingAgent agent) {
    String vocabulary = ToolVocabulary.nameOf(agent, name);
    ObjectNode input = JsonNodeFactory.instance.objectNode();
    List<Block> blocks = new ArrayList<>();
    List<String> text = new ArrayList<>();
    SpecStoryCallBody.parse(body, blocks, text, input, !Set.of("Write", "Edit", "MultiEdit").contains(vocabulary));
    List<String> spans = new ArrayList<>();
    spans(summary, input, spans);
    text.forEach(l -> spans(l, input, spans));
    text.stream().map(l -> PATCHED.matcher(l.strip())).filter(Matcher::matches).findFirst()
        .ifPresent(m -> put(input, "file_path", m.group(1)));
    Block output = null;
    Block given = null;
    List<String> diffs = new ArrayList<>();
    for (Block block : blocks) {
      String label = block.label();
      if (label.equals("Parameters:") || label.equals("Additional data:")) {
        continue;
      }
      if (block.language().equals("diff")) {
        diffs.add(block.content());
      } else if (OUTPUT_LABELS.contains(label) || block.language().equals("text") || given != null
          || vocabulary.equals("Read") || vocabulary.equals("Bash") && !SHELLS.contains(block.language())) {
        output = block;
      } else {
        given = block;
      }
    }
    if (!diffs.isEmpty()) {
      input.put("diff", String.join("\n", diffs));
    }
    if (output == null) {
      output = text.stream().map(l -> INLINE_RESULT.matcher(l.strip())).filter(Matcher::matches).findFirst()
          .map(m -> new Block("", m.group(1), "Result:")).orElse(null);
    }
    if (vocabulary.equals("apply_patch")) {
      patch(body).ifPresent(patch -> put(input, "patch", patch));
    }
    fill(vocabulary, input, given, output, spans, text, summary);
    for (Map.Entry<Pattern, String> known : SUMMARIES) {
      Matcher m = known.getKey().matcher(summary);
      if (m.find()) {
        put(input, known.getValue(), m.group(1));
      }
    }
    String id = "md-" + line;
    ContentBlock.ToolUse use = ToolVocabulary.call(agent, id, name, input);
    Optional<ContentBlock.ToolResult> result = Optional.ofNullable(output).map(o -> new ContentBlock.ToolResult(id,
        o.content(), o.label().equals("**Error:**") || o.label().equals("Error:")
            || o.content().startsWith("<tool_use_error>")));
    return new Call(use, result, line);
  }

  /**
   * The code spans of a line that holds nothing else but the names of the fields they give ({@code `./path`},
   * {@code path `src` pattern `TODO`}): named ones into {@code input}, the others into {@code spans}. A sentence
   * with code in it gives nothing.
   */
  private static void spans(String line, ObjectNode input, List<String> spans) {
    if (!spansOnly(line)) {
      return;
    }
    Matcher span = CODE_SPAN.matcher(line);
    while (span.find()) {
      String name = span.group(1) == null ? "" : span.group(1);
      switch (name) {
        case "", "Path:" -> spans.add(span.group(2));
        case "Directory:" -> put(input, "dir_path", span.group(2));
        case "include", "in" -> put(input, "glob", span.group(2));
        default -> put(input, name, span.group(2));
      }
    }
  }

  /**
   * The patch a Codex {@code apply_patch} call applied, in Codex's own format ({@code *** Update File: PATH} and the
   * hunks), from SpecStory's rendering of it: a {@code **Update: `PATH`**} line before each file's diff.
   */
  private static Optional<String> patch(List<String> body) {
    StringBuilder patch = new StringBuilder();
    String fence = null;
    for (String line : body) {
      if (fence != null) {
        if (SpecStoryMarkdown.closes(line, fence)) {
          fence = null;
        } else {
          patch.append(line).append('\n');
        }
        continue;
      }
      Matcher file = PATCHED.matcher(line.strip());
      if (file.matches()) {
        String op = line.strip().substring(2).split("[ :]")[0];
        patch.append("*** ").append(switch (op) {
          case "Add", "Create" -> "Add";
          case "Delete" -> "Delete";
          default -> "Update";
        }).append(" File: ").append(file.group(1)).append('\n');
      } else {
        fence = SpecStoryMarkdown.fenceOpened(line).orElse(null);
      }
    }
    return patch.length() == 0 ? Optional.empty()
        : Optional.of("*** Begin Patch\n" + patch + "*** End Patch");
  }

  private static boolean spansOnly(String line) {
    return line.contains("`") && CODE_SPAN.matcher(line).replaceAll("").isBlank();
  }

  /** Puts what the call's parts say into the input fields its tool has in the vocabulary. */
  private static void fill(String tool, ObjectNode input, Block given, Block output, List<String> spans,
      List<String> text, String summary) {
    String first = spans.isEmpty() ? "" : spans.get(0);
    switch (tool) {
      case "Bash" -> put(input, "command", given != null ? given.content() : first);
      case "Read", "LS" -> put(input, tool.equals("Read") ? "file_path" : "path", first);
      case "Edit", "Write", "MultiEdit", "Delete", "NotebookEdit", "apply_patch" -> {
        Matcher edited = EDITED.matcher(output == null ? "" : output.content());
        put(input, "file_path", edited.find() ? edited.group(1) : first);
        if (given != null) {
          put(input, "content", given.content());
        }
      }
      case "Grep", "Glob" -> put(input, "pattern", first);
      case "WebSearch" -> put(input, "query", first);
      case "WebFetch" -> put(input, "url", first);
      case "TodoWrite" -> input.set("todos", todos(text));
      default -> { }
    }
    String description = text.stream().filter(l -> !spansOnly(l)).map(String::strip)
        .filter(l -> !l.isEmpty() && !l.startsWith("|") && !l.endsWith(":") && !INLINE_RESULT.matcher(l).matches()
            && !CHECKBOX.matcher(l).matches() && !l.startsWith("**Chunk") && !l.startsWith("Lines added"))
        .findFirst().orElse(spansOnly(summary) ? "" : summary);
    put(input, "description", description);
  }

  private static void put(ObjectNode input, String field, String value) {
    if (!input.hasNonNull(field) && value != null && !value.isBlank()) {
      input.put(field, value.strip());
    }
  }

  /** A task list's checkboxes as TodoWrite's items: [X] done, [⚡] or [-] under way, [ ] to do. */
  private static ArrayNode todos(List<String> text) {
    ArrayNode todos = JsonNodeFactory.instance.arrayNode();
    for (String line : text) {
      Matcher box = CHECKBOX.matcher(line);
      if (box.matches()) {
        String status = switch (box.group(1)) {
          case "X", "x", "✓" -> "completed";
          case "⚡", "-", "~" -> "in_progress";
          default -> "pending";
        };
        todos.addObject().put("content", box.group(2).strip()).put("status", status);
      }
    }
    return todos;
  }
}
