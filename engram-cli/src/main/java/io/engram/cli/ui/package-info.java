/**
 * {@code engram ui} and the wiring of the web UI ({@code engram-ui}'s {@link io.engram.ui.WebUi}) into the
 * resident service: {@link io.engram.cli.ui.UiWiring} opens each request's project the way the command line
 * does, and {@link io.engram.cli.ui.UiCommand} starts the service when it is not running, asks it (with the
 * home's service token) for a one-time login link to the current project, and opens or prints it.
 */
package io.engram.cli.ui;
