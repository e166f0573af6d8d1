package io.engram.config;

/**
 * Bounds of the web UI the resident service serves under {@code /ui/} ({@code engram ui}). Like {@link McpSettings}
 * they are not read from {@code settings.json}.
 */
public record UiSettings(
    @Setting(byDefault = "120", min = 1, help = "Seconds a one-time login URL stays valid") int loginCodeSeconds,
    @Setting(byDefault = "480", min = 1, help = "Minutes a browser session lives without a request")
        int sessionIdleMinutes,
    @Setting(byDefault = "32", min = 1, help = "Browser sessions kept at once (the oldest goes first)")
        int maxSessions,
    @Setting(byDefault = "50", min = 1, help = "Memories a list page shows unless it asks for another size")
        int pageSize,
    @Setting(byDefault = "500", min = 1, help = "Most memories one page may ask for") int maxPageSize,
    @Setting(byDefault = "50", min = 1, help = "Memories a search shows") int searchResults,
    @Setting(byDefault = "262_144", min = 1, help = "Largest request body (an edited memory with its"
        + " frontmatter)") int maxRequestBytes) implements SettingsSection<UiSettings> {
  public static final UiSettings DEFAULTS = SettingDeclarations.defaults(UiSettings.class);
}
