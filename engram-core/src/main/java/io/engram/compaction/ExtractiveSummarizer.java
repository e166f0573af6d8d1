package io.engram.compaction;

import io.engram.config.EngramSettings;
import io.engram.tokens.TokenCounter;
import io.engram.transcript.ErrorFix;
import io.engram.transcript.FileActivity;
import io.engram.transcript.Role;
import io.engram.transcript.TodoList;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The offline compactor: fills every section of the summary from the conversation's structure, with no
 * model (extractive compaction). Deterministic: the same conversation and attempt
 * give the same text.
 *
 * <p>Each section has a core that is always written (the first request, every keyword, every file with
 * its operations, every error line with its fix, every user message word for word, open todos, the last
 * request, the last stated intent) and details that fill a token budget: the target is
 * {@code 1 - targetReductionMax} of the original (80% shorter) on the first attempt and less compression
 * on each re-compaction ({@link Detail}), capped by the summary's share of the window. Details, by
 * share of what the core leaves: a worklog of what the assistant said and did, newest kept first (35%, plus what the others leave),
 * the last change of each file (30%), the reasoning around fixes (15%), the latest assistant messages
 * (15%), the later requests (5%).
 */
final class ExtractiveSummarizer implements Summarizer {
  private static final java.util.regex.Pattern INTENT = java.util.regex.Pattern.compile(
      "(?i)\\b(next|now|let me|let's|i'll|i will|i'm going to|going to|then)\\b");

  private final Conversation c;
  private final TokenCounter tokens;
  private final int originalTokens;
  private final int capTokens;
  private final EngramSettings.Compaction settings;

  /**
   * @param originalTokens the tokens of the summarised messages (the target is a share of it)
   * @param capTokens the most the summary may use (its share of the window); its core may exceed it
   */
  ExtractiveSummarizer(
      Conversation c, TokenCounter tokens, int originalTokens, int capTokens, EngramSettings.Compaction settings) {
    this.c = c;
    this.tokens = tokens;
    this.originalTokens = originalTokens;
    this.capTokens = capTokens;
    this.settings = settings;
  }

  /**
   * How much detail an attempt keeps: the first aims at 80% shorter; re-compactions (after a score in
   * the retry band) keep more fragments and compress less.
   */
  record Detail(int level, double ratio, int snippetLines, int textChars, int recentTexts) {
    static Detail of(int level, EngramSettings.Compaction settings) {
      return switch (Math.min(level, 2)) {
        case 0 -> new Detail(0, 1 - settings.targetReductionMax(), 20, 300, 3);
        case 1 -> new Detail(1, 1 - settings.targetReductionMin(), 40, 600, 5);
        default -> new Detail(level, Math.min(0.5, 1 - settings.targetReductionMin() + 0.1 * (level - 1)), 60, 1_000, 8);
      };
    }
  }

  @Override
  public String summarize(SummaryRequest request) {
    return sections(Detail.of(request.attempt() - 1, settings)).render();
  }

  /** The target size of the summary for {@code d}. */
  int targetTokens(Detail d) {
    int target = (int) Math.round(originalTokens * d.ratio());
    return capTokens > 0 ? Math.min(target, capTokens) : target;
  }

  SummarySections sections(Detail d) {
    Map<SummarySection, String> core = new EnumMap<>(SummarySection.class);
    core.put(SummarySection.PRIMARY_REQUEST, primaryRequest(d));
    core.put(SummarySection.KEY_CONCEPTS, keyConcepts());
    core.put(SummarySection.FILES_AND_CODE, files());
    core.put(SummarySection.ERRORS_AND_FIXES, errors());
    core.put(SummarySection.PROBLEM_SOLVING, "");
    core.put(SummarySection.USER_MESSAGES, userMessages());
    core.put(SummarySection.PENDING_TASKS, pendingTasks());
    core.put(SummarySection.CURRENT_WORK, currentWork());
    core.put(SummarySection.NEXT_STEP, nextStep());
    int used = core.values().stream().mapToInt(tokens::count).sum();
    int free = Math.max(0, targetTokens(d) - used);
    Map<SummarySection, String> out = new EnumMap<>(core);
    String snippets = snippets(d, free * 30 / 100);
    String solving = Narrative.problemSolving(c, d, free * 15 / 100, tokens);
    String recent = recentAssistant(d, free * 15 / 100);
    String later = laterRequests(d, free * 5 / 100);
    // The worklog gets its share plus whatever the other details left unused.
    int left = free - tokens.count(snippets) - tokens.count(solving) - tokens.count(recent) - tokens.count(later);
    out.merge(SummarySection.FILES_AND_CODE, snippets, Excerpts::join);
    String worklog = Narrative.worklog(c, d, Math.max(free * 35 / 100, left), tokens);
    out.put(SummarySection.PROBLEM_SOLVING, Excerpts.join(solving, worklog));
    out.merge(SummarySection.CURRENT_WORK, recent, Excerpts::join);
    out.merge(SummarySection.PRIMARY_REQUEST, later, Excerpts::join);
    String preamble = String.format(Locale.ROOT,
        "Extractive summary (offline engine, detail level %d) of %d messages.", d.level(), c.messages().size());
    return new SummarySections("", preamble, out);
  }

