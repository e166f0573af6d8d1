/**
 * The web UI: pages to see and steer a project's memory, served by the resident service on its loopback
 * address under {@code /ui/}, with every file it needs in the jar (hand-written HTML, CSS and JavaScript, no
 * library, nothing fetched at run time).
 *
 * <p>{@link io.engram.ui.WebUi} is the handler the service mounts. Its gate: loopback callers naming this
 * server as {@code Host} only; a one-time login code ({@code UiSessions}: 32 random bytes, valid for
 * {@code ui.loginCodeSeconds}, taken once) that {@code engram ui} asks for with the service's token and puts in
 * the link's fragment; the page trades it for a session token that it keeps in the tab ({@code sessionStorage})
 * and sends in {@code X-Engram-Session} with every request. No cookie: a browser sends a host's cookies to every
 * port of it, so any other local server the user's browser visits would receive one, and nothing a browser sends
 * on its own opens a session. 401 for any request of data without a live session's token (the page and its
 * assets hold none); for a change, a {@code POST} of JSON from this origin. Every answer forbids framing,
 * sniffing, caching and scripts from elsewhere ({@code UiExchange}'s Content-Security-Policy allows no inline
 * script).
 *
 * <p>The data comes from the project's {@link io.engram.Engram} through {@link io.engram.ui.UiProject}, which the
 * mounting side opens per request for the session's project: {@code MemoryApi} lists memories ({@code MemoryRows}:
 * filters by type, scope, trust, stale and superseded, pages of {@code ui.pageSize}), searches with the same
 * hybrid {@link io.engram.recall.MemoryRecall} the hooks use (without re-ranking or recording use), shows one
 * memory (its body rendered by {@code Html} from Markdown with raw HTML escaped and unsafe links dropped; its
 * provenance, the session and transcript message that wrote it, linked to that turn's timeline; its versions from
 * {@link io.engram.memory.ProjectMemory#history}, each with its diff to the one before), and
 * creates, edits ({@link io.engram.memory.MemoryEdit}, the check {@code engram edit} makes), forgets and restores
 * (a trash entry by its id, so two forgotten memories of one name are two rows) through {@link
 * io.engram.memory.ProjectMemory}, as the command line does; a name a dream merged away answers where it went
 * ({@code MergedInto}, from the runs' history), and the page follows it. A frontmatter key beyond the usual ones is
 * sent as the file holds it (lists and maps of any depth) and laid out nested; a body's Markdown tables are tables. {@code DreamApi} lists the
 * applied dream runs ({@link io.engram.dream.Dream#history}: phases, changes, unified diff), previews a forced
 * dream as a dry run, applies it, and undoes the last run with {@link io.engram.dream.Dream#undo}, the calls
 * of {@code engram dream --dry-run --force}, {@code --force} and {@code --undo}. {@code InboxApi} lists what
 * waits in the review inbox ({@link io.engram.review.Inbox}) and accepts (the memory edited or not) or rejects
 * a proposal, the calls of {@code engram inbox}. {@code SessionsApi} lists the
 * sessions the hooks recorded for the project ({@link io.engram.dream.SessionTranscripts}), each with what a person
 * picks it by ({@code SessionSummary}: the agent, the first prompt, when and how long, its compactions, the memories
 * learnt in it; read once per transcript file while it is unchanged) and gives one
 * session's timeline: the window at each request from {@link io.engram.context.ContextTimeline} (what
 * {@code engram stats} shows), the level lines from the settings, the transcript's compactions with the
 * compaction Engram prepared for the segment each closed ({@link io.engram.levels.PreparedCompaction#read}:
 * score and loss record), and the session notes ({@link io.engram.notes.NotesStore}); only a session the
 * project recorded is read, so an id never picks a path. Asked for a {@code turn} (a message uuid), the timeline
 * names the request that answered it, which the page rings. The page draws the chart as inline SVG.
 * {@code InstructionsApi} is the
 * {@code engram context} view from the same {@link io.engram.instructions.InstructionLoader}; the usage view
 * is the {@link io.engram.model.CostGovernor}'s ledger, every day of it. {@code HistoryApi} searches the past
 * sessions as {@code engram history} does ({@link io.engram.history.PastSessions}), each hit linked to its turn.
 *
 * <p>The page: a status message belongs to the page it was said on and goes when the person navigates elsewhere; a
 * disabled button looks disabled; editing has Cancel; the header has Log out ({@code POST /ui/logout} ends the
 * session, the tab forgets its token). At a phone's width nothing scrolls sideways: every table row becomes a card
 * whose cells carry their column's heading.
 *
 * <p>Where to start: {@link io.engram.ui.WebUi#handle}, then {@code assets/app.js}.
 */
package io.engram.ui;
