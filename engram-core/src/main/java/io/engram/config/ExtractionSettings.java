package io.engram.config;

/**
 * Per-turn extraction. The offline rules read sentences of at most {@code maxSentenceChars} (1,000)
 * characters: a rule, fact or preference a person states is far shorter, and a longer run without a
 * sentence end is pasted output (a log line, a base64 blob, minified code) that no rule is for. A pass
 * over a transcript file reads what was appended since the last one in pieces of at most {@code
 * maxReadBytes} (8 MiB, whole lines), so its memory stays bounded however much that is. A pass records where it
 * got to in the session's ledger, waiting up to {@code ledgerWaitMillis} (10 s: it runs after the turn, and the
 * ledger is held only while a call writes it) for another call of the session. How much of what a person said the
 * offline rules write into a memory is its own group, {@link Offline}. A turn holding more than {@code documentChars}
 * (2,000) characters of a person's own words is a document for the work (a brief, a spec, a plan handed to the agent),
 * whose plain instructions are what that work needs: on labelled chats no English correction was longer than 1,500
 * characters, while nearly a third of the ordinary turns the rules wrote to were longer than 2,000.
 *
 * <p>The learnt correction model's thresholds are set apart for Chinese turns and for every other, each pair chosen on
 * labelled chats of people the choice never read, as the one whose corrections found, less its wrong turns times the
 * keyword baseline's own rate of corrections per wrong turn, is highest. Outside Chinese the model is off: {@code
 * learntCorrectionMin} 1 adds no turn and {@code learntCorrectionKeep} 0 drops none, since with the English readings
 * as they are the rules alone scored higher than at any bar of the model. In Chinese, where the rules write to more turns that
 * are no correction than the baseline does, the model weighs every rule a Chinese turn yields (but a correction that
 * names both what to stop and what to use instead) and drops it below {@code learntCorrectionKeepHan} 0.5, and adds a
 * turn the rules pass over from {@code learntCorrectionMinHan} 0.6. The model that also weighs a turn's sentence vector
 * ({@code vectorCorrection...}) is off in both ({@code Min} 1, {@code Keep} 0, {@code OverEdit} 1): on folds by person
 * it found no more than the rules in English at the same wrong turns and less than the model of words in Chinese.
 */
