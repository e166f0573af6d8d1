/**
 * The instruction-file commands: {@code context} (the files and memory index a session would load, with
 * sizes and warnings), {@code add} (the quick-add bullet) and {@code init} (a starting CLAUDE.md).
 *
 * <p>Where to start: {@code ContextCommand}, which shows the ledger {@link io.engram.instructions.InstructionLoader}
 * loads.
 */
package io.engram.cli.instructions;
