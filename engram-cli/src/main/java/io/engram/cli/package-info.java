/**
 * The {@code engram} command line: the root command, which lists every subcommand, and the two command lines built
 * from it.
 *
 * <p>{@link io.engram.cli.EngramCommand} is the entry point ({@code main}) and lists every subcommand;
 * its {@code newCommandLine} builds the configured {@code CommandLine} that tests run in-process. Errors
 * become exit codes there: a {@link io.engram.cli.global.UserFacingException}, a settings error, bad input or an I/O error
 * prints one line and exits 1, a usage error exits 2 (picocli) except in a hook call, where it exits 1 with one
 * line (Claude Code reads 2 as "block"), anything else prints a stack trace and exits 1. Output is UTF-8
 * whatever the locale. An unknown command is a usage error (exit 2) even when a help option follows it (picocli
 * would print the root's help). {@code global.GlobalOptions} carries {@code --home}, {@code --project} and the
 * process environment. {@code LeanCommandLine} builds a command line of the root and the one subcommand the
 * arguments name (help, the version and completion get the full tree): inspecting every subcommand cost 650-820
 * ms of each call, and Claude Code starts a JVM per hook call the service cannot answer. {@code HelpDefaults} gives the help texts the settings'
 * defaults as variables: a description writes {@code ${bundle:recall.filesPerTurn}}, never the number.
 * {@code output.RedactedOutput} passes every command's standard output and error through the secret redactor,
 * and {@code output.JsonOutput} redacts every string of a {@code --json} answer before it is written.
 *
 * <p>The subcommands live in one package per area: {@code memory}, {@code instructions}, {@code session},
 * {@code integration}, {@code install}, {@code config}, {@code team}, {@code ui} and {@code demo}; {@code
 * global} is what they share, {@code output} prints, {@code wiring} builds the engines from the options. No package
 * below the root depends on it, so the packages form no cycle ({@code CliArchitectureTest}). The resident service
 * is the engram-service module; the benchmarks are the lab's {@code bench} (engram-bench), not in engram.jar.
 *
 * <p>Conventions every command keeps. The environment is read once, in {@code GlobalOptions}
 * ({@code environment()}; tests pass their own to {@code newCommandLine(env)}), and engines get roots and
 * values, never the environment. A subcommand reaches the global options with {@code GlobalOptions.of(spec)}.
 * A command's description starts with one short, whole sentence, since picocli lists commands by their
 * first description line, and the detail follows in further lines ({@code HelpTextTest} holds every command
 * to this). A command that prints data mixes in {@code JsonOption}; one that reads a transcript mixes in
 * {@code TranscriptFile}. picocli's annotation processor checks every annotation at compile time.
 *
 * <p>The build: the version comes from {@code io/engram/cli/global/version.properties} (Maven resource
 * filtering); {@code slf4j-nop} keeps the libraries' SLF4J logging off stderr. The shaded jar, {@code
 * engram-cli/target/engram.jar}, leaves out ONNX Runtime's native debug symbols and jtokkit's unused
 * encodings, and the {@code package} phase fails when it is over 80 MB or holds debug symbols (an antrun
 * check in {@code engram-cli/pom.xml}).
 *
 * <p>Where to start: {@link io.engram.cli.EngramCommand#newCommandLine()}.
 */
package io.engram.cli;
