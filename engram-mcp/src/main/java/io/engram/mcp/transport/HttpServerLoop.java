package io.engram.mcp.transport;

import io.engram.config.EngramSettings;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/**
 * A small HTTP/1.1 server: one thread does all socket I/O without blocking (accept, read, write), and
 * a pool of workers only ever runs whole requests. A client that sends slowly, or not at all, costs a
 * buffer and a connection slot, never a worker; it is closed when its request is not read within the
 * bound, and when connections run out (in all, or from its address) the longest-waiting idle or unfinished
 * one makes room for the newcomer.
 */
final class HttpServerLoop implements AutoCloseable {
  /** What the server does with requests. */
  interface Exchange {
    /** Runs on the I/O thread as soon as a head is read (keep it cheap); an answer ends the exchange there. */
    Optional<HttpResponse> head(HttpRequestHead head);

    /** Runs on a worker with the whole request. */
    HttpResponse handle(HttpRequestHead head, byte[] body, InetSocketAddress remote);
  }

  private static final long TICK_MILLIS = 100;
  private static final byte[] CONTINUE = "HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);

  private final EngramSettings.Mcp limits;
  private final Exchange exchange;
  private final Consumer<String> log;
  private final ServerSocketChannel server;
  private final Selector selector;
  private final ExecutorService workers;
  private final Thread loop;
  private final ConnectionTable connections;
  private final ConcurrentLinkedQueue<Runnable> fromWorkers = new ConcurrentLinkedQueue<>();
  private final ByteBuffer readBuffer = ByteBuffer.allocate(64 * 1024);
  private volatile boolean open = true;

  private HttpServerLoop(InetSocketAddress bind, EngramSettings.Mcp limits, Exchange exchange, Consumer<String> log)
      throws IOException {
    this.limits = limits;
    this.exchange = exchange;
    this.log = log;
    this.connections = new ConnectionTable(limits.maxConnections(), limits.maxConnectionsPerAddress());
    this.selector = Selector.open();
    this.server = ServerSocketChannel.open();
    try {
      server.bind(bind);
      server.configureBlocking(false);
      server.register(selector, SelectionKey.OP_ACCEPT);
    } catch (IOException e) {
      server.close();
      selector.close();
      throw e;
    }
    this.workers = Executors.newFixedThreadPool(limits.workers(), r -> {
      Thread t = new Thread(r, "engram-mcp-http-worker");
      t.setDaemon(true);
      return t;
    });
    this.loop = new Thread(this::run, "engram-mcp-http-io");
    loop.setDaemon(true);
  }

  /** Listens at {@code bind} and serves until {@link #close()}. */
  static HttpServerLoop start(InetSocketAddress bind, EngramSettings.Mcp limits, Exchange exchange,
      Consumer<String> log) throws IOException {
    HttpServerLoop server = new HttpServerLoop(bind, limits, exchange, log);
    server.loop.start();
    return server;
  }

  InetSocketAddress address() {
    return (InetSocketAddress) server.socket().getLocalSocketAddress();
  }

