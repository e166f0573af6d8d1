package io.engram.notes;

import io.engram.config.NotesSettings;
import io.engram.extract.TranscriptTurns;
import io.engram.redact.SecretRedactor;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.ErrorFix;
import io.engram.transcript.FileActivity;
import io.engram.transcript.FileOperation;
import io.engram.transcript.Role;
import io.engram.transcript.TodoList;
import io.engram.transcript.TranscriptMessage;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What the offline notes engine has gathered from the messages read so far, kept between passes so that a
 * pass reads only new messages: the latest request and reply, the open todos, every file touched (with its
 * counts and the names it defines), the errors and the user's corrections. Each list is bounded (the oldest
 * go first), and every text is redacted as it comes in, since the ledger is kept on disk.
 *
 * @param request the latest request as the notes show it ("" before any)
 * @param reply the last reply after it ("" when none)
 * @param todos the open todos of the last TodoWrite, one rendered line each
 * @param files the files touched, most recently touched first
 * @param errors each distinct error line with how often it came, in the order first seen
 * @param corrections the user's latest corrections, oldest first
 */
record NotesLedger(String request, String reply, List<String> todos, List<FileNote> files, List<ErrorNote> errors,
    List<String> corrections) {
  // Not a setting: the files the ledger remembers beyond those the notes list (notes.offline.files), so that a file
  // touched again keeps its counts; it bounds the progress file, not the notes.
  static final int FILES_KEPT = 200;
  // Not a setting either: the errors remembered beyond those listed (notes.offline.errors), for their counts.
  static final int ERRORS_KEPT = 50;

  static final NotesLedger EMPTY = new NotesLedger("", "", List.of(), List.of(), List.of(), List.of());

  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneOffset.UTC);
  private static final Pattern CORRECTION = Pattern.compile(
      "(?i)^(?:no\\b|nope\\b|don't\\b|do not\\b|stop\\b|actually\\b|wrong\\b|that's not\\b|not that\\b"
          + "|instead\\b)|\\binstead of\\b|\\bshould(?:n't| not)\\b|不要|别|不对|错了|不是这样");

  /**
   * A file as the notes list it.
   *
   * @param path the file
   * @param reads how often it was read
   * @param writes how often written whole
   * @param edits how often edited
   * @param lastOperation its last operation's name
   * @param symbols the first names its written text defines
   */
  record FileNote(String path, int reads, int writes, int edits, String lastOperation, List<String> symbols) {
    FileNote {
      symbols = List.copyOf(symbols);
    }
  }

  /**
   * An error line and how often it came.
   *
   * @param line the rendered line
   * @param times how often
   */
  record ErrorNote(String line, int times) {}

  NotesLedger {
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(reply, "reply");
    todos = List.copyOf(todos);
    files = List.copyOf(files);
    errors = List.copyOf(errors);
    corrections = List.copyOf(corrections);
  }

  /** This ledger after the main-line messages {@code fresh}, which follow those it has seen, within {@code limits}. */
  NotesLedger plus(List<TranscriptMessage> fresh, NotesSettings.Offline limits) {
    List<TranscriptMessage> messages = fresh.stream().filter(m -> !m.isSidechain()).toList();
    if (messages.isEmpty()) {
      return this;
    }
    return new NotesLedger(latestRequest(messages, limits), lastReply(messages, limits), todos(messages),
        files(messages, limits), errors(messages, limits), corrections(messages, limits));
  }

  private String latestRequest(List<TranscriptMessage> messages, NotesSettings.Offline limits) {
    int at = lastRequestIndex(messages);
    if (at < 0) {
      return request;
    }
    TranscriptMessage m = messages.get(at);
    return redacted("Latest request" + m.timestamp().map(t -> " (" + TIME.format(t) + ")").orElse("") + ": "
        + OfflineNotes.clip(TranscriptTurns.humanText(m), limits.requestChars()));
  }

  private String lastReply(List<TranscriptMessage> messages, NotesSettings.Offline limits) {
    int request = lastRequestIndex(messages);
    for (int i = messages.size() - 1; i > request; i--) {
      TranscriptMessage m = messages.get(i);
      if (m.role() == Role.ASSISTANT && !m.text().isBlank()) {
        return redacted(OfflineNotes.clip(m.text(), limits.replyChars()));
      }
    }
    return request >= 0 ? "" : reply;
  }

  private static int lastRequestIndex(List<TranscriptMessage> messages) {
    for (int i = messages.size() - 1; i >= 0; i--) {
      if (TranscriptTurns.isHumanText(messages.get(i))) {
        return i;
      }
    }
    return -1;
  }

  private List<String> todos(List<TranscriptMessage> messages) {
    boolean written = messages.stream().anyMatch(m -> m.toolUses().stream().anyMatch(u -> u.name().equals("TodoWrite")));
    if (!written) {
      return todos;
    }
    return TodoList.latest(messages).open().stream()
        .map(t -> redacted("- [" + t.status() + "] " + OfflineNotes.oneLine(t.content()))).toList();
  }

  private List<FileNote> files(List<TranscriptMessage> messages, NotesSettings.Offline limits) {
    Map<String, Set<String>> symbols = symbolsByFile(messages);
    Map<String, FileNote> byPath = new LinkedHashMap<>();
    List<FileActivity> touched = FileActivity.of(messages);
    Map<String, FileNote> older = new LinkedHashMap<>();
    files.forEach(f -> older.put(f.path(), f));
    for (FileActivity f : touched) {
      String path = redacted(f.path());
      FileNote before = older.remove(path);
      Set<String> names = new LinkedHashSet<>(before == null ? List.of() : before.symbols());
      names.addAll(symbols.getOrDefault(f.path(), Set.of()));
      byPath.put(path, new FileNote(path, f.reads() + (before == null ? 0 : before.reads()),
          f.writes() + (before == null ? 0 : before.writes()), f.edits() + (before == null ? 0 : before.edits()),
          f.lastOperation().name(), names.stream().limit(limits.symbolsPerFile()).toList()));
    }
    // A directory removed now removes the files under it that were touched before.
    List<String> removed = touched.stream().filter(f -> f.lastOperation() == FileOperation.DELETE)
        .map(f -> redacted(f.path()) + "/").toList();
    for (FileNote f : older.values()) {
      boolean gone = removed.stream().anyMatch(f.path()::startsWith);
      byPath.put(f.path(), gone ? new FileNote(f.path(), f.reads(), f.writes(), f.edits(), FileOperation.DELETE.name(),
          f.symbols()) : f);
    }
    List<FileNote> all = new ArrayList<>(byPath.values());
    return all.subList(0, Math.min(FILES_KEPT, all.size()));
  }

  private List<ErrorNote> errors(List<TranscriptMessage> messages, NotesSettings.Offline limits) {
    Map<String, Integer> lines = new LinkedHashMap<>();
    errors.forEach(e -> lines.put(e.line(), e.times()));
    for (ErrorFix e : ErrorFix.of(messages)) {
      String line = OfflineNotes.callLabel(e.call(), limits) + " failed: "
          + OfflineNotes.clip(OfflineNotes.errorLine(e.error()), limits.errorChars())
          + e.fix().map(f -> " -> fixed by " + OfflineNotes.callLabel(f.call(), limits)).orElse(" (unresolved)");
      lines.merge(redacted(line), 1, Integer::sum);
    }
    List<ErrorNote> all = new ArrayList<>();
    lines.forEach((line, times) -> all.add(new ErrorNote(line, times)));
    return all.subList(Math.max(0, all.size() - ERRORS_KEPT), all.size());
  }

  private List<String> corrections(List<TranscriptMessage> messages, NotesSettings.Offline limits) {
    List<String> all = new ArrayList<>(corrections);
    for (TranscriptMessage m : messages) {
      if (TranscriptTurns.isHumanText(m)) {
        String text = TranscriptTurns.humanText(m).strip();
        if (CORRECTION.matcher(text).find()) {
          all.add(redacted(OfflineNotes.clip(OfflineNotes.oneLine(text), limits.correctionChars())));
        }
      }
    }
    return all.subList(Math.max(0, all.size() - limits.corrections()), all.size());
  }

  /** The Current State section. */
  String currentState() {
    StringBuilder sb = new StringBuilder();
    if (!request.isEmpty()) {
      sb.append(request).append('\n');
    }
    if (!reply.isEmpty()) {
      sb.append("Last reply: ").append(reply).append('\n');
    }
    if (!todos.isEmpty()) {
      sb.append("Open todos:\n");
      todos.forEach(t -> sb.append(t).append('\n'));
    }
    return sb.toString();
  }

  /** The Files and Functions section. */
  String filesSection(NotesSettings.Offline limits) {
    StringBuilder sb = new StringBuilder();
    for (FileNote f : files.subList(0, Math.min(limits.files(), files.size()))) {
      sb.append("- `").append(f.path()).append("`: ").append(counts(f));
      if (!f.symbols().isEmpty()) {
        sb.append("; symbols: ").append(String.join(", ", f.symbols()));
      }
      sb.append('\n');
    }
    if (files.size() > limits.files()) {
      sb.append("- (").append(files.size() - limits.files()).append(" older files not listed)\n");
    }
    return sb.toString();
  }

  /** The Errors and Corrections section. */
  String errorsSection(NotesSettings.Offline limits) {
    StringBuilder sb = new StringBuilder();
    for (ErrorNote e : errors.subList(Math.max(0, errors.size() - limits.errors()), errors.size())) {
      sb.append("- ").append(e.line()).append(e.times() > 1 ? " (" + e.times() + " times)" : "").append('\n');
    }
    corrections.forEach(c -> sb.append("- User correction: ").append(c).append('\n'));
    return sb.toString();
  }

  private static String counts(FileNote f) {
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
    return String.join(", ", parts) + ", last " + f.lastOperation().toLowerCase(java.util.Locale.ROOT);
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

  private static String redacted(String text) {
    return SecretRedactor.standard().redact(text).text();
  }
}
