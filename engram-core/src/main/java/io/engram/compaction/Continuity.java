package io.engram.compaction;

import io.engram.transcript.CallOutcomes;
import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.WorkItem;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What a summary must say for the work to go on, and how CC, the continuity part of the score, checks it:
 * by content, never by template words. Pending Tasks must name the open work (40 points, by the share it
 * names), Current Work the task at the cut (30), and the next step's first sentence the next unfinished
 * action (30), which a quote of something already done is not. A section earns its points only when it
 * holds a statement ({@link Prose}); for the next step the statement may run on past the first sentence in
 * its line, since an imperative ("Continue with gqc.6.") is short of the function words of prose. With
 * nothing open, nothing in progress or no action pending, a section that says so in a statement earns them.
 *
 * @param open how each open piece of work is named: its id, else its title
 * @param current how the task at the cut is named, if there is one
 * @param next the words that name the next action (any one will do)
 * @param done the assistant's stated intents that were carried out (what a stale next step quotes)
 */
record Continuity(List<String> open, Optional<String> current, List<String> next, List<String> done) {
  private static final Pattern SENTENCE = Pattern.compile("(?<=[.!?])\\s+(?=[A-Z(`*\"])|\\n");
  private static final double STALE_SHARE = 0.7;
  private static final int RECENT_INTENTS = 12;

  Continuity {
    open = List.copyOf(open);
    next = List.copyOf(next);
    done = List.copyOf(done);
  }

  /** No expectation: a section earns its points by holding a statement. */
  static Continuity none() {
    return new Continuity(List.of(), Optional.empty(), List.of(), List.of());
  }

  /** What the state of {@code c} asks of a summary. */
  static Continuity of(Conversation c) {
    WorkState s = c.state();
    // The user's request stands over the tracked work it asked for: with tracked work open, naming that is enough.
    boolean tracked = s.open().stream().anyMatch(w -> w.source() != WorkItem.Source.REQUEST);
    // Nor need an epic be named when its open children are.
    List<WorkItem> items = s.open();
    List<String> open = items.stream().filter(w -> !tracked || w.source() != WorkItem.Source.REQUEST)
        .filter(w -> w.id().isEmpty() || items.stream().noneMatch(o -> o.id().startsWith(w.id() + ".")))
        .map(NextStep::name).toList();
    Optional<String> current = s.current().map(NextStep::name);
    return new Continuity(open, current, s.nextTerms(), carriedOut(c.messages(), c.calls()));
  }

  /** The three parts, each 0 to its weight, and what a summary missed. */
  record Result(double pending, double current, double next, List<String> missing) {
    double total() {
      return pending + current + next;
    }
  }

  Result score(SummarySections summary) {
    List<String> missing = new ArrayList<>();
    String pendingText = summary.get(SummarySection.PENDING_TASKS).orElse("");
    double pending = 0;
    if (Prose.says(pendingText)) {
      if (open.isEmpty()) {
        pending = 40;
      } else {
        long named = open.stream().filter(o -> names(pendingText, o)).count();
        pending = 40.0 * named / open.size();
        open.stream().filter(o -> !names(pendingText, o)).forEach(o -> missing.add("the open work " + o + " in 7"));
      }
    } else {
      missing.add("a statement of the open work in 7");
    }
    String currentText = summary.get(SummarySection.CURRENT_WORK).orElse("");
    double cur = Prose.says(currentText) && current.map(name -> names(currentText, name)).orElse(true) ? 30 : 0;
    if (cur == 0) {
      missing.add(current.map(n -> "the task at the cut, " + n + ", in 8").orElse("a statement of the work in 8"));
    }
    String nextText = summary.get(SummarySection.NEXT_STEP).orElse("");
    String lead = lead(nextText);
    boolean stale = done.stream().anyMatch(d -> quotes(lead, d)) && next.stream().noneMatch(n -> names(lead, n));
    boolean right = next.isEmpty() || next.stream().anyMatch(n -> names(lead, n));
    // The first sentence must name the action; the statement may run on in its line: an imperative such as
    // "Continue with gqc.6." or "Run the tests." is short of function words, and the line explains it.
    double nxt = Prose.statement(firstLine(nextText)) && right && !stale ? 30 : 0;
    if (nxt == 0) {
      missing.add(stale ? "a next step in 9 that is still to do, not a quote of what was done"
          : "the next unfinished action in 9" + (next.isEmpty() ? "" : " (" + next.get(0) + ")"));
    }
    return new Result(pending, cur, nxt, missing);
  }

  /** Whether {@code text} names {@code name}: an id as a token, a title by most of its words. */
  static boolean names(String text, String name) {
    if (!name.contains(" ")) {
      if (token(text, name)) {
        return true;
      }
      // "gqc.6" names "spotter-gqc.6": the project prefix of a tracker id is often left out.
      int dash = name.indexOf('-');
      String rest = dash > 0 ? name.substring(dash + 1) : "";
      return rest.length() >= 3 && rest.matches(".*[.\\d].*") && token(text, rest);
    }
    List<String> words = KeyMatcher.contentWords(name);
    if (words.isEmpty()) {
      return true;
    }
    List<String> in = KeyMatcher.contentWords(text);
    long kept = words.stream().distinct().filter(in::contains).count();
    return kept >= 0.6 * words.stream().distinct().count();
  }

  private static boolean token(String text, String name) {
    return Pattern.compile("(?<![\\w.])" + Pattern.quote(name) + "(?![\\w-]|\\.\\d)", Pattern.CASE_INSENSITIVE)
        .matcher(text).find();
  }

  private static boolean quotes(String lead, String intent) {
    List<String> words = KeyMatcher.contentWords(intent);
    if (words.size() < 3) {
      return false;
    }
    List<String> in = KeyMatcher.contentWords(lead);
    return words.stream().distinct().filter(in::contains).count() >= STALE_SHARE * words.stream().distinct().count();
  }

  /** The first sentence of a section, emphasis and list marks taken off. */
  static String lead(String body) {
    String[] sentences = SENTENCE.split(firstLine(body), 2);
    return sentences.length == 0 ? "" : sentences[0].strip();
  }

  /** The first non-blank line of a section, emphasis and list marks taken off. */
  static String firstLine(String body) {
    String first = body.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse("");
    return first.replaceFirst("^(?:[-*•+]|\\d{1,2}[.)])\\s+", "").replace("**", "");
  }

  // The assistant's last sentences before calls that worked, most recent first: what it said it would do and did.
  private static List<String> carriedOut(List<TranscriptMessage> messages, CallOutcomes calls) {
    List<String> out = new ArrayList<>();
    boolean followedByWork = false;
    for (int i = messages.size() - 1; i >= 0 && out.size() < RECENT_INTENTS; i--) {
      TranscriptMessage m = messages.get(i);
      if (m.role() != Role.ASSISTANT) {
        continue;
      }
      boolean worked = m.toolUses().stream().anyMatch(calls::worked);
      String text = m.text().strip();
      if (!text.isEmpty()) {
        if (worked || followedByWork) {
          String[] sentences = text.split("(?<=[.!?:])\\s+");
          out.add(sentences[sentences.length - 1].toLowerCase(Locale.ROOT));
        }
        followedByWork = false;
      }
      if (worked && text.isEmpty()) {
        followedByWork = true;
      }
    }
    return out;
  }
}
