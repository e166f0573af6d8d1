/**
 * Where a command gets its engines from the global options: the configured model
 * ({@link io.engram.cli.wiring.Models}), recall with its index, vectors and re-ranker
 * ({@link io.engram.cli.wiring.RecallWiring}), and the project's memory
 * ({@link io.engram.cli.wiring.MemoryAccess}). Commands, hooks and the MCP server all go through here, so
 * they run the same engines over the same files.
 *
 * <p>Where to start: {@link io.engram.cli.wiring.RecallWiring#recall}.
 */
package io.engram.cli.wiring;
