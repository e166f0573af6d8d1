/**
 * The engines of a project wired from the product's parts, for the resident service and the command line alike:
 * {@link io.engram.service.wiring.RecallWiring} builds recall over the Lucene index on disk, with the vectors of
 * {@code recall.embeddingModel} (the ONNX embedder) when {@code recall.vectors} allows them for the caller (a hook in
 * a JVM of its own goes without: the model costs seconds to load) and the configured model as re-ranker, and the
 * search of past sessions; {@link io.engram.service.wiring.WarmingEmbedders} loads an embedding model in the
 * background for a resident process, so that no prompt waits for it (recall answers with keywords until it is
 * loaded, and says so).
 *
 * <p>Where to start: {@link io.engram.service.wiring.RecallWiring#recall}.
 */
package io.engram.service.wiring;
