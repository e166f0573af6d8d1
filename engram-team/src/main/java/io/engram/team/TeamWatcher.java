package io.engram.team;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.Objects;
import java.util.function.Consumer;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * Keeps one project's mirror up to date in the background: a thread holds a connection that LISTENs on the
 * channel the schema's triggers notify ({@code engram_team}, the payload the md5 of the project key, so listeners
 * of other projects learn nothing), and syncs when its project is named, at most once every
 * {@code team.watchDebounceMillis}, and every {@code team.watchFallbackSeconds} without a notification (what a lost
 * one costs). A lost connection is retried after 1 s, doubling up to {@code team.reconnectMaxSeconds}; each
 * (re)connection starts with a sync, so nothing that happened meanwhile is missed.
 */
public final class TeamWatcher implements AutoCloseable {
  // Notifications are awaited half a second at a time, so that close() is seen within half a second (see watch).
  private static final int WAIT_SLICE_MILLIS = 500;
  private final TeamMemory team;
  private final Consumer<String> log;
  private final Thread thread;
  private volatile boolean closed;
  private volatile int syncs;

  private TeamWatcher(TeamMemory team, Consumer<String> log) {
    this.team = Objects.requireNonNull(team, "team");
    this.log = Objects.requireNonNull(log, "log");
    this.thread = new Thread(this::loop, "engram-team-watcher");
    this.thread.setDaemon(true);
  }

  /** Starts watching {@code team}'s project; {@code log} hears each sync's outcome and each lost connection. */
  public static TeamWatcher start(TeamMemory team, Consumer<String> log) {
    TeamWatcher w = new TeamWatcher(team, log);
    w.thread.start();
    return w;
  }

  /** How many syncs it ran. */
  public int syncs() {
    return syncs;
  }

  private void loop() {
    long backoffMillis = 1_000;
    long maxBackoff = team.settings().reconnectMaxSeconds() * 1_000L;
    while (!closed) {
      try (Connection c = team.listeningConnection(); Statement s = c.createStatement()) {
        s.execute("LISTEN engram_team");
        String wanted = md5(team.projectKey());
        sync();
        backoffMillis = 1_000;
        watch(c.unwrap(PGConnection.class), wanted);
      } catch (IOException | SQLException | RuntimeException e) {
        if (closed) {
          return;
        }
        log.accept("team watcher: " + firstLine(e.getMessage()) + "; retrying in " + backoffMillis / 1000 + " s");
        sleep(backoffMillis);
        backoffMillis = Math.min(maxBackoff, backoffMillis * 2);
      }
    }
  }

  private void watch(PGConnection pg, String wanted) throws SQLException, IOException {
    long fallbackMillis = team.settings().watchFallbackSeconds() * 1_000L;
    long debounceMillis = team.settings().watchDebounceMillis();
    long lastSync = System.nanoTime();
    while (!closed) {
      long waited = (System.nanoTime() - lastSync) / 1_000_000;
      // Short waits, so that close() is seen within half a second: closing the connection under a blocked
      // read is not something the driver promises to interrupt.
      PGNotification[] heard = pg.getNotifications((int) Math.max(1, Math.min(WAIT_SLICE_MILLIS, fallbackMillis - waited)));
      boolean ours = false;
      for (PGNotification n : heard == null ? new PGNotification[0] : heard) {
        ours |= wanted.equals(n.getParameter());
      }
      boolean due = (System.nanoTime() - lastSync) / 1_000_000 >= fallbackMillis;
      if (ours || due) {
        // Changes come in bursts (a sync pushing many): let the burst finish, then sync once.
        sleep(debounceMillis);
        pg.getNotifications(1);
        sync();
        lastSync = System.nanoTime();
      }
    }
  }

  private void sync() throws IOException {
    try {
      SyncReport r = team.sync(false);
      syncs++;
      log.accept("team sync: pulled " + r.pulled() + ", " + r.removed() + " removed, sent " + r.pushed() + ", "
          + r.openConflicts() + " open conflict(s)");
    } catch (TeamUnreachableException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      // A sync that failed for another reason (a refused change, a damaged file) is reported; watching goes on.
      log.accept("team sync failed: " + firstLine(e.getMessage()));
    }
  }

  static String md5(String projectKey) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("MD5")
          .digest(projectKey.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("MD5 is missing from this Java runtime", e);
    }
  }

  private static String firstLine(String text) {
    return text == null ? "failed" : text.lines().findFirst().orElse("failed");
  }

  private void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      closed = true;
    }
  }

  @Override
  public void close() {
    closed = true;
    thread.interrupt();
    try {
      thread.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
