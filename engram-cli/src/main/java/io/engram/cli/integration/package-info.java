/**
 * Engram inside an agent: {@code hook EVENT} answers one Claude Code hook call (through the resident service
 * when it runs, in its own process otherwise), {@code hooks install|uninstall} writes those hooks into Claude
 * Code's settings, {@code daemon start|stop|status|run} manages the resident service
 * ({@link io.engram.cli.service}), and {@code mcp} serves the project's memory as an MCP server (stdio or
 * HTTP).
 */
package io.engram.cli.integration;
