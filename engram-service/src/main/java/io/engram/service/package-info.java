/**
 * The resident service: one process per Engram home that answers Claude Code's hooks for every project
 * without a JVM start per call, with the embedding model loaded, and does the work after a turn in the
 * background.
 *
 * <p>{@link io.engram.service.EngramService} listens on one port of 127.0.0.1 (engram-http's server, with its
 * bounds: a slow or huge request holds up no other caller) for hooks, status and stop, the UI under {@code /ui/}
 * and MCP at {@code /mcp}, and refuses any request without the home's token ({@code ServiceToken}: 32 random bytes in
 * {@code <home>/service/token}, mode 0600, kept across restarts). It holds {@code service.lock} for its whole
 * life (one service per home; the OS releases it however the process ends), writes its pid, port and start
 * time to {@code service.json} ({@link io.engram.service.ServiceInfo}). Whether it runs is asked of it
 * ({@link io.engram.service.ServiceClient#running}: it answers {@code /status} to the token); a live pid in the
 * file is no proof (the system reuses ids), so {@code daemon start}, {@code daemon status} and the hooks agree, and
 * a hook that finds no answer starts a service (a second one finds the lock held and exits)
 * and, per hook event ({@code ClientFiles}), an address line the {@code engram} launcher reads when bash runs
 * it (it then speaks HTTP itself over {@code /dev/tcp}: the hook path is one shell, no other process) and a curl
 * configuration it hands to {@code curl -K} otherwise, and {@code mcp.addr}, to which the launcher relays
 * {@code engram mcp}'s stdio under bash. It exits on {@code POST /stop}, a
 * signal, {@code service.idleSeconds} without a request or work, or once its {@code service.json} is gone or names
 * another process (its home removed: no client could reach it). engram-cli's {@code ServiceStarter} runs it on the serial
 * collector with a heap that starts small and grows up to {@code service.maxHeapMiB}.
 *
 * <p>Hook calls ({@code HookEndpoint}): SessionStart and UserPromptSubmit are answered at once with hybrid
 * recall ({@code HookRunners} builds the project's {@code io.engram.Engram} per call, through {@code ProductEngram}
 * with the service's caches and one set of store change events for every surface: settings re-read when {@code settings.json}
 * changes, the project's stores opened for the call so what other processes wrote is seen, parsed topic files
 * and MEMORY.md's entries kept while unchanged ({@code io.engram.memory.MemoryFileCache}), each project's Lucene
 * index kept open between calls without a lock or a writer and opened again when another process committed to it,
 * asked only after the watched store events told a change ({@code io.engram.recall.ResidentIndexes}), one embedding model shared by all projects, loaded in the background
 * after the start ({@code io.engram.service.wiring.WarmingEmbedders}: until it is loaded, recall answers keyword-only at
 * once and says so); what the call writes back follows the answer in the project's lane: each memory's use, the
 * injection ledger's entry, and the sync of the session's hook state (renamed into place before the answer, so the
 * next call and other processes see it). Stop,
 * PreCompact and SessionEnd are written to the durable {@code WorkQueue} (one synced file per call, the hook's input
 * redacted but for its ids and paths) before they
 * are answered, and run in the project's lane ({@code ProjectLanes}: one
 * project's work in order, different projects in parallel on {@code service.workers} threads); PreCompact's
 * answer waits for the session notes (at most {@code service.preCompactWaitSeconds}), the extraction follows.
 * A killed service leaves its queue; the next one runs it again, and the work resumes where its own state
 * says (the extraction pass and the notes keep, per session, the point of the transcript they reached), so
 * nothing is lost and nothing is done twice. A failed job moves to {@code queue/failed/} with its reason.
 *
 * <p>Team memory ({@code TeamWatchers}): the first time a project is served (a hook or MCP), a background thread
 * checks whether it has a team store connected ({@code engram team connect}) and, if so, starts engram-team's
 * {@code TeamWatcher} for it: LISTEN/NOTIFY brings teammates' shares into the mirror without {@code engram team
 * sync}, and each of its syncs sends the queued outbox. The watcher connects and retries (backoff up to
 * {@code team.reconnectMaxSeconds}, one log line per attempt) on its own thread, so a database that is down or slow
 * delays neither a hook's answer nor the service's start. The watchers stop with the service.
 *
 * <p>MCP ({@code McpEndpoint}): engram-mcp's streamable HTTP handler at {@code /mcp} on the same port (kept across
 * restarts when free, so a client's URL keeps working), with the same token; each request names its project in the {@code Engram-Project}
 * header, and a project's tools are opened the first time it is named and kept (their memory reads the files
 * as they are, through the same parsed-file cache as the hooks).
 *
 * <p>The web UI (engram-ui's {@code WebUi}, wired by {@code io.engram.service.UiWiring} over the same Engrams) is mounted at
 * {@code /ui/} with a gate of its own: a one-time login code, asked for with the token, traded by the page for a
 * session token it holds and sends in a header (no cookie: a cookie would reach every port of 127.0.0.1).
 *
 * <p>{@link io.engram.service.ServiceClient} is the command line's side: find the service, forward a hook,
 * status, stop, and hand a SessionEnd over to the queue when no service runs;
 * engram-cli's {@code ServiceStarter} starts {@code engram daemon run}, which runs {@code EngramService}, detached
 * ({@code setsid}, a UTF-8 locale, output to {@code service.log}). This module is the service and its client; the
 * command line and the lab depend on it, never the other way.
 *
 * <p>Where to start: {@link io.engram.service.EngramService#start}.
 */
package io.engram.service;
