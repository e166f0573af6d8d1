/**
 * {@code engram ui}: {@link io.engram.cli.ui.UiCommand} starts the resident service when it is not running, asks it
 * (with the home's service token) for a one-time login link to the current project, and opens or prints it. The
 * service mounts the web UI ({@code engram-ui}'s {@link io.engram.ui.WebUi}) through
 * {@link io.engram.service.UiWiring}.
 */
package io.engram.cli.ui;
