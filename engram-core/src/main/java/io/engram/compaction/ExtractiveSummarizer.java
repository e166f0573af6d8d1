package io.engram.compaction;

import io.engram.config.CompactionSettings;
import io.engram.tokens.TokenCounter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The offline compactor: fills every section of the summary from the conversation's structure, with no
 * model (extractive compaction). Deterministic: the same conversation and attempt give the same text.
 *
 * <p>The size aims at what a model's summary of the same span holds: {@code summaryShare} (3%) of the
 * summarised tokens, at least {@code summaryMinTokens} (1,500) or 30% of them when that is less, capped by
 * the summary's share of the window; a re-compaction (after a score in the retry band) allows half as
 * much again and then twice as much. Each section has a core that is always written, whatever the
 * budget: the first request and how many followed, the keywords, every changed file with what was done to
 * it and the names of the files only read, every distinct error with its cause and fix, every user message
 * word for word, the open work with its state, what was being done at the cut with what of it is done and
 * not done, and the next unfinished action ({@link WorkState}). What the core leaves of the budget goes
 * to details, in this order: an account of the work, one line per task or request ({@code accountShare}, 40%), the
 * latest code of the changed files ({@code codeShare}, 40%), and the decisions the assistant stated (the rest); how
 * much each detail quotes is the {@code compaction.offline} group of settings. Nothing is cut mid-sentence:
 * a detail that does not fit is left out whole, and no raw tool output is copied.
 */
final class ExtractiveSummarizer implements Summarizer {
  // A typed message shorter than 12 characters ("ok", "go on", "yes please") asks nothing new: it is no request.
  private static final int MIN_REQUEST_CHARS = 12;

  private final Conversation c;
  private final TokenCounter tokens;
  private final int originalTokens;
  private final int capTokens;
  private final CompactionSettings settings;
  private final CompactionSettings.Offline limits;
  private final StageGuard guard = new StageGuard();

  /**
   * @param originalTokens the tokens of the summarised messages (the target is a share of it)
   * @param capTokens the most the summary may use (its share of the window); its core may exceed it
   */
  ExtractiveSummarizer(
      Conversation c, TokenCounter tokens, int originalTokens, int capTokens, CompactionSettings settings) {
    this.c = c;
    this.tokens = tokens;
    this.originalTokens = originalTokens;
    this.capTokens = capTokens;
    this.settings = settings;
    this.limits = settings.offline();
  }

  /** How much an attempt may hold: the first aims at the target; re-compactions allow more. */
  record Detail(int level, double scale) {
    static Detail of(int level) {
      return new Detail(level, level <= 0 ? 1.0 : level == 1 ? 1.5 : 2.0);
    }
  }

  @Override
  public String summarize(SummaryRequest request) {
    return sections(Detail.of(request.attempt() - 1)).render();
  }

  /** The target size of the summary for {@code d}, in tokens. */
  int targetTokens(Detail d) {
    int target = (int) Math.round(aimTokens(originalTokens, settings) * d.scale());
    return capTokens > 0 ? Math.min(target, capTokens) : target;
  }

  /**
   * The size a first attempt aims at for a part of {@code originalTokens}, before the window's cap:
   * {@code summaryShare} of it, at least {@code summaryMinTokens} or, when that is less, the share of it the least
   * target reduction leaves (30%): a small part is summarised within the target band, not above it.
   */
  static int aimTokens(int originalTokens, CompactionSettings settings) {
    double share = originalTokens * settings.summaryShare();
    double floor = Math.min(settings.summaryMinTokens(), originalTokens * (1 - settings.targetReductionMin()));
    return (int) Math.round(Math.max(share, floor));
  }

  SummarySections sections(Detail d) {
    Map<SummarySection, String> out = new EnumMap<>(SummarySection.class);
    section(out, SummarySection.PRIMARY_REQUEST, this::primaryRequest);
    section(out, SummarySection.KEY_CONCEPTS, this::keyConcepts);
    section(out, SummarySection.FILES_AND_CODE, () -> FileSection.list(c, limits));
    section(out, SummarySection.ERRORS_AND_FIXES, () -> ErrorSection.of(c, limits));
    out.put(SummarySection.PROBLEM_SOLVING, "");
    section(out, SummarySection.USER_MESSAGES, this::userMessages);
    section(out, SummarySection.PENDING_TASKS, () -> WorkSections.pending(c.state(), queued()));
    section(out, SummarySection.CURRENT_WORK, () -> WorkSections.current(c.state(), c, limits));
    section(out, SummarySection.NEXT_STEP, () -> WorkSections.next(c.state()));
    int used = out.values().stream().mapToInt(tokens::count).sum();
    int free = Math.max(0, targetTokens(d) - used);
    String account = guard.attempt("writing the account of the work",
        () -> Narrative.account(c, share(free, limits.accountShare()), tokens, limits), () -> "");
    String code = guard.attempt("writing the latest code",
        () -> FileSection.latestCode(c, share(free, limits.codeShare()), tokens, limits), () -> "");
    int left = free - tokens.count(account) - tokens.count(code);
    String decisions = guard.attempt("writing the decisions", () -> Narrative.decisions(c, left, tokens, limits),
        () -> "");
    String solving = Excerpts.join(account, decisions);
    out.put(SummarySection.PROBLEM_SOLVING, solving.isBlank()
        ? "No work was recorded beyond the files in 3 and the errors in 4." : solving);
    out.merge(SummarySection.FILES_AND_CODE, code, Excerpts::join);
    String preamble = String.format(Locale.ROOT,
        "Extractive summary (offline engine, detail level %d) of %d messages.", d.level(), c.part().size());
    return new SummarySections("", preamble, out);
  }

