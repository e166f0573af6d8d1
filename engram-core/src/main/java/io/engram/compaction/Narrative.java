package io.engram.compaction;

import io.engram.config.CompactionSettings;
import io.engram.tokens.TokenCounter;
import io.engram.transcript.CallOutcomes;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.FileActivity;
import io.engram.transcript.FileTouch;
import io.engram.transcript.Role;
import io.engram.transcript.ShellCommand;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.WorkItem;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Section 5 of the extractive summary: a short account of what was done and decided. One line per piece
 * of tracked work the session took on (its state, the files it changed, the checks that passed), or, in a
 * session that tracks nothing, one line per request of the user; then the assistant's sentences that say
 * what was decided and why. How much each line names and quotes is the {@code compaction.offline} group.
 */
final class Narrative {
  private static final Pattern DECISION = Pattern.compile(
      "(?i)\\b(instead of|rather than|decided|switch(?:ed)? to|because|the fix is|root cause"
          + "|the approach|trade-?off|so that|the right (?:way|place))\\b");
  private static final Pattern SENTENCE = Pattern.compile("(?<=[.!?])\\s+|\\n+");
  private static final Pattern RETRACTS = Pattern.compile("(?i)\\b(?:actually|i was wrong|that's wrong|that is wrong"
      + "|not the (?:root )?cause|correction|scratch that|on second thought|turns out|i misread|i was mistaken"
      + "|was incorrect|not actually|wrong about)\\b");
  private static final Pattern CONCLUSION = Pattern.compile(
      "(?i)\\b(?:root cause|the fix is|bottom line|in short|the conclusion|the real (?:issue|problem|cause))\\b");
  // A sentence shorter than 20 characters ("That works.") states no decision.
  private static final int MIN_SENTENCE_CHARS = 20;

  private Narrative() {}

  /** The account of the work, one line per piece of work, within {@code budget} tokens (the newest kept). */
  static String account(Conversation c, int budget, TokenCounter tokens, CompactionSettings.Offline limits) {
    List<String> entries = new ArrayList<>();
    List<WorkItem> started = c.state().work().items().stream()
        .filter(w -> w.startedIndex().isPresent() && w.source() != WorkItem.Source.REQUEST)
        .sorted(java.util.Comparator.comparingInt(w -> w.startedIndex().get())).toList();
    if (!started.isEmpty()) {
      // Items started together (an epic and its first tasks) share one line.
      Map<Integer, List<WorkItem>> byStart = new java.util.TreeMap<>();
      started.forEach(w -> byStart.computeIfAbsent(w.startedIndex().get(), k -> new ArrayList<>()).add(w));
      List<Integer> starts = new ArrayList<>(byStart.keySet());
      for (int i = 0; i < starts.size(); i++) {
        int from = starts.get(i);
        int to = i + 1 < starts.size() ? starts.get(i + 1) - 1 : c.messages().size() - 1;
        List<String> names = byStart.get(from).stream().map(w -> NextStep.ref(w) + ", " + w.state().label()).toList();
        entries.add("- " + String.join("; ", names) + ": " + work(c, from, to, limits.accountFiles()));
      }
    } else {
      List<Integer> requests = new ArrayList<>();
      for (int i = 0; i < c.messages().size(); i++) {
        if (c.messages().get(i).isHumanInput() && !io.engram.transcript.OpenWork.requestText(c.messages().get(i)).isEmpty()) {
          requests.add(i);
        }
      }
      for (int r = 0; r < requests.size(); r++) {
        int from = requests.get(r);
        int to = r + 1 < requests.size() ? requests.get(r + 1) - 1 : c.messages().size() - 1;
        String asked = Excerpts.shorten(io.engram.transcript.OpenWork.requestText(c.messages().get(from))
            .replaceAll("\\s+", " "), limits.accountRequestChars());
        entries.add("- After \"" + asked + "\": " + work(c, from, to, limits.accountFiles()));
      }
    }
    return newest("What was done, in order:", entries, budget, tokens);
  }

