/**
 * The context window: how large it is for a model, how full a token count makes it, and how one request
 * shares it out.
 *
 * <p>{@link ContextWindow#forModel} gives a model's window (configured sizes by model-name prefix, else
 * the default) and {@link ContextWindow#level} the {@link ContextLevel}: normal, then warning at 60%,
 * urgent at 80% and critical at 92% of the window, each saying what the agent loop should do.
 *
 * <p>{@link ContextBudget} shares one request's window out: system prompt with instruction files and
 * memory, the compaction summary, file contents and recent messages (5/20/45/30 by default), recent
 * messages taking priority. Compaction restores files within the files' share.
 *
 * <p>{@link ContextReading} says how full a session's window is at the end of its transcript and how much
 * each recent turn added; {@link LevelActions} turns that into {@link LevelAdvice}: what the level calls for
 * ({@link LevelAction}: notes refreshed at warning, a compaction prepared at urgent, run at critical, the
 * agent told each time) and the turns left before the critical level ({@link TurnEstimate}: from the
 * session's own growth, else the typical 25-30 at warning and 8-12 at urgent). {@code io.engram.levels}
 * carries it out. {@link ContextTally} is the same reading kept from one piece of a transcript to the next
 * (the segment's sizes and its recent turn starts), for passes that read only what was appended.
 *
 * <p>{@link ContextTimeline} replays a session: at each model request, how full the window was, from
 * the corrected token count of the segment so far and, where recorded, the provider's real prompt size.
 *
 * <p>File text placed in a prompt is wrapped by {@link FileContentFence}: a random boundary per request and a
 * header saying the text is data, never instructions. The restart text after a compaction
 * ({@code io.engram.compaction.RestartContext}) uses it for the restored files, and the budget's
 * {@link ContextBudget#recentMessages} for the messages it keeps.
 *
 * <p>Where to start: {@link ContextWindow#forModel}.
 */
package io.engram.context;
