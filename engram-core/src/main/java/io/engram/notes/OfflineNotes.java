package io.engram.notes;

import io.engram.config.NotesSettings;
import io.engram.extract.TranscriptTurn;
import io.engram.extract.TranscriptTurns;
import io.engram.redact.SecretRedactor;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.Role;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The offline notes engine: structured extraction from the transcript, no model.
 *
 * <p>The three state sections come from a {@link NotesLedger} of the messages up to the update point (they
 * describe the session now): Current State from the latest request, the last reply and the open todos;
 * Files and Functions from {@link io.engram.transcript.FileActivity} and the symbols defined in edited text;
 * Errors &amp; Corrections from {@link io.engram.transcript.ErrorFix} and the user's corrections. A pass
 * that reads only new messages carries the ledger over from the last one. The worklog is incremental: one
 * entry per turn since the last update is appended.
 */
final class OfflineNotes {
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneOffset.UTC);
  private static final Pattern TELLING = Pattern.compile(
      "(?i)error|fail|exception|cannot|can't|not found|undefined|denied|refused|invalid|expected");

  private final TranscriptTurns turns;
  private final NotesSettings.Offline limits;

  /** An engine splitting turns with {@code turns}, whose lists and quotes are as long as {@code limits} say. */
  OfflineNotes(TranscriptTurns turns, NotesSettings.Offline limits) {
    this.turns = turns;
    this.limits = limits;
  }

  SessionNotes update(SessionNotes previous, Transcript transcript, int from, int to) {
    return update(previous, NotesLedger.EMPTY.plus(transcript.messages().subList(0, to), limits),
        entries(transcript, from, to));
  }

  /** {@code ledger} after the main-line messages {@code fresh}. */
  NotesLedger plus(NotesLedger ledger, List<TranscriptMessage> fresh) {
    return ledger.plus(fresh, limits);
  }

  /** The notes whose state sections are {@code ledger}'s, with {@code entries} after {@code previous}'s worklog. */
  SessionNotes update(SessionNotes previous, NotesLedger ledger, List<String> entries) {
    SessionNotes notes = new SessionNotes(ledger.currentState(), ledger.filesSection(limits),
        ledger.errorsSection(limits), previous.worklog());
    for (String entry : entries) {
      notes = notes.plusWorklogEntry(entry);
    }
    return notes;
  }

  /**
   * The worklog entries of the turns of {@code window}'s messages {@code [from, to)}, each with the session-wide
   * index of its first message ({@code base} messages came before the window); redacted, as they are kept.
   */
  List<NotesProgress.PendingEntry> pendingEntries(Transcript window, int from, int to, int base) {
    List<NotesProgress.PendingEntry> entries = new ArrayList<>();
    for (TranscriptTurn turn : turns.split(window, from, to)) {
      String entry = worklogEntry(turn);
      if (!entry.isEmpty()) {
        entries.add(new NotesProgress.PendingEntry(base + turn.startIndex(),
            SecretRedactor.standard().redact(entry).text()));
      }
    }
    return entries;
  }

  /** One worklog entry per turn of the messages {@code [from, to)} that did something. */
  List<String> entries(Transcript transcript, int from, int to) {
    List<String> entries = new ArrayList<>();
    for (TranscriptTurn turn : turns.split(transcript, from, to)) {
      String entry = worklogEntry(turn);
      if (!entry.isEmpty()) {
        entries.add(entry);
      }
    }
    return entries;
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
    sb.append(turn.humanInput() ? "Request: " + clip(oneLine(TranscriptTurns.humanText(first)), limits.worklogRequestChars()) : "(continued)");
    if (!tools.isEmpty()) {
      List<String> parts = new ArrayList<>();
      tools.forEach((name, n) -> parts.add(n > 1 ? name + " x" + n : name));
      sb.append(" | tools: ").append(String.join(", ", parts));
    }
    if (!reply.isEmpty()) {
      sb.append(" | result: ").append(clip(oneLine(reply), limits.worklogResultChars()));
    }
    return sb.toString();
  }

  static String callLabel(ContentBlock.ToolUse call, NotesSettings.Offline limits) {
    for (String field : List.of("file_path", "command", "pattern", "url")) {
      String v = call.inputText(field);
      if (!v.isEmpty()) {
        return "`" + call.name() + " " + clip(oneLine(v), limits.callChars()) + "`";
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

  /** {@code text} redacted, then on one line ({@link SecretRedactor#oneLine}). */
  static String oneLine(String text) {
    return SecretRedactor.standard().oneLine(text);
  }

  /** {@code text} at most {@code max} code points long, redacted before it is cut (a cut secret is no longer found). */
  static String clip(String text, int max) {
    String t = SecretRedactor.standard().head(text, max).strip();
    if (t.codePointCount(0, t.length()) <= max) {
      return t;
    }
    return t.substring(0, t.offsetByCodePoints(0, max)) + "…";
  }
}