public record ExtractionSettings(
    @Setting(byDefault = "true", help = "Whether memories are learnt from each turn") boolean enabled,
    @Setting(byDefault = "5", min = 1, help = "Most memories one turn's extraction writes") int maxMemoriesPerTurn,
    @Setting(byDefault = "0.5", min = 0, max = 1, help = "Share of a learnt memory's words a stored memory's name and"
        + " description must hold for the offline rules to update it rather than add another") double updateSimilarity,
    @Setting(byDefault = "1_000", min = 1, help = "Longest sentence the offline rules read; a longer run is"
        + " pasted output") int maxSentenceChars,
    @Setting(byDefault = "2_000", min = 1, help = "Most characters of a person's own words in one turn (pasted code"
        + " and output left out; a turn not written mostly in Han characters) whose plain instructions the offline"
        + " rules read as rules; a longer turn is a document for the work (a brief, a spec, a plan), whose rules must"
        + " say they hold on") int documentChars,
    @Setting(byDefault = "8_388_608", min = 1, help = "Most bytes of a transcript one piece of an extraction"
        + " pass reads (8 MiB, whole lines)") int maxReadBytes,
    @Setting(byDefault = "3_000", min = 1, help = "Most tokens a model's answer to one extraction may hold")
        int maxAnswerTokens,
    @Setting(byDefault = "3_000", min = 1, help = "Most characters of one tool output a model's extraction is sent")
        int modelToolOutputChars,
    @Setting(byDefault = "300", min = 1, help = "Most characters of one tool call's input a model's extraction is"
        + " sent") int modelToolCallChars,
    @Setting(byDefault = "10_000", min = 0, help = "How long, in ms, a pass waits for another call of the session to"
        + " release its ledger before where it got to goes unrecorded") int ledgerWaitMillis,
    @Setting(byDefault = "1", min = 0, max = 1, help = "Probability of the learnt correction model at or above"
        + " which a turn the offline rules pass over is kept as a correction; 1 turns that off")
        double learntCorrectionMin,
    @Setting(byDefault = "0", min = 0, max = 1, help = "Probability of the learnt correction model below which a"
        + " correction or standing preference the offline rules read is dropped; 0 keeps every one")
        double learntCorrectionKeep,
    @Setting(byDefault = "0.6", min = 0, max = 1, help = "learntCorrectionMin for a turn written mostly in Han"
        + " characters (Chinese)") double learntCorrectionMinHan,
    @Setting(byDefault = "0.5", min = 0, max = 1, help = "learntCorrectionKeep for a turn written mostly in Han"
        + " characters (Chinese), where it weighs every rule the offline rules read, not only corrections and"
        + " preferences, but for a correction that names what to use instead") double learntCorrectionKeepHan,
    @Setting(byDefault = "1", min = 0, max = 1, help = "learntCorrectionMin for the correction model that also weighs"
        + " the turn's sentence vector, where the embedding model of the turn's script is installed (a turn not written"
        + " mostly in Han characters; 1 with vectorCorrectionKeep 0 leaves it off)") double vectorCorrectionMin,
    @Setting(byDefault = "0", min = 0, max = 1, help = "learntCorrectionKeep for the correction model that also"
        + " weighs the turn's sentence vector (a turn not written mostly in Han characters)")
        double vectorCorrectionKeep,
    @Setting(byDefault = "1", min = 0, max = 1, help = "vectorCorrectionMin for a turn written mostly in Han"
        + " characters (Chinese)") double vectorCorrectionMinHan,
    @Setting(byDefault = "0", min = 0, max = 1, help = "vectorCorrectionKeep for a turn written mostly in Han"
        + " characters (Chinese)") double vectorCorrectionKeepHan,
    @Setting(byDefault = "1", min = 0, max = 1, help = "Probability of the correction model that weighs the turn's"
        + " sentence vector at or above which a turn the offline rules pass over is kept whole even where a sentence"
        + " of it asks for an edit (a standing preference inside a request: 'add the CLI and use uv for dependency"
        + " management'); 1 turns that off") double vectorCorrectionOverEdit,
    @Setting(byDefault = "1", min = 0, max = 1, help = "vectorCorrectionOverEdit for a turn written mostly in Han"
        + " characters (Chinese)") double vectorCorrectionOverEditHan,
    @Setting(byDefault = "600", min = 1, help = "Longest turn, in characters, the learnt correction model keeps"
        + " whole as a correction") int learntCorrectionMaxChars,
    Offline offline)
    implements SettingsSection<ExtractionSettings> {
  public static final ExtractionSettings DEFAULTS = SettingDeclarations.defaults(ExtractionSettings.class);

  /**
   * How much of what a person said the offline rules write into a memory: its description and body, the words of
   * theirs it quotes, and the names it gives in one line (a tool, a command, who the user is).
   */
  public record Offline(
      @Setting(byDefault = "150", min = 1, help = "Most characters of the description of a memory the offline rules"
          + " write") int descriptionChars,
      @Setting(byDefault = "600", min = 1, help = "Most characters of the rule or fact the offline rules write as a"
          + " memory's body") int bodyChars,
      @Setting(byDefault = "2_000", min = 1, help = "Most characters of the words around a rule, read over several"
          + " sentences, its memory's body holds") int spanChars,
      @Setting(byDefault = "300", min = 1, help = "Most characters of the person's own words a memory the offline"
          + " rules write quotes") int quoteChars,
      @Setting(byDefault = "400", min = 1, help = "Most characters of the person's own words a deadline's memory"
          + " quotes") int deadlineQuoteChars,
      @Setting(byDefault = "80", min = 1, help = "Most characters of what a description names (the checks, the"
          + " generators, a link's purpose, who the user is)") int namedChars,
      @Setting(byDefault = "60", min = 1, help = "Most characters of the tool a tool choice's description names")
          int toolChars,
      @Setting(byDefault = "200", min = 1, help = "Most characters of the tool a tool choice's body names")
          int toolBodyChars,
      @Setting(byDefault = "40", min = 1, help = "Most characters of the tool a tool choice says not to use")
          int avoidedToolChars,
      @Setting(byDefault = "100", min = 1, help = "Most characters of a confirmed approach its memory's description"
          + " quotes") int approachChars,
      @Setting(byDefault = "500", min = 1, help = "Most characters of a confirmed approach its memory's body quotes")
          int approachBodyChars) implements SettingsSection<Offline> {
    public static final Offline DEFAULTS = SettingDeclarations.defaults(Offline.class);
  }
}
