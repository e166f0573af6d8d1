package io.engram.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;

/** Runs the engram command line in-process and captures its exit code and output, for tests. */
public record CommandRun(int exitCode, String out, String err) {

  /** Runs {@code engram --home HOME --project PROJECT ARGS...}. */
  public static CommandRun in(Path home, Path project, String... args) {
    List<String> all = new ArrayList<>(List.of("--home", home.toString(), "--project", project.toString()));
    all.addAll(List.of(args));
    return of(all.toArray(String[]::new));
  }

  /**
   * Runs {@code engram ARGS...} exactly as given, in this process's environment with {@code ENGRAM_SERVICE=off}:
   * a hook run by a test answers in the test's process and never starts a resident service behind it.
   */
  public static CommandRun of(String... args) {
    Map<String, String> env = new java.util.HashMap<>(System.getenv());
    env.putIfAbsent("ENGRAM_SERVICE", "off");
    return inEnvironment(env, args);
  }

  /**
   * Runs {@code engram ARGS...} as if the process's environment were {@code environment}, on a command tree of that
   * environment no other run is using ({@link Trees}): picocli resets every option before each parse, and the commands
   * read their roots, settings and stdin per run, so a run on a used tree reads only its own arguments.
   */
  public static CommandRun inEnvironment(Map<String, String> environment, String... args) {
    Map<String, String> key = Map.copyOf(environment);
    CommandLine cli = Trees.borrow(key);
    try {
      return run(cli, args);
    } finally {
      Trees.giveBack(key, cli);
    }
  }

  private static CommandRun run(CommandLine cli, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    int code = cli.execute(args);
    return new CommandRun(code, out.toString(), err.toString());
  }

  /**
   * Built command trees, per environment, for the runs of this test JVM: building one cost 12 ms of processor time warm
   * and far more before the JIT had compiled picocli's code, some hundreds of times per JVM. A tree serves one run at a
   * time (tests run side by side); the environments most recently used keep theirs.
   */
  static final class Trees {
    /** Environments whose trees are kept: tests mostly run in a handful (the process's, with a model, a home). */
    private static final int ENVIRONMENTS = 16;
    private static final Map<Map<String, String>, Deque<CommandLine>> IDLE =
        new LinkedHashMap<>(ENVIRONMENTS, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<Map<String, String>, Deque<CommandLine>> eldest) {
            return size() > ENVIRONMENTS;
          }
        };

    private Trees() {}

    static CommandLine borrow(Map<String, String> environment) {
      synchronized (IDLE) {
        Deque<CommandLine> idle = IDLE.get(environment);
        if (idle != null && !idle.isEmpty()) {
          return idle.pop();
        }
      }
      return EngramCommand.newCommandLine(environment);
    }

    static void giveBack(Map<String, String> environment, CommandLine cli) {
      synchronized (IDLE) {
        IDLE.computeIfAbsent(environment, e -> new ArrayDeque<>()).push(cli);
      }
    }
  }

  /**
   * One command tree over one environment that runs many commands in turn, as a caller that stays up would: picocli
   * resets every option to its initial value before each parse, and the commands read their roots, settings and stdin
   * per run, so each run reads only its own arguments ({@code OneCommandLineManyRunsTest} holds them to it).
   */
  public static final class Reused {
    private final CommandLine cli;
    private final List<String> prefix;

    private Reused(Map<String, String> environment, List<String> prefix) {
      this.cli = EngramCommand.newCommandLine(environment);
      this.prefix = List.copyOf(prefix);
    }

    /** Runs {@code engram PREFIX... ARGS...} (the prefix given when this was made: the home, the project). */
    public CommandRun run(String... args) {
      List<String> all = new ArrayList<>(prefix);
      all.addAll(List.of(args));
      return CommandRun.run(cli, all.toArray(String[]::new));
    }
  }

  /** A {@link Reused} command line over {@code environment} whose every run starts with {@code prefix}. */
  public static Reused reused(Map<String, String> environment, List<String> prefix) {
    return new Reused(environment, prefix);
  }
}
