package io.engram.cli.output;

import io.engram.redact.SecretRedactor;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import picocli.CommandLine;

/**
 * Every command's standard output and error pass through the secret redactor: what a command prints
 * (memories a person edited by hand, recalled text, summaries, notes, error messages echoing input) never
 * carries a secret. Text is held until the writer is flushed (each {@code println}) and redacted as a whole.
 * JSON is the exception: {@link JsonOutput} redacts every string of the tree and writes the result as it is,
 * so that redaction can never break the document's syntax.
 */
public final class RedactedOutput extends Writer {
  private final Writer target;
  private final StringBuilder pending = new StringBuilder();

  private RedactedOutput(Writer target) {
    this.target = target;
  }

  /**
   * Makes {@code cli} run each command with its output and error redacted, through its execution strategy, and say
   * a failure the same way: its handlers of usage errors and of failed commands run after the command, and what
   * they print echoes input too (a name typed with a secret in it, an option's value).
   */
  public static CommandLine install(CommandLine cli) {
    CommandLine.IExecutionStrategy strategy = cli.getExecutionStrategy();
    cli.setExecutionStrategy(parsed -> {
      Redacting redacting = new Redacting(parsed.commandSpec().root().commandLine());
      try {
        return strategy.execute(parsed);
      } finally {
        redacting.end();
      }
    });
    CommandLine.IExecutionExceptionHandler failed = cli.getExecutionExceptionHandler();
    cli.setExecutionExceptionHandler((e, command, parsed) -> {
      Redacting redacting = new Redacting(command.getCommandSpec().root().commandLine());
      try {
        return failed.handleExecutionException(e, command, parsed);
      } finally {
        redacting.end();
      }
    });
    CommandLine.IParameterExceptionHandler usage = cli.getParameterExceptionHandler();
    cli.setParameterExceptionHandler((e, args) -> {
      Redacting redacting = new Redacting(e.getCommandLine().getCommandSpec().root().commandLine());
      try {
        return usage.handleParseException(e, args);
      } finally {
        redacting.end();
      }
    });
    return cli;
  }

  /** A command line's output and error redacted from its creation until {@link #end()}, then given back. */
  private static final class Redacting {
    private final CommandLine root;
    private final PrintWriter out;
    private final PrintWriter err;
    private final Printer redactedOut;
    private final Printer redactedErr;

    Redacting(CommandLine root) {
      this.root = root;
      this.out = root.getOut();
      this.err = root.getErr();
      this.redactedOut = new Printer(new RedactedOutput(out));
      this.redactedErr = new Printer(new RedactedOutput(err));
      root.setOut(redactedOut);
      root.setErr(redactedErr);
    }

    void end() {
      redactedOut.flush();
      redactedErr.flush();
      root.setOut(out);
      root.setErr(err);
    }
  }

  /** The writer commands get: auto-flushing, and able to write text that is already redacted as it is. */
  static final class Printer extends PrintWriter {
    private final RedactedOutput redacting;

    Printer(RedactedOutput redacting) {
      super(redacting, true);
      this.redacting = redacting;
    }

    /** Writes {@code text}, already redacted, without a second pass. */
    void printRedacted(String text) {
      flush();
      synchronized (redacting) {
        try {
          redacting.target.write(text);
          redacting.target.flush();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    }
  }

  @Override
  public synchronized void write(char[] buf, int off, int len) {
    pending.append(buf, off, len);
  }

  @Override
  public synchronized void flush() {
    try {
      if (pending.length() > 0) {
        String text = SecretRedactor.standard().redact(pending.toString()).text();
        pending.setLength(0);
        target.write(text);
      }
      target.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    flush();
  }
}
