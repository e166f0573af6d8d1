package io.engram.config;

/**
 * Bounds of the MCP server ({@code engram mcp}) against clients that misbehave or attack; over HTTP the
 * server's own bounds are {@link HttpSettings}'s. They are not read from {@code settings.json}: a defence is not a
 * preference. The stdio server answers every request it read before it exits, however long they take; a tool
 * call's changes are told at once, other processes' at the next check.
 */
public record McpSettings(
    @Setting(byDefault = "4", min = 1, help = "Threads that run stdio requests") int workers,
    @Setting(byDefault = "4_194_304", min = 1, help = "Longest JSON-RPC message, an HTTP body or a stdio line")
        int maxMessageBytes,
    @Setting(byDefault = "256", min = 128, help = "Least entropy of an HTTP bearer token, in bits") int minTokenBits,
    @Setting(byDefault = "5_000", min = 1, help = "How often, in ms, the stdio server says it still waits for"
        + " running requests once stdin ended") int stdioWaitNoticeMillis,
    @Setting(byDefault = "2_000", min = 1, help = "How often, in ms, the store is compared with what it was while"
        + " a client with a session is connected") int changeCheckMillis,
    @Setting(byDefault = "25_000", min = 1, help = "How often, in ms, an idle HTTP event stream gets a comment")
        int keepAliveMillis,
    @Setting(byDefault = "256", min = 1, help = "HTTP sessions kept at once (the one idle longest goes first)")
        int maxSessions,
    @Setting(byDefault = "3_600_000", min = 1, help = "ms an HTTP session without an open stream is kept after its"
        + " last request") int sessionIdleMillis,
    @Setting(byDefault = "50", min = 1, help = "Memories on one page of the list tool or of resources/list unless"
        + " the call asks for fewer") int pageSize,
    @Setting(byDefault = "200", min = 1, help = "Most memories one list page may ask for")
        int maxPageSize,
    @Setting(byDefault = "50", min = 1, help = "Most past turns one call of the history tool may ask for")
        int maxHistoryTurns) implements SettingsSection<McpSettings> {
  public static final McpSettings DEFAULTS = SettingDeclarations.defaults(McpSettings.class);
}
