/**
 * Engram inside an agent: {@code hook EVENT} answers one Claude Code hook call, {@code hooks
 * install|uninstall} writes those hooks into Claude Code's settings, and {@code mcp} serves the project's
 * memory as an MCP server (stdio or HTTP).
 */
package io.engram.cli.integration;
