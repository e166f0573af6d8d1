package io.engram.config;

import java.util.List;

/**
 * Every tunable number and name of Engram, with its default: the table of sections, one record each in a file of
 * its own ({@link RecallSettings}, {@link CompactionSettings}, ...), whose components declare each setting with
 * {@link Setting} (default, range, help).
 *
 * <p>Each section is a record with a {@code DEFAULTS} constant; {@link SettingsLoader} overlays the
 * user's {@code settings.json} on {@link #DEFAULTS}, so a settings file only names what it changes.
 */
public record EngramSettings(
    InstructionsSettings instructions,
    MemorySettings memory,
    NotesSettings notes,
    ExtractionSettings extraction,
    DreamSettings dream,
    RecallSettings recall,
    ContextSettings context,
    CompactionSettings compaction,
    ModelSettings model,
    GovernorSettings governor,
    HooksSettings hooks,
    ServiceSettings service,
    TeamSettings team) implements SettingsSection<EngramSettings> {

  /** The settings Engram runs with when the settings file is absent or empty. */
  public static final EngramSettings DEFAULTS =
      new EngramSettings(
          InstructionsSettings.DEFAULTS,
          MemorySettings.DEFAULTS,
          NotesSettings.DEFAULTS,
          ExtractionSettings.DEFAULTS,
          DreamSettings.DEFAULTS,
          RecallSettings.DEFAULTS,
          ContextSettings.DEFAULTS,
          CompactionSettings.DEFAULTS,
          ModelSettings.DEFAULTS,
          GovernorSettings.DEFAULTS,
          HooksSettings.DEFAULTS,
          ServiceSettings.DEFAULTS,
          TeamSettings.DEFAULTS);

  /** Every setting {@code settings.json} may name, as its {@link Setting} declaration describes it. */
  public static List<SettingDescription> described() {
    return SettingDeclarations.described();
  }
}
