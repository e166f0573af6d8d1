/**
 * Every default number and name of Engram, the user's overrides of them, and the filesystem roots
 * Engram works under.
 *
 * <p>{@link EngramSettings} holds every tunable value in one record per area, each in a file of its own
 * ({@link InstructionsSettings}, {@link MemorySettings}, {@link NotesSettings}, {@link ExtractionSettings}, {@link
 * DreamSettings}, {@link RecallSettings}, {@link ContextSettings}, {@link CompactionSettings}, {@link ModelSettings},
 * the cost {@link GovernorSettings}, {@link HooksSettings}, the {@link ServiceSettings}, {@link TeamSettings}), each
 * with a {@code DEFAULTS} constant; engines take the section they need in their constructor and never read a number
 * from anywhere else. The bounds of the HTTP server, the MCP server and the web UI ({@link HttpSettings}, {@link
 * McpSettings}, {@link UiSettings}) are declared the same way but not read from {@code settings.json}: a defence is
 * not a preference.
 *
 * <p>A setting is declared once, by a {@link Setting} annotation on its record component: the default (as
 * {@code settings.json} writes it), the range and one sentence of help. The section's {@code DEFAULTS}, the
 * range errors, the help texts' variables and the README's table are read from the declarations; every section is a
 * {@link SettingsSection}, whose {@code with(name, value)} is a copy with one value changed, checked against its range.
 * A section may hold a group of its own, a record nested in the section's as one of its components: what each
 * offline engine writes without a model is such a group ({@code notes.offline}, {@code extraction.offline}, {@code
 * compaction.offline}: {@code CompactionSettings.Offline}), which the section hands to the engine's writer.
 *
 * <p>Every number a user or an operator could want otherwise (a limit of what is shown, stored or sent to a model, a
 * count kept, a wait, a threshold of a decision) is a setting; the composition root hands each engine its section. A
 * number that is no setting (a format's or a protocol's, an algorithm's definition, a buffer's size, a defence against
 * hostile input, a benchmark's yardstick) says why where it is declared.
 *
 * <p>{@link SettingsLoader} reads {@code <home>/settings.json}, which names only what it changes, and
 * overlays it on the defaults. Unknown keys, nulls, values of the wrong JSON type and numbers out of range
 * are refused with a {@link SettingsException} naming the file and the key; nothing is coerced.
 *
 * <p>{@link EngramRoots} is the filesystem-roots port: Engram's home, the user's home and the project
 * directory. Engines never read {@code user.home} or the environment themselves, so a test points every
 * root at a temporary directory.
 *
 * <p>{@link OneLine} escapes what a message quotes from a user's file (a key, a value, a memory's name or fault), so
 * that every error stays one line and shows every character.
 *
 * <p>Where to start: {@link SettingsLoader#load} for the settings, {@link EngramRoots#resolve} for the roots.
 */
package io.engram.config;