  // The whole tokens a share of the free tokens is, rounded down.
  private static int share(int free, double share) {
    return (int) Math.floor(free * share);
  }

  /** The parts of the summary that failed so far and what stands in for them, one sentence each. */
  List<String> failures() {
    return guard.failures().stream().distinct().toList();
  }

  // A section whose writer fails says so in its place, and the failure is kept for the ladder's steps.
  private void section(Map<SummarySection, String> out, SummarySection section,
      java.util.function.Supplier<String> write) {
    String part = "writing section " + section.number() + " (" + section.title() + ")";
    out.put(section, guard.attempt(part, write, () -> "Engram could not write this section from the transcript ("
        + guard.failures().get(guard.failures().size() - 1) + ")."));
  }

  private String primaryRequest() {
    String earlier = previous(SummarySection.PRIMARY_REQUEST)
        .map(p -> "Before the previous compaction (from its summary): "
            + Excerpts.shorten(oneLine(p), limits.earlierRequestChars()) + "\n")
        .orElse("");
    List<String> requests = substantiveRequests();
    if (requests.isEmpty()) {
      return earlier + "No request typed by the user in this part of the conversation.";
    }
    StringBuilder out = new StringBuilder(earlier).append("The user asked: \"")
        .append(Excerpts.shorten(oneLine(requests.get(0)), limits.firstRequestChars())).append("\"");
    if (requests.size() > 1) {
      out.append(String.format(Locale.ROOT, " Then %d more request%s (all quoted in 6), the latest: \"%s\"",
          requests.size() - 1, requests.size() > 2 ? "s" : "",
          Excerpts.shorten(oneLine(requests.get(requests.size() - 1)), limits.latestRequestChars())));
    }
    out.append('.');
    long tracked = c.state().work().items().stream()
        .filter(w -> w.source() != io.engram.transcript.WorkItem.Source.REQUEST).count();
    if (tracked > 0) {
      long done = c.state().work().done().size();
      out.append(String.format(Locale.ROOT, "%nThe work is tracked%s: %d items, %d of them done (open ones in 7).",
          c.state().tracker().isEmpty() ? "" : " with `" + c.state().tracker() + "`", tracked, done));
    }
    return out.toString();
  }

  /** A section of the previous compaction's summary, when the compacted part opens with one. */
  private java.util.Optional<String> previous(SummarySection section) {
    return c.previousSummary().flatMap(p -> p.get(section)).filter(t -> !t.isBlank());
  }

  private List<String> substantiveRequests() {
    return c.userMessages().stream().filter(t -> t.length() >= MIN_REQUEST_CHARS).toList();
  }

  private String keyConcepts() {
    return ConceptPhrases.of(c.key().of(KeyKind.TECHNICAL_KEYWORDS), c.part(), limits);
  }

  // Typed while the agent worked and still queued at the cut: the agent gets them after it, so they are quoted as
  // the person's, marked, and never taken for the work in progress.
  private List<String> queued() {
    return c.state().live().queued().stream().map(t -> UserQuote.of(t, settings.userQuoteChars()))
        .filter(t -> !t.isEmpty()).toList();
  }

  /** Every user message word for word; those quoted by a previous compaction's summary are carried forward. */
  private String userMessages() {
    String earlier = previous(SummarySection.USER_MESSAGES)
        .map(p -> "Before the previous compaction (carried forward from its summary):\n" + p + "\n")
        .orElse("");
    List<String> queued = queued().stream()
        .map(t -> "- (queued at the cut, not yet delivered to the agent) " + t.replace("\n", "\n  ")).toList();
    String waiting = queued.isEmpty() ? "" : "\n" + String.join("\n", queued);
    if (c.userMessages().isEmpty()) {
      return earlier + "The user typed no message since." + waiting;
    }
    List<String> lines = new ArrayList<>();
    for (String t : c.userMessages()) {
      lines.add("- " + t.replace("\n", "\n  "));
    }
    return earlier + String.join("\n", lines) + waiting;
  }

  private static String oneLine(String text) {
    return text.strip().replaceAll("\\s+", " ");
  }
}