  private String primaryRequest(Detail d) {
    String earlier = previous(SummarySection.PRIMARY_REQUEST)
        .map(p -> "Before the previous compaction (from its summary):\n"
            + Excerpts.indent(Excerpts.shorten(p, d.textChars() * 4)) + "\n")
        .orElse("");
    List<String> requests = substantiveRequests();
    if (requests.isEmpty()) {
      return earlier + "No request typed by the user in this part of the conversation.";
    }
    return earlier + "The user first asked:\n" + Excerpts.indent(Excerpts.shorten(requests.get(0), d.textChars() * 4))
        + (requests.size() > 1 ? "\nThen " + (requests.size() - 1) + " more requests followed (all quoted in 6)." : "");
  }

  /** A section of the previous compaction's summary, when the compacted part opens with one. */
  private java.util.Optional<String> previous(SummarySection section) {
    return c.previousSummary().flatMap(p -> p.get(section)).filter(t -> !t.isBlank());
  }

  private String laterRequests(Detail d, int budget) {
    List<String> requests = substantiveRequests();
    List<String> lines = new ArrayList<>();
    for (String r : requests.subList(Math.min(1, requests.size()), requests.size())) {
      lines.add("- " + Excerpts.shorten(r, d.textChars()).replace("\n", " "));
    }
    return Excerpts.fit("Later requests, in order:", lines, budget, tokens);
  }

  private List<String> substantiveRequests() {
    return c.userMessages().stream().filter(t -> t.length() >= 12 && !t.startsWith("<command-")).toList();
  }

  private String keyConcepts() {
    List<String> words = c.key().of(KeyKind.TECHNICAL_KEYWORDS);
    return words.isEmpty() ? "None stood out." : words.stream().map(w -> "- " + w).collect(Collectors.joining("\n"));
  }

  private String files() {
    List<String> lines = new ArrayList<>();
    Set<String> touched = new java.util.HashSet<>();
    for (FileActivity f : c.files()) {
      touched.add(FileTypes.baseName(f.path()));
      lines.add(String.format(Locale.ROOT, "- %s (read %d, edited %d, written %d; last: %s)", f.path(), f.reads(),
          f.edits(), f.writes(), f.lastOperation().name().toLowerCase(Locale.ROOT)));
    }
    List<String> mentioned = c.key().of(KeyKind.FILE_NAMES).stream()
        .filter(p -> !touched.contains(FileTypes.baseName(p))).toList();
    if (!mentioned.isEmpty()) {
      lines.add("Also mentioned: " + String.join(", ", mentioned));
    }
    return lines.isEmpty() ? "No file was read or changed." : String.join("\n", lines);
  }

  private String snippets(Detail d, int budget) {
    List<String> blocks = new ArrayList<>();
    for (FileActivity f : c.files()) {
      Calls.lastChange(c.messages(), f).ifPresent(text -> blocks.add(
          "- Last change to " + f.path() + ":\n  ```\n"
              + Excerpts.indent(Excerpts.firstLines(text, d.snippetLines())) + "\n  ```"));
    }
    return Excerpts.fit("Latest code of the files changed, most recent first:", blocks, budget, tokens);
  }

  private String errors() {
    if (c.errors().isEmpty()) {
      return "No tool call failed.";
    }
    List<String> lines = new ArrayList<>();
    for (ErrorFix e : c.errors()) {
      lines.add("- " + Calls.describe(e.call()) + " failed: " + KeyInformation.errorLine(e.error()));
      lines.add(e.fix().map(f -> "  Fixed by: " + Calls.describe(f.call())).orElse("  Not resolved so far."));
    }
    return String.join("\n", lines);
  }


