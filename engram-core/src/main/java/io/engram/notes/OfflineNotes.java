package io.engram.notes;

import io.engram.extract.TranscriptTurn;
import io.engram.extract.TranscriptTurns;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.ErrorFix;
import io.engram.transcript.FileActivity;
import io.engram.transcript.Role;
import io.engram.transcript.TodoList;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The offline notes engine: structured extraction from the transcript, no model.
 *
 * <p>The three state sections are rebuilt from the transcript's views up to the update point (they
 * describe the session now, and the transcript still holds all of it): Current State from the latest
 * request, the last reply and the open todos; Files and Functions from {@link FileActivity} and the
 * symbols defined in edited text; Errors &amp; Corrections from {@link ErrorFix} and the user's
 * corrections. The worklog is incremental: one entry per turn since the last update is appended.
 */
final class OfflineNotes {
  static final int MAX_FILES = 30;
  static final int MAX_SYMBOLS_PER_FILE = 8;
  static final int MAX_ERRORS = 15;
  static final int MAX_CORRECTIONS = 10;

  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneOffset.UTC);
  private static final Pattern CORRECTION = Pattern.compile(
      "(?i)^(?:no\\b|nope\\b|don't\\b|do not\\b|stop\\b|actually\\b|wrong\\b|that's not\\b|not that\\b"
          + "|instead\\b)|\\binstead of\\b|\\bshould(?:n't| not)\\b|不要|别|不对|错了|不是这样");

  private static final Pattern TELLING = Pattern.compile(
      "(?i)error|fail|exception|cannot|can't|not found|undefined|denied|refused|invalid|expected");

  private final TranscriptTurns turns;

  OfflineNotes(TranscriptTurns turns) {
    this.turns = turns;
  }

  SessionNotes update(SessionNotes previous, Transcript transcript, int from, int to) {
    List<TranscriptMessage> upTo = transcript.messages().subList(0, to).stream()
        .filter(m -> !m.isSidechain()).toList();
    SessionNotes notes = new SessionNotes(currentState(upTo), files(upTo), errors(upTo), previous.worklog());
    for (TranscriptTurn turn : turns.split(transcript, from, to)) {
      String entry = worklogEntry(turn);
      if (!entry.isEmpty()) {
        notes = notes.plusWorklogEntry(entry);
      }
    }
    return notes;
  }

  static String currentState(List<TranscriptMessage> messages) {
    StringBuilder sb = new StringBuilder();
    int request = -1;
    for (int i = messages.size() - 1; i >= 0 && request < 0; i--) {
      if (TranscriptTurns.isHumanText(messages.get(i))) {
        request = i;
      }
    }
    if (request >= 0) {
      TranscriptMessage m = messages.get(request);
      sb.append("Latest request").append(m.timestamp().map(t -> " (" + TIME.format(t) + ")").orElse(""))
          .append(": ").append(clip(TranscriptTurns.humanText(m), 1200)).append('\n');
    }
    for (int i = messages.size() - 1; i > request; i--) {
      TranscriptMessage m = messages.get(i);
      if (m.role() == Role.ASSISTANT && !m.text().isBlank()) {
        sb.append("Last reply: ").append(clip(m.text(), 800)).append('\n');
        break;
      }
    }
    List<TodoList.Todo> open = TodoList.latest(messages).open();
    if (!open.isEmpty()) {
      sb.append("Open todos:\n");
      open.forEach(t -> sb.append("- [").append(t.status()).append("] ").append(oneLine(t.content())).append('\n'));
    }
    return sb.toString();
  }

  static String files(List<TranscriptMessage> messages) {
    Map<String, Set<String>> symbols = symbolsByFile(messages);
    StringBuilder sb = new StringBuilder();
    List<FileActivity> all = FileActivity.of(messages);
    for (FileActivity f : all.subList(0, Math.min(MAX_FILES, all.size()))) {
      sb.append("- `").append(f.path()).append("`: ").append(counts(f));
      Set<String> named = symbols.getOrDefault(f.path(), Set.of());
      if (!named.isEmpty()) {
        sb.append("; symbols: ").append(String.join(", ", named.stream().limit(MAX_SYMBOLS_PER_FILE).toList()));
      }
      sb.append('\n');
    }
    if (all.size() > MAX_FILES) {
      sb.append("- (").append(all.size() - MAX_FILES).append(" older files not listed)\n");
    }
    return sb.toString();
  }

  static String errors(List<TranscriptMessage> messages) {
    StringBuilder sb = new StringBuilder();
    Map<String, Integer> lines = new LinkedHashMap<>();
    for (ErrorFix e : ErrorFix.of(messages)) {
      String line = callLabel(e.call()) + " failed: " + clip(errorLine(e.error()), 200)
          + e.fix().map(f -> " -> fixed by " + callLabel(f.call())).orElse(" (unresolved)");
      lines.merge(line, 1, Integer::sum);
    }
    List<Map.Entry<String, Integer>> entries = new ArrayList<>(lines.entrySet());
    for (Map.Entry<String, Integer> e : entries.subList(Math.max(0, entries.size() - MAX_ERRORS), entries.size())) {
      sb.append("- ").append(e.getKey()).append(e.getValue() > 1 ? " (" + e.getValue() + " times)" : "").append('\n');
    }
    List<String> corrections = new ArrayList<>();
    for (TranscriptMessage m : messages) {
      if (TranscriptTurns.isHumanText(m)) {
        String text = TranscriptTurns.humanText(m).strip();
        if (CORRECTION.matcher(text).find()) {
          corrections.add(clip(oneLine(text), 300));
        }
      }
    }
    for (String c : corrections.subList(Math.max(0, corrections.size() - MAX_CORRECTIONS), corrections.size())) {
      sb.append("- User correction: ").append(c).append('\n');
    }
    return sb.toString();
  }

  String worklogEntry(TranscriptTurn turn) {
    Map<String, Integer> tools = new LinkedHashMap<>();
    String reply = "";
    for (TranscriptMessage m : turn.messages()) {
      m.toolUses().forEach(u -> tools.merge(u.name(), 1, Integer::sum));
      if (m.role() == Role.ASSISTANT && !m.text().isBlank()) {
        reply = m.text();
      }
    }
    if (!turn.humanInput() && tools.isEmpty() && reply.isEmpty()) {
      return "";
    }
    TranscriptMessage first = turn.messages().isEmpty() ? null : turn.messages().get(0);
    StringBuilder sb = new StringBuilder();
    if (first != null && first.timestamp().isPresent()) {
      sb.append(TIME.format(first.timestamp().get())).append(' ');
    }
    sb.append(turn.humanInput() ? "Request: " + clip(oneLine(TranscriptTurns.humanText(first)), 160) : "(continued)");
    if (!tools.isEmpty()) {
      List<String> parts = new ArrayList<>();
      tools.forEach((name, n) -> parts.add(n > 1 ? name + " x" + n : name));
      sb.append(" | tools: ").append(String.join(", ", parts));
    }
    if (!reply.isEmpty()) {
      sb.append(" | result: ").append(clip(oneLine(reply), 200));
    }
    return sb.toString();
  }

  private static Map<String, Set<String>> symbolsByFile(List<TranscriptMessage> messages) {
    Map<String, Set<String>> out = new LinkedHashMap<>();
    for (TranscriptMessage m : messages) {
      for (ContentBlock.ToolUse use : m.toolUses()) {
        String path = use.inputText("file_path");
        if (path.isEmpty()) {
          continue;
        }
        StringBuilder text = new StringBuilder(use.inputText("new_string")).append('\n')
            .append(use.inputText("content"));
        use.input().path("edits").forEach(e -> text.append('\n').append(e.path("new_string").asText("")));
        out.computeIfAbsent(path, p -> new LinkedHashSet<>()).addAll(DefinedSymbols.in(text.toString()));
      }
    }
    return out;
  }

  private static String counts(FileActivity f) {
    List<String> parts = new ArrayList<>();
    if (f.reads() > 0) {
      parts.add("read " + f.reads() + "x");
    }
    if (f.writes() > 0) {
      parts.add("written " + f.writes() + "x");
    }
    if (f.edits() > 0) {
      parts.add("edited " + f.edits() + "x");
    }
    return String.join(", ", parts) + ", last " + f.lastOperation().name().toLowerCase();
  }

  private static String callLabel(ContentBlock.ToolUse call) {
    for (String field : List.of("file_path", "command", "pattern", "url")) {
      String v = call.inputText(field);
      if (!v.isEmpty()) {
        return "`" + call.name() + " " + clip(oneLine(v), 80) + "`";
      }
    }
    return "`" + call.name() + "`";
  }

  /** The most telling line of an error: the first naming an error or failure, else the first line. */
  static String errorLine(String text) {
    List<String> lines = text.strip().lines().map(String::strip).filter(l -> !l.isBlank()).toList();
    return lines.stream().filter(l -> TELLING.matcher(l).find() && !l.startsWith("Exit code")).findFirst()
        .map(l -> lines.get(0).startsWith("Exit code") ? lines.get(0) + ": " + l : l)
        .orElse(lines.isEmpty() ? "" : lines.get(0));
  }

  static String oneLine(String text) {
    return text.strip().replaceAll("\\s+", " ");
  }

  static String clip(String text, int max) {
    String t = text.strip();
    if (t.codePointCount(0, t.length()) <= max) {
      return t;
    }
    return t.substring(0, t.offsetByCodePoints(0, max)) + "…";
  }
}
