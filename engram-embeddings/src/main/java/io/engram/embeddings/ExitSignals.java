package io.engram.embeddings;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * The signals that exit a JVM (TERM, INT, HUP) made to end ONNX Runtime's use first ({@link OnnxRuntimeUse#end()}),
 * then handed to the handler that was there (the JVM's own, which runs the shutdown hooks and exits as before). A
 * shutdown hook cannot do this: hooks run side by side with ONNX Runtime's, which releases the runtime under any
 * thread still inside it. A signal the process ignores stays ignored, and where handlers cannot be set (a JVM run with
 * {@code -Xrs}, a runtime without {@code jdk.unsupported}) nothing changes.
 */
final class ExitSignals {
  private static final List<String> EXITING = List.of("TERM", "INT", "HUP");
  private static boolean installed;

  private ExitSignals() {}

  /** Installs the handlers once per JVM, and a shutdown hook that refuses calls during any other exit. */
  static synchronized void install(OnnxRuntimeUse use) {
    if (installed) {
      return;
    }
    installed = true;
    Runtime.getRuntime().addShutdownHook(new Thread(use::refuseCalls, "engram-onnx-runtime-exit"));
    for (String name : EXITING) {
      try {
        chain(new Signal(name), use);
      } catch (IllegalArgumentException | LinkageError e) {
        // The JVM keeps this signal to itself (-Xrs, or the platform has none): its exit is left as it is.
      }
    }
  }

  private static void chain(Signal signal, OnnxRuntimeUse use) {
    AtomicReference<SignalHandler> before = new AtomicReference<>();
    SignalHandler previous = Signal.handle(signal, s -> {
      use.end();
      SignalHandler next;
      while ((next = before.get()) == null) {
        Thread.onSpinWait(); // a signal in the instant between installing and recording what was there
      }
      next.handle(s);
    });
    if (previous == SignalHandler.SIG_IGN || previous == SignalHandler.SIG_DFL) {
      // Ignored (nohup) or not the JVM's: put back as it was.
      Signal.handle(signal, previous);
    }
    before.set(previous);
  }
}
