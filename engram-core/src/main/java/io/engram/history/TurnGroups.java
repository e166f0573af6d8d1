package io.engram.history;

import io.engram.redact.SecretRedactor;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Groups a session's main-line messages into {@link PastTurn}s: each prompt the person typed is a turn, and so
 * is each thing the agent said with the tool calls that followed it until it said something else or the next
 * prompt came (tool results, harness text, compaction summaries and thinking are left out), so a link points
 * near what was said. Lines are made absolute by {@code firstLine - 1}, as a transcript
 * read from an offset numbers its lines from 1.
 */
final class TurnGroups {
  /** File-naming fields of the common tools' inputs. */
  private static final List<String> FILE_FIELDS = List.of("file_path", "path", "notebook_path");

  private TurnGroups() {}

  /** Turns of {@code messages}, each with the line of its first message, as the lines begin at {@code firstLine}. */
  static List<PastTurn> of(String sessionId, String transcript, List<TranscriptMessage> messages, int firstLine) {
    List<PastTurn> turns = new ArrayList<>();
    Group open = null;
    for (TranscriptMessage m : messages) {
      if (m.isSidechain() || m.isMeta() || m.isCompactSummary()) {
        continue;
      }
      boolean human = m.isHumanInput();
      boolean agent = m.role() == Role.ASSISTANT;
      if (!human && !agent) {
        continue;
      }
      boolean speaks = agent && !m.text().isBlank();
      if (human || open == null || !open.role.equals("assistant") || (speaks && open.text.length() > 0)) {
        if (open != null) {
          open.turn(sessionId, transcript).ifPresent(turns::add);
        }
        open = new Group(human ? "user" : "assistant", m, firstLine - 1);
      }
      open.add(m);
    }
    if (open != null) {
      open.turn(sessionId, transcript).ifPresent(turns::add);
    }
    return turns;
  }

  /** The messages of one turn as they are read. */
  private static final class Group {
    final String role;
    final TranscriptMessage first;
    final int lineBase;
    final StringBuilder text = new StringBuilder();
    final Set<String> tools = new LinkedHashSet<>();
    final Set<String> files = new LinkedHashSet<>();

    Group(String role, TranscriptMessage first, int lineBase) {
      this.role = role;
      this.first = first;
      this.lineBase = lineBase;
    }

    void add(TranscriptMessage m) {
      String said = m.text().strip();
      if (!said.isEmpty()) {
        text.append(text.length() == 0 ? "" : "\n\n").append(said);
      }
      for (ContentBlock.ToolUse use : m.toolUses()) {
        tools.add(use.name());
        for (String field : FILE_FIELDS) {
          String value = use.inputText(field);
          if (!value.isBlank()) {
            files.add(value);
          }
        }
      }
    }

    Optional<PastTurn> turn(String sessionId, String transcript) {
      if (text.length() == 0 && tools.isEmpty()) {
        return Optional.empty();
      }
      int line = Math.max(1, lineBase + Math.max(1, first.lineNumber()));
      // What the history keeps is written to disk and shown: secrets said in the session never are.
      SecretRedactor redactor = SecretRedactor.standard();
      List<String> namedFiles = files.stream().map(f -> redactor.redact(f).text()).toList();
      return Optional.of(new PastTurn(sessionId, role, redactor.redact(text.toString()).text(), List.copyOf(tools),
          namedFiles, first.timestamp(), transcript, line, first.uuid()));
    }
  }
}
