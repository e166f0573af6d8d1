package io.engram.mcp.transport;

import io.engram.config.McpSettings;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * MCP's stdio transport: one JSON-RPC message per line in, one per line out. Every line gets what the
 * spec names: a request its answer, a line that is not a message its error (with {@code id: null} when
 * the id cannot be read), then the next line is read. {@code initialize} is answered on the reading
 * thread; other requests (and batches, under the one protocol version that has them) run on {@code workers}
 * threads, so a slow tool call never holds up a ping or the cancellation of that call. A cancelled request gets no
 * answer. At the end of the input the server stops reading and returns once every request it read has been
 * answered: a client that pipes a batch of writes and closes its end gets every one done, however long the last
 * takes.
 */
public final class StdioTransport {
  // The agent that started this process names itself in ENGRAM_AGENT (the MCP entry 'engram hooks install' writes).
  private static final Map<String, Object> CONTEXT = agent(System.getenv("ENGRAM_AGENT"));
  // The first 20 refused lines are logged each, enough to see what a client sends wrong; after them one in 1000, so
  // that a flood cannot fill a stderr nobody reads.
  private static final int LOGGED_REFUSALS = 20;
  // See LOGGED_REFUSALS.
  private static final int REFUSALS_PER_LOG = 1000;
  private final McpProtocol protocol;
  private final OutputStream out;
  private final McpSettings limits;
  private final Consumer<String> log;
  private volatile boolean outputBroken;
  private long refused;

  private StdioTransport(McpProtocol protocol, OutputStream out, McpSettings limits, Consumer<String> log) {
    this.protocol = protocol;
    this.out = out;
    this.limits = limits;
    this.log = log;
  }

  /**
   * Serves {@code protocol} over {@code in}/{@code out} until {@code in} ends; nothing else may write to
   * {@code out}. Problems (refused lines, internal failures) go to {@code log}, one line each.
   */
  public static void serve(McpProtocol protocol, InputStream in, OutputStream out, McpSettings limits,
      Consumer<String> log) throws IOException, InterruptedException {
    new StdioTransport(protocol, out, limits, log).run(in);
  }

  private static Map<String, Object> agent(String agent) {
    return agent == null || agent.isBlank() ? Map.of("transport", "stdio")
        : Map.of("transport", "stdio", CallControl.AGENT, agent);
  }

  private void run(InputStream in) throws IOException, InterruptedException {
    // One client on the other end of the pipe: its session, whose notifications are lines like the answers.
    McpSession session = new McpSession(this::write);
    protocol.open(session);
    try {
      serve(in, session);
    } finally {
      protocol.close(session);
    }
  }

  private void serve(InputStream in, McpSession session) throws IOException, InterruptedException {
    ExecutorService workers = Executors.newFixedThreadPool(limits.workers(), r -> {
      Thread t = new Thread(r, "engram-mcp-stdio");
      t.setDaemon(true);
      return t;
    });
    Semaphore inFlight = new Semaphore(limits.workers() * 4);
    try {
      LineReader lines = new LineReader(in, limits.maxMessageBytes());
      for (LineReader.Line line = lines.next(); line != null && !outputBroken; line = lines.next()) {
        if (line.tooLong()) {
          // Answered under its id, found on the way past: a client waits for that id, and one it does not know
          // (null) it reports as unknown and keeps waiting.
          refuse(line.number(), new JsonRpcMessage.Invalid(JsonRpcError.invalidRequest("message longer than "
              + limits.maxMessageBytes() + " bytes"), line.id()));
          continue;
        }
        if (line.blank()) {
          continue;
        }
        JsonRpcMessage message = JsonRpcMessage.parse(line.bytes(), 0, line.length());
        if (message instanceof JsonRpcMessage.Invalid invalid) {
          refuse(line.number(), invalid);
        } else if (message instanceof JsonRpcMessage.Notification notification) {
          protocol.notification(notification, Optional.of(session));
        } else if (message instanceof JsonRpcMessage.Request request && McpProtocol.isInitialize(request)) {
          write(protocol.answer(request, CONTEXT, Optional.of(session)));
        } else if (message instanceof JsonRpcMessage.Request || message instanceof JsonRpcMessage.Batch) {
          inFlight.acquire();
          workers.execute(() -> {
            try {
              answer(message, session).ifPresent(this::write);
            } finally {
              inFlight.release();
            }
          });
        } // a Response is dropped: this server sends no requests, so there is nothing to match it with
      }
    } finally {
      workers.shutdown();
      long waited = 0;
      while (!workers.awaitTermination(limits.stdioWaitNoticeMillis(), TimeUnit.MILLISECONDS)) {
        waited += limits.stdioWaitNoticeMillis();
        log.accept("input ended; " + (limits.workers() * 4 - inFlight.availablePermits())
            + " request(s) still running after " + waited + " ms, each will be answered");
      }
    }
  }

  /** The line to write for a request or a batch; empty for a cancelled request or a batch of notifications. */
  private Optional<String> answer(JsonRpcMessage message, McpSession session) {
    if (message instanceof JsonRpcMessage.Batch batch) {
      return protocol.batch(batch, CONTEXT, Optional.of(session), session.protocolVersion().orElse("none"),
          this::write);
    }
    return protocol.answer((JsonRpcMessage.Request) message, CONTEXT, Optional.of(session), this::write);
  }

  private void refuse(long lineNumber, JsonRpcMessage.Invalid invalid) {
    // A client may not read our stderr: a flood of bad lines must not fill that pipe and block us.
    if (++refused <= LOGGED_REFUSALS || refused % REFUSALS_PER_LOG == 0) {
      log.accept("stdin line " + lineNumber + ": " + invalid.error().message()
          + (refused == LOGGED_REFUSALS ? " (further refused lines are counted, one log line per " + REFUSALS_PER_LOG
              + ")" : "")
          + (refused > LOGGED_REFUSALS ? " (" + refused + " lines refused so far)" : ""));
    }
    write(invalid.response());
  }

  private void write(String json) {
    byte[] bytes = (json + "\n").getBytes(StandardCharsets.UTF_8);
    synchronized (out) {
      if (outputBroken) {
        return;
      }
      try {
        out.write(bytes);
        out.flush();
      } catch (IOException e) {
        outputBroken = true; // the client has gone; reading stops at the next line
        log.accept("cannot write to stdout (" + e.getMessage() + "); stopping");
      }
    }
  }
}
