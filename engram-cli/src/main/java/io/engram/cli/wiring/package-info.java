/**
 * Where a command gets its engines from the global options: the project's {@link io.engram.Engram}, built as the
 * hooks, MCP and the resident service build it ({@link io.engram.cli.wiring.MemoryAccess#engram}, over
 * engram-service's {@link io.engram.service.wiring.ProductEngram}, saying once on stderr what opening the project
 * cleared), and the configured model ({@link io.engram.cli.wiring.Models}). So every command runs the same engines
 * over the same files as the other surfaces.
 *
 * <p>Where to start: {@link io.engram.cli.wiring.MemoryAccess#engram}.
 */
package io.engram.cli.wiring;
