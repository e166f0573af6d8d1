/**
 * The memory commands: {@code remember}, {@code list}, {@code show}, {@code edit}, {@code forget},
 * {@code restore}, {@code recall} (what recall would send for a query, and why), {@code reindex} (recall's index
 * embedded whole, with progress) and {@code dream} (the consolidation, with its progress display on stderr). {@code MemoryJson} is a memory as their
 * {@code --json} prints it.
 *
 * <p>Where to start: {@code RecallCommand} for recall, {@code RememberCommand} for a write.
 */
package io.engram.cli.memory;
