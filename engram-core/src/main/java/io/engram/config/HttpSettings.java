package io.engram.config;

/**
 * Bounds of the embedded HTTP server (the resident service's one port for hooks, the UI and MCP, and
 * {@code engram mcp --http}) against clients that misbehave or attack. Like {@link McpSettings} they are not read
 * from {@code settings.json}: a defence is not a preference. A newcomer past either bound of connections closes
 * the connection that has waited longest without a request being answered on it; reading a head or waiting for a
 * client costs no thread.
 */
public record HttpSettings(
    @Setting(byDefault = "10_000", min = 1, help = "ms a request's head may take from the connection's first byte"
        + " (or the previous request's end), and its body from the end of its head") int requestReadMillis,
    @Setting(byDefault = "60_000", min = 1, help = "ms a connection may stay open without a byte read or written")
        int idleMillis,
    @Setting(byDefault = "256", min = 1, help = "Open connections in all") int maxConnections,
    // Every local agent, hook and browser tab comes from 127.0.0.1, and an MCP client keeps a pool: four Java SDK
    // clients writing at once hold 17 connections. Past the bound the longest waiting one is closed, which a
    // client reusing it at that moment sees as a failed request.
    @Setting(byDefault = "64", min = 1, help = "Open connections from one client address")
        int maxConnectionsPerClient,
    @Setting(byDefault = "16_384", min = 1, help = "Longest request head (request line and header fields)")
        int maxHeaderBytes,
    @Setting(byDefault = "4_194_304", min = 1, help = "Largest request body of a route that names no bound of its"
        + " own (a hook's input)") int maxBodyBytes,
    @Setting(byDefault = "32", min = 1, help = "Threads that run requests")
        int maxThreads) implements SettingsSection<HttpSettings> {
  public static final HttpSettings DEFAULTS = SettingDeclarations.defaults(HttpSettings.class);
}
