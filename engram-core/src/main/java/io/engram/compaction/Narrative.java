package io.engram.compaction;

import io.engram.tokens.TokenCounter;
import io.engram.transcript.ErrorFix;
import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Section 5 of the extractive summary: what the assistant reasoned around each fix, and a worklog of what
 * it said and ran.
 */
final class Narrative {
  private static final Pattern REASONING = Pattern.compile(
      "(?i)\\b(because|the (?:issue|problem|cause) (?:is|was)|root cause|fixed|the fix|turns out|instead)\\b");

  private Narrative() {}

  static String problemSolving(Conversation c, ExtractiveSummarizer.Detail d, int budget, TokenCounter tokens) {
    List<String> entries = new ArrayList<>();
    for (ErrorFix e : c.errors()) {
      if (e.fix().isEmpty()) {
        continue;
      }
      String reasoning = assistantTextBetween(c, e.errorIndex() + 1, e.fix().get().resultIndex());
      if (!reasoning.isBlank()) {
        entries.add("- First " + Calls.describe(e.call()) + " failed; then: " + Excerpts.shorten(reasoning, d.textChars()));
      }
    }
    for (TranscriptMessage m : c.messages()) {
      if (m.role() == Role.ASSISTANT) {
        for (String s : Calls.sentences(m.text())) {
          if (REASONING.matcher(s).find()) {
            entries.add("- " + Excerpts.shorten(s, d.textChars()));
          }
        }
      }
    }
    String solved = Excerpts.fit("What was worked out so far:", entries, budget, tokens);
    return solved.isBlank() ? "So far no problem needed troubleshooting beyond the steps in 3 and 4." : solved;
  }

  /**
   * What the assistant said and did, in order: each text shortened, each message's tool calls on one
   * line. When the budget is short the newest entries are kept.
   */
  static String worklog(Conversation c, ExtractiveSummarizer.Detail d, int budget, TokenCounter tokens) {
    java.util.Map<String, String> results = new java.util.HashMap<>();
    for (TranscriptMessage m : c.messages()) {
      m.toolResults().forEach(r -> results.put(r.toolUseId(), Excerpts.shorten(r.text(), 240).replaceAll("\\s+", " ")));
    }
    List<String> entries = new ArrayList<>();
    for (TranscriptMessage m : c.messages()) {
      if (m.role() != Role.ASSISTANT) {
        continue;
      }
      if (!m.text().isBlank()) {
        entries.add("- " + Excerpts.shorten(m.text(), d.textChars() * 3).replaceAll("\\s+", " "));
      }
      for (var use : m.toolUses()) {
        String result = results.getOrDefault(use.id(), "");
        entries.add("  - ran " + Calls.describe(use) + (result.isBlank() ? "" : " -> " + result));
      }
    }
    List<String> kept = new ArrayList<>();
    int used = 0;
    for (int i = entries.size() - 1; i >= 0; i--) {
      int cost = tokens.count(entries.get(i)) + 1;
      if (used + cost > budget) {
        break;
      }
      kept.add(0, entries.get(i));
      used += cost;
    }
    if (kept.isEmpty()) {
      return "";
    }
    String heading = kept.size() < entries.size()
        ? "Worklog, the latest " + kept.size() + " of " + entries.size() + " entries, first to last:"
        : "Worklog, first to last:";
    return heading + "\n" + String.join("\n", kept);
  }

  private static String assistantTextBetween(Conversation c, int from, int toInclusive) {
    List<String> texts = new ArrayList<>();
    for (int i = Math.max(0, from); i <= toInclusive && i < c.messages().size(); i++) {
      TranscriptMessage m = c.messages().get(i);
      if (m.role() == Role.ASSISTANT && !m.text().isBlank()) {
        texts.add(m.text().strip());
      }
    }
    return String.join(" ", texts).replaceAll("\\s+", " ");
  }
}
