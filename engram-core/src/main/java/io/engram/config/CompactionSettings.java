package io.engram.config;

/**
 * Compaction score weights, degradation ladder and file recovery.
 *
 * <p>Beyond the score's weights and thresholds: {@code maxRecompactions} is how many degraded re-compactions the
 * ladder tries before it gives up; {@code severeLossShare} is the preservation share of one kind of
 * key information below which that kind "lost much" (the ladder then keeps original fragments);
 * {@code fuzzyMatchShare} is the share of a long error message's or instruction's content words a
 * summary must contain for it to count as preserved; {@code maxTechnicalKeywords} caps the technical
 * keywords taken from the original (the most frequent first); {@code pruneProtectRecent} is how many of
 * the most recent messages keep their tool outputs when old ones are pruned; {@code pruneTargetShare} is
 * the share of the model window the conversation handed to the summarizer may fill before old tool
 * outputs are pruned (oldest first); the offline summary aims at {@code summaryShare} of the summarised
 * tokens and at least {@code summaryMinTokens} (or, when that is less, the share {@code targetReductionMin} leaves of
 * them: 30%, the top of the band the score's compression part rewards), the size of a model's summary of a long
 * session; a model's summarizer is sent at most {@code
 * modelToolInputChars} of each tool call's input; a user message longer than {@code userQuoteChars} is quoted by its beginning and
 * its end, word for word, with what lies between (a pasted log, a file) said to be left out. What the offline
 * summary quotes and lists is its own group, {@link Offline}.
 */
