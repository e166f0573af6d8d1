/**
 * Installing Engram for a user: {@code engram install} and {@code uninstall}. The jar is copied under
 * Engram's home ({@code <home>/lib}), a POSIX {@code engram} launcher goes on the PATH, and a record of
 * exactly what was written lets uninstalling remove that and nothing else
 * ({@link io.engram.cli.install.Installer}); {@link io.engram.cli.install.SearchPath} finds programs on the
 * PATH and {@link io.engram.cli.global.RunningJar} the jar this code runs from. {@code ClassArchive} writes the
 * jar's class-data archive (AppCDS) by running it once, and the launcher starts java with it while it is there.
 *
 * <p>Where to start: {@link io.engram.cli.install.Installer}.
 */
package io.engram.cli.install;
