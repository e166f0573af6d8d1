/**
 * Installing Engram for a user: the jar copied under Engram's home ({@code <home>/lib}), a POSIX
 * {@code engram} launcher on the PATH, and a record of exactly what was written so that uninstalling
 * removes that and nothing else ({@link io.engram.cli.install.Installer}); finding programs on the PATH
 * ({@link io.engram.cli.install.SearchPath}) and the jar this code runs from
 * ({@link io.engram.cli.install.RunningJar}).
 */
package io.engram.cli.install;
