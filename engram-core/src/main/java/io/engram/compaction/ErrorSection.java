package io.engram.compaction;

import io.engram.config.CompactionSettings;
import io.engram.transcript.ErrorFix;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Section 4 of the extractive summary: each distinct error with what it meant and what fixed it. The
 * cause is the assistant's own reading of the error (its sentences after the error that explain, preferred
 * when they name what the error names); the fix is the change made before the error was seen fixed (an
 * edit, a write, a command), with the assistant's words for it, never the re-run that merely confirmed it. How much of
 * each it quotes is the {@code compaction.offline} group.
 */
final class ErrorSection {
  private static final Pattern SENTENCE = Pattern.compile("(?<=[.!?])\\s+|\\n+");
  private static final Pattern EXPLAINS = Pattern.compile(
      "(?i)\\b(the (?:issue|problem|error|cause|reason) (?:is|was|seems)|because|means|doesn't exist|does not exist"
          + "|not exist|is wrong|are wrong|needs?\\b|requires?|missing|can't|cannot|isn't|is not|aren't|expects?"
          + "|expected|instead|since|caused|only returns?|never|wasn't|was not|no longer|must|should have)\\b");
  private static final Pattern FILLER = Pattern.compile(
      "(?i)^(?:let me|let's|now\\b|perfect|great|excellent|good|ok\\b|okay|alright|i'll|i will|first,)");
  private static final Pattern WORD = Pattern.compile("[\\p{L}_][\\p{L}\\p{N}_]{3,}");
  private static final Set<String> MINOR_TOOLS = Set.of("Edit", "MultiEdit", "Write", "Read", "Glob", "Grep",
      "NotebookEdit", "WebFetch", "WebSearch");
  /** What the agent harness's own tool errors mean: they say so in the same words every time. */
  private static final String[][] TOOL_MEANINGS = {
    {"String to replace not found", "the text to replace was not in the file as given: the file had changed since"
        + " it was read (a formatter or an earlier edit), so it had to be read again."},
    {"Found multiple matches of the string to replace", "the text to replace occurs more than once in the file;"
        + " the edit needs more context or replace_all."},
    {"File has not been read yet", "the tool edits only files read in the session: the file had to be read first."},
    {"File has been modified since read", "the file changed on disk after it was read, so it had to be read again."},
  };
  // A sentence shorter than 12 characters ("It failed.") explains nothing.
  private static final int MIN_SENTENCE_CHARS = 12;

  private ErrorSection() {}

  /** The section: one item per problem, oldest first; "" lines never. */
  static String of(Conversation c, CompactionSettings.Offline limits) {
    List<String> items = new ArrayList<>();
    for (Problem p : c.problems()) {
      items.add(item(p, limits));
    }
    return items.isEmpty()
        ? "No real failure in this part of the conversation: no build, test, check or program run failed."
        : String.join("\n", items);
  }

  static String item(Problem p, CompactionSettings.Offline limits) {
    if (p.noticed()) {
      return "- Found after `" + Calls.label(p.call()) + "` (the assistant's words; the diagnostic itself is not"
          + " in the transcript): " + Excerpts.shorten(p.headline(), limits.noticedErrorChars()) + "\n  "
          + outcome(p, limits);
    }
    String times = p.occurrences() > 1 ? " (" + p.occurrences() + " times)" : "";
    StringBuilder out = new StringBuilder("- `" + Calls.label(p.call()) + "` failed" + times + ": "
        + String.join(" / ", p.keyLines().stream().map(l -> Excerpts.shorten(l, limits.errorLineChars())).toList()));
    String cause = cause(p, limits.causeChars());
    if (!cause.isBlank()) {
      out.append("\n  Cause: ").append(cause);
    }
    out.append("\n  ").append(outcome(p, limits));
    return out.toString();
  }

