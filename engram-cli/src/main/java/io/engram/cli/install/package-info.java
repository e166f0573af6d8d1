/**
 * Installing Engram for a user: {@code engram install} and {@code uninstall}. The jar is copied under
 * Engram's home ({@code <home>/lib}), a POSIX {@code engram} launcher goes on the PATH, and a record of
 * exactly what was written lets uninstalling remove that and nothing else
 * ({@link io.engram.cli.install.Installer}); {@link io.engram.cli.install.SearchPath} finds programs on the
 * PATH and {@link io.engram.cli.global.RunningJar} the jar this code runs from. {@code ClassArchive} writes the
 * jar's class-data archive (AppCDS) by running it once, and the launcher starts java with it while it is there.
 *
 * <p>{@link io.engram.cli.install.CompletionCommand} prints the shell completion script: picocli's, with enum
 * values in lower case as the help spells them, and the project's memory names where a command takes one, asked
 * of {@code engram list --names} while completing.
 *
 * <p>Where to start: {@link io.engram.cli.install.Installer}.
 */
package io.engram.cli.install;
