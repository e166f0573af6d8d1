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

  /** Makes {@code cli} run each command with its output and error redacted, through its execution strategy. */
  public static CommandLine install(CommandLine cli) {
    CommandLine.IExecutionStrategy strategy = cli.getExecutionStrategy();
    cli.setExecutionStrategy(parsed -> {
      CommandLine root = parsed.commandSpec().root().commandLine();
      PrintWriter out = root.getOut();
      PrintWriter err = root.getErr();
      Printer redactedOut = new Printer(new RedactedOutput(out));
      Printer redactedErr = new Printer(new RedactedOutput(err));
      root.setOut(redactedOut);
      root.setErr(redactedErr);
      try {
        return strategy.execute(parsed);
      } finally {
        redactedOut.flush();
        redactedErr.flush();
        root.setOut(out);
        root.setErr(err);
      }
    });
    return cli;
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
