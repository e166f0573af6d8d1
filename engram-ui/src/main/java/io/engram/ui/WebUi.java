package io.engram.ui;

import io.engram.config.UiSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * The web UI, a Jetty {@link Handler} the resident service mounts at {@link #PATH} on its loopback address.
 *
 * <p>Every request passes the gate first: it must come from loopback and name this server as its
 * {@code Host} (a page of another site that made its name resolve to 127.0.0.1 is refused). {@code POST
 * /ui/login-code}, with the service's own {@code Authorization} header, makes a one-time login link
 * ({@code /ui/#login=CODE}; {@code engram ui} asks for it). The page, its script and its styles hold no data and
 * are served to anyone past the gate; the script trades the code, once, with {@code POST /ui/login} for a session
 * token, keeps it in the tab's {@code sessionStorage} and sends it in {@link #SESSION_HEADER} with every request.
 * Nothing the browser sends on its own (no cookie, no HTTP authentication) opens a session: cookies are shared by
 * every port of a host, so any other server on 127.0.0.1 the user's browser visits would receive one, and a
 * header of its own cannot be set by another origin's page without a CORS preflight this server never grants. Any
 * other request without a live session's token gets 401. A request that changes something must be a
 * {@code POST} of JSON, from this origin when the browser names one; otherwise 403.
 */
public final class WebUi extends Handler.Abstract {
  /** Where the service mounts the UI. */
  public static final String PATH = "/ui/";
  /** The header every request of a session carries its token in. */
  public static final String SESSION_HEADER = "X-Engram-Session";

  private final UiProject.Opener projects;
  private final Predicate<String> serviceAuthorization;
  private final UiSettings settings;
  private final UiSessions sessions;
  private final Assets assets = new Assets();
  private final Consumer<String> log;

  /**
   * A UI over the projects {@code projects} opens; {@code serviceAuthorization} accepts the
   * {@code Authorization} header of a caller allowed to make login codes (the service's token holder).
   */
  public WebUi(UiProject.Opener projects, Predicate<String> serviceAuthorization, UiSettings settings,
      Clock clock, Consumer<String> log) {
    this.projects = projects;
    this.serviceAuthorization = serviceAuthorization;
    this.settings = settings;
    this.sessions = new UiSessions(settings, clock);
    this.log = log;
  }

  /**
   * A one-time login path ({@code /ui/#login=CODE}) opening a session on {@code project}; the code rides in the
   * fragment, which the browser never sends to a server, and the page trades it with {@code POST /ui/login}.
   */
  public String loginPath(Path project) {
    return PATH + LOGIN_FRAGMENT + sessions.newCode(project.toAbsolutePath().normalize());
  }

  private static final String LOGIN_FRAGMENT = "#login=";

  /** The one-time code of a login path, as {@code POST /ui/login} takes it. */
  public static String loginCode(String loginPath) {
    int at = loginPath.indexOf(LOGIN_FRAGMENT);
    if (at < 0) {
      throw new IllegalArgumentException("not a login path: " + loginPath);
    }
    return loginPath.substring(at + LOGIN_FRAGMENT.length());
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws IOException {
    UiExchange x = new UiExchange(request, response, callback);
    try {
      route(x);
    } catch (UiExchange.Refusal r) {
      refuse(x, r);
    } catch (io.engram.memory.InvalidMemoryNameException e) {
      // A name the page or a script sent that the store refuses (a path segment, a NUL): the request is at fault.
      refuse(x, new UiExchange.Refusal(400, e.getMessage()));
    } catch (IOException | RuntimeException e) {
      log.accept("ui: " + x.method() + " " + x.path() + " failed: " + e);
      x.json(500, new Problem("internal error: " + e.getMessage()));
    }
    return true;
  }

  /** A refusal's body under {@code /ui/api/}. */
  record Problem(String error) {}

  private void route(UiExchange x) throws IOException, UiExchange.Refusal {
    if (!x.fromLoopback()) {
      throw new UiExchange.Refusal(403, "the Engram UI answers only requests from this machine");
    }
    String host = x.header("Host").orElse("");
    int port = x.localPort();
    if (!Set.of("127.0.0.1:" + port, "localhost:" + port, "[::1]:" + port).contains(host)) {
      throw new UiExchange.Refusal(403, "this server is 127.0.0.1:" + port + ", not '" + host + "'");
    }
    String path = x.path();
    boolean reads = x.method().equals("GET") || x.method().equals("HEAD");
    if (path.equals(PATH + "login-code")) {
      loginCode(x);
    } else if (path.equals(PATH + "login")) {
      login(x, host);
    } else if (reads && (path.equals(PATH) || path.equals(PATH + "index.html"))) {
      x.send(200, "text/html; charset=utf-8", assets.page());
    } else if (reads && path.startsWith(PATH + "assets/")) {
      assets.serve(x, path.substring((PATH + "assets/").length()));
    } else {
      UiSessions.Session session = x.header(SESSION_HEADER).map(String::strip).flatMap(sessions::find)
          .orElseThrow(() -> new UiExchange.Refusal(401, "not logged in: run `engram ui` for a login link"));
      if (!reads) {
        checkStateChange(x, host);
      }
      answer(x, session, path, reads);
    }
  }

  private void answer(UiExchange x, UiSessions.Session session, String path, boolean reads)
      throws IOException, UiExchange.Refusal {
    if (path.equals(PATH + "logout") && !reads) {
      sessions.logout(session.id());
      x.json(200, new Done("logged out"));
    } else if (path.startsWith(PATH + "api/")) {
      String route = path.substring((PATH + "api/").length());
      UiProject project = projects.open(session.project());
      if (route.startsWith("dream")) {
        new DreamApi(project.dream()).answer(x, route);
      } else if (route.equals("inbox") || route.startsWith("inbox/")) {
        new InboxApi(project, settings).answer(x, route);
      } else if (route.equals("sessions") || route.startsWith("sessions/")) {
        new SessionsApi(project).answer(x, route);
      } else if (route.equals("instructions") && reads) {
        x.json(200, InstructionsApi.ledger(project));
      } else if (route.equals("history")) {
        new HistoryApi(project, settings.searchResults()).answer(x);
      } else if (route.equals("usage") && reads) {
        x.json(200, new Usage(project.usage().ledgerFile().toString(), project.usage().days()));
      } else {
        new MemoryApi(project, settings).answer(x, route);
      }
    } else {
      throw new UiExchange.Refusal(404, "no page " + x.method() + " " + path);
    }
  }

  /** The model token ledger, every day newest first ({@code engram usage} shows today's). */
  record Usage(String ledger, java.util.List<io.engram.model.UsageReport> days) {}

  /** A short confirmation. */
  record Done(String done) {}

  /** What {@code POST /ui/login-code} answers. */
  record LoginCode(String path, int validSeconds) {}

  private void loginCode(UiExchange x) throws IOException, UiExchange.Refusal {
    if (!serviceAuthorization.test(x.header("Authorization").orElse(null))) {
      throw new UiExchange.Refusal(401, "login codes are for the service's token holder (engram ui)");
    }
    if (!x.method().equals("POST")) {
      throw new UiExchange.Refusal(405, "POST a JSON object naming the project");
    }
    Path project = Path.of(UiExchange.field(x.jsonBody(settings.maxRequestBytes()), "project"));
    if (!project.isAbsolute()) {
      throw new UiExchange.Refusal(400, "the project must be an absolute path, not '" + project + "'");
    }
    x.json(200, new LoginCode(loginPath(project), settings.loginCodeSeconds()));
  }

  /** What {@code POST /ui/login} answers: the session's token, which the page sends in {@link #SESSION_HEADER}. */
  record LoggedIn(String session) {}

  private void login(UiExchange x, String host) throws IOException, UiExchange.Refusal {
    if (!x.method().equals("POST")) {
      throw new UiExchange.Refusal(405, "open the login link in a browser");
    }
    checkStateChange(x, host);
    String code = UiExchange.field(x.jsonBody(settings.maxRequestBytes()), "code");
    UiSessions.Session s = sessions.login(code).orElseThrow(() -> new UiExchange.Refusal(403,
        "this login link is unknown, used or expired: run `engram ui` for a new one"));
    x.json(200, new LoggedIn(s.id()));
  }

  private static void checkStateChange(UiExchange x, String host) throws UiExchange.Refusal {
    if (!x.method().equals("POST")) {
      throw new UiExchange.Refusal(405, "changes are made with POST");
    }
    Optional<String> origin = x.header("Origin");
    if (origin.isPresent() && !origin.get().equals("http://" + host)) {
      throw new UiExchange.Refusal(403, "a change must come from this UI's own pages, not from " + origin.get());
    }
    Optional<String> site = x.header("Sec-Fetch-Site");
    if (site.isPresent() && !site.get().equals("same-origin")) {
      throw new UiExchange.Refusal(403, "a change must come from this UI's own pages (Sec-Fetch-Site: " + site.get()
          + ")");
    }
  }

  private void refuse(UiExchange x, UiExchange.Refusal r) throws IOException {
    boolean page = x.method().equals("GET") && !x.path().startsWith(PATH + "api/");
    if (page) {
      x.send(r.status(), "text/html; charset=utf-8", assets.notice(r.getMessage()));
    } else {
      x.json(r.status(), new Problem(r.getMessage()));
    }
  }
}
