/**
 * What Engram's MCP server puts on the wire: stdio ({@link io.engram.mcp.transport.StdioTransport}) and
 * streamable HTTP ({@link io.engram.mcp.transport.McpHttpHandler}), both in front of the MCP Java SDK's
 * stateless server, which keeps the tools and resources ({@link io.engram.mcp.transport.McpProtocol}).
 *
 * <h2>Why not the SDK's stdio transport</h2>
 *
 * <p>The SDK's {@code StdioServerTransportProvider} (2.2.0) stops reading at the first line it cannot
 * deserialize (truncated JSON, a word, a batch, {@code "id": null}, {@code {"foo":1}}): no error goes back,
 * nothing reaches stderr (its log goes to SLF4J), the session is closed, yet the process lives on, and
 * since stdin is no longer read it never sees the end of input either. Its stateful session also sends
 * {@code roots/list} on {@code notifications/roots/list_changed} whatever the client declared, and an error
 * reply to that request ends its whole inbound pipeline. A line filter in front of it would only catch the
 * first kind, so the transport is replaced instead: {@link io.engram.mcp.transport.LineReader} splits
 * stdin into bounded lines (a longer one is refused under the top-level id read on the way past it, {@code
 * TopLevelId}, wherever the client put it), {@link io.engram.mcp.transport.JsonRpcMessage} classifies each line and names
 * the JSON-RPC error for the bad ones (-32700, -32600, {@code id: null} when no id can be read), and
 * requests go to the SDK's <em>stateless</em> server, the one HTTP already used. That server never sends a
 * request to the client, so it cannot ask for what a client did not declare, and a response from the
 * client is dropped, never answered. The tools are unchanged: the same {@code McpStatelessServerHandler}
 * answers {@code tools/*} and {@code resources/*} on both transports.
 *
 * <h2>Fast start</h2>
 *
 * <p>{@code initialize} and {@code ping} (and {@code logging/setLevel}, {@code resources/subscribe}) are answered
 * by {@link io.engram.mcp.transport.McpProtocol} from fixed data (name, version, capabilities, instructions:
 * {@code ConnectionRequests}). The SDK's server, and with it Jackson 3, Reactor,
 * the JSON schema validator, the memory store and the tokenizer, is built in the background once the client
 * sends {@code notifications/initialized}, or on the first request that needs it.
 *
 * <h2>Requests</h2>
 *
 * <p>{@link io.engram.mcp.transport.RequestParams} checks the shape MCP gives each method's params before the
 * SDK sees them (-32602: an array, a missing tool name or URI, a {@code cursor} for a list that comes in one page).
 * {@code resources/list} is answered here ({@code ResourcePages}), from the store as it is, {@code mcp.pageSize}
 * resources by URI and a {@code nextCursor} after the last ({@code PageCursor}: plain text, so a page boundary
 * holds while memories come and go). A call of a tool the server does not have is -32602 naming the tool asked
 * for and the tools there are (the SDK's own message names none). The SDK's answer reaches the client through
 * {@code SdkAnswer}: a failure inside the SDK or a tool is -32603 with a fixed message; its detail goes to the log
 * (stderr) only, so no class name or exception text reaches a client. After 20 refused stdin lines only one
 * line per 1000 is logged: a client that never reads stderr cannot block the server on a full pipe. At the
 * end of stdin, every request already read is answered (a piped batch of writes is done whole, however long it
 * takes; the log says every {@code stdioWaitNoticeMillis} that it still waits); then the server returns and
 * {@code engram mcp} exits 0.
 *
 * <h2>HTTP</h2>
 *
 * <p>{@link io.engram.mcp.transport.McpHttpHandler} is streamable HTTP as a Jetty handler on
 * engram-http's server (the resident service mounts it at {@code /mcp} beside the hooks and the UI;
 * {@code engram mcp --http} serves it alone), whose bounds (read and idle times, connections in all and per
 * client, the body's size: {@code mcp.maxMessageBytes}, 413 past it) are in {@code io.engram.http}. The SDK's
 * own servlet transports are not used: they would bring the servlet API for one endpoint, answer a failure with
 * its exception's text, and lose the fast start above. POST {@code /mcp} with one message gets an
 * {@code application/json} answer (200, JSON-RPC errors included) or 202, the same with a session or without.
 * Before the body is read: 403 for an {@code Origin} that is neither loopback nor configured
 * ({@link io.engram.mcp.transport.OriginPolicy}; a request without {@code Origin} is not from a browser and
 * passes), 401 without the bearer token (scheme in any case, constant-time comparison). Then 400 for a body that
 * is not a message, and for an {@code MCP-Protocol-Version} this server does not speak (absent: 2025-03-26
 * assumed; {@code initialize} negotiates in its body). {@link io.engram.mcp.transport.BearerToken} refuses a
 * token under 256 bits, estimated from length and alphabet (64 hex digits, 43 base64 characters) and cut to its
 * repeating period, or one with a run of 10 consecutive characters or few distinct ones; the message says how to
 * make one.
 *
 * <h2>Telling clients what changed</h2>
 *
 * <p>A client with a session ({@link io.engram.mcp.transport.McpSession}) is offered {@code resources.listChanged}
 * and {@code subscribe}: over stdio the connection is the session; over HTTP {@code initialize} gives one in
 * {@code Mcp-Session-Id} ({@code HttpSessions}: 128 random bits, at most {@code mcp.maxSessions}, dropped
 * {@code mcp.sessionIdleMillis} after the last request without a stream), a GET with it opens the event stream its
 * notifications go to (a comment every {@code mcp.keepAliveMillis} keeps it open; engram-http may close it for a
 * newcomer, and the client opens it again), DELETE ends it, an unknown id gets 404. A caller that names itself a
 * relay ({@code Engram-Relay}: the launcher's bash relay of {@code engram mcp}, which reads no stream) gets no
 * session and is offered no notifications, so it is never promised what it cannot receive.
 * {@link io.engram.mcp.transport.McpProtocol} answers {@code resources/list} from the store as it is at that
 * moment, and {@code ResourceChanges} compares the store with what it was (each memory's URI, its topic file's
 * size and last change) after each tool call and every {@code mcp.changeCheckMillis} while a session is open: the
 * changes other processes make (the command line, a hook's JVM, the dream) are told as well as its own. Memories that came or
 * went: {@code notifications/resources/list_changed} to every session; a memory that changed or went:
 * {@code notifications/resources/updated} to the sessions subscribed to it.
 *
 * <h2>Progress, cancellation, logging, batches</h2>
 *
 * <p>Each request runs with a {@link io.engram.mcp.transport.CallControl} the tools find in the SDK's transport
 * context: a tool call with {@code _meta.progressToken} gets {@code notifications/progress} at each stage (growing
 * values, a total, a sentence), and {@code notifications/message} carries log messages at or above the level the
 * session set with {@code logging/setLevel} (none until it does; {@link io.engram.mcp.transport.LogLevel}).
 * {@code notifications/cancelled} marks the request it names (by id, within the same session) cancelled: the tool
 * stops at its next stage, says so in a log message, and no answer is sent (over HTTP a streamed answer ends without
 * one, a plain one is 202). Over stdio these go on the connection; over HTTP a tool call that asked for progress from
 * a client accepting {@code text/event-stream} is answered as an event stream carrying them, then its answer, and
 * other requests' messages go to the session's GET stream. A JSON-RPC batch (an array) is answered with the array
 * of its answers when the connection speaks 2025-03-26, whose servers must accept them, and refused whole (-32600)
 * under any later version, which removed them, or when it holds {@code initialize}; over HTTP the version is the
 * session's, else {@code MCP-Protocol-Version}'s.
 *
 * <p>Given up on both transports: requests to the client (sampling, elicitation, roots) and resumable streams,
 * none of which Engram's tools use. The official TypeScript client and the SDK's Java client talk to both
 * unchanged ({@code McpNodeClientTest} also waits for the notifications; {@code JavaSdkClientTest}).
 *
 * <p>Where to start: {@link io.engram.mcp.transport.McpProtocol}, then a transport.
 */
package io.engram.mcp.transport;
