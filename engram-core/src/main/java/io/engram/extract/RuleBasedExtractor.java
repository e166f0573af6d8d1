package io.engram.extract;

import io.engram.config.ExtractionSettings;
import io.engram.recall.Embedder;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The offline extractor: deterministic rules for explicit requests, corrections, confirmations,
 * project facts, references and user background in what the person typed, in English and Chinese, and
 * for workflow facts in what the session did ({@link SessionWork}).
 *
 * <p>Provenance is kept on every candidate. Tool output is evidence only: it never becomes a memory by
 * itself (a linter's issue link, a fetched page, a file's "always do X"), because what a file says the code
 * already says, and text in a file must not pose as an instruction. A workflow fact rests on the agent's
 * own calls and how they ended. Sentences holding secrets are skipped. A date the person gives relative to
 * the day ("next Friday") is pinned to the day of the turn it was said in, never to the day of the pass.
 * At most {@code maxMemoriesPerTurn} candidates come from one turn, the most confident first.
 *
 * <p>A turn the rules pass over is still kept as a correction, whole, when the learnt model ({@link
 * CorrectionClassifier}) puts it at or above {@code learntCorrectionMin} and it is at most {@code
 * learntCorrectionMaxChars} long; a correction the rules read is dropped when the model puts its turn below {@code
 * learntCorrectionKeep}. A turn written mostly in Han characters has thresholds of its own ({@code
 * learntCorrectionMinHan}, {@code learntCorrectionKeepHan}), and there every rule the turn yields is the model's to
 * drop, a rule asked to be kept or listed too, but a correction that names what to use instead.
 */
public final class RuleBasedExtractor implements Extractor {
  private static final CorrectionClassifier SHIPPED = CorrectionClassifier.shipped();
  private static final CorrectionClassifier SHIPPED_WITH_VECTORS = CorrectionClassifier.shippedWithVectors();
  private final ExtractionSettings settings;
  private final CorrectionModels models;

  /** An extractor with the given settings and the learnt correction model this package ships. */
  public RuleBasedExtractor(ExtractionSettings settings) {
    this(settings, SHIPPED);
  }

  /**
   * An extractor whose correction model also weighs each turn's sentence vector, read by {@code embedder}'s model of
   * the turn's script, where the settings turn that on ({@code vectorCorrectionMin}, ...) and the model is installed.
   */
  public RuleBasedExtractor(ExtractionSettings settings, Optional<Supplier<Embedder>> embedder) {
    this(settings, SHIPPED, SHIPPED_WITH_VECTORS, embedder);
  }

  RuleBasedExtractor(ExtractionSettings settings, CorrectionClassifier classifier) {
    this(settings, classifier, new CorrectionClassifier(Map.of()), Optional.empty());
  }