  /**
   * The assistant's sentences that say what it decided and why, within {@code budget} tokens (newest kept). A
   * later word wins: a sentence that takes something back ("actually", "I was wrong", "not the cause") drops the
   * earlier ones it shares words with, and of several conclusions of one kind ("the root cause is", "the fix is",
   * "bottom line") only the last stands.
   */
  static String decisions(Conversation c, int budget, TokenCounter tokens, CompactionSettings.Offline limits) {
    Map<String, String> kept = new LinkedHashMap<>();
    for (TranscriptMessage m : c.part()) {
      if (m.role() != Role.ASSISTANT) {
        continue;
      }
      for (String s : SENTENCE.split(m.text())) {
        String t = s.strip().replaceAll("\\s+", " ");
        if (t.length() < MIN_SENTENCE_CHARS || t.endsWith(":")) {
          continue;
        }
        if (RETRACTS.matcher(t).find()) {
          Set<String> words = new HashSet<>(KeyMatcher.contentWords(t));
          kept.values().removeIf(d -> KeyMatcher.contentWords(d).stream().distinct().filter(words::contains)
              .count() >= 2);
        }
        Matcher conclusion = CONCLUSION.matcher(t);
        String kind = conclusion.find() ? conclusion.group().toLowerCase(Locale.ROOT) : "";
        if (!kind.isEmpty()) {
          kept.values().removeIf(d -> d.toLowerCase(Locale.ROOT).contains(kind));
        }
        if (DECISION.matcher(t).find() && !RETRACTS.matcher(t).lookingAt()) {
          String line = "- " + Excerpts.shorten(t, limits.decisionChars());
          kept.remove(line);
          kept.put(line, t);
        }
      }
    }
    return newest("Decisions and reasons the assistant gave (later ones win):", new ArrayList<>(kept.keySet()),
        budget, tokens);
  }

  // What happened in messages from..to: the files changed (at most filesNamed), the checks that passed.
  private static String work(Conversation c, int from, int to, int filesNamed) {
    List<String> parts = new ArrayList<>();
    Set<String> changed = new LinkedHashSet<>();
    for (FileActivity f : c.files()) {
      for (FileTouch t : f.touches()) {
        if (t.operation() != io.engram.transcript.FileOperation.READ && t.messageIndex() >= from && t.messageIndex() <= to) {
          changed.add(FileTypes.baseName(f.path()));
        }
      }
    }
    if (!changed.isEmpty()) {
      List<String> named = new ArrayList<>(changed).subList(0, Math.min(filesNamed, changed.size()));
      parts.add("changed " + String.join(", ", named)
          + (changed.size() > named.size() ? " and " + (changed.size() - named.size()) + " more files" : ""));
    }
    Set<String> passed = new LinkedHashSet<>();
    Set<String> failed = new LinkedHashSet<>();
    // A result may come after the window's end (a prompt queued in between): the calls look it up anywhere.
    for (TranscriptMessage m : c.messages().subList(from, Math.min(c.messages().size(), to + 1))) {
      for (ContentBlock.ToolUse use : m.toolUses()) {
        if (!use.name().equals("Bash") || c.calls().result(use).isEmpty()) {
          continue;
        }
        boolean ok = !c.calls().failed(use);
        for (ShellCommand sc : c.calls().commands(use)) {
          var kind = io.engram.transcript.CommandKind.of(sc);
          if (kind != io.engram.transcript.CommandKind.LOOK && kind != io.engram.transcript.CommandKind.OTHER) {
            (ok ? passed : failed).add(sc.label());
          }
        }
      }
    }
    failed.removeAll(passed);
    if (!passed.isEmpty()) {
      parts.add("ran " + String.join(", ", passed) + " successfully");
    }
    if (!failed.isEmpty()) {
      parts.add(String.join(", ", failed) + " failed");
    }
    return parts.isEmpty() ? "no file changed." : String.join("; ", parts) + ".";
  }

  private static String newest(String heading, List<String> entries, int budget, TokenCounter tokens) {
    List<String> kept = new ArrayList<>();
    int used = tokens.count(heading);
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
    String head = kept.size() < entries.size()
        ? heading.replace(":", "") + " (the latest " + kept.size() + " of " + entries.size() + "):" : heading;
    return head + "\n" + String.join("\n", kept);
  }
}
