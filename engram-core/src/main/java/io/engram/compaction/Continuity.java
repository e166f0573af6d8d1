package io.engram.compaction;

import io.engram.tokens.CommonWords;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.UserRequest;
import io.engram.transcript.WorkItem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * CC, the continuity part of the score: whether sections 7, 8 and 9 let the work go on, judged against the
 * transcript rather than against Engram's own reading of it, and by meaning, so a paraphrase earns as much as a
 * quote.
 *
 * <p>What remains to do is read from the transcript's last stretch: the person's last request, what the agent
 * said after it (its last words and the plans it stated, in its text and its visible reasoning), the last five files
 * it changed since, what the person queued while it worked (it gets that right after the cut: still to do, but no
 * request of the work in progress yet), and the items its todo list or task tools still have open. Each word of those is weighed by how
 * particular it is to that stretch, its inverse document frequency over every turn of the segment (the person's
 * and the agent's, with the agent's tool inputs): a word said all through the session (the project's name, a file
 * every session of the repository touches, "test") weighs little, a name said only at the end weighs much; file
 * names and identifiers weigh double.
 *
 * <ul>
 *   <li>Pending Tasks (40): the share of the still-open todo and task items it names (by half of their words; in
 *       another language by their names, paths, numbers or cognates, or by how many items it sets out: {@link OpenItems});
 *       with none open, how much of the person's last request sections 7 to 9 hold, by weight, full marks from
 *       {@value #REQUEST_FOR_FULL} on (a request of fewer than {@value #MIN_REQUEST_WORDS} content words, "its
 *       loaded", is read with the stretch after it).
 *   <li>Current Work (30): the weighted share of the last stretch's words that sections 7 to 9 hold, full marks
 *       from {@value #COVERAGE_FOR_FULL} on.
 *   <li>Next step (30): the weighted share of the last stretch's words that the section holds, full marks from
 *       {@value #NEXT_FOR_FULL} on: a file name counts by how particular it is to the stretch, so a name every
 *       session of the repository says earns little on its own.
 * </ul>
 * A summary in another language than the session is judged on what it could hold ({@link WrittenLanguage}): a summary
 * in English of a session held in Japanese or Portuguese on the names, paths and numbers, the words it holds anyway and
 * those of its own language, not on the request's kana or Portuguese words (a stretch of which it can be asked
 * nothing earns it nothing); the open items by their names, or by how many items it sets out that share a word
 * particular to the stretch, a name or a word outside the commonest of running text ({@link CommonWords}) ({@link
 * OpenItems}). A
 * section earns nothing unless it holds a statement ({@link Prose}; for the next step, an imperative of three plain
 * words will do): headings over keywords say nothing. The three together count only as far as what sections 7 to 9
 * name is in the transcript: of their file names and identifiers, the share the segment holds (one more of each
 * counted, so a single name decides little) earns nothing up to {@value #GROUNDED_NONE} and all from {@value
 * #GROUNDED_FULL}; another session's summary names its own functions, tests and tasks, which this transcript never
 * held, even where it shares the repository's file names; a transcript that names nothing holds none of the names a
 * summary says. The same share of the whole summary's names is what KP gives a kind of key information the segment
 * has none of ({@link #grounding}). And they count nothing when sections 7 to 9 name the work
 * by another number than the person's last request does ({@link WorkLabels}: "phase 11" where the request, or in a
 * segment the person has not spoken in, the last message its opening summary carried, asked for phase 6): successive
 * sessions of a project worked through in numbered phases share its files, its words and the wording of their
 * requests, and the number alone tells them apart. Another session's summary, a keyword dump and the user's
 * messages alone stay low because they name little of the last stretch, name what the transcript does not hold, name
 * other work, or say nothing.
 *
 * @param open the open todo and task items, by title
 * @param live the words of the last stretch with their weights
 * @param request the words of the person's last request with their weights; empty when there was none
 * @param held the file names and identifiers the segment holds, lower-cased; empty when they are not known (then
 *     every name counts as held), where a transcript that names nothing holds an empty set (then no name does)
 * @param labels the numbered names of the work the request gives and the session takes up
 */
record Continuity(List<String> open, Map<String, Double> live, Map<String, Double> request,
    Optional<Set<String>> held, WorkLabels labels) {
  // What CC is: its 100 points shared out among the three sections a continuing agent reads, the open work first.
  // A definition of the score (the ladder's 80 and 70 are read on it), not a tunable.
  /** Pending Tasks' points of CC's 100. */
  static final double PENDING_POINTS = 40;
  /** Current Work's points. */
  static final double CURRENT_POINTS = 30;
  /** The next step's points. */
  static final double NEXT_POINTS = 30;
  // The three shares below were fitted on the 144 tuning compactions of six groups of teams: the highest share of
  // Claude Code's summaries at 80 or more while no baseline's score rises past the margin it had under 70.
  /** The weighted share of the last stretch's words at which Current Work earns its full 30. */
  static final double COVERAGE_FOR_FULL = 0.3;
  /** The weighted share of the last request's words at which Pending Tasks, with nothing open, earns its full 40. */
  static final double REQUEST_FOR_FULL = 0.15;
  /** The weighted share of the last stretch's words at which the next step earns its full 30. */
  static final double NEXT_FOR_FULL = 0.1;
  // Tried on the tuning groups where continuity across languages moved (g13, g12-A, g12-B, g9, g10, g5).
  /**
   * The share of the last stretch's (or request's) weight a summary in another language can be asked to hold from
   * which its coverage counts whole; below it, its points are scaled down by the share.
   */
  static final double CHECKABLE_FOR_FULL = 0.2;
  /** The share of the stretch's highest weight from which a word of it is particular to it. */
  static final double PARTICULAR_OF_HIGHEST = 0.5;
  /** The share of the names of sections 7 to 9 the transcript holds at or below which continuity counts nothing. */
  static final double GROUNDED_NONE = 0.4;
  /** The share from which it counts whole. */
  static final double GROUNDED_FULL = 0.8;
  // The score's explanation: how many missing names a line of what 8 and 9 should say gives as examples.
  private static final int PARTICULAR = 3;
  // A request of fewer content words is judged with the stretch after it.
  static final int MIN_REQUEST_WORDS = 3;
  /**
   * The instruction files Claude Code loads itself, at the start and again after a compaction, lower-cased: a summary
   * may name them ("CLAUDE.md's git rules") though no record of the transcript holds them, so they count neither as a
   * name the transcript holds nor as one it does not.
   */
  static final Set<String> LOADED_BY_THE_HARNESS = Set.of("claude.md", "claude.local.md");
  // A file name starts where its run of name characters starts, and a versioned name has a few parts: tried from
  // every character of a pasted blob (an image's base64, a minified bundle), a run read to its end from each would
  // take hours on one message.
  static final Pattern NAME = Pattern.compile(
      "(?<![\\w.-])[\\w.-]*[\\w-]\\.[A-Za-z][A-Za-z0-9]{0,9}\\b|\\b[a-z]+[A-Z]\\w*|\\b[A-Z][a-z0-9]+[A-Z]\\w*"
          + "|\\b\\w+_\\w+|\\b[A-Za-z]+(?:[.-][A-Za-z0-9]+){0,8}[.-]\\d+(?:\\.\\d+){0,8}\\b");

  Continuity {
    open = List.copyOf(open);
    live = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(live));
    request = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(request));
    held = held.map(Set::copyOf);
  }

  /**
   * What a transcript whose work has no numbered label asks; {@code held} empty when the transcript's names are not
   * known.
   */
  Continuity(List<String> open, Map<String, Double> live, Map<String, Double> request, Set<String> held) {
    this(open, live, request, held.isEmpty() ? Optional.empty() : Optional.of(held), WorkLabels.none());
  }

  /** What a transcript whose last request and names are not known asks: the open items and the live words. */
  Continuity(List<String> open, Map<String, Double> live) {
    this(open, live, Map.of(), Set.of());
  }

  /** No expectation: a section earns its points by holding a statement. */
  static Continuity none() {
    return new Continuity(List.of(), Map.of());
  }

  /** What the transcript of {@code c} asks of a summary. */
  static Continuity of(Conversation c) {
    List<String> open = c.state().work().open().stream()
        .filter(w -> w.source() == WorkItem.Source.TODO || w.source() == WorkItem.Source.TASK_TOOL)
        .map(WorkItem::title).filter(t -> !t.isBlank()).toList();
    LastStretch stretch = LastStretch.of(c.messages());
    LiveIntent intent = c.state().live();
    return new Continuity(open, stretch.live(intent, c.files()), stretch.request(intent), Optional.of(stretch.names()),
        WorkLabels.of(asked(c), texts(c.messages())));
  }

  // The person's last request; in a segment they have not spoken in since the compaction that opened it, the last
  // of the user messages that compaction's summary carried forward.
  private static String asked(Conversation c) {
    return c.state().live().request().map(UserRequest::stated).orElseGet(() -> c.previousSummary()
        .flatMap(p -> p.get(SummarySection.USER_MESSAGES)).map(WorkLabels::lastItem).orElse(""));
  }

  // Each message's text, made as it is read: most requests name no label, and then none is.
  private static Iterable<String> texts(List<TranscriptMessage> messages) {
    return () -> messages.stream().map(TranscriptMessage::promptText).iterator();
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
    String currentText = summary.get(SummarySection.CURRENT_WORK).orElse("");
    String nextText = summary.get(SummarySection.NEXT_STEP).orElse("");
    String seven = pendingText + "\n" + currentText + "\n" + nextText;
    Map<String, Boolean> said = words(seven);
    double grounded = grounded(said);
    // Judged on the words it could hold: in another language than its own, only what reads the same in any.
    WrittenLanguage language = WrittenLanguage.of(seven);
    Set<String> names = held.orElse(Set.of());
    Map<String, Double> live = language.expected(this.live, said.keySet(), names);
    Map<String, Double> expected = language.expected(request, said.keySet(), names);
    // A request of a word or two ("its loaded", "skip 5 and do the rest") says little of what it asks: what the
    // agent said and did after it does. A request in another language of which a summary holds nothing and could
    // hold nothing word for word (no name, path or number) is still read by all its words: read by the stretch, the
    // words of the project every session says ("current", "phase", "plan") made another session's summary hold it.
    Map<String, Double> asked = request.size() < MIN_REQUEST_WORDS ? live : expected.isEmpty() ? request : expected;
    // Where what reads the same in any language is a small part of the stretch, the stretch's common words (of the
    // project, of English) are most of what is left to hold, and another session's summary holds them as well: the
    // credit is scaled down by that share rather than given whole.
    // The request earns its full marks from a smaller share than CHECKABLE_FOR_FULL, and is scaled from that share: a
    // summary that holds all it can hold of it, a share s of its words, earns no less than s earns it when every word
    // counts. Current Work and the next step stay scaled from CHECKABLE_FOR_FULL: from the next step's own share (0.1)
    // another session's summary of the same feature passed 70 on g12-A and g13.
    double askedScale = request.size() < MIN_REQUEST_WORDS ? checkable(live, this.live, REQUEST_FOR_FULL)
        : checkable(asked, request, REQUEST_FOR_FULL);
    // A stretch of which nothing can be asked of this summary (all of it in another language, no name, path or
    // number) earns it nothing, as in a summary of its own language that holds none of it: full marks go only where
    // the transcript asks nothing.
    double pending = 0;
    // With nothing open, "None pending" says what there is to say; the request must still be in 7 to 9.
    if (Prose.says(pendingText) || open.isEmpty() && Prose.saysNone(pendingText)) {
      List<String> missed = OpenItems.missed(open, pendingText, currentText, particular());
      pending = !open.isEmpty() ? PENDING_POINTS * (open.size() - missed.size()) / open.size()
          : this.live.isEmpty() ? PENDING_POINTS
          : PENDING_POINTS * askedScale * Math.min(1, coverage(said, asked) / REQUEST_FOR_FULL);
      missed.forEach(o -> missing.add("the open item \"" + o + "\" in 7"));
      if (open.isEmpty() && pending < PENDING_POINTS) {
        missing.add("what the last request asked, in 7 to 9");
      }
    } else {
      missing.add("a statement of the open work in 7");
    }
    double current = 0;
    if (Prose.says(currentText)) {
      current = this.live.isEmpty() ? CURRENT_POINTS
          : CURRENT_POINTS * checkable(live, this.live, CHECKABLE_FOR_FULL)
              * Math.min(1, coverage(said, live) / COVERAGE_FOR_FULL);
    }
    if (current < CURRENT_POINTS) {
      missing.add("more of what was being done at the cut in 8: " + String.join(", ", particular(PARTICULAR)));
    }
    double next = 0;
    // An imperative ("Make Parser.java accept the last field.") is short of function words: three plain words do.
    if (Prose.says(nextText) || Prose.plainWords(Continuity.firstLine(nextText)) >= 3) {
      next = this.live.isEmpty() ? NEXT_POINTS
          : NEXT_POINTS * checkable(live, this.live, CHECKABLE_FOR_FULL)
              * Math.min(1, coverage(words(nextText), live) / NEXT_FOR_FULL);
    }
    if (next < NEXT_POINTS) {
      missing.add("the next action in 9, naming what it works on: " + String.join(", ", particular(PARTICULAR)));
    }
    if (grounded < 1) {
      missing.add("names the transcript holds in 7 to 9, not another session's");
    }
    // Sections 7 to 9 about the work of another number ("phase 11" where the person asked for phase 6) would send
    // the agent on to other work: they let none of this work go on.
    Optional<String> contradicted = labels.contradiction(pendingText + "\n" + currentText + "\n" + nextText);
    if (contradicted.isPresent()) {
      grounded = 0;
      missing.add("the work the request names in 7 to 9: " + contradicted.get());
    }
    return new Result(grounded * pending, grounded * current, grounded * next, missing);
  }

  // 0 to 1: the weight of {@code part} against {@code whole}'s, whole from CHECKABLE_FOR_FULL or {@code full}, the
  // smaller, on (1 for no weight).
  private static double checkable(Map<String, Double> part, Map<String, Double> whole, double full) {
    double all = whole.values().stream().mapToDouble(Double::doubleValue).sum();
    double in = part.values().stream().mapToDouble(Double::doubleValue).sum();
    return all <= 0 ? 1 : Math.min(1, in / all / Math.min(CHECKABLE_FOR_FULL, full));
  }

  // The stretch's words particular to it: of a weight at least PARTICULAR_OF_HIGHEST of its highest, and a name, a
  // path, a number or a word outside the commonest of running text. The weight is the segment's: a word said once in
  // it weighs the most, and in a short stretch that is "read", "update", "current" as much as a name, which another
  // session's summary of the same repository holds as well.
  private Set<String> particular() {
    double highest = live.values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
    Set<String> names = held.orElse(Set.of());
    return live.entrySet().stream().filter(e -> e.getValue() >= PARTICULAR_OF_HIGHEST * highest && e.getValue() > 0)
        .map(Map.Entry::getKey).filter(w -> WrittenLanguage.untranslated(w, names) || !CommonWords.common(w))
        .collect(java.util.stream.Collectors.toSet());
  }

  // The weighted share of the words of {@code of} that {@code text}'s words hold.
  private static double coverage(Map<String, Boolean> text, Map<String, Double> of) {
    double all = of.values().stream().mapToDouble(Double::doubleValue).sum();
    double held = of.entrySet().stream().filter(e -> text.containsKey(e.getKey()))
        .mapToDouble(Map.Entry::getValue).sum();
    return all == 0 ? 1 : held / all;
  }

  /**
   * 0 to 1: how far the file names and identifiers of {@code text} are the transcript's, as for sections 7 to 9
   * (1 when the transcript's names are not known).
   */
  double grounding(String text) {
    return grounded(words(text));
  }

  // 0 to 1: how far the names of the text are the transcript's, one more held and named counted.
  private double grounded(Map<String, Boolean> text) {
    if (held.isEmpty()) {
      return 1;
    }
    Set<String> holds = held.get();
    long names = text.entrySet().stream().filter(e -> e.getValue() && !LOADED_BY_THE_HARNESS.contains(e.getKey()))
        .count();
    long in = text.entrySet().stream()
        .filter(e -> e.getValue() && !LOADED_BY_THE_HARNESS.contains(e.getKey()) && holds.contains(e.getKey()))
        .count();
    double share = (in + 1.0) / (names + 1.0);
    return Math.max(0, Math.min(1, (share - GROUNDED_NONE) / (GROUNDED_FULL - GROUNDED_NONE)));
  }

  private List<String> particular(int n) {
    return live.entrySet().stream().sorted(Map.Entry.<String, Double>comparingByValue().reversed()).limit(n)
        .map(Map.Entry::getKey).toList();
  }

  /** The first non-blank line of a section, emphasis and list marks taken off. */
  static String firstLine(String body) {
    String first = body.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse("");
    return first.replaceFirst("^(?:[-*•+]|\\d{1,2}[.)])\\s+", "").replace("**", "");
  }

  // Content words (lower-cased, a plural's "s" taken off) and names (files, identifiers), each marked as a name.
  static Map<String, Boolean> words(String text) {
    Map<String, Boolean> out = new LinkedHashMap<>();
    Matcher names = NAME.matcher(text);
    while (names.find()) {
      String n = names.group().toLowerCase(Locale.ROOT);
      if (n.length() >= 4) {
        out.put(n, true);
      }
    }
    for (String w : KeyMatcher.contentWords(text)) {
      // A pair of Chinese, Japanese or Korean grammar ("不是", "했었") says how, not what: no paraphrase keeps it.
      if (!WritingScripts.grammar(w)) {
        out.putIfAbsent(stem(w), false);
      }
    }
    return out;
  }

  /** A content word as continuity reads it: a plural's "s" taken off a word of five letters or more. */
  static String stem(String word) {
    // "news", "bus" and "class" keep theirs: four letters or fewer, or a double "s".
    return word.length() > 4 && word.endsWith("s") && !word.endsWith("ss") ? word.substring(0, word.length() - 1)
        : word;
  }
}