  @Override
  public void close() {
    open = false;
    selector.wakeup();
    try {
      loop.join(2_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    workers.shutdownNow();
  }

  private void run() {
    try {
      while (open) {
        selector.select(TICK_MILLIS);
        for (SelectionKey key : selector.selectedKeys()) {
          if (key.isValid() && key.isAcceptable()) {
            acceptAll();
          } else if (key.attachment() instanceof HttpConnection c) {
            serve(c, key);
          }
        }
        selector.selectedKeys().clear();
        for (Runnable r = fromWorkers.poll(); r != null; r = fromWorkers.poll()) {
          r.run();
        }
        connections.late(System.nanoTime()).forEach(this::close);
      }
    } catch (IOException | RuntimeException e) { // the selector itself failed: nothing can be served
      log.accept("HTTP server stopped: " + e);
    } finally {
      connections.all().forEach(this::close);
      try {
        server.close();
        selector.close();
      } catch (IOException ignored) {
        // closing anyway
      }
    }
  }

  private void serve(HttpConnection c, SelectionKey key) {
    try {
      if (key.isValid() && key.isReadable()) {
        onReadable(c);
      }
      if (key.isValid() && key.isWritable()) {
        onWritable(c);
      }
    } catch (IOException | RuntimeException e) {
      close(c);
    }
  }

  private void acceptAll() {
    while (true) {
      SocketChannel channel;
      try {
        channel = server.accept();
      } catch (IOException e) { // out of file descriptors, for one: refuse for now, the backlog waits
        log.accept("cannot accept a connection: " + e.getMessage());
        return;
      }
      if (channel == null) {
        return;
      }
      try {
        admit(channel);
      } catch (IOException | RuntimeException e) { // the client left already, or the socket cannot be set up
        try {
          channel.close();
        } catch (IOException ignored) {
          // gone either way
        }
      }
    }
  }

  private void admit(SocketChannel channel) throws IOException {
    InetSocketAddress remote = (InetSocketAddress) channel.getRemoteAddress();
    if (!connections.makeRoom(remote.getAddress(), this::close)) {
      channel.close();
      return;
    }
    channel.configureBlocking(false);
    channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
    HttpConnection c = new HttpConnection(channel, remote, new HttpRequestReader(limits.maxHeaderBytes(),
        limits.maxHeaders(), limits.maxMessageBytes()));
    c.key = channel.register(selector, SelectionKey.OP_READ, c);
    c.enter(HttpConnection.State.IDLE, limits.idleMillis());
    connections.add(c);
  }

  private void onReadable(HttpConnection c) throws IOException {
    readBuffer.clear();
    int n = c.channel.read(readBuffer);
    if (n < 0) {
      close(c);
      return;
    }
    if (n == 0 || c.state == HttpConnection.State.LINGERING) {
      return; // a lingering connection's bytes are read only to be dropped
    }
    c.reader.feed(readBuffer.array(), 0, n);
    if (c.state == HttpConnection.State.IDLE) {
      c.enter(HttpConnection.State.READING, limits.requestReadMillis());
    }
    process(c);
  }

  private void process(HttpConnection c) throws IOException {
    while (true) {
      HttpRequestReader.Step step = c.reader.next();
      if (step instanceof HttpRequestReader.NeedMore) {
        return;
      }
      if (step instanceof HttpRequestReader.Failed failed) {
        respond(c, HttpResponse.text(failed.status(), failed.reason()).closing());
        return;
      }
      if (step instanceof HttpRequestReader.HeadRead read) {
        Optional<HttpResponse> early = exchange.head(read.head());
        if (early.isPresent()) {
          respond(c, early.get().closing()); // the body stays unread, so the connection cannot carry on
          return;
        }
        if (read.head().expectContinue() && c.channel.write(ByteBuffer.wrap(CONTINUE)) != CONTINUE.length) {
          close(c);
          return;
        }
        continue;
      }
      HttpRequestReader.Complete done = (HttpRequestReader.Complete) step;
      c.enter(HttpConnection.State.HANDLING, 0);
      c.key.interestOps(0);
      workers.execute(() -> {
        HttpResponse response;
        try {
          response = exchange.handle(done.head(), done.body(), c.remote);
        } catch (RuntimeException e) {
          log.accept("HTTP request failed: " + e);
          response = HttpResponse.text(500, "internal error");
        }
        HttpResponse answer = done.head().keepAlive() ? response : response.closing();
        fromWorkers.add(() -> respond(c, answer));
        selector.wakeup();
      });
      return;
    }
  }

  private void respond(HttpConnection c, HttpResponse response) {
    if (c.closed) {
      return;
    }
    c.out = response.encode();
    c.closeAfterWrite = response.close();
    c.enter(HttpConnection.State.WRITING, limits.responseWriteMillis());
    try {
      onWritable(c);
    } catch (IOException | RuntimeException e) {
      close(c);
    }
  }

  private void onWritable(HttpConnection c) throws IOException {
    if (c.out == null) {
      return;
    }
    c.channel.write(c.out);
    if (c.out.hasRemaining()) {
      c.key.interestOps(SelectionKey.OP_WRITE);
      return;
    }
    c.out = null;
    if (c.closeAfterWrite) {
      // Drain what the client still sends before closing: closing with unread bytes resets the
      // connection, and the client would lose the answer it has not read yet.
      c.channel.shutdownOutput();
      c.enter(HttpConnection.State.LINGERING, limits.lingerMillis());
      c.key.interestOps(SelectionKey.OP_READ);
      return;
    }
    c.reader.reset();
    c.enter(HttpConnection.State.IDLE, limits.idleMillis());
    c.key.interestOps(SelectionKey.OP_READ);
    if (c.reader.started()) { // the client sent its next request before this answer
      c.enter(HttpConnection.State.READING, limits.requestReadMillis());
      process(c);
    }
  }

  private void close(HttpConnection c) {
    if (c.closed) {
      return;
    }
    c.closed = true;
    connections.remove(c);
    if (c.key != null) {
      c.key.cancel();
    }
    try {
      c.channel.close();
    } catch (IOException ignored) {
      // it is gone either way
    }
  }
}
