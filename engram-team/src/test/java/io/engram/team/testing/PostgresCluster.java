package io.engram.team.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * A throwaway PostgreSQL cluster in a temporary directory, listening on a free loopback port, for tests and
 * benchmarks: {@code initdb}, {@code pg_ctl start}, {@code stop}, {@code start} again on the same port, and
 * {@link #close()} which stops it and deletes the directory.
 *
 * <p>PostgreSQL refuses to run as root, so as root (CI) every binary runs as the {@code postgres} user through
 * {@code runuser}, in a directory handed to that user. Durability is switched off ({@code fsync}, synchronous
 * commit, full page writes): a test cluster is thrown away, and the tests run several times faster. Its passwords are
 * stored as SCRAM-SHA-256 secrets of {@value #THROWAWAY_SCRAM_ROUNDS} rounds ({@link #passwordSecret}) instead of
 * PostgreSQL's 4,096: every login still runs the driver's whole SCRAM exchange (a wrong password is still refused),
 * but the client's PBKDF2 over the password, which the server's round count sets, took over half the processor time
 * of the team tests' JVMs (a pool and a probe connection per command on the quick compiler). A durable cluster (the
 * benchmarks') keeps PostgreSQL's own count.
 */
public final class PostgresCluster implements AutoCloseable {
  /** Environment variable naming the directory of the PostgreSQL binaries, when they are not where Debian puts them. */
  public static final String BIN_ENV = "ENGRAM_PG_BIN";

  private static final String ADMIN = "engram_admin";
  /** PBKDF2 rounds of a throwaway cluster's password secrets: few, as the work is the same at any count. */
  private static final int THROWAWAY_SCRAM_ROUNDS = 16;
  /** PostgreSQL's own SCRAM-SHA-256 round count (scram_iterations' default), kept by a durable cluster. */
  private static final int POSTGRES_SCRAM_ROUNDS = 4096;
  /** Bytes of salt in a password secret, as PostgreSQL's own (SCRAM_DEFAULT_SALT_LEN). */
  private static final int SALT_BYTES = 16;

  private final Path bin;
  private final Path dir;
  private final int port;
  private final String adminPassword;
  private final boolean durable;
  private boolean running;

  private PostgresCluster(Path bin, Path dir, int port, String adminPassword, boolean durable) {
    this.bin = bin;
    this.dir = dir;
    this.port = port;
    this.adminPassword = adminPassword;
    this.durable = durable;
  }

  /**
   * Where {@code initdb}, {@code pg_ctl} and {@code postgres} are: {@value #BIN_ENV}, else the newest
   * {@code /usr/lib/postgresql/<version>/bin}, else the directory on {@code PATH} that holds {@code pg_ctl}.
   */
  public static Optional<Path> binaries(Map<String, String> env) throws IOException {
    String named = env.get(BIN_ENV);
    if (named != null && !named.isBlank()) {
      Path p = Path.of(named);
      return Files.isExecutable(p.resolve("initdb")) ? Optional.of(p) : Optional.empty();
    }
    Path debian = Path.of("/usr/lib/postgresql");
    if (Files.isDirectory(debian)) {
      try (Stream<Path> versions = Files.list(debian)) {
        Optional<Path> newest = versions.map(v -> v.resolve("bin"))
            .filter(b -> Files.isExecutable(b.resolve("initdb")) && Files.isExecutable(b.resolve("pg_ctl")))
            .max(Comparator.comparingInt(PostgresCluster::majorVersion));
        if (newest.isPresent()) {
          return newest;
        }
      }
    }
    for (String entry : env.getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
      if (!entry.isBlank() && Files.isExecutable(Path.of(entry, "pg_ctl")) && Files.isExecutable(Path.of(entry, "initdb"))) {
        return Optional.of(Path.of(entry));
      }
    }
    return Optional.empty();
  }

  private static int majorVersion(Path bin) {
    try {
      return Integer.parseInt(bin.getParent().getFileName().toString());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /** Creates and starts a cluster with the binaries in {@code bin}; {@code durable} keeps fsync on (benchmarks). */
  public static PostgresCluster start(Path bin, boolean durable) throws IOException {
    Path dir = Files.createTempDirectory("engram-pg-");
    String password = UUID.randomUUID().toString();
    PostgresCluster cluster = new PostgresCluster(bin, dir, freePort(), password, durable);
    try {
      cluster.init();
      cluster.start();
    } catch (IOException | RuntimeException e) {
      cluster.close();
      throw e;
    }
    return cluster;
  }

  /** The administrator's role, a superuser. */
  public String adminUser() {
    return ADMIN;
  }

  /** The administrator's password. */
  public String adminPassword() {
    return adminPassword;
  }

  /** The loopback port the cluster listens on. */
  public int port() {
    return port;
  }

  /** The JDBC URL of {@code database} on this cluster, without a user. */
  public String jdbcUrl(String database) {
    return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
  }

  /** Whether the server is running. */
  public synchronized boolean running() {
    return running;
  }

  /** Stops the server (fast shutdown: open connections are cut); the data stays for {@link #start()}. */
  public synchronized void stop() throws IOException {
    if (running) {
      run(List.of(exe("pg_ctl"), "-D", data().toString(), "-m", "fast", "-w", "stop"));
      running = false;
    }
  }

  /** Starts the server again, on the same port. */
  public synchronized void start() throws IOException {
    if (running) {
      return;
    }
    String options = "-p " + port + " -k " + dir + " -c listen_addresses=127.0.0.1 -c max_connections=200"
        + (durable ? "" : " -c fsync=off -c synchronous_commit=off -c full_page_writes=off");
    run(List.of(exe("pg_ctl"), "-D", data().toString(), "-l", dir.resolve("server.log").toString(), "-w", "-t", "60",
        "-o", options, "start"));
    running = true;
  }

  @Override
  public synchronized void close() throws IOException {
    try {
      stop();
    } finally {
      deleteTree(dir);
    }
  }

  private void init() throws IOException {
    Path pwfile = dir.resolve("pwfile");
    // initdb sets the administrator's password with ALTER ROLE, which stores a SCRAM secret given in its place as it is.
    Files.writeString(pwfile, passwordSecret(adminPassword) + "\n", StandardCharsets.UTF_8);
    if (asRoot()) {
      UserPrincipal postgres = dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("postgres");
      Files.setOwner(dir, postgres);
      Files.setOwner(pwfile, postgres);
    }
    List<String> cmd = new ArrayList<>(List.of(exe("initdb"), "-D", data().toString(), "-U", ADMIN,
        "--pwfile=" + pwfile, "--auth-host=scram-sha-256", "--auth-local=trust", "-E", "UTF8", "--no-locale"));
    if (!durable) {
      cmd.add("--no-sync");
    }
    run(cmd);
    Files.delete(pwfile);
  }

  /**
   * The SCRAM-SHA-256 secret of {@code password} as PostgreSQL stores it ({@code SCRAM-SHA-256$rounds:salt$StoredKey:
   * ServerKey}, RFC 5802 and 7677), of this cluster's round count: {@code ALTER ROLE ... PASSWORD} given it stores it as
   * it is, and a login with {@code password} then hashes that many rounds. The password is ASCII (SASLprep leaves it
   * as it is).
   */
  public String passwordSecret(String password) {
    if (!StandardCharsets.US_ASCII.newEncoder().canEncode(password)) {
      throw new IllegalArgumentException("a test password is ASCII, so that SASLprep leaves it unchanged");
    }
    int rounds = durable ? POSTGRES_SCRAM_ROUNDS : THROWAWAY_SCRAM_ROUNDS;
    byte[] salt = new byte[SALT_BYTES];
    new SecureRandom().nextBytes(salt);
    try {
      byte[] salted = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256")
          .generateSecret(new PBEKeySpec(password.toCharArray(), salt, rounds, 256)).getEncoded();
      byte[] storedKey = MessageDigest.getInstance("SHA-256").digest(hmac(salted, "Client Key"));
      byte[] serverKey = hmac(salted, "Server Key");
      Base64.Encoder b64 = Base64.getEncoder();
      return "SCRAM-SHA-256$" + rounds + ":" + b64.encodeToString(salt) + "$" + b64.encodeToString(storedKey) + ":"
          + b64.encodeToString(serverKey);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("this JVM has no PBKDF2WithHmacSHA256 or HmacSHA256", e);
    }
  }

  private static byte[] hmac(byte[] key, String text) throws GeneralSecurityException {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(key, "HmacSHA256"));
    return mac.doFinal(text.getBytes(StandardCharsets.US_ASCII));
  }

  private Path data() {
    return dir.resolve("data");
  }

  private String exe(String name) {
    return bin.resolve(name).toString();
  }

  private static boolean asRoot() {
    return "root".equals(System.getProperty("user.name"));
  }

  private void run(List<String> command) throws IOException {
    List<String> argv = new ArrayList<>();
    if (asRoot()) {
      argv.addAll(List.of("runuser", "-u", "postgres", "--"));
    }
    argv.addAll(command);
    Path log = Files.createTempFile("engram-pg-cmd-", ".log");
    try {
      Process p = new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(log.toFile())
          .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException(String.join(" ", command) + " did not finish in 120 s");
      }
      if (p.exitValue() != 0) {
        String serverLog = Files.exists(dir.resolve("server.log")) ? Files.readString(dir.resolve("server.log")) : "";
        throw new IOException(String.join(" ", command) + " exited " + p.exitValue() + ":\n" + Files.readString(log)
            + serverLog);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while running " + command.get(0), e);
    } finally {
      Files.deleteIfExists(log);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> all = Files.walk(root)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
