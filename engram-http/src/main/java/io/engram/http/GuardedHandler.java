package io.engram.http;

import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Tells the {@link ConnectionGuard} when a request on a connection is being answered, and when it is done; hands the
 * routes a {@link WatchedRequest}, so an answer that leaves the body unread closes the connection and says so.
 */
final class GuardedHandler extends Handler.Wrapper {
  /** The request attribute that holds the guard, for {@link EngramHttpServer#streaming}. */
  static final String GUARD = ConnectionGuard.class.getName();

  private final ConnectionGuard guard;

  GuardedHandler(ConnectionGuard guard, Handler routes) {
    super(routes);
    this.guard = guard;
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    Connection connection = request.getConnectionMetaData().getConnection();
    guard.answering(connection);
    request.setAttribute(GUARD, guard);
    Request.addCompletionListener(request, failure -> guard.answered(connection));
    WatchedRequest watched = new WatchedRequest(request);
    Response answer = watched.answer(response);
    return super.handle(watched, answer, watched.completion(answer, callback));
  }
}