  /** Every user message word for word; those quoted by a previous compaction's summary are carried forward. */
  private String userMessages() {
    String earlier = previous(SummarySection.USER_MESSAGES)
        .map(p -> "Before the previous compaction (carried forward from its summary):\n" + p + "\n")
        .orElse("");
    if (c.userMessages().isEmpty()) {
      return earlier + "The user typed no message since.";
    }
    return earlier + c.userMessages().stream().map(t -> "- " + t.replace("\n", "\n  "))
        .collect(Collectors.joining("\n"));
  }

  private String pendingTasks() {
    List<String> lines = new ArrayList<>();
    for (TodoList.Todo t : c.todos().open()) {
      lines.add("- [" + t.status() + "] " + t.content());
    }
    for (String r : unansweredRequests()) {
      lines.add("- Unanswered request: " + Excerpts.shorten(r, 300).replace("\n", " "));
    }
    return lines.isEmpty() ? "None remaining: no open todos and every request was answered." : String.join("\n", lines);
  }

  /** Messages a person typed that no assistant message followed before the next one (or the end). */
  private List<String> unansweredRequests() {
    List<String> out = new ArrayList<>();
    List<TranscriptMessage> ms = c.messages();
    for (int i = 0; i < ms.size(); i++) {
      if (!ms.get(i).isHumanInput()) {
        continue;
      }
      boolean answered = false;
      for (int j = i + 1; j < ms.size() && !ms.get(j).isHumanInput(); j++) {
        answered |= ms.get(j).role() == Role.ASSISTANT;
      }
      if (!answered) {
        out.add(ms.get(i).text().strip());
      }
    }
    return out;
  }

  private String currentWork() {
    List<String> lines = new ArrayList<>();
    if (!c.lastRequest().isBlank()) {
      lines.add("The last request, verbatim:\n" + Excerpts.indent(c.lastRequest()));
    }
    c.todos().items().stream().filter(t -> t.status().equals("in_progress")).findFirst()
        .ifPresent(t -> lines.add("Currently in progress: " + t.content()));
    int lastHuman = lastHumanIndex();
    List<String> since = c.files().stream()
        .filter(f -> f.touches().get(f.touches().size() - 1).messageIndex() > lastHuman)
        .map(FileActivity::path).toList();
    if (!since.isEmpty()) {
      lines.add("Files touched since the last request: " + String.join(", ", since));
    }
    return lines.isEmpty() ? "Currently nothing is in progress." : String.join("\n", lines);
  }

  private String recentAssistant(Detail d, int budget) {
    List<String> texts = new ArrayList<>();
    for (int i = c.messages().size() - 1; i >= 0 && texts.size() < d.recentTexts(); i--) {
      TranscriptMessage m = c.messages().get(i);
      if (m.role() == Role.ASSISTANT && !m.text().isBlank()) {
        texts.add(0, "- " + Excerpts.shorten(m.text().strip(), d.textChars()).replace("\n", "\n  "));
      }
    }
    return Excerpts.fit("The latest assistant messages, oldest first:", texts, budget, tokens);
  }

  private String nextStep() {
    for (int i = c.messages().size() - 1; i >= 0; i--) {
      TranscriptMessage m = c.messages().get(i);
      if (m.role() != Role.ASSISTANT || m.text().isBlank()) {
        continue;
      }
      List<String> sentences = Calls.sentences(m.text());
      String intent = "";
      for (String s : sentences) {
        if (INTENT.matcher(s).find()) {
          intent = s;
        }
      }
      String quote = intent.isEmpty() ? sentences.get(sentences.size() - 1) : intent;
      return "Next step: continue from where the work stopped. The last assistant message said:\n> "
          + Excerpts.shorten(quote, 600).replace("\n", "\n> ");
    }
    return c.lastRequest().isBlank() ? "Next step: none recorded." : "Next step: continue with the last request (see 8).";
  }

  private int lastHumanIndex() {
    for (int i = c.messages().size() - 1; i >= 0; i--) {
      if (c.messages().get(i).isHumanInput()) {
        return i;
      }
    }
    return -1;
  }

}
