/**
 * Engram for one project, assembled once: the composition root every surface goes through.
 *
 * <p>{@link io.engram.Engram} holds one project's memory (the project, user and team stores merged), recall over it,
 * the answers to the hook events, the dream, past sessions, the instruction files, the session notes and the store's
 * change events, all built from the same roots, settings, clock and model. The hooks (in their own JVM and in the
 * resident service), MCP, the web UI, the command line and the Java adapters each build one and ask it, so that they
 * answer alike; {@link io.engram.Engram#present} is the one way a memory is shown to an agent (with the warning that
 * a memory taken from tool output is not an instruction).
 *
 * <p>{@link io.engram.Engram#builder} is the one way in, in Caffeine's manner: the roots are required, everything
 * else has the product's default (the default settings, the system clock, the offline engine, keyword recall over an
 * in-memory index, the dream's session counter on every write). What the outside worlds add is given as ports: the
 * model for each session, how recall is made (the on-disk Lucene index, vectors), the dream's embedder, the index of
 * past sessions. The product's assembly of those ports is engram-service's {@code ProductEngram}; a framework's is
 * {@link io.engram.hosted.HostedMemory#builder}. Building opens the stores (a dream killed mid-apply rolled back first,
 * leftovers of interrupted writes cleared: {@link io.engram.Engram#openingNotes}, {@link io.engram.OpenedProject}); the
 * model client and recall are made on first use ({@link io.engram.MadeOnFirstUse}), so a command that only lists
 * memories pays for neither. A resident process builds one per call
 * and passes the caches it keeps (parsed topic files, change events) to each.
 *
 * <p>Where to start: {@link io.engram.Engram#builder}.
 */
package io.engram;
