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
 * <p>{@link CommonWords} reads the same encoding's ranks as a word-frequency list: a word in Latin letters that is
 * one token after a space, of a rank among the first quarter, is among the commonest of the encoding's training text
 * (web text and code), so no word list has to be shipped; compaction's score asks it which words any summary says.
 *
 * <p>Where to start: {@link JtokkitTokenCounter#forModel}.
 */
package io.engram.tokens;
