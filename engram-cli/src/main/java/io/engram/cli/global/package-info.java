/**
 * What every command of the {@code engram} command line shares, below the root command so that no subcommand's
 * package depends on the root (the root lists every subcommand).
 *
 * <p>{@link io.engram.cli.global.GlobalOptions} carries {@code --home}, {@code --project} and the process
 * environment, mixed into a root command under the name {@code global} and inherited by every subcommand, resolved
 * lazily so that {@code --help} works with a broken settings file, and afresh for each run ({@code startRun}, called
 * by the root's execution strategy), so that a command line built once runs many commands, as the tests' runs do;
 * {@code GlobalOptions.of(spec)} finds them from any command, under the {@code engram} root or the lab's {@code bench}. {@link io.engram.cli.global.UserFacingException}
 * is an error whose message is written for the user (exit 1). {@link io.engram.cli.global.EngramVersion} reads the
 * version the build recorded ({@code version.properties}, filtered by Maven). {@link
 * io.engram.cli.global.RunningJar} finds the jar Engram runs from and names the main class, by name, for the
 * launcher, the class archive and the service's start.
 *
 * <p>Where to start: {@link io.engram.cli.global.GlobalOptions#of}.
 */
package io.engram.cli.global;
