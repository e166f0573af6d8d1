/**
 * Compaction: replacing the older part of a session by a summary that keeps what the agent needs, scored,
 * with the files, todos and instruction files to put back after it and a record of what was lost.
 *
 * <p>{@link SessionCompaction} is the entry point every surface calls ({@code engram compact}, the MCP
 * {@code compact} tool, the demo). It takes the transcript's current segment (the messages after its last
 * compaction, starting with the summary that opened it), reuses the session notes Engram kept for the
 * session when the last message they cover is in that segment (or notes the caller gives, through a
 * message uuid), adds the instruction files to re-inject, and compacts with the window and token counter
 * of the session's model. It returns the {@link CompactionResult} every surface prints, whose JSON form
 * leaves out file contents.
 *
 * <p>The engine, in order. Session notes stand for the messages they cover; only the rest is summarised,
 * and the notes go first into sections 3, 4 and 5. Each message's tokens are counted once per compaction
 * ({@code MessageTokens}), and each tool call's outcome is worked out once ({@code CallOutcomes}: whether it
 * failed, its shell commands, an error's key lines), however many parts of the engine ask. Old tool outputs are pruned first: oldest first, never
 * an error's output, never the last {@code pruneProtectRecent} (10) messages, until the part fits {@code
 * pruneTargetShare} (50%) of the window. The part's key information is read: file names, error lines,
 * user instructions and technical keywords ({@link KeyKind}). The summary comes from the model, through the
 * router in the background when the compaction is automatic, or offline from the extractive summarizer. It
 * writes the nine {@link SummarySection}s from the state of the work at the cut ({@code WorkState}: the
 * open work of every kind the transcript keeps, the task in progress, what of it is done and which steps of
 * the session's own workflow are not, the errors still failing) and from the latest live intent ({@code
 * LiveIntent}: the person's last real request, never a notice, another agent's message or a bare "yes"; the plan
 * the agent stated after it, or in words of no language the plan lexicon knows, what it said right before its
 * latest call ({@code StatedPlan}); the five files it touched last (read, changed, or run by its commands: a script, a test file given
 * to its runner), and those its latest words named and it has not changed since (their text, their reasoning, or the
 * prompt they handed a subagent; after a request that names no file, with nothing since naming one, the words of the
 * turn it answers: "Address the findings" points back at the review; {@code NamedFiles}); the changes the harness refused at the very end,
 * which the agent redoes first ({@code LeftUndone}); a pull request the request or the agent's words since asked for and no call opened; the commands it ran
 * last that do more than look, pieces of a shell line (a substitution, a test, a comment, a keyword) being none
 * ({@code SessionCommands}); the plan file of a session that planned in Claude Code's plan mode or carries out a plan accepted there,
 * which the session's slug names; the checks to run again, each kind the session ran whose last run came before
 * the latest change; the push still to do when the session pushes and committed after its last push; with no
 * request since an earlier compaction, the plan the agent is carrying out while its turn
 * goes on): Pending Tasks with their state,
 * Current Work as done and not done, a Next Step that is the next unfinished action naming the file, command or
 * check (and the files the agent's own open tasks name in their titles and descriptions) (a failure counts as still failing only when no later run of the same call passed, and its latest report names the files to fix first; a request the person sent after the agent last wrote its task list comes before the task in progress), the real failures
 * (builds, tests, checks and programs run, tool errors; not a look that found nothing) each with its fix or
 * marked open, the assistant's decisions with a later retraction winning, the concepts as the agent's own short
 * sentences ({@code ConceptPhrases}), the latest code of files that still exist (never a comment-only change;
 * fenced longer than any fence it quotes), a short account of what was done per task, and every user message
 * word for word ({@code UserQuote}: a long paste by its beginning and end; one still queued at the cut, which the
 * agent gets only after it, marked as not yet delivered and never taken for the task). It aims at Claude Code's size ({@code
 * summaryShare} of the part, at least {@code summaryMinTokens}), drops a detail whole rather than cutting it, and
 * copies no raw tool output; how much of each text it quotes and how many things it lists are the {@code
 * compaction.offline} group of settings.
 *
 * <p>Every attempt then passes the verbatim guarantee (user messages, the last request and open todos
 * re-added word for word) before it is scored: {@link CompactionScore} is {@code 0.3 SC + 0.4 KP + 0.2 CC
 * + 0.1 CR}. SC counts a required section only when it says something of its kind (a statement, a file
 * name, a user message: headings over keywords earn nothing); KP is the key information preserved, errors
 * being those a person would call errors (the harness refusing a call on a file, "File has not been read yet", counts
 * only when a summary keeps its words with that file, since the words are the same in every session; one on no file
 * not at all; noise around the work, {@code ToolNoise}, a helper not installed or a look at a missing path, counts
 * only when kept; repeats that differ by an id or a code are one error), each kept when any of its key lines is; a
 * person's message in Latin letters in another language than the summary's own words also by its first line quoted
 * and half of its content words held as they are or as cognates ({@code Cognates}: a summary in English quotes
 * a French "oui" and retells the question it answers in its own words); what
 * the person said is read once ({@code OwnWords}: their own lines, not what they pasted, {@code PastedLines}, nor a
 * platform's prompt sent in their place) for KP's instructions, file names and keywords (no opaque id, no commit
 * type) and CC's request; and a kind the part has none of
 * kept only as far as the summary's names are the transcript's (a summary cannot keep what it made up: with
 * nothing to keep, another session's well-formed summary would otherwise earn SC and KP whole, 70); the person's long
 * messages that fill one template (an orchestrator's prompts, the same instructions before each stage's own: {@code
 * PromptTemplate}) are read by their own lines, each kept also by a summary that retells where its own ask opens, and
 * the instruction files Claude Code loads itself are no file to keep; CC ({@code Continuity}) judges
 * Pending Tasks, Current Work and the next step against the transcript's last stretch by meaning ({@code LastStretch}),
 * not against Engram's own summary: the open todo and task items named, or with none open the person's last request;
 * the words of that request (of a request handed over, a plan or a pasted document longer than an ask, only those the
 * agent said again since) and of what the agent said last and changed after it, each weighed by how particular it is to the
 * stretch (its inverse document frequency over the segment's turns, so a file name every turn says earns little),
 * in a summary written in another language than the session (another script, or in Latin letters another language's
 * function words: {@code WrittenLanguage}) only what reads the same in any (names, paths, numbers), what it holds
 * anyway and what is in its own language, scaled down where that is a small share of the stretch's weight (nothing
 * to ask earns nothing), the open todo items by their names, in Latin letters also by half of their words held as they are or as cognates
 * ("Criar sistema de autenticação/login" as "Create authentication/login system"), or, with neither, by how many items it sets out that share
 * a word particular to the stretch (of high weight in it, and a name, a path, a number or a word outside the
 * commonest of running text, {@code io.engram.tokens.CommonWords}: any summary of the repository says "read",
 * "update", "file"; {@code OpenItems});
 * a next step that holds enough of that weight. A paraphrase earns as much as a quote, template words earn nothing
 * (the next step needs a statement, which may run on in its line), and the three count only as far as the names
 * sections 7 to 9 use are the transcript's own (another session's summary names its own functions and tasks) and
 * (a module named by its dotted name is the transcript's when it holds the module's path; CLAUDE.md, which Claude
 * Code loads and no record holds, counts neither way) and
 * nothing when they name the work by another number than the request does ({@code WorkLabels}: "phase 11" for a
 * session asked for phase 6, "第11阶段" for one asked for "第6阶段", the one thing that tells successive sessions of a phased plan apart); CR is 100 from half the size the compactor aims at for the part (the seed's 85% shorter for
 * a short part, about 98.5% shorter for a long session) to 70% shorter, 50 below and less above. Summaries
 * made to game it (the lab's {@code AdversarialSummaries}) score below the retry band. The degradation ladder accepts
 * at 80; at 70-79 it compacts again with the degraded prompt (offline: a larger size); when one kind of key
 * information fell under half it adds the lost fragments; else it truncates to the last 30% of the
 * messages, keeping beside them the best summary if it reached the retry band (what held is not thrown away). Each {@link LadderStep} is recorded. {@link SessionCompaction#score} scores a given summary the
 * same way without compacting (read without what Claude Code writes around a summary it hands on, {@code
 * ClaudeCodeFraming}: its rendered analysis, or an analysis tag left open up to its "Summary:" line, and the lines before
 * and after, which no reader counts; Claude Code's session memory, handed on in its own layout, is read by that layout,
 * {@code SessionMemoryLayout}: its current state is sections 7 to 9). A text that holds only that framing, or the
 * harness's words in place of a summary (the compaction hit a usage limit, the API failed), is no summary at all: the
 * lab leaves such a compaction out rather than score the words. The yardsticks the
 * score and the compactor are judged by (Claude Code's own summary beside the offline one, summaries made to game
 * the score, hand-labelled compaction points, the agent's next calls) are the lab's, in engram-bench under this
 * package's name.
 *
 * <p>After the summary, every file the segment touched is read from disk (relative paths against the
 * message's working directory), valued by its FileScore (recency, how often it was read, written and
 * edited, its type) and chosen by {@link FileRecovery}, an exact 0-1 knapsack over {@link
 * RecoveryCandidate}s within the files' share of the window minus the summary, at most 19 files of at
 * most 8,000 tokens each ({@link RecoveryPlan}). The last todo list and the instruction files are listed
 * for re-injection. {@link LossRecord} says what was dropped: pruned tool outputs, truncated messages,
 * lost key information, missing sections, files not restored.
 *
 * <p>{@link RestartContext} assembles what an agent continues from, as the window is shared out: the summary,
 * the restored files inside a {@code FileContentFence} within the files' share, the open todos, and the
 * compacted messages that fit the messages' share in the budget's priority ({@code engram compact --restart},
 * the MCP {@code compact} tool's {@code restart}, the prepared compaction's {@code restart-context.md}).
 *
 * <p>A caller that wants to hear the stages (the MCP tool's progress) passes a {@link CompactionProgress}; a {@link
 * java.util.concurrent.CancellationException} it throws stops the compaction where it is: the ladder and the model
 * router pass it on rather than treat it as a summarizer or a model that failed.
 *
 * <p>Where to start: {@link SessionCompaction#compact}.
 */
package io.engram.compaction;
