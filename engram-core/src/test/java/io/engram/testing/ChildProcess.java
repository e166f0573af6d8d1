package io.engram.testing;

import static org.assertj.core.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Runs a child process for a test (the installed launcher as Claude Code does, a JVM, bash, a browser script): its
 * stdin written, its answer and errors read back, or its output read line by line ({@link Lines}). Nothing here
 * can hang a test: stdin is written, and stdout and stderr read, each on a thread of its own, the wait has a
 * deadline, and a process still running at the deadline is killed with every process it started (a JVM, a curl, a
 * service) and the test fails with what it had printed by then.
 */
public final class ChildProcess {
  /** What one run printed and how it ended. */
  public record Run(int exit, String out, String err, long millis) {}

  /** How long the streams may stay open after the process ended (a process it started still holding them). */
  private static final Duration DRAIN = Duration.ofSeconds(5);

  private ChildProcess() {}

  /**
   * The command line of a test's short-lived child JVM, this JVM's {@code java} first: the flags every test JVM runs
   * with (the quick compiler alone, the serial collector, no verification of the class path's classes; the root pom's
   * {@code engram.test.jvm} says why), then {@code rest} (more flags, the class path, the main class, its arguments).
   * A list of its own, so a caller may add to it.
   */
  public static List<String> quickJvm(String... rest) {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:+UnlockDiagnosticVMOptions",
        "-XX:-BytecodeVerificationRemote"));
    command.addAll(List.of(rest));
    return command;
  }

  /**
   * Starts {@code pb}, writes {@code stdin}, reads both streams and waits at most {@code wait}; at the deadline the
   * process tree is destroyed and the call fails, naming what it had printed.
   */
  public static Run run(ProcessBuilder pb, String stdin, Duration wait) throws Exception {
    long start = System.nanoTime();
    Process p = pb.start();
    Drain out = Drain.of(p.getInputStream(), "stdout");
    Drain err = Drain.of(p.getErrorStream(), "stderr");
    Thread feed = daemon("stdin", () -> {
      try (OutputStream in = p.getOutputStream()) {
        in.write(stdin.getBytes(StandardCharsets.UTF_8));
      } catch (IOException e) {
        // The process ended (or closed stdin) before reading it all: what it printed says why.
      }
    });
    feed.start();
    if (!p.waitFor(wait.toMillis(), TimeUnit.MILLISECONDS)) {
      destroyTree(p);
      out.await(DRAIN);
      err.await(DRAIN);
      fail("the process did not end within %s; killed with its children.%nstdout so far:%n%s%nstderr so far:%n%s",
          wait, out.text(), err.text());
    }
    boolean drained = out.await(DRAIN) && err.await(DRAIN);
    long millis = (System.nanoTime() - start) / 1_000_000;
    if (!drained) {
      // A process the process started outlived it with its stdout or stderr open: stopped so that nothing leaks.
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      fail("the process ended (exit %d) but a process it started kept its output open.%nstdout:%n%s%nstderr:%n%s",
          p.exitValue(), out.text(), err.text());
    }
    return new Run(p.exitValue(), out.text(), err.text(), millis);
  }

  /** Kills {@code p} and every process under it, children first so that none is left to its parent's end. */
  public static void destroyTree(Process p) throws InterruptedException {
    p.descendants().forEach(ProcessHandle::destroyForcibly);
    p.destroyForcibly();
    p.waitFor(5, TimeUnit.SECONDS);
  }

  /**
   * A child talked to line by line (a server on stdio): its stdout read on a thread of its own, each line waited for
   * with a deadline, and closing it kills it with every process it started. Its stderr is the caller's to redirect
   * (to a file, discarded, or into stdout), so that nothing blocks on a full pipe.
   */
  public static final class Lines implements AutoCloseable {
    private static final Object END = new Object();
    private final Process process;
    private final BlockingQueue<Object> lines = new LinkedBlockingQueue<>();

    private Lines(Process process) {
      this.process = process;
      daemon("lines", () -> {
        try (BufferedReader out = new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
          for (String line = out.readLine(); line != null; line = out.readLine()) {
            lines.add(line);
          }
        } catch (IOException e) {
          // Closed under us when the process was destroyed.
        }
        lines.add(END);
      }).start();
    }

    /** Starts {@code pb}; its stderr must be redirected by the caller. */
    public static Lines start(ProcessBuilder pb) throws IOException {
      return new Lines(pb.start());
    }

    /** The process, for its stdin, its exit and its waits (each with a deadline). */
    public Process process() {
      return process;
    }

    /**
     * The next line of its stdout, or null once stdout ended; fails the test when no line came within {@code wait}.
     */
    public String next(Duration wait) throws InterruptedException {
      Object line = lines.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
      if (line == null) {
        fail("the process printed no line within %s", wait);
      }
      return line == END ? null : (String) line;
    }

    /** Kills the process and every process it started, if still running. */
    @Override
    public void close() throws InterruptedException {
      destroyTree(process);
    }
  }

  private static Thread daemon(String name, Runnable body) {
    Thread t = new Thread(body, "child-" + name);
    t.setDaemon(true);
    return t;
  }

  /** A stream read to its end on a thread of its own; what was read so far is there at any time. */
  private static final class Drain {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final Thread thread;

    private Drain(InputStream in, String name) {
      thread = daemon(name, () -> {
        byte[] buffer = new byte[8192];
        try (in) {
          for (int n; (n = in.read(buffer)) >= 0; ) {
            synchronized (bytes) {
              bytes.write(buffer, 0, n);
            }
          }
        } catch (IOException e) {
          // Closed under us when the process was destroyed: what was read stays.
        }
      });
    }

    static Drain of(InputStream in, String name) {
      Drain d = new Drain(in, name);
      d.thread.start();
      return d;
    }

    boolean await(Duration wait) throws InterruptedException {
      thread.join(wait.toMillis());
      return !thread.isAlive();
    }

    String text() {
      synchronized (bytes) {
        return bytes.toString(StandardCharsets.UTF_8);
      }
    }
  }
}
