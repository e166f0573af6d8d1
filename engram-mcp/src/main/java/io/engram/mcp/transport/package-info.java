/**
 * What Engram's MCP server puts on the wire: stdio ({@link io.engram.mcp.transport.StdioTransport}) and
 * streamable HTTP ({@link io.engram.mcp.transport.HttpTransport}), both in front of the MCP Java SDK's
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
 * stdin into bounded lines, {@link io.engram.mcp.transport.JsonRpcMessage} classifies each line and names
 * the JSON-RPC error for the bad ones (-32700, -32600, {@code id: null} when no id can be read), and
 * requests go to the SDK's <em>stateless</em> server, the one HTTP already used. That server never sends a
 * request to the client, so it cannot ask for what a client did not declare, and a response from the
 * client is dropped, never answered. The tools are unchanged: the same {@code McpStatelessServerHandler}
 * answers {@code tools/*} and {@code resources/*} on both transports.
 *
 * <h2>Fast start</h2>
 *
 * <p>{@code initialize} and {@code ping} are answered by {@link io.engram.mcp.transport.McpProtocol} from
 * fixed data (name, version, capabilities, instructions). The SDK's server, and with it Jackson 3, Reactor,
 * the JSON schema validator, the memory store and the tokenizer, is built in the background once the client
 * sends {@code notifications/initialized}, or on the first request that needs it.
 *
 * <h2>Why an HTTP server of its own</h2>
 *
 * <p>{@code com.sun.net.httpserver} reads a request's head on a worker thread with no time limit: four
 * connections that send half a head hold its four workers for good. Its {@code sun.net.httpserver.*}
 * properties (read once per JVM) can bound the request time, but not connections per client, and a worker
 * is still held for the whole bound. {@link io.engram.mcp.transport.HttpServerLoop} does all socket I/O on
 * one non-blocking thread ({@link io.engram.mcp.transport.HttpRequestReader} parses heads and
 * {@code Content-Length} or chunked bodies as bytes arrive), hands only whole requests to the workers, and
 * bounds read time, idle time, write time, connections in all and per client address; when connections
 * run out, the longest-waiting idle or unfinished one makes room.
 */
package io.engram.mcp.transport;
