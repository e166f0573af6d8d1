package io.engram.http;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpHeaderValue;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * A request that knows whether its body has been read to its end, and the answer that says {@code Connection:
 * close} when it has not. A body left unread (a refusal before it: 401, 403, 405, 413) cannot stay on the
 * connection, so Jetty closes the connection after the answer; unless the answer says so, a client that pooled the
 * connection sends its next request into the closing one and reads no answer. Every route's handler sees this
 * request, its answer and its callback ({@link GuardedHandler}), so no handler has to remember it.
 */
final class WatchedRequest extends Request.Wrapper {
  /** The request attribute that holds the watch, for the answers Jetty writes itself ({@code PlainErrors}). */
  static final String ATTRIBUTE = WatchedRequest.class.getName();

  private volatile boolean bodyRead;

  WatchedRequest(Request request) {
    super(request);
    this.bodyRead = !hasBody(request);
    request.setAttribute(ATTRIBUTE, this);
  }

  /** Whether {@code request}'s head announces a body (a length above zero, or a chunked one). */
  static boolean hasBody(Request request) {
    return request.getLength() > 0 || request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING);
  }

  /** Whether the answer to {@code request} must close its connection: it has a body not read to its end. */
  static boolean leavesBodyUnread(Request request) {
    return request.getAttribute(ATTRIBUTE) instanceof WatchedRequest watched ? !watched.bodyRead : hasBody(request);
  }

  /** Says {@code Connection: close} in {@code response}, when it is not sent yet and the body was left unread. */
  static void closeIfUnread(Request request, Response response) {
    if (!response.isCommitted() && leavesBodyUnread(request)) {
      response.getHeaders().put(HttpHeader.CONNECTION, HttpHeaderValue.CLOSE.asString());
    }
  }

  @Override
  public Content.Chunk read() {
    Content.Chunk chunk = super.read();
    if (chunk != null && chunk.isLast() && !Content.Chunk.isFailure(chunk)) {
      bodyRead = true;
    }
    return chunk;
  }

  /** {@code response} as the handler writes it: the first write says whether the connection closes. */
  Response answer(Response response) {
    return new Response.Wrapper(this, response) {
      @Override
      public void write(boolean last, java.nio.ByteBuffer content, Callback callback) {
        closeIfUnread(WatchedRequest.this, this);
        super.write(last, content, callback);
      }
    };
  }

  /** {@code callback} as the handler completes it: an answer Jetty sends without a write says it as well. */
  Callback completion(Response response, Callback callback) {
    return new Callback.Nested(callback) {
      @Override
      public void succeeded() {
        closeIfUnread(WatchedRequest.this, response);
        super.succeeded();
      }
    };
  }
}