  /** The assistant's sentences that explain the error, at most {@code maxChars}; "" when none does. */
  static String cause(Problem p, int maxChars) {
    for (String[] known : TOOL_MEANINGS) {
      if (p.headline().contains(known[0])) {
        return known[1];
      }
    }
    List<String> sentences = new ArrayList<>();
    for (String s : SENTENCE.split(p.reading())) {
      String t = s.strip();
      if (t.length() >= MIN_SENTENCE_CHARS && !t.endsWith(":")) {
        sentences.add(t);
      }
    }
    Set<String> named = words(String.join(" ", p.keyLines()) + " " + Calls.label(p.call()));
    List<Integer> scores = new ArrayList<>();
    for (String s : sentences) {
      int score = (EXPLAINS.matcher(s).find() ? 2 : 0) - (FILLER.matcher(s).find() ? 2 : 0);
      long shared = words(s).stream().filter(named::contains).count();
      scores.add(score + (int) Math.min(3, shared));
    }
    int best = -1;
    for (int i = 0; i < sentences.size(); i++) {
      if (scores.get(i) >= 2 && (best < 0 || scores.get(i) > scores.get(best))) {
        best = i;
      }
    }
    if (best < 0) {
      return "";
    }
    String cause = sentences.get(best);
    if (best + 1 < sentences.size() && scores.get(best + 1) >= 2
        && cause.length() + sentences.get(best + 1).length() < maxChars) {
      cause = cause + " " + sentences.get(best + 1);
    }
    return Excerpts.shorten(cause, maxChars).replaceAll("\\s+", " ");
  }

  private static String outcome(Problem p, CompactionSettings.Offline limits) {
    List<ErrorFix.Change> changes = p.changes();
    if (!p.resolved()) {
      String tried = changes.isEmpty() ? "" : " Tried: " + describe(changes, limits) + ".";
      return "Unresolved at the cut: no later `" + Calls.label(p.call()) + "` succeeded." + tried;
    }
    ErrorFix.Fix fix = p.fix().get();
    if (changes.isEmpty()) {
      boolean same = Calls.label(fix.call()).equals(Calls.label(p.call()))
          && fix.call().inputText("command").equals(p.call().inputText("command"));
      return MINOR_TOOLS.contains(p.call().name()) || same
          ? "Fixed by: doing it again (" + Calls.describe(fix.call(), limits.callChars()) + ")."
          : "Fixed by: " + Calls.describe(fix.call(), limits.callChars()) + ".";
    }
    return "Fixed by: " + describe(changes, limits) + "; then `" + Calls.label(fix.call()) + "` "
        + (fix.passed() ? "passed." : "got past it (and failed for another reason, below).");
  }

  private static String describe(List<ErrorFix.Change> changes, CompactionSettings.Offline limits) {
    int max = limits.fixChanges();
    List<String> parts = new ArrayList<>();
    for (ErrorFix.Change change : changes.subList(0, Math.min(max, changes.size()))) {
      String intent = intent(change.intent(), limits.intentChars());
      parts.add(Calls.describe(change.call(), limits.callChars()) + (intent.isEmpty() ? "" : " (\"" + intent + "\")"));
    }
    if (changes.size() > max) {
      parts.add((changes.size() - max) + " more changes");
    }
    return String.join(", ", parts);
  }

  // The assistant's words for a change, its last sentence before the call ("Let me rewrite it as a macro").
  private static String intent(String text, int maxChars) {
    String[] sentences = SENTENCE.split(text.strip());
    String last = sentences.length == 0 ? "" : sentences[sentences.length - 1].strip();
    last = last.endsWith(":") ? last.substring(0, last.length() - 1) : last;
    return Excerpts.shorten(last, maxChars).replaceAll("\\s+", " ");
  }

  private static Set<String> words(String text) {
    Set<String> out = new java.util.HashSet<>();
    var m = WORD.matcher(text.toLowerCase(Locale.ROOT));
    while (m.find()) {
      out.add(m.group());
    }
    return out;
  }
}
