/**
 * Engram as an MCP server, on the official MCP Java SDK (2.2), so that any agent that speaks MCP gets the
 * project's memory.
 *
 * <p>{@link io.engram.mcp.EngramMcpServer} serves it over stdio ({@code serveStdio}: the SDK's
 * single-session server on its {@code StdioServerTransportProvider}) or over streamable HTTP ({@code
 * serveHttp}: the SDK's stateless server on {@code JdkHttpTransport}, with a bearer token). {@link
 * io.engram.mcp.EngramServices} is what it works on: the project's memory, the instruction loader, the
 * settings, the recall, the model router and Engram's home; the command line's {@code engram mcp} builds it
 * with the same wiring as its own commands (on-disk index, vectors, configured model).
 *
 * <p>The tools and resources are defined once and registered on either server. {@code MemoryTools} holds
 * each tool's JSON schema and action: {@code recall} (through {@link io.engram.recall.MemoryRecall}, with
 * the session budgets when a session id is given), {@code remember}, {@code forget}, {@code list}, {@code
 * context} and {@code compact}. {@code context} with a {@code path} answers with the instruction files of
 * the subdirectories down to that file that the session has not had ({@code SubdirectoryInstructions}: per
 * session id under Engram's home, else per server connection). {@code CompactionTool} checks that the transcript is an absolute {@code
 * .jsonl} path and calls {@link io.engram.compaction.SessionCompaction} as {@code engram compact} does; its
 * structured content is the {@link io.engram.compaction.CompactionResult} in the JSON form {@code engram
 * compact --json} prints, its text content the summary and its score. The SDK validates arguments against
 * the schema first; a bad argument, an unknown memory or an I/O failure is an {@code isError} result naming
 * the problem, never a protocol error.
 *
 * <p>{@code MemoryResources} serves every memory as {@code memory://<project-key>/<name>} or {@code
 * memory://user/<name>} (template {@code memory://{scope}/{name}}), readable at any time. The resource list
 * is brought in line with the store at start and after every tool call, on a thread of its own: updating it
 * from inside a tool call deadlocks the SDK's synchronous server.
 *
 * <p>HTTP runs on the JDK's {@code com.sun.net.httpserver}, not a servlet container: the SDK's own HTTP
 * transports are servlets, which would mean embedding Jetty (a dozen jars, about 3 MB) for one endpoint,
 * while its stateless transport contract is small. {@code JdkHttpTransport} implements it: POST {@code /mcp}
 * with one JSON-RPC message gets a JSON answer, or 202 for a notification; GET and DELETE get 405 (allowed
 * for a server that keeps no session and opens no event stream); the bearer token is compared in constant
 * time before the body is read (401 otherwise); bodies above 4 MiB get 413; four worker threads. Given up:
 * server-initiated messages (notifications, sampling, elicitation) and resumable streams, none of which
 * Engram's tools use. The official TypeScript client talks to it unchanged ({@code McpNodeClientTest}).
 *
 * <p>The SDK brings Jackson 3 ({@code tools.jackson}, beside the core's Jackson 2, in other packages),
 * Reactor, a JSON-schema validator and SLF4J; the command line adds SLF4J's no-op provider so stderr stays
 * quiet, and in stdio mode sends anything printed to {@code System.out} to stderr, so that stdout carries
 * only protocol messages.
 *
 * <p>Where to start: {@link io.engram.mcp.EngramMcpServer#serveStdio}.
 */
package io.engram.mcp;
