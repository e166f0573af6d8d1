package io.engram.config;

/** Token caps on background model work, and how many days the usage ledger keeps. */
public record GovernorSettings(
    @Setting(byDefault = "200_000", min = 0, help = "Most tokens of background model work in one session")
        long sessionTokenCap,
    @Setting(byDefault = "2_000_000", min = 0, help = "Most tokens of background model work in one day")
        long dailyTokenCap,
    @Setting(byDefault = "31", min = 1, help = "Days the usage ledger keeps")
        int ledgerKeepDays) implements SettingsSection<GovernorSettings> {
  public static final GovernorSettings DEFAULTS = SettingDeclarations.defaults(GovernorSettings.class);
}
