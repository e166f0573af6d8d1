package io.engram.cli.reliability;

import io.engram.cli.EngramCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * What the child JVM of the fault suite does until it is killed: the engram command line, in-process,
 * over and over. {@code writes HOME PROJECT} remembers (replacing as often as creating) and recalls, which
 * brings the search index in step; {@code notes HOME PROJECT TRANSCRIPT} rewrites a session's notes;
 * {@code dream HOME PROJECT} runs one forced dream; {@code fill HOME PROJECT} remembers ever larger memories
 * until a write fails, and prints each exit code and error line. Every mode takes
 * {@code HOME PROJECT USER_HOME} after its name.
 */
public final class FaultWorkload {
  /** The line printed once the loop begins. */
  static final String STARTED = "workload started";
  /** How many distinct memory names the writes cycle through. */
  static final int NAMES = 12;

  private FaultWorkload() {}

  /** {@code FaultWorkload MODE HOME PROJECT USER_HOME [TRANSCRIPT]}. */
  public static void main(String[] args) {
    String mode = args[0];
    List<String> root = List.of("--home", args[1], "--project", args[2], "--user-home", args[3]);
    switch (mode) {
      case "writes" -> {
        run(root, "list"); // loads the classes, so the kill lands in the loop, not in class loading
        System.out.println(STARTED);
        for (int i = 0; ; i++) {
          run(root, "remember", "--type", "project", "--name", name(i), "--description", "fault write " + i,
              body(i, 400 + (i * 97) % 3000));
          if (i % 3 == 2) {
            run(root, "recall", "--json", "fault memory " + (i % NAMES));
          }
        }
      }
      case "notes" -> {
        System.out.println(STARTED);
        for (int i = 0; ; i++) {
          run(root, "notes", "--force", "--session", "fault-notes", args[4]);
        }
      }
      case "dream" -> {
        System.out.println(STARTED);
        run(root, "dream", "--force");
        System.out.println("dream finished");
      }
      case "fill" -> {
        System.out.println(STARTED);
        for (int i = 0; i < 10_000; i++) {
          String[] out = run(root, "remember", "--type", "project", "--name", "fill " + i, body(i, 2_000 + 500 * i));
          System.out.println("exit " + out[0] + " " + out[1].strip().replace('\n', ' '));
          if (!out[0].equals("0")) {
            break;
          }
        }
        System.out.println("fill finished");
      }
      default -> throw new IllegalArgumentException("unknown workload " + mode);
    }
  }

  static String name(int i) {
    return "fault memory " + (i % NAMES);
  }

  /** A body that says where it begins and ends, so a torn file is seen at once. */
  static String body(int i, int size) {
    StringBuilder b = new StringBuilder("begin-of-body-" + i + "\n");
    while (b.length() < size) {
      b.append("line ").append(b.length()).append(" of write ").append(i).append('\n');
    }
    return b.append("end-of-body-").append(i).append('\n').toString();
  }

  private static String[] run(List<String> root, String... args) {
    List<String> all = new ArrayList<>(root);
    all.addAll(List.of(args));
    StringWriter err = new StringWriter();
    CommandLine cli = EngramCommand.newCommandLine();
    cli.setOut(new PrintWriter(new StringWriter(), true));
    cli.setErr(new PrintWriter(err, true));
    int code = cli.execute(all.toArray(String[]::new));
    return new String[] {Integer.toString(code), err.toString()};
  }
}
