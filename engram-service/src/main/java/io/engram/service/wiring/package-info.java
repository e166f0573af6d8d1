/**
 * The project's {@link io.engram.Engram} as the product assembles it, for the resident service and the command line
 * alike: {@link io.engram.service.wiring.ProductEngram} gives the core's builder the product's ports (the configured
 * model of each session, recall, the dream's embedder, past sessions indexed on disk), and each surface sets only
 * what is its own (its session, a resident process's caches). {@link io.engram.service.wiring.RecallWiring} builds
 * recall over the Lucene index on disk, with the vectors of {@code recall.embeddingModel} (the ONNX embedder) when
 * {@code recall.vectors} allows them for the caller (a hook in a JVM of its own goes without: the model costs seconds
 * to load) and the configured model as re-ranker, and a person's search for the web UI;
 * {@link io.engram.service.wiring.WarmingEmbedders} loads an embedding model in the background for a resident
 * process, so that no prompt waits for it (recall answers with keywords until it is loaded, and says so).
 *
 * <p>Where to start: {@link io.engram.service.wiring.ProductEngram#builder}.
 */
package io.engram.service.wiring;