  RuleBasedExtractor(ExtractionSettings settings, CorrectionClassifier classifier, CorrectionClassifier withVectors,
      Optional<Supplier<Embedder>> embedder) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.models = new CorrectionModels(settings, classifier, withVectors, embedder);
  }

  /**
   * Why the correction model that weighs sentence vectors, on in the settings, judged no turn of a script it was on
   * for (its embedding model absent here); empty when it ran wherever it was on.
   */
  public List<String> withoutVectors() {
    return models.withoutVectors();
  }

  /** An extractor with the default per-turn cap. */
  public RuleBasedExtractor() {
    this(ExtractionSettings.DEFAULTS);
  }

  @Override
  public List<MemoryCandidate> extract(List<TurnText> turns, List<ExistingMemory> existing) {
    return extract(turns, 0, existing);
  }

  @Override
  public List<MemoryCandidate> extract(List<TurnText> turns, int from, List<ExistingMemory> existing) {
    Objects.requireNonNull(turns, "turns");
    Objects.requireNonNull(existing, "existing");
    if (from < 0 || from > turns.size()) {
      throw new IllegalArgumentException("from " + from + " outside 0.." + turns.size());
    }
    if (!settings.enabled()) {
      return List.of();
    }
    Map<String, MemoryCandidate> byName = new LinkedHashMap<>();
    Optional<String> previousAssistant = Optional.empty();
    for (int i = 0; i < turns.size(); i++) {
      TurnText turn = turns.get(i);
      if (turn.role() == TurnRole.ASSISTANT) {
        previousAssistant = Optional.of(turn.text());
        continue;
      }
      if (turn.role() != TurnRole.USER) {
        continue;
      }
      if (i >= from && !turn.memoryWritten()) {
        for (MemoryCandidate c : fromTurn(i, turn, previousAssistant)) {
          byName.merge(c.name(), c, (a, b) -> a.provenance().confidence() >= b.provenance().confidence() ? a : b);
        }
      }
      previousAssistant = Optional.empty();
    }
    for (MemoryCandidate c : SessionWork.candidates(turns, from, settings.offline())) {
      byName.putIfAbsent(c.name(), c);
    }
    List<MemoryCandidate> out = new ArrayList<>();
    for (MemoryCandidate c : byName.values()) {
      Optional<String> same =
          Similarity.match(c.name(), c.provenance().evidence().quote() + " " + c.description(), existing,
              settings.updateSimilarity());
      out.add(same.map(c::asUpdateOf).orElse(c));
    }
    return List.copyOf(out);
  }

  private static boolean hasWords(String sentence) {
    int letters = 0;
    for (int i = 0; i < sentence.length() && letters < 3; i++) {
      letters += Character.isLetterOrDigit(sentence.charAt(i)) ? 1 : 0;
    }
    return letters >= 3;
  }

  private List<MemoryCandidate> fromTurn(int index, TurnText turn, Optional<String> previousAssistant) {
    Optional<LocalDate> said = turn.timestamp().equals(Instant.EPOCH) ? Optional.empty()
        : Optional.of(turn.timestamp().atZone(ZoneOffset.UTC).toLocalDate());
    List<Sentence> sentences = new ArrayList<>();
    java.util.Set<String> seen = new java.util.HashSet<>();
    String prose = PastedVoices.blank(CodeLines.blank(turn.text()));
    for (Sentence s : Sentences.of(prose)) {
      // A sentence longer than any stated rule is pasted output, one without three letters or digits
      // states nothing, and a repeated one says nothing new: the rules need not read them.
      if (s.text().length() <= settings.maxSentenceChars() && hasWords(s.text()) && seen.add(s.text())) {
        sentences.add(s);
      }
    }
    List<MemoryCandidate> found = new ArrayList<>();
    // what the learnt model may veto: a correction read by its clauses, or a rule read as the person's standing
    // preference or correction; never what they asked to be kept, confirmed, or wrote as an instruction list, except in
    // Chinese, where the words that ask to keep (注意, 记得, 记住) and a numbered list are as often the steps of one
    // request ("记得要复制一份 notebook 再在上面做修改", "注意，mouth 中字母是 ou"): there every rule the turn yields is the model's
    // to weigh but one asked to be written into the rules (加入规则：...), a confirmation, or a whole correction (below)
    boolean han = CorrectionFeatures.han(turn.text());
    List<MemoryCandidate> vetoable = new ArrayList<>();
    InstructionLines items = InstructionLines.of(prose);
    TaskScope scope = TaskScope.of(prose);
    // A document for the work (a brief, a spec, a plan handed to the agent) lists what that work needs; only what says
    // it holds on ("always", "never", "from now on", a rule asked to be kept) is a rule in it.
    boolean document = !han && sentences.stream().mapToInt(x -> x.text().length()).sum() > settings.documentChars();
    int consumed = -1;
    for (int i = 0; i < sentences.size(); i++) {
      if (i <= consumed) {
        continue;
      }
      Sentence s = sentences.get(i);
      if (scope.bounds(s) || document && !Intents.holdsOn(s.text())) {
        // "Do not change other parts of the page." beside the work asked: the bounds of that work, no rule; a
        // document's plain instructions are what its work needs
        continue;
      }
      boolean core = !Secrets.contains(s.text()) && !Intents.isQuestion(s.text())
          && (CorrectionClauses.isCore(s.text()) || Corrections.read(s.text()).isPresent()
              // "I don't want vertical scaling of the text. I prefer truncation.": a stated preference has its span too
              || Intents.read(s.text()).filter(t -> t.kind() == Intent.Kind.CORRECTION).isPresent());
      boolean stepOfWork = scope.asksBeside(s);
      List<Draft> drafts = SentenceRules.read(s.text(), previousAssistant, said, settings.offline(), stepOfWork);
      boolean preference = !drafts.isEmpty() && Intents.read(s.text())
          .filter(t -> t.kind() == Intent.Kind.STANDING || t.kind() == Intent.Kind.CORRECTION).isPresent();
      if (drafts.isEmpty() && core) {
        drafts = SentenceRules.correction(s.text(), settings.offline());
      }
      if (drafts.isEmpty() && !Secrets.contains(s.text())
          && items.standing(s.start(), s.text())) {
        drafts = SentenceRules.instruction(s.text(), settings.offline());
      }
      if (drafts.isEmpty()) {
        // "..., 并且以后我指定创建的 skills 都放在该文件夹下": the rule starts mid-sentence, after the request
        Optional<String> tail = CorrectionClauses.standingTail(s.text());
        if (tail.isPresent()) {
          drafts = SentenceRules.read(tail.get(), previousAssistant, said, settings.offline(), stepOfWork);
        }
      }
      if (drafts.isEmpty()) {
        // "fix this, and never commit to main": a clause that states a standing preference beside the work asked
        drafts = RequestClauses.read(s, scope, previousAssistant, said, settings.offline(), stepOfWork);
      }
      // A correction that names both what to stop and what to do instead (别用 Moment.js，用 date-fns) says all a
      // correction can: in Chinese the model's bar, chosen on whole chats, would drop it with the steps of work
      boolean whole = han && !drafts.isEmpty()
          && Corrections.read(s.text()).filter(r -> r.use().isPresent() && r.avoid().isPresent()).isPresent();
      for (Draft d : drafts) {
        Sentence from = s;
        Sentence to = s;
        if (d.type() == CandidateType.FEEDBACK || d.type() == CandidateType.PROJECT) {
          // a correction whole with what to do instead and why; any other rule with the reason said right after it
          CorrectionSpans.Span span = core ? CorrectionSpans.around(turn.text(), sentences, i)
              : CorrectionSpans.reasonAfter(turn.text(), sentences, i);
          d = d.within(span.text(), s.text(), settings.offline());
          from = sentences.get(span.from());
          to = sentences.get(span.to());
          consumed = core ? Math.max(consumed, span.to()) : consumed;
        }
        MemoryCandidate c =
            new MemoryCandidate(
                CandidateAction.CREATE,
                d.name(),
                d.description(),
                d.type(),
                d.body(),
                new MemoryCandidate.Provenance(CandidateSource.USER, true,
                    new Evidence(index, from.start(), to.end(), turn.text().substring(from.start(), to.end())),
                    d.confidence()));
        found.add(c);
        if (core && !whole || (preference || han && !whole && !Intents.asksForARule(s.text()))
            && c.type() == CandidateType.FEEDBACK) {
          vetoable.add(c);
        }
      }
    }
    found = withLearnt(index, turn, previousAssistant, sentences, scope, found, vetoable);
    if (found.size() <= settings.maxMemoriesPerTurn()) {
      return found;
    }
    return found.stream()
        .sorted(Comparator.comparingDouble((MemoryCandidate c) -> c.provenance().confidence()).reversed())
        .limit(settings.maxMemoriesPerTurn())
        .toList();
  }

  /**
   * Whether a negation of the turn is about what the agent just did by the rules' reading of its clauses: it says what
   * the speaker needs ("they don't really need to exist"), or it rejects only a pronoun ("no don't set it", 别改了)
   * and no sentence says it holds on. A time word ("in the future state") does not make such a negation a rule.
   */
  private static boolean rejectsWhatWasJustDone(List<Sentence> sentences) {
    return sentences.stream().anyMatch(s -> CorrectionClauses.aboutTheTaskAtHand(s.text()))
        || sentences.stream().anyMatch(s -> CorrectionClauses.rejectsAPronoun(s.text()))
            && sentences.stream().noneMatch(s -> Intents.holdsOn(s.text()));
  }

  /**
   * What the learnt model adds to, or takes from, what the rules read in one turn: a correction the rules read by its
   * clauses, or a rule they read as a standing preference or correction, goes when the model finds the turn unlike any
   * correction (what the person asked to keep, confirmed or listed as an instruction stays, but in Chinese); a turn the rules pass over is kept whole when
   * the model finds it like one, unless a sentence of it is about the work at hand by the rules' reading (this
   * file, this time, what you suggested, an edit asked for, a "don't" of what the speaker needs or of a pronoun alone,
   * the bounds of the work the turn asks for),
   * which the model is not let to overrule, or it only asks.
   */
  private List<MemoryCandidate> withLearnt(int index, TurnText turn, Optional<String> previousAssistant,
      List<Sentence> sentences, TaskScope scope, List<MemoryCandidate> found, List<MemoryCandidate> vetoable) {
    // Chinese turns have bars of their own: the model's probabilities there lie on another scale than in Latin
    // script (other features, other cues), and what it adds must beat the keyword baseline in each script apart.
    boolean han = CorrectionFeatures.han(turn.text());
    if (sentences.isEmpty()) {
      return found;
    }
    Optional<CorrectionModels.Judgement> judged = models.judge(turn.text(), previousAssistant, han);
    if (judged.isEmpty()) {
      return found;
    }
    double p = judged.get().probability();
    double min = judged.get().min();
    double keep = judged.get().keep();
    List<MemoryCandidate> kept = p >= keep ? found
        : found.stream().filter(c -> !vetoable.contains(c)).toList();
    boolean ruled = kept.stream().anyMatch(c -> c.type() == CandidateType.FEEDBACK || c.type() == CandidateType.PROJECT);
    Sentence first = sentences.get(0);
    Sentence last = sentences.get(sentences.size() - 1);
    String whole = turn.text().substring(first.start(), last.end()).strip();
    if (ruled || p < min || whole.length() > settings.learntCorrectionMaxChars()
        || Secrets.contains(whole) || sentences.stream().anyMatch(s -> scope.bounds(s)
            || (p >= judged.get().over() ? SentenceRules.atHandBesideAnEdit(s.text()) : SentenceRules.atHand(s.text())))
        || rejectsWhatWasJustDone(sentences)
        || sentences.stream().allMatch(s -> Intents.isQuestion(s.text()))) {
      return kept;
    }
    List<MemoryCandidate> out = new ArrayList<>(kept);
    out.add(new MemoryCandidate(CandidateAction.CREATE, Terms.slug("", whole, 5),
        Terms.clip(whole, settings.offline().descriptionChars()),
        CandidateType.FEEDBACK, whole, new MemoryCandidate.Provenance(CandidateSource.USER, true,
            new Evidence(index, first.start(), last.end(), whole), Math.min(RuleConfidence.STATED, p))));
    return out;
  }
}
