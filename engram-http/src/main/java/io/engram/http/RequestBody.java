package io.engram.http;

import java.io.IOException;
import java.util.concurrent.ExecutionException;
import org.eclipse.jetty.http.HttpException;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;

/** Reads a request's whole body, within its route's bound (a body past it is refused, never read whole). */
public final class RequestBody {
  private RequestBody() {}

  /** Thrown when the body is over the route's bound: answer 413. */
  public static final class TooLarge extends IOException {
    TooLarge(String message) {
      super(message);
    }
  }

  /**
   * The body's bytes; blocks this thread until it has arrived (the server's read bounds close a connection
   * whose body stalls).
   *
   * @throws TooLarge when the body is over the route's bound
   * @throws IOException when the connection failed or was closed before the body's end
   */
  public static byte[] read(Request request) throws IOException {
    try {
      return Content.Source.asByteArrayAsync(request, -1).get();
    } catch (ExecutionException e) {
      for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
        if (t instanceof HttpException h && h.getCode() == 413) {
          throw new TooLarge("the request body is over this endpoint's bound");
        }
      }
      throw new IOException("the request body could not be read: " + e.getCause(), e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while reading the request body", e);
    }
  }
}
