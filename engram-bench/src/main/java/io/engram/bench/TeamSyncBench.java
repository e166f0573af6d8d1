package io.engram.bench;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.config.TeamSettings;
import io.engram.team.SyncReport;
import io.engram.team.TeamMemory;
import io.engram.team.testing.PostgresCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * Team sync at a team's scale, on a throwaway PostgreSQL cluster: {@code --members} members each holding
 * {@code --memories} team memories in one project (written as each member, so the triggers and row-level security
 * do their work), then the sync of a member who has none of them (a full pull: the baseline), a sync with nothing
 * new, an incremental sync after every member shared {@code --changes} memories through the outbox, and a full
 * re-pull. Prints latency and rows per second, and the incremental sync as a fraction of the full one; then the
 * mirror's write path alone on the same disk: one atomic write per file against the pull's batched writes.
 *
 * <p>{@code java -cp engram-bench/target/benchmarks.jar io.engram.bench.TeamSyncBench [--members 20]
 * [--memories 5000] [--changes 5] [--durable]}
 */
public final class TeamSyncBench {
  private static final String PASSWORD = "bench-password";

  private TeamSyncBench() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> opts = new HashMap<>();
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--durable")) {
        opts.put("durable", "true");
      } else if (i + 1 < args.length) {
        opts.put(args[i].replaceFirst("^--", ""), args[++i]);
      }
    }
    int members = Integer.parseInt(opts.getOrDefault("members", "20"));
    int memories = Integer.parseInt(opts.getOrDefault("memories", "5000"));
    int changes = Integer.parseInt(opts.getOrDefault("changes", "5"));
    Path bin = PostgresCluster.binaries(System.getenv()).orElseThrow(() -> new IllegalStateException(
        "no PostgreSQL binaries: install the postgresql package or set " + PostgresCluster.BIN_ENV));
    try (ScratchDirectory work = ScratchDirectory.create("engram-team-bench-");
        PostgresCluster cluster = PostgresCluster.start(bin, opts.containsKey("durable"))) {
      run(cluster, work.path(), members, memories, changes);
    }
  }

  private static void run(PostgresCluster cluster, Path work, int members, int memories, int changes)
      throws Exception {
    String url = cluster.jdbcUrl("postgres");
    List<String> names = new ArrayList<>();
    for (int m = 0; m < members; m++) {
      names.add("member" + m);
    }
    names.add("newcomer");
    Map<String, TeamMemory> team = new HashMap<>();
    for (String name : names) {
      team.put(name, member(work, name, PASSWORD));
    }
    // The administrator installs the schema through the member-facing API, as engram team migrate does.
    TeamMemory admin = member(work, cluster.adminUser(), cluster.adminPassword());
    String key = admin.connect(url + "?user=" + cluster.adminUser(), cluster.adminUser()).link().projectKey();
    admin.migrate();
    try (Connection c = DriverManager.getConnection(url, cluster.adminUser(), cluster.adminPassword());
        Statement s = c.createStatement()) {
      for (String name : names) {
        s.execute("CREATE ROLE \"" + name + "\" LOGIN PASSWORD '" + PASSWORD + "' IN ROLE engram_member");
        s.execute("INSERT INTO engram.members (project_key, member, role) VALUES ('" + key + "', '" + name
            + "', 'writer')");
      }
    }
    for (String name : names) {
      team.get(name).connect(url + "?user=" + name, name);
    }

    long t0 = System.nanoTime();
    for (int m = 0; m < members; m++) {
      seed(url, names.get(m), key, memories);
    }
    double seedSeconds = (System.nanoTime() - t0) / 1e9;
    int total = members * memories;
    System.out.printf(Locale.ROOT, "team: %d members x %d memories = %d rows in one project%n", members, memories,
        total);
    System.out.printf(Locale.ROOT, "seed (multi-row INSERT as each member, triggers + RLS): %.1f s, %.0f rows/s%n",
        seedSeconds, total / seedSeconds);

    TeamMemory newcomer = team.get("newcomer");
    Timed full = timed(() -> newcomer.sync(false));
    print("first sync of a member with none (full pull, baseline)", full, full);
    Timed nothing = timed(() -> newcomer.sync(false));
    print("sync with nothing new", nothing, full);

    long[] shares = new long[members * changes];
    int k = 0;
    for (int m = 0; m < members; m++) {
      TeamMemory one = team.get(names.get(m));
      for (int c = 0; c < changes; c++) {
        String name = "change-" + m + "-" + c;
        writeOwn(work, names.get(m), name, "Change " + c + " of member " + m + ": the staging database moved to"
            + " host db" + (m * 100 + c) + ".internal.");
        long s = System.nanoTime();
        String state = one.share(name).state();
        shares[k++] = System.nanoTime() - s;
        if (!state.equals("shared")) {
          throw new IllegalStateException(name + " was " + state);
        }
      }
    }
    Arrays.sort(shares);
    System.out.printf(Locale.ROOT, "share (outbox write + push, one transaction): p50 %.1f ms, p95 %.1f ms over %d%n",
        shares[shares.length / 2] / 1e6, shares[(int) (shares.length * 0.95)] / 1e6, shares.length);
    Timed incremental = timed(() -> newcomer.sync(false));
    print("incremental sync after " + members * changes + " shares", incremental, full);
    Timed again = timed(() -> newcomer.sync(true));
    print("full re-pull (engram team sync --full) over a full mirror", again, full);
    mirrorWrites(work.resolve("write-baseline"), Math.min(total, 2_000));
  }

  /**
   * The mirror's write path alone, on the same disk in the same run: {@code files} mirror-sized files written one
   * atomic write each ({@code AtomicFiles}: the file forced, then the directory), against the same files written
   * as batches of {@code team.pullBatchSize} ({@code AtomicBatch}: forced together, the directory once per batch).
   */
  private static void mirrorWrites(Path dir, int files) throws IOException {
    TeamSettings settings = EngramSettings.DEFAULTS.team();
    byte[] body = ("---\nname: fact\ndescription: A fact about the build\ntype: project\n---\n\n"
        + "The unit tests of module m7 need the fixture set f7 and take about 17 seconds on a laptop.\n")
        .getBytes(java.nio.charset.StandardCharsets.UTF_8);
    long s = System.nanoTime();
    for (int i = 0; i < files; i++) {
      io.engram.fs.AtomicFiles.write(dir.resolve("one/f" + i + ".md"), body);
    }
    double one = (System.nanoTime() - s) / 1e9;
    s = System.nanoTime();
    for (int from = 0; from < files; from += settings.pullBatchSize()) {
      Map<String, byte[]> batch = new java.util.LinkedHashMap<>();
      for (int i = from; i < Math.min(files, from + settings.pullBatchSize()); i++) {
        batch.put("f" + i + ".md", body);
      }
      io.engram.fs.AtomicBatch.write(dir.resolve("batch"), batch, List.of(), settings.mirrorSyncThreads());
    }
    double batched = (System.nanoTime() - s) / 1e9;
    System.out.printf(Locale.ROOT, "mirror writes of %d files: one atomic write each %.3f s (%.0f files/s), batches of"
        + " %d forced together by %d threads %.3f s (%.0f files/s): %.1fx faster%n", files, one, files / one,
        settings.pullBatchSize(), settings.mirrorSyncThreads(), batched, files / batched, one / batched);
  }

  private record Timed(SyncReport report, double seconds) {}

  private interface Sync {
    SyncReport run() throws IOException;
  }

  private static Timed timed(Sync sync) throws IOException {
    long s = System.nanoTime();
    SyncReport r = sync.run();
    return new Timed(r, (System.nanoTime() - s) / 1e9);
  }

  private static void print(String what, Timed t, Timed baseline) {
    System.out.printf(Locale.ROOT, "%s: %.3f s, %d rows pulled (%.0f rows/s), %d files written, %d team memories;"
        + " %.4f x the full pull%n", what, t.seconds(), t.report().pulled(),
        t.report().pulled() / Math.max(1e-9, t.seconds()), t.report().written(), t.report().teamMemories(),
        t.seconds() / baseline.seconds());
  }

  private static TeamMemory member(Path work, String name, String password) throws IOException {
    Path clone = Files.createDirectories(work.resolve(name + "/app/.git")).getParent();
    Files.writeString(clone.resolve(".git/config"), "[remote \"origin\"]\n\turl = git@github.com:bench/app.git\n");
    Path userHome = Files.createDirectories(work.resolve(name + "/home"));
    EngramRoots roots = new EngramRoots(work.resolve(name + "/engram"), userHome, clone);
    Map<String, String> env = Map.of("ENGRAM_TEAM_PASSWORD", password, "HOSTNAME", "bench");
    return TeamMemory.of(roots, EngramSettings.DEFAULTS, env, Clock.systemUTC());
  }

  private static void writeOwn(Path work, String member, String name, String body) throws IOException {
    EngramRoots roots = new EngramRoots(work.resolve(member + "/engram"), work.resolve(member + "/home"),
        work.resolve(member + "/app"));
    io.engram.memory.MemoryStores.open(roots, EngramSettings.DEFAULTS, Clock.systemUTC()).write(
        io.engram.memory.Memory.builder(name, io.engram.memory.MemoryType.PROJECT).description("About " + name)
            .body(body).build());
  }

  private static void seed(String url, String member, String key, int memories) throws SQLException {
    try (Connection c = DriverManager.getConnection(url, member, PASSWORD)) {
      c.setAutoCommit(false);
      try (PreparedStatement p = c.prepareStatement("INSERT INTO engram.memories (project_key, slug, name, type,"
          + " description, body, origin, change_id) VALUES (?, ?, ?, 'project', ?, ?, 'bench', ?)")) {
        for (int i = 0; i < memories; i++) {
          String name = member + "-fact-" + i;
          p.setString(1, key);
          p.setString(2, name);
          p.setString(3, name);
          p.setString(4, "Fact " + i + " that " + member + " learned about the build");
          p.setString(5, "The " + (i % 7 == 0 ? "integration" : "unit") + " tests of module m" + (i % 50)
              + " need the fixture set f" + i + " and take about " + (i % 90 + 10) + " seconds on a laptop.");
          p.setObject(6, UUID.randomUUID());
          p.addBatch();
          if (i % 500 == 499) {
            p.executeBatch();
          }
        }
        p.executeBatch();
      }
      c.commit();
    }
  }
}
