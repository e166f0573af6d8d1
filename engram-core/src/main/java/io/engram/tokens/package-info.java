/**
 * Token counting: what a piece of text costs in a model's context window.
 *
 * <p>{@link TokenCounter} is the port; {@link JtokkitTokenCounter} counts with the o200k_base encoding
 * and multiplies by a correction per model, because Claude's tokenizer is not public: {@link
 * JtokkitTokenCounter#forModel} picks the factor configured for the model's name prefix, else the
 * general one.
 *
 * <p>{@link TokenCalibration} fits those factors from what providers recorded: every model request in
 * a transcript carries its real prompt size, and a least-squares fit of {@code real = overhead(session,
 * model) + factor x estimate} (one intercept per session and model for the part of the prompt a
 * transcript does not show, one shared slope) gives the factor; the defaults in {@code EngramSettings}
 * came from it.
 *
 * <p>Where to start: {@link JtokkitTokenCounter#forModel}.
 */
package io.engram.tokens;
