package io.engram.extract;

import io.engram.config.ExtractionSettings;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads one sentence of a user turn with every rule family and decides what kind of memory it holds.
 *
 * <p>A sentence yields at most one memory besides its references: a request to remember a package
 * manager is a project fact, not also a feedback rule.
 */
final class SentenceRules {
  /** Requests about one specific artefact in front of the user: task details, not memory. */
  private static final Pattern ONE_OFF =
      Pattern.compile(
          "(?i)\\b(?:this|that)\\s+(?:function|method|file|line|variable|loop|snippet|bug|error|branch|commit|pr|"
              + "class|case|query|endpoint|script|component|page|cell|notebook|change|task|ticket|feature|test|one)\\b"
              + "|\\byou (?:just )?(?:suggested|mentioned|proposed|wrote|described|showed)\\b"
              + "|\\b(?:first|second|third|last|previous|other) (?:one|approach|option|version|idea|suggestion)\\b"
              // "here" is the thing at hand, unless it is the chat itself ("answer here only in this chat panel")
              + "|\\b(?:here(?!\\s+or\\b)(?!\\s+(?:only\\s+)?in\\s+(?:this|the)\\s+(?:chat|conversation|thread|panel)\\b)"
              + "|this time|for now|just this once|in this case)\\b"
              + "|这个(?:函数|方法|文件|变量|类|bug|错误|地方|分支|提交|脚本|页面)|这里|这行|这次|这一次|暂时");
  /** A remembered statement about the project rather than a rule for the agent. */
  private static final Pattern FACT =
      Pattern.compile(
          "(?i)^(?:the|our|my|we|this|that|all|every|each|[A-Z][\\w-]{0,40})\\b[^,;:]{0,60}?\\b"
              + "(?:is|are|was|were|has|have|belongs?|lives?|runs? on|owned|maintained|deployed|hosted|located)\\b"
              + "|^(?:这个项目|项目|我们|本项目|这个仓库|仓库|服务|团队)[^，,]{0,30}?(?:是|在|由|属于|部署|运行在|归)");
  /** A correction in the project's voice ("we ...", "our ...", "this repo ...", 我们...): the project's, not the agent's. */
  private static final Pattern PROJECT_SPEAKS = Pattern.compile("(?is)^(?:we|our|this project|this repo|我们).*");
  /** A statement that something is done with or goes through a tool. */
  private static final Pattern FACT_OF_TOOL = Pattern.compile(
      "(?i)^(?:the\\s+|our\\s+|all\\s+)?[\\w/.*-]+(?:\\s+[\\w/.*-]+){0,3}?\\s+(?:go(?:es)?\\s+through|(?:is|are)\\s+"
          + "(?:done|run|built|managed|handled|written)\\s+(?:with|by|in|through))\\b");
  // The agent's first sentence of 12 letters or digits or more describes its approach; a shorter one acknowledges
  // ("Sure!", "Got it, on it.").
  private static final int APPROACH_LETTERS = 12;
  private static final Pattern CONFIRM_FLOOR = Pattern.compile("[\\p{L}\\p{N}]");

  private SentenceRules() {}

  /**
   * The drafts {@code sentence} yields, said on {@code said} (the day relative dates count from), their texts as long
   * as {@code limits} say.
   *
   * @param previousAssistant the assistant's last message before this turn, for confirmations
   * @param stepOfWork whether the turn asks for work beside this sentence, so that a command it asks to run is a step of
   *     that work ("After fix, remind to run pnpm dev") and tells no package manager; one stated still does
   */
  static List<Draft> read(String sentence, Optional<String> previousAssistant, Optional<java.time.LocalDate> said,
      ExtractionSettings.Offline limits, boolean stepOfWork) {
    if (Secrets.contains(sentence)) {
      return List.of();
    }
    if (Intents.isQuestion(sentence)) {
      return List.of();
    }
    List<Draft> out = References.read(sentence, limits);
    if (!out.isEmpty()) {
      return out;
    }
    Optional<Draft> user = UserProfile.read(sentence, limits);
    if (user.isPresent()) {
      return List.of(user.get());
    }
    Optional<Intent> intent = Intents.read(sentence);
    Optional<Draft> fact =
        ProjectFacts.packageManager(sentence, intent.isPresent() || stepOfWork, limits)
            .or(() -> ProjectFacts.testServices(sentence, limits))
            .or(() -> ProjectFacts.deadline(sentence, said, limits));
    if (fact.isPresent()) {
      return List.of(fact.get());
    }
    Optional<Corrections.Correction> correction = Corrections.read(sentence);
    if (correction.isPresent()) {
      return corrected(correction.get(), sentence, limits);
    }
    if (intent.isEmpty()) {
      return List.of();
    }
    Intent i = intent.get();
    if (i.kind() == Intent.Kind.CONFIRMATION) {
      return previousAssistant.flatMap(a -> confirmed(a, limits)).map(List::of).orElse(List.of());
    }
    if (ONE_OFF.matcher(i.rest()).find()
        || i.kind() == Intent.Kind.CORRECTION && (CorrectionClauses.aboutTheTaskAtHand(i.rest())
            || CorrectionClauses.asksForAnEdit(i.rest()))) {
      return List.of();
    }
    if (i.kind() == Intent.Kind.EXPLICIT && FACT.matcher(i.rest()).find()) {
      return List.of(projectNote(i.rest(), limits));
    }
    return List.of(feedback(i.rest(), i.kind() == Intent.Kind.CORRECTION ? RuleConfidence.SAID : RuleConfidence.STATED,
        limits));
  }

