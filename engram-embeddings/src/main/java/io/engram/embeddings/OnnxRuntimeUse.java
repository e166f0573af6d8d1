package io.engram.embeddings;

import ai.onnxruntime.OrtException;
import io.engram.config.RecallSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The use of ONNX Runtime's native code in this JVM: the calls in flight (a model being loaded, a text being
 * embedded) counted, the sessions to close, and an end after which no call starts.
 *
 * <p>Why it exists: ONNX Runtime releases its native environment from a shutdown hook of its own, and shutdown hooks
 * run side by side, so a thread still inside ONNX Runtime when the JVM exits (a model loading in the background
 * while a service is stopped, a text being embedded) works on freed memory and the JVM dies of SIGSEGV. So a process
 * {@linkplain #end ends} the runtime before its exit starts: new calls are refused from then on, the calls in flight
 * are waited for, and only then is each session closed, once. A command's {@code main} ends it before it exits;
 * the exits a process does not start itself, a signal (TERM, INT, HUP: a service stopped by its process id, Ctrl-C),
 * end it first too ({@code ExitSignals}, installed by the first load). An exit begun anywhere else only has new calls
 * refused (a shutdown hook), which is all that can be done once ONNX Runtime's hook may already run.
 */
public final class OnnxRuntimeUse {
  private static final OnnxRuntimeUse PROCESS = new OnnxRuntimeUse();

  private final Object lock = new Object();
  private final List<AutoCloseable> toClose = new ArrayList<>();
  private int inFlight;
  private boolean ended;
  private volatile Optional<Duration> exitWait = Optional.empty();

  OnnxRuntimeUse() {}

  /** The use of ONNX Runtime by this process, which every embedder loaded here shares. */
  public static OnnxRuntimeUse process() {
    return PROCESS;
  }

  /** One call into ONNX Runtime's native code. */
  interface NativeCall<T> {
    T call() throws OrtException;
  }

  /**
   * Runs {@code call}, counted as in flight until it returns.
   *
   * @throws IllegalStateException once the runtime has ended: the process is exiting
   */
  <T> T call(NativeCall<T> call) throws OrtException {
    synchronized (lock) {
      if (ended) {
        throw new IllegalStateException("ONNX Runtime has been closed: this process is exiting");
      }
      inFlight++;
    }
    try {
      return call.call();
    } finally {
      synchronized (lock) {
        inFlight--;
        lock.notifyAll();
      }
    }
  }

  /** Closes {@code resource} (a session) when the runtime ends; called inside {@link #call}, so an end sees it. */
  void closeAtEnd(AutoCloseable resource) {
    synchronized (lock) {
      toClose.add(Objects.requireNonNull(resource, "resource"));
    }
  }

  /** How long {@link #end()} waits: {@code recall.modelExitWaitSeconds} as the process's settings say. */
  public void exitWait(Duration wait) {
    exitWait = Optional.of(wait);
  }

  /** {@link #end(Duration)} for as long as {@code recall.modelExitWaitSeconds} says. */
  public boolean end() {
    synchronized (lock) {
      if (inFlight == 0 && toClose.isEmpty()) {
        // Nothing loaded (most commands, every hook's own JVM): the settings are not even read.
        ended = true;
        return true;
      }
    }
    return end(exitWait.orElseGet(() -> Duration.ofSeconds(RecallSettings.DEFAULTS.modelExitWaitSeconds())));
  }

  /**
   * Ends the runtime: no call starts from now on, the calls in flight are waited for, up to {@code limit}, and then
   * every session is closed, each once however often this is called. False when a call was still inside at the
   * limit: then nothing is closed (closing a session in use crashes too), and a later end may close it.
   */
  public boolean end(Duration limit) {
    List<AutoCloseable> closing;
    synchronized (lock) {
      ended = true;
      long deadline = System.nanoTime() + limit.toNanos();
      while (inFlight > 0) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        try {
          lock.wait(Math.max(1, Duration.ofNanos(left).toMillis()));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return false;
        }
      }
      closing = List.copyOf(toClose);
      toClose.clear();
    }
    for (AutoCloseable resource : closing) {
      try {
        resource.close();
      } catch (Exception e) {
        // The process is exiting: a session that cannot be closed is released with it.
      }
    }
    return true;
  }

  /** Refuses every call from now on without waiting: what an exit already under way can still do. */
  void refuseCalls() {
    synchronized (lock) {
      ended = true;
    }
  }
}
