package io.engram.mcp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The two ends of a stdio connection for in-process tests: what a client writes (ended by {@link #endInput()})
 * and what the server writes, one line at a time with a timeout.
 */
final class StdioPipe {
  private static final byte[] END = new byte[0];

  private final BlockingQueue<byte[]> toServer = new LinkedBlockingQueue<>();
  private final BlockingQueue<String> fromServer = new LinkedBlockingQueue<>();

  /** The server's stdin. */
  final InputStream in = new InputStream() {
    private byte[] current = new byte[0];
    private int pos;
    private boolean ended;

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      while (!ended && pos == current.length) {
        try {
          current = toServer.take();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted");
        }
        pos = 0;
        ended = current == END;
      }
      if (ended) {
        return -1;
      }
      int n = Math.min(len, current.length - pos);
      System.arraycopy(current, pos, b, off, n);
      pos += n;
      return n;
    }
  };

  /** The server's stdout. */
  final OutputStream out = new OutputStream() {
    private final java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();

    @Override
    public synchronized void write(int b) {
      if (b == '\n') {
        fromServer.add(bytes.toString(StandardCharsets.UTF_8));
        bytes.reset();
      } else {
        bytes.write(b);
      }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
      for (int i = off; i < off + len; i++) {
        write(b[i]);
      }
    }
  };

  /** Sends {@code text} as it is (add the line end yourself). */
  void sendRaw(byte[] bytes) {
    toServer.add(bytes.clone());
  }

  /** Sends one line. */
  void send(String line) {
    sendRaw((line + "\n").getBytes(StandardCharsets.UTF_8));
  }

  /** Closes the server's stdin. */
  void endInput() {
    toServer.add(END);
  }

  /** The server's next line, or empty if none comes within {@code wait}. */
  Optional<String> next(Duration wait) throws InterruptedException {
    return Optional.ofNullable(fromServer.poll(wait.toMillis(), TimeUnit.MILLISECONDS));
  }
}
