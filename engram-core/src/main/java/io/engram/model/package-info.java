/**
 * The "ask a model" port, the choice between a model and the offline engine, and the cost governor.
 *
 * <p>{@link LanguageModel} is the port: one {@link ModelRequest} (system text, {@link ChatMessage}s, a
 * limit on the answer and how much of the start is a stable prefix worth caching) in, one {@link
 * ModelResponse} with its {@link TokenUsage} out. Implementations retry transient failures themselves and
 * report every failure as a {@link ModelException} whose kind says why. The adapters live in the module
 * {@code engram-models}.
 *
 * <p>{@link ModelRouter} is how every engine asks: {@code router.run(purpose, background, model -> ...,
 * () -> offlineAlgorithm())}. With no model configured the offline path runs directly; with one, the model
 * path gets a metered model, which removes secrets from every request before it leaves the process (no
engine can forget it), and any failure of it (an HTTP error after retries, a time-out, unusable
 * JSON, a spent budget) makes the router run the offline path instead. {@link Answered} carries the value
 * with the {@link Engine} that produced it and, after a fallback, the reason. Offline is a first-class
 * engine, never an error.
 *
 * <p>{@link CostGovernor} keeps the usage ledger {@code <home>/model-usage.json} (totals per day, per
 * {@link Purpose} and per session, rewritten under a lock) and refuses background calls once the day's or
 * the session's cap on background tokens is reached; foreground work the user asked for is booked, never
 * refused. {@link UsageReport}, {@link UsageTotals} and {@link SessionUsage} are what {@code engram usage}
 * shows.
 *
 * <p>{@link StructuredOutput} asks for a JSON answer, validates it ({@link JsonAnswer} tolerates fences
 * and a sentence before the JSON) and asks once more with the problem named; a second failure is a
 * {@link StructuredOutputException}.
 *
 * <p>Where to start: {@link ModelRouter#run}; adapters implement {@link LanguageModel}.
 */
package io.engram.model;
