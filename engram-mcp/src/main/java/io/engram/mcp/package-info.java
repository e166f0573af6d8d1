/**
 * Engram as an MCP server, on the official MCP Java SDK (2.2), so that any agent that speaks MCP gets the
 * project's memory.
 *
 * <p>{@link io.engram.mcp.EngramMcpServer} serves it over stdio ({@code serveStdio}) or over streamable
 * HTTP ({@code serveHttp}, with a bearer token, on engram-http's server; {@code ForProjects} is the handler the
 * resident service mounts for every project). The tools and resources are the SDK's stateless server; what
 * goes on the wire is {@link io.engram.mcp.transport}'s (stdio of Engram's own, for robustness, and a Jetty
 * handler for HTTP: that package-info says why). The project's {@link io.engram.Engram} is what it works on (its memory,
 * instruction files, settings, recall, model and home), built as every other surface builds it (on-disk index,
 * vectors, configured model); {@code engram mcp} builds it over stdio only once the first request needs it, so that {@code initialize} is answered
 * before the store and the tokenizer are loaded.
 *
 * <p>The tools and resources are defined once and registered on the SDK's stateless server, which both
 * transports share. {@code MemoryTools} holds each tool's JSON schema and action: {@code recall} (through {@link io.engram.recall.MemoryRecall}, with
 * the session budgets when a session id is given), {@code remember}, {@code forget}, {@code list}, {@code
 * context}, {@code compact}, {@code history} and {@code inbox} (the review inbox, {@code InboxTool}: list,
 * show, accept with or without an edit, reject, as {@code engram inbox} does). {@code context} with a {@code path} answers with the instruction files of
 * the subdirectories down to that file that the session has not had ({@code SubdirectoryInstructions}: per
 * session id under Engram's home, else per server connection). {@code CompactionTool} checks that the transcript is an absolute {@code
 * .jsonl} path and calls {@link io.engram.compaction.SessionCompaction} as {@code engram compact} does; its
 * structured content is the {@link io.engram.compaction.CompactionResult} in the JSON form {@code engram
 * compact --json} prints, its text content the summary and its score. The SDK validates arguments against
 * the schema first; a bad argument, an unknown memory or an I/O failure is an {@code isError} result naming
 * the problem, never a protocol error.
 *
 * <p>{@code MemoryResources} serves every memory as {@code memory://<project-key>/<name>} or {@code
 * memory://user/<name>} (template {@code memory://{scope}/{name}}), readable at any time. The SDK's resource
 * list is brought in line with the store at start, after every tool call (on a thread of its own: updating it
 * from inside a tool call deadlocks the SDK's synchronous server) and before every {@code resources/list}, so that
 * list is true whoever changed the store; clients with a session are told of changes (see the transport package).
 *
 * <p>The SDK brings Jackson 3 ({@code tools.jackson}, beside the core's Jackson 2, in other packages),
 * Reactor, a JSON-schema validator and SLF4J; the command line adds SLF4J's no-op provider, and in stdio
 * mode sends anything printed to {@code System.out} to stderr, so that stdout carries only protocol messages.
 * What reaches stderr is the transports' own log: one line per refused message or internal failure.
 *
 * <p>Where to start: {@link io.engram.mcp.EngramMcpServer#serveStdio}.
 */
package io.engram.mcp;
