/**
 * Recall: the memories relevant to what the agent is doing now, within budgets, each with its reason.
 *
 * <p>{@link MemoryRecall} is the one entry point every caller uses ({@code engram recall}, the
 * UserPromptSubmit hook, the MCP {@code recall} tool); what a process lends it (executors, indexes kept open, waits)
 * is a {@link RecallRuntime}, and one call's search is a {@link StoreSearch}. The store is listed and each topic file
 * becomes a {@link RecallDocument} (superseded when {@code supersededBy} is set or {@code validUntil} has passed).
 * The on-disk index {@code <home>/projects/<key>/index/<mode>/} (one per mode, keyword-only or hybrid, so
 * callers with and without vectors never undo each other's work: {@link ProjectIndex}) is opened under its lock and
 * kept in step by content hash: only documents that changed are re-indexed and re-embedded. The index is a cache: busy,
 * corrupt or failing, it gives way to an in-memory one for the call, and the fallback is reported. A resident
 * process keeps it open between calls ({@link ResidentIndexes}): no lock or writer held in between, taken back as
 * it is while the process's store events tell no change, and once one is told, only if no other process committed
 * to it since. With a session id, what was sent and how many bytes are kept in the session's ledger ({@link
 * RecallSessionState#SECTION}, shared with the hooks), read and rewritten under its lock around the whole call, so the budgets and the no-repeat
 * rule hold across processes and across surfaces. What recall sends
 * is not use: {@link MemoryRecall#recordUse} writes {@code lastRecalled} and {@code recallCount} back, which feeds
 * hotness, only for what the agent asked for through a tool or read, so a wrong memory a hook sent never grows
 * hotter and keeps winning.
 *
 * <p>What is searched is the person's words ({@link RecallQuery#ofPrompt}): output pasted into a prompt (a fenced
 * block, or a run of lines no one types: timestamps, stack frames, log levels) is set apart and only its lines that
 * say what went wrong are kept with the question ({@link PastedText}); searched whole, a log before a question let no
 * memory cover enough of the prompt's words, and made the prompt's vector the log's.
 *
 * <p>{@link RecallIndex} keeps a {@link SearchIndex} in step with the documents ({@link IndexSync}: a recall's sync
 * embeds for at most {@code recall.embeddingBudgetMillis}, 2 s, new and changed content first; what is left is found
 * by keywords until the next recalls embed it, or, in a resident process, {@link PendingVectors} runs {@link
 * VectorCatchUp} slices in the background, which hold the index's lock only to read what lacks a vector and to store
 * what they embedded, never while the model runs; {@link MemoryRecall#reindex} embeds it all at once, in steps of the
 * budget, reporting each) and searches it; a keyword hit still waiting for its vector gets
 * its cosine computed for the query ({@link RecallIndex#EXACT_COSINES} of them), so the floor and the fusion see it: BM25 and,
 * with an {@link Embedder}, vector search, 50 {@link Candidate}s each, fused by min-max normalised scores
 * (0.6 BM25 + 0.4 cosine by default) or by weighted reciprocal rank fusion (a memory in another script than the
 * query that its words could not reach, a Chinese question's English answer, counts its vector score in the keyword
 * share too, rather than losing that share to every memory that shares a word with the question), then weighed by
 * keyword coverage (the share of the question's words a document holds, {@code recall.coverageWeight};
 * {@link HybridSearch} has every step), then rescored by a few named features ({@link FeatureRescoring}, {@code recall.rescoring}: the
 * question's words in the document's own text rather than only in the context it carries, a "when" question
 * meeting a text that says when, a date within the period asked about, how much the document's own text says, how
 * well the best match of its group matched, how well the question it replies to matched, and, for the best 30
 * when the model gives token vectors, how closely the document's own words, and its reply's, meet the question's
 * token by token ({@link TokenMatch}: each content word of the question at its best cosine among the document's
 * tokens; a document's token vectors are read once and kept per model for the process as bytes without the other
 * model's zeros, {@link TokenRows}, {@link TokenVectorCache});
 * a document that is itself a question loses a share). A {@link RecallDocument} may carry context (a past turn's neighbours):
 * searched and embedded, never its own words; and a group (a past turn's session) with the document it follows
 * there. A memory has neither, so for memories those features are inert; past sessions' turns have both, and
 * {@link RecallIndex#keywordRanking} ranks them (the same steps without vectors, over the history's own index). {@link SearchIndex} and {@link
 * Embedder} are ports: the modules {@code engram-index} (Lucene) and {@code engram-embeddings} (MiniLM)
 * implement them; {@link SearchIndex#inMemory()} is the in-core fallback (BM25 and exact cosine), {@link
 * Vectors} the vector arithmetic. An embedder's supplier that throws {@link EmbedderNotReady} (a resident
 * process's model still loading) makes that call keyword-only, said in its retrieval and notes, and is asked again
 * on the next.
 *
 * <p>A query is read by the model once per search ({@link Embedder#readQuery}: its vector and its content tokens'
 * vectors from one run, kept by {@link QueryVectors} for every step that asks); a resident process begins that run on
 * another thread while the store is listed and the index synced ({@link MemoryRecall#readingQueriesOn}, {@link
 * QueryAhead}), and matches the best candidates' tokens side by side. None of it changes an answer.
 *
 * <p>The relevance floor: a candidate is sent only when its keyword coverage reaches {@code recall.keywordFloor} or its
 * cosine reaches {@link RecallIndex#vectorFloor}: the model's absolute floor and, for a model with an entry in {@code
 * recall.anchorMargins}, that margin above the cosine of the nearest of 42 reference prompts in the query's script
 * ({@link RelevanceAnchors}: requests to a coding agent and textbook programming questions that no memory answers,
 * English or Chinese), so the floor is calibrated for each query, model and script. The floors are those of the model
 * that reads the query ({@link Embedder#reading}): a pair of models routes each query by its {@link Script}, counted in
 * words (a CJK character is one), and scales its cosines; a memory in the other script is also searched by the
 * model that reads both scripts and scores the mean of the readings ({@link SecondReadings}); with two models that
 * mean is ranked on the query's script's scale ({@link ScriptShifts}: a line through the cosines of unrelated and of
 * translated reference prompts, within and across scripts), while the floor judges it uncalibrated, against the
 * nearest reference prompt of the memory's own script, stored as memories are, when the reading model has an entry in
 * {@code recall.otherScriptMargins} ({@link RelevanceFloor}: a model's cosines across two languages run lower than
 * within one, so the query's own floor held back an English question's Chinese answer). A query in a
 * script no model reads ({@link Embedder#reads}: Korean, with the models offered) is searched and floored by its words
 * alone, as without a model: cosines of a model that sees it as unknown words put every two such texts close. For such a
 * model a memory that clears by keywords must also come within {@code recall.keywordGate} of the nearest reference
 * prompt's cosine ({@link RecallIndex#keywordGate}): a shared rare word alone does not send a memory the model puts
 * further from the prompt than everyday requests. The gate is for memories sent unasked ({@link RecallKind#INJECTION}:
 * the hooks' {@link RecallQuery#ofPrompt}, a framework's retriever); in a search someone asked for ({@link
 * RecallKind#SEARCH}: the recall command and tool, the UI's search) a keyword match covering {@code
 * recall.askedCoverage} of the query (every content word) is sent without it, since the model reads a one-word query
 * ("api") nearer everyday requests than the memory that holds the word, and an explicit search must not list less than
 * a keyword search would.
 *
 * <p>{@link Recaller} ranks for one session: hotness (recency and use, 30-day half-life) scales each score,
 * superseded memories and those already sent are left out, a {@link Reranker} (the model, {@link
 * ModelReranker}, when configured) picks at most 5 of the top 20 with the hybrid order as its fallback,
 * and the budgets apply: 5 files, 4 KB each cut at a line boundary, 20 KB a turn, 60 KB a session. Every
 * {@link RecalledMemory} in the {@link RecallResult} carries its reason ({@code bm25 #2 + vector #1, hot});
 * everything left out says why. {@link Manifest} is the session-start list of current memories.
 *
 * <p>{@link StandingMemories} are the rules sent whole rather than searched for: the {@code feedback} and {@code
 * user} memories, corrections first, word for word within a cap, at a session's start and again after each
 * compaction (the SessionStart hook after {@code compact}, and the continuation message of a Java framework's
 * compacted conversation), each one left out named.
 *
 * <p>Where to start: {@link MemoryRecall#recall}.
 */
package io.engram.recall;
