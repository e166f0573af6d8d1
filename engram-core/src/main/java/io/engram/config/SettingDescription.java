package io.engram.config;

/**
 * One setting of {@code settings.json} as its {@link Setting} declaration describes it.
 *
 * @param key the dotted key ({@code recall.filesPerTurn})
 * @param takes the values it takes, in words ("a whole number, at least 1")
 * @param byDefault its default as {@code settings.json} spells it, in compact JSON
 * @param help what it does, in one sentence
 */
public record SettingDescription(String key, String takes, String byDefault, String help) {}
