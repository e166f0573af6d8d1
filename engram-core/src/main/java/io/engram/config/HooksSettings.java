package io.engram.config;

/**
 * Claude Code's hooks. {@code contextCharCap} bounds the text one hook injects: Claude Code replaces an
 * {@code additionalContext} longer than 10,000 characters by a file path and a preview, so the cap stays
 * below that, with room for the line that says what was left out. The timeouts are what {@code engram
 * hooks install} writes into Claude Code's settings for the events that inject context (SessionStart,
 * UserPromptSubmit) and for the others (Stop, PreCompact, SessionEnd; Claude Code bounds SessionEnd to
 * about 1.5 s whatever is written). What each hook call injected is appended to the session's injection ledger
 * (one JSON line per call); past {@code injectionLedgerMaxBytes} (1 MiB, some thousands of calls) its oldest
 * lines are dropped, so a session that never ends cannot fill the disk. A call that finds the session's ledger
 * locked by another call of the same session (a hook, a recall of the session, the context levels, MCP's {@code context}) waits up to
 * {@code sessionLockWaitMillis} for it, then gives up with a line that says which call holds it.
 */
public record HooksSettings(
    @Setting(byDefault = "9_500", min = 500, max = 9_999, help = "Most characters one hook injects (Claude Code"
        + " replaces more than 10,000 by a file path)") int contextCharCap,
    @Setting(byDefault = "10", min = 1, help = "Timeout in seconds hooks install writes for SessionStart and"
        + " UserPromptSubmit") int contextTimeoutSeconds,
    @Setting(byDefault = "30", min = 1, help = "Timeout in seconds hooks install writes for Stop, PreCompact and"
        + " SessionEnd") int afterTurnTimeoutSeconds,
    @Setting(byDefault = "1_048_576", min = 4_096, help = "Size of a session's injection ledger past which its"
        + " oldest lines are dropped") int injectionLedgerMaxBytes,
    @Setting(byDefault = "2_000", min = 1, help = "How long a call waits, in ms, for another call of the same"
        + " session to release its ledger") int sessionLockWaitMillis) implements SettingsSection<HooksSettings> {
  public static final HooksSettings DEFAULTS = SettingDeclarations.defaults(HooksSettings.class);
}
