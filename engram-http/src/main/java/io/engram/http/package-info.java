/**
 * Engram's one embedded HTTP server: the resident service serves hooks, the web UI and MCP on one loopback
 * port with it, and {@code engram mcp --http} serves MCP with it.
 *
 * <h2>Why Jetty, and only its core</h2>
 *
 * <p>Engram first answered hooks and the UI with the JDK's {@code com.sun.net.httpserver}, which reads a
 * request's head on a worker thread with no time bound (four connections that sent nothing held its four
 * workers, and every hook then timed out) and reads a body whole into memory; MCP had an HTTP/1.1 server of its
 * own, about 2,000 lines written to get bounds the JDK's lacks. Jetty 12 is a well-kept server whose selector
 * reads heads and bodies without a thread while they trickle in, with bounds of its own for the head's size and
 * a connection's idle time, and a handler for body sizes ({@code SizeLimitHandler}). Only its core is used
 * ({@code jetty-server}, {@code -http}, {@code -io}, {@code -util}: 2.3 MB packed in engram.jar): the servlet API
 * and the MCP SDK's servlet transports would add more jars for one endpoint, and those transports answer a
 * failure with its exception's text (docs/upstream/mcp-java-sdk.md). Measured beside the JDK's server in one run
 * (docs/BENCHMARKS.md): a hook-sized call about 0.1 ms slower at p50 (under 0.5 % of a hook's answer), a slower
 * start (paid once per service, in the background), 2.3 MB more in engram.jar.
 *
 * <h2>Bounds</h2>
 *
 * <p>{@link io.engram.http.EngramHttpServer#builder()} takes {@link io.engram.config.HttpSettings}: a
 * connection without a byte for {@code idleMillis} is closed (Jetty's idle timeout, which also bounds a client
 * that does not take its answer); a head over {@code maxHeaderBytes} gets 431; every route has a body limit
 * (413 at once when {@code Content-Length} is over it, and when a chunked body grows past it: nothing is read
 * whole beyond the bound). {@code ConnectionGuard} adds what Jetty has no setting for: at most
 * {@code maxConnections} in all and {@code maxConnectionsPerClient} from one address, a newcomer past either
 * closing the connection that has waited longest without a request being answered on it, and a sweep that closes
 * a connection whose head, or whose body once its answer began, has taken more than {@code requestReadMillis} to
 * arrive (a client that sends a byte now and then stays under any idle bound). Requests run on at most
 * {@code maxThreads} threads; a connection waiting for its request holds none.
 *
 * <p>Errors Jetty answers itself (404, 413, 431, 400) are one line of plain text, no page and no detail.
 *
 * <h2>A body left unread closes the connection, and the answer says so</h2>
 *
 * <p>A handler may answer before reading the body (a refusal: 401, 403, 405, 413); Jetty then cannot keep the
 * connection and closes it after the answer. An answer that did not say so let a client that pooled the connection
 * send its next request into the closing one, which read no answer (the JDK's client: "header parser received no
 * bytes"). Every route therefore gets a {@code WatchedRequest}: it notes whether the body was read to its end, and
 * the answer's first write, a completion without a write, and the errors Jetty writes itself add
 * {@code Connection: close} when it was not; no handler has to remember it. A body read whole keeps the
 * connection. Every server on this module runs {@code UnreadBodyContract} (this module's test-jar).
 *
 * <p>Where to start: {@link io.engram.http.EngramHttpServer#builder()}.
 */
package io.engram.http;