  /**
   * Whether the sentence is about the work at hand by these rules' reading: a one-off (this file, this time, what you
   * suggested), or, unless it says it holds on ("always", 以后), an edit asked for or a "don't" of the thing at hand.
   */
  static boolean atHand(String sentence) {
    return atHandBesideAnEdit(sentence) || !Intents.holdsOn(sentence) && CorrectionClauses.asksForAnEdit(sentence);
  }

  /**
   * Whether the sentence is about the work at hand other than by asking for an edit: a one-off, or a "don't" of the
   * thing at hand; what a learnt model sure of a standing rule inside a request still may not overrule.
   */
  static boolean atHandBesideAnEdit(String sentence) {
    return ONE_OFF.matcher(sentence).find() || !Intents.holdsOn(sentence)
        && CorrectionClauses.aboutTheTaskAtHand(sentence);
  }

  /**
   * The drafts of a sentence no specific rule read that is still the core of a correction ({@link
   * CorrectionClauses#isCore}): a rule for the agent, or a project fact when it picks the project's tool; none when it
   * is about the one thing at hand.
   */
  static List<Draft> correction(String sentence, ExtractionSettings.Offline limits) {
    return corrected(Corrections.general(sentence), sentence, limits);
  }

  /**
   * The rule of a list item that reads as a standing instruction ({@link InstructionLines}): a rule for the agent,
   * none when it is a one-off by these rules' reading.
   */
  static List<Draft> instruction(String sentence, ExtractionSettings.Offline limits) {
    return ONE_OFF.matcher(sentence).find() ? List.of() : List.of(feedback(sentence, RuleConfidence.STATED, limits));
  }

  /** Whether {@code correction} is said in the project's voice ("we don't use multipass anymore", 我们统一用 pnpm). */
  static boolean projectSpeaks(String correction) {
    return PROJECT_SPEAKS.matcher(correction).matches();
  }

  /** A correction's memory: a project fact when it states how things are or picks the project's tool. */
  private static List<Draft> corrected(Corrections.Correction c, String sentence,
      ExtractionSettings.Offline limits) {
    boolean tool = c.use().filter(ToolNames::named).isPresent() || c.avoid().filter(ToolNames::named).isPresent();
    boolean projectScope = tool || projectSpeaks(c.text());
    String judged = projectScope ? Corrections.withoutProjectHere(c.text()) : c.text();
    if (ONE_OFF.matcher(judged).find() || CorrectionClauses.asksForAnEdit(sentence)
        || c.use().isEmpty() && CorrectionClauses.aboutTheTaskAtHand(c.text())) {
      return List.of();
    }
    if (tool && c.use().isPresent()) {
      return List.of(toolChoice(c.use().get(), c.avoid(), sentence, limits));
    }
    // "migrations go through Flyway, never ...": a statement of which tool the project uses
    boolean statesTool = c.use().isEmpty() && FACT_OF_TOOL.matcher(c.text()).find() && ToolNames.named(c.text());
    return List.of(c.kind() == Corrections.Kind.FACT || tool || statesTool
        ? projectNote(c.text(), limits) : feedback(c.text(), RuleConfidence.SAID, limits));
  }

  private static Draft toolChoice(String use, Optional<String> avoid, String sentence,
      ExtractionSettings.Offline limits) {
    boolean chinese = CorrectionClauses.of(sentence) == CorrectionClauses.CHINESE;
    String not = avoid.map(a -> (chinese ? "，不用 " : ", not ") + Terms.clip(a, limits.avoidedToolChars()))
        .orElse("");
    return new Draft(
        CandidateType.PROJECT,
        Terms.slug(chinese ? "用" : "use", use, 3),
        (chinese ? "本项目用的工具：" : "Which tool to use in this project: ") + Terms.clip(use, limits.toolChars())
            + not,
        (chinese ? "用 " : "Use ") + Terms.clip(use, limits.toolBodyChars()) + not + (chinese ? "。" : ".") + "\n\n"
            + Draft.userSaid(Terms.clip(sentence, limits.quoteChars()), chinese),
        use + " " + avoid.orElse(""),
        RuleConfidence.SAID);
  }

  private static Draft feedback(String rule, double confidence, ExtractionSettings.Offline limits) {
    String clean = rule.replaceAll("^[\\s,，:：-]+", "");
    return new Draft(
        CandidateType.FEEDBACK,
        Terms.slug("", clean, 5),
        Terms.clip(clean, limits.descriptionChars()),
        Terms.clip(clean, limits.bodyChars()),
        clean,
        confidence);
  }

  private static Draft projectNote(String fact, ExtractionSettings.Offline limits) {
    return new Draft(
        CandidateType.PROJECT,
        Terms.slug("", fact, 5),
        Terms.clip(fact, limits.descriptionChars()),
        Terms.clip(fact, limits.bodyChars()),
        fact,
        RuleConfidence.SAID);
  }

  /** The approach the assistant described in its first substantial sentence, now confirmed by the user. */
  private static Optional<Draft> confirmed(String assistant, ExtractionSettings.Offline limits) {
    for (Sentence s : Sentences.of(assistant)) {
      String t = s.text();
      long letters = t.codePoints().filter(c -> CONFIRM_FLOOR.matcher(Character.toString(c)).matches()).count();
      if (letters >= APPROACH_LETTERS && !Intents.isQuestion(t) && !Secrets.contains(t)) {
        return Optional.of(
            new Draft(
                CandidateType.FEEDBACK,
                Terms.slug("", t, 5),
                "Approach the user confirmed: " + Terms.clip(t, limits.approachChars()),
                "The user confirmed this approach; keep doing it: " + Terms.clip(t, limits.approachBodyChars()),
                t,
                RuleConfidence.INFERRED));
      }
    }
    return Optional.empty();
  }
}
