package io.engram.config;

/**
 * Session notes: when they start, when they are brought up to date, how long they grow, what a model updating them
 * is sent, and what the offline engine writes without one ({@link Offline}).
 */
public record NotesSettings(
    @Setting(byDefault = "10_000", min = 0, help = "Context tokens a session reaches before its notes are first"
        + " written") int startTokens,
    @Setting(byDefault = "5_000", min = 0, help = "Context tokens the session must grow by since the last update"
        + " before the notes are updated again (with updateToolCalls)") int updateGrowthTokens,
    @Setting(byDefault = "3", min = 0, help = "Tool calls since the last update before the notes are updated"
        + " again (with updateGrowthTokens)") int updateToolCalls,
    @Setting(byDefault = "2_000", min = 1, help = "Most tokens one section of the notes holds") int sectionTokenCap,
    @Setting(byDefault = "12_000", min = 1, help = "Most tokens the notes hold in all") int totalTokenCap,
    @Setting(byDefault = "4_000", min = 1, help = "Most tokens a model's answer updating the notes may hold")
        int maxAnswerTokens,
    @Setting(byDefault = "120_000", min = 1_000, help = "Most characters of new messages one model update of the"
        + " notes is sent, the oldest cut first") int promptMessageChars,
    @Setting(byDefault = "400", min = 1, help = "Most characters of one tool call's input a model update of the notes"
        + " is sent") int modelToolCallChars,
    @Setting(byDefault = "1_500", min = 1, help = "Most characters of one tool result a model update of the notes is"
        + " sent") int modelToolOutputChars,
    Offline offline) implements SettingsSection<NotesSettings> {
  public static final NotesSettings DEFAULTS = SettingDeclarations.defaults(NotesSettings.class);

  /**
   * What the offline notes engine writes without a model: how many files, names, errors and corrections it lists, and
   * how much of each text it quotes; the notes' token caps ({@code notes.sectionTokenCap}, {@code totalTokenCap}) then
   * bound the whole.
   */
  public record Offline(
      @Setting(byDefault = "30", min = 0, help = "Most files the offline notes list, the most recently touched first")
          int files,
      @Setting(byDefault = "8", min = 0, help = "Most names the offline notes list for one file") int symbolsPerFile,
      @Setting(byDefault = "15", min = 0, help = "Most errors the offline notes list, the latest") int errors,
      @Setting(byDefault = "10", min = 0, help = "Most user corrections the offline notes list, the latest")
          int corrections,
      @Setting(byDefault = "1_200", min = 1, help = "Most characters of the latest request the offline notes quote")
          int requestChars,
      @Setting(byDefault = "800", min = 1, help = "Most characters of the last reply the offline notes quote")
          int replyChars,
      @Setting(byDefault = "200", min = 1, help = "Most characters of an error's line the offline notes quote")
          int errorChars,
      @Setting(byDefault = "300", min = 1, help = "Most characters of a user correction the offline notes quote")
          int correctionChars,
      @Setting(byDefault = "160", min = 1, help = "Most characters of a request one worklog entry quotes")
          int worklogRequestChars,
      @Setting(byDefault = "200", min = 1, help = "Most characters of a reply one worklog entry quotes")
          int worklogResultChars,
      @Setting(byDefault = "80", min = 1, help = "Most characters of a tool call's command or path the offline notes"
          + " quote") int callChars) implements SettingsSection<Offline> {
    public static final Offline DEFAULTS = SettingDeclarations.defaults(Offline.class);
  }
}
