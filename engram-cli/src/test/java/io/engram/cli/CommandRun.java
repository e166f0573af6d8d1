package io.engram.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
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

  /** Runs {@code engram ARGS...} exactly as given. */
  public static CommandRun of(String... args) {
    return inEnvironment(System.getenv(), args);
  }

  /** Runs {@code engram ARGS...} as if the process's environment were {@code environment}. */
  public static CommandRun inEnvironment(Map<String, String> environment, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = EngramCommand.newCommandLine(environment);
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    int code = cli.execute(args);
    return new CommandRun(code, out.toString(), err.toString());
  }
}
