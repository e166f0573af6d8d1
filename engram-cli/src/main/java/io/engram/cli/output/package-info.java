/**
 * How commands print, for scripts and for people.
 *
 * <p><b>JSON.</b> A command that prints data mixes in {@link io.engram.cli.output.JsonOption}
 * ({@code @Mixin JsonOption json}) and, when {@code json.enabled()}, hands a record to
 * {@link io.engram.cli.output.JsonOutput}, which writes it as pretty JSON through one shared Jackson mapper
 * that knows {@code Optional} (empty is {@code null}) and {@code java.time}. The record's components are the
 * JSON's fields, in order; no command builds JSON by hand. When a command given {@code --json} fails, the error
 * is JSON too, on stdout ({@code {"error": ..., "exitCode": ...}}; the root command's error handlers write it).
 *
 * <p><b>Text for people.</b> {@link io.engram.cli.output.ProgressDisplay} shows a long command's progress as
 * suits stderr: a bar redrawn in place on a terminal, a few lines (a phase, its quarters) in a log, nothing with
 * {@code --json}; every long command (dream, import, team sync, the benches) gets it from
 * {@link io.engram.cli.output.ProgressDisplay#of}.
 * {@link io.engram.cli.output.DisplayWidth} measures text in terminal columns (a CJK character takes two), so
 * columns line up; {@link io.engram.cli.output.ShellWords} quotes a word as a shell reads it, for the commands
 * a hint tells the user to run and the ones Engram writes into scripts and settings.
 * {@link io.engram.cli.output.Styled} styles text a person or a transcript wrote (a description, a session id, a
 * path) on a terminal without reading it as picocli markup, which is for fixed text alone.
 *
 * <p><b>Examples.</b> Every command that runs declares examples of its use with {@link
 * io.engram.cli.output.Examples} beside its {@code @Command}; {@link io.engram.cli.output.ExamplesSection}, a help
 * section every command of the command line gets, shows them after the options. The help contract parses each
 * example with the real command line, so an option renamed fails the build rather than the reader.
 *
 * <p>Where to start: {@link io.engram.cli.output.JsonOutput#print}.
 */
package io.engram.cli.output;
