package io.engram.mcp.transport;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/** One client connection of {@link HttpServerLoop} and where its current exchange stands; I/O thread only. */
final class HttpConnection {
  /** Where the connection's current exchange stands. */
  enum State {
    /** Waiting for the first byte of a request. */
    IDLE,
    /** Part of a request has arrived. */
    READING,
    /** A worker runs the request; the connection is not read meanwhile. */
    HANDLING,
    /** The answer is being written. */
    WRITING,
    /** Answered and half-closed; what the client still sends is read and dropped until it closes. */
    LINGERING
  }

  final SocketChannel channel;
  final InetSocketAddress remote;
  final InetAddress address;
  final HttpRequestReader reader;
  SelectionKey key;
  State state;
  long since;
  long deadline;
  ByteBuffer out;
  boolean closeAfterWrite;
  boolean closed;

  HttpConnection(SocketChannel channel, InetSocketAddress remote, HttpRequestReader reader) {
    this.channel = channel;
    this.remote = remote;
    this.address = remote.getAddress();
    this.reader = reader;
  }

  /** Moves to {@code next}, which must end within {@code boundMillis} (ignored for {@link State#HANDLING}). */
  void enter(State next, long boundMillis) {
    state = next;
    since = System.nanoTime();
    deadline = since + boundMillis * 1_000_000L;
  }

  /** Whether it may be closed to make room: it is not running or answering a request. */
  boolean evictable() {
    return state == State.LINGERING || state == State.IDLE || state == State.READING;
  }

  /** Whether its current state has outlived its bound. */
  boolean late(long now) {
    return state != State.HANDLING && now - deadline > 0;
  }
}
