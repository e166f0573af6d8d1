/**
 * Past sessions, searchable: what was said and done in a project's earlier sessions, found by its words
 * ({@code engram history QUERY}, the MCP {@code history} tool) and never injected into a session unasked.
 *
 * <p>{@link PastSessions} gathers what is read: the transcripts the hooks recorded for the project, the sessions
 * SpecStory saved in the project's directory ({@code .specstory/history}, where Cursor's sessions are, since no
 * hook records them) and any named.
 *
 * <p>{@link SessionHistory} reads the transcripts Engram has seen incrementally (from the byte offset
 * where the last read stopped) into {@link PastTurn}s: each prompt the person typed, and what the agent
 * said and did until the next one (its text, the tools it called, the files they named; never the tools'
 * output, nor its thinking), secrets redacted before anything is kept. Turns are kept per session in a
 * catalogue and indexed by keywords through the recall {@link io.engram.recall.SearchIndex} port (the Lucene index
 * on disk, in its own directory); the index is a cache the catalogue rebuilds.
 *
 * <p>A turn is indexed with its neighbours ({@link TurnEntries}): its own words twice, then the words of the turn
 * before it and the turn after it in the same session, so a prompt is found by its reply's words and a reply by
 * its question's (on LoCoMo's dev split, keyword-only evidence recall@5 went from 65.2 to about 74). A turn's entry
 * changes when the turn after it arrives, so a read re-indexes every turn of the session whose entry changed. A
 * search ranks turns as recall ranks memories, without vectors ({@link TurnRanking}): each turn is a document of
 * its session that follows the turn before it, its neighbours' words its context (which the last stage tells from
 * its own), so the reply to a matching question and the session that matched best come first. A hit carries its session, its date and its link: the
 * transcript's path and line, and the record's uuid.
 *
 * <p>What each call costs grows with what changed, not with the history's size: a transcript whose size and last
 * change are those of the last read is not opened ({@link ReadPositions} keeps both); one that changed is read on
 * from where the last read stopped while the 1 KB before that point is still what was read (its checksum), and
 * otherwise, shrunk or replaced (even by a longer file or one of the same size), from its start, its earlier turns
 * first taken out of the catalogue and the index, under whichever session they were kept; and {@link
 * HistoryIndexCheck}
 * keeps the index in line with the catalogue from stamps of the catalogue's session files (size, last change) and
 * a fingerprint of the index's ids and content hashes, so only the sessions whose file changed are read and
 * compared. Without usable stamps (first use, the index rebuilt or changed, the stamps file damaged) every
 * session is, and index entries whose turn the catalogue no longer holds are removed. {@link
 * SessionHistory#syncAndSearch} reads and searches with the index opened once.
 *
 * <p>{@link PastSessions} is what the command line and the MCP server call: it reads the transcripts the
 * hooks recorded for the project ({@link io.engram.dream.SessionTranscripts}) and any named, then searches.
 *
 * <p>Where to start: {@link PastSessions#find}, then {@link SessionHistory#sync} and {@link SessionHistory#search}.
 */
package io.engram.history;
