/**
 * Where a command gets its engines from the global options: the configured model
 * ({@link io.engram.cli.wiring.Models}), the project's memory and recall over it
 * ({@link io.engram.cli.wiring.MemoryAccess}, over engram-service's {@link io.engram.service.wiring.RecallWiring}),
 * and the context levels ({@link io.engram.cli.wiring.LevelWiring}). Commands, hooks and the MCP server all go
 * through here, so they run the same engines over the same files as the resident service.
 *
 * <p>Where to start: {@link io.engram.cli.wiring.MemoryAccess#open}.
 */
package io.engram.cli.wiring;
