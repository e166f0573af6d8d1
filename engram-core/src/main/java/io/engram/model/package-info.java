/**
 * The "ask a model" port, the choice between a model and the offline engine, and the cost governor.
 *
 * <p>Engines call {@link io.engram.model.ModelRouter#run} with a model path and an offline path;
 * adapters (module {@code engram-models}) implement {@link io.engram.model.LanguageModel}.
 */
package io.engram.model;
