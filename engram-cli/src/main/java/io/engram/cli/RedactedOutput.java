package io.engram.cli;

import io.engram.redact.SecretRedactor;
import java.io.PrintWriter;
import java.io.Writer;
import picocli.CommandLine;

/**
 * Every command's standard output and error pass through the secret redactor: what a command prints
 * (memories a person edited by hand, recalled text, summaries, notes, error messages echoing input) never
 * carries a secret. Text is held until the writer is flushed (each {@code println} on an auto-flushing
 * writer) and redacted as a whole, so a secret printed in pieces within one line is still found.
 */
final class RedactedOutput extends Writer {
  private final Writer target;
  private final StringBuilder pending = new StringBuilder();

  private RedactedOutput(Writer target) {
    this.target = target;
  }

  /** Makes {@code cli} run each command with its output and error redacted. */
  static CommandLine install(CommandLine cli) {
    cli.setExecutionStrategy(parsed -> {
      CommandLine root = parsed.commandSpec().root().commandLine();
      PrintWriter out = root.getOut();
      PrintWriter err = root.getErr();
      PrintWriter redactedOut = new PrintWriter(new RedactedOutput(out), true);
      PrintWriter redactedErr = new PrintWriter(new RedactedOutput(err), true);
      root.setOut(redactedOut);
      root.setErr(redactedErr);
      try {
        return new CommandLine.RunLast().execute(parsed);
      } finally {
        redactedOut.flush();
        redactedErr.flush();
        root.setOut(out);
        root.setErr(err);
      }
    });
    return cli;
  }

  @Override
  public synchronized void write(char[] buf, int off, int len) {
    pending.append(buf, off, len);
  }

  @Override
  public synchronized void flush() {
    if (pending.length() > 0) {
      String text = SecretRedactor.standard().redact(pending.toString()).text();
      pending.setLength(0);
      try {
        target.write(text);
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
    try {
      target.flush();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    flush();
  }
}