public record CompactionSettings(
    @Setting(byDefault = "0.3", min = 0, max = 1, help = "Weight of the sections present in a summary's score")
        double weightSections,
    @Setting(byDefault = "0.4", min = 0, max = 1, help = "Weight of the key information kept in a summary's"
        + " score") double weightKeyInfo,
    @Setting(byDefault = "0.2", min = 0, max = 1, help = "Weight of continuity (the next step) in a summary's"
        + " score") double weightContinuity,
    @Setting(byDefault = "0.1", min = 0, max = 1, help = "Weight of compression in a summary's score")
        double weightCompression,
    @Setting(byDefault = "80", min = 0, max = 100, help = "Score at which a summary passes") int passScore,
    @Setting(byDefault = "70", min = 0, max = 100, help = "Score below which a summary is made again")
        int retryScore,
    @Setting(byDefault = "0.30", min = 0, max = 1, help = "Share of the messages the last rung of the ladder"
        + " keeps") double truncateKeepShare,
    @Setting(byDefault = "19", min = 0, help = "Most files read back after a compaction") int maxRestoredFiles,
    @Setting(byDefault = "8_000", min = 1, help = "Most tokens of one file read back") int maxRestoredFileTokens,
    @Setting(byDefault = "0.70", min = 0, max = 1, help = "Least share of the tokens a compaction aims to remove")
        double targetReductionMin,
    @Setting(byDefault = "2", min = 0, help = "Degraded re-compactions the ladder tries before it gives up")
        int maxRecompactions,
    @Setting(byDefault = "0.5", min = 0, max = 1, help = "Preservation share of a kind of key information below"
        + " which the ladder keeps original fragments") double severeLossShare,
    @Setting(byDefault = "0.6", min = 0, max = 1, help = "Share of a long message's content words a summary must"
        + " hold to preserve it") double fuzzyMatchShare,
    @Setting(byDefault = "25", min = 0, help = "Most technical keywords taken from the original")
        int maxTechnicalKeywords,
    @Setting(byDefault = "10", min = 0, help = "Most recent messages that keep their tool outputs when old ones"
        + " are pruned") int pruneProtectRecent,
    @Setting(byDefault = "0.5", min = 0, max = 1, help = "Share of the window the summarizer's input may fill"
        + " before old tool outputs are pruned") double pruneTargetShare,
    @Setting(byDefault = "0.03", min = 0, max = 1, help = "Share of the summarised tokens the offline summary aims"
        + " at") double summaryShare,
    @Setting(byDefault = "2_500", min = 1, help = "Fewest tokens the offline summary aims at") int summaryMinTokens,
    @Setting(byDefault = "2_000", min = 200, help = "Characters past which a user message is quoted by its"
        + " beginning and its end") int userQuoteChars,
    @Setting(byDefault = "2_000", min = 1, help = "Most characters of one tool call's input a model's compaction is"
        + " sent") int modelToolInputChars,
    Offline offline) implements SettingsSection<CompactionSettings> {
  public static final CompactionSettings DEFAULTS = SettingDeclarations.defaults(CompactionSettings.class);

  /**
   * What the offline summary writes without a model: how much of each text it quotes, how many things it lists, and
   * how the tokens its sections' cores leave are shared between its details (the account of the work, the latest
   * code, then the decisions: {@code accountShare} and {@code codeShare} add up to at most 1); {@code summaryShare} and {@code summaryMinTokens} bound the whole. What the score reads
   * of the transcript (its key information, the live intent and the next step) is defined where it is read, not here.
   */
  public record Offline(
      @Setting(byDefault = "400", min = 1, help = "Most characters of the first request the offline summary quotes in"
          + " section 1") int firstRequestChars,
      @Setting(byDefault = "240", min = 1, help = "Most characters of the latest request the offline summary quotes in"
          + " section 1") int latestRequestChars,
      @Setting(byDefault = "600", min = 1, help = "Most characters of a previous compaction's primary request the"
          + " offline summary carries forward") int earlierRequestChars,
      @Setting(byDefault = "10", min = 0, help = "Most key concepts the offline summary explains in a sentence; the"
          + " others are only named") int concepts,
      @Setting(byDefault = "170", min = 30, help = "Longest sentence of the agent's the offline summary explains a"
          + " concept with") int conceptChars,
      @Setting(byDefault = "40", min = 0, help = "Most files only read the offline summary names") int readOnlyFiles,
      @Setting(byDefault = "12", min = 1, help = "Most lines of a changed file's latest code the offline summary shows")
          int codeLines,
      @Setting(byDefault = "160", min = 1, help = "Most characters of a command, path or pattern that names a tool"
          + " call; a longer command is named by its description") int callChars,
      @Setting(byDefault = "200", min = 1, help = "Most characters of one line of an error the offline summary quotes")
          int errorLineChars,
      @Setting(byDefault = "300", min = 1, help = "Most characters of an error known only from the agent's words the"
          + " offline summary quotes") int noticedErrorChars,
      @Setting(byDefault = "320", min = 1, help = "Most characters of an error's cause, in the agent's words, the"
          + " offline summary quotes") int causeChars,
      @Setting(byDefault = "140", min = 1, help = "Most characters of the agent's words for one change made to fix an"
          + " error") int intentChars,
      @Setting(byDefault = "3", min = 1, help = "Most changes the offline summary lists for one error's fix or"
          + " attempts") int fixChanges,
      @Setting(byDefault = "0.4", min = 0, max = 1, help = "Share of the tokens the sections' cores leave that the"
          + " account of the work may fill") double accountShare,
      @Setting(byDefault = "0.4", min = 0, max = 1, help = "Share of the tokens the sections' cores leave that the"
          + " latest code may fill; the decisions get what the two leave") double codeShare,
      @Setting(byDefault = "90", min = 1, help = "Most characters of a request that heads a line of the account of"
          + " the work") int accountRequestChars,
      @Setting(byDefault = "6", min = 0, help = "Most changed files one line of the account of the work names")
          int accountFiles,
      @Setting(byDefault = "220", min = 1, help = "Most characters of one decision of the agent's the offline summary"
          + " quotes") int decisionChars,
      @Setting(byDefault = "80", min = 1, help = "Most characters of a web search the current work's account quotes")
          int searchChars,
      @Setting(byDefault = "100", min = 1, help = "Most characters of a fetched address the current work's account"
          + " quotes") int urlChars,
      @Setting(byDefault = "40", min = 1, help = "Most characters of a search pattern the current work's account"
          + " quotes") int patternChars) implements SettingsSection<Offline> {
    public static final Offline DEFAULTS = SettingDeclarations.defaults(Offline.class);
  }
}
