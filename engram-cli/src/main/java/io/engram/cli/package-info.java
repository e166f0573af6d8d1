/**
 * The {@code engram} command line: the root command and what every subcommand shares.
 *
 * <p>{@link io.engram.cli.EngramCommand} is the entry point ({@code main}) and lists every subcommand;
 * its {@code newCommandLine} builds the configured {@code CommandLine} that tests run in-process. Errors
 * become exit codes there: a {@link io.engram.cli.UserFacingException}, a settings error, bad input or an I/O error
 * prints one line and exits 1, a usage error exits 2 (picocli) except in a hook call, where it exits 1 with one
 * line (Claude Code reads 2 as "block"), anything else prints a stack trace and exits 1. Output is UTF-8
 * whatever the locale. {@link io.engram.cli.GlobalOptions} carries {@code --home}, {@code --project} and the process
 * environment, inherited by every subcommand and resolved lazily so that {@code --help} works with a
 * broken settings file. {@code HookFastPath} builds a command line of the root and {@code hook} alone,
 * because Claude Code starts a JVM per hook call. {@code HelpDefaults} gives the help texts the settings'
 * defaults as variables: a description writes {@code ${bundle:recall.filesPerTurn}}, never the number.
 *
 * <p>The subcommands live in one package per area: {@code memory}, {@code instructions}, {@code session},
 * {@code integration}, {@code install}, {@code config}, {@code demo} and {@code bench}; {@code output}
 * prints, {@code wiring} builds the engines from the options, {@code service} is the resident service.
 */
package io.engram.cli;
