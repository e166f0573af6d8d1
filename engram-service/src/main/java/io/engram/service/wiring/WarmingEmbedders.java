package io.engram.service.wiring;

import io.engram.recall.Embedder;
import io.engram.recall.EmbedderNotReady;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Embedding models that a resident process loads in the background: the first recall after the service starts
 * must not wait seconds for the model (a hook waits only so long), so until the model is loaded a call gets
 * {@link EmbedderNotReady} and recall answers with keywords only, saying so. One load per key, on a daemon
 * thread of its own; a load that failed is remembered and its error is what every later call gets.
 *
 * <p>A process that exits while a load is inside the model runtime's native code crashes: the exit tears down the
 * runtime's native state under the loading thread (seen as a SIGSEGV in {@code OrtSession.createSession} when a
 * service was stopped seconds after it started): ONNX Runtime's own shutdown hook frees it. So a resident process
 * {@linkplain #settle settles} its loads when it closes, and the process ends the runtime before its exit starts
 * ({@code io.engram.embeddings.OnnxRuntimeUse}: calls in flight waited for, sessions closed once).
 */
public final class WarmingEmbedders {
  private final Map<String, CompletableFuture<Embedder>> loads = new ConcurrentHashMap<>();

  /** No model loaded yet. */
  public WarmingEmbedders() {}

  /**
   * A supplier that gives the model of {@code key} (called {@code name} in messages) once {@code loader} has
   * loaded it, starts the load on first use, and throws {@link EmbedderNotReady} until it is done.
   */
  public Supplier<Embedder> warming(String key, String name, Supplier<Embedder> loader) {
    return () -> {
      CompletableFuture<Embedder> load = start(key, loader);
      if (!load.isDone()) {
        throw new EmbedderNotReady("the embedding model " + name + " is still loading");
      }
      return joined(load);
    };
  }

  /** Starts loading the model of {@code key} (when not started yet) and waits for it: a warm-up. */
  public Embedder await(String key, Supplier<Embedder> loader) {
    return joined(start(key, loader));
  }

  /** Whether the model of {@code key} is loaded and usable; empty when its load has not been started. */
  public Optional<Boolean> loaded(String key) {
    return Optional.ofNullable(loads.get(key)).map(l -> l.isDone() && !l.isCompletedExceptionally());
  }

  /**
   * Waits until every load started so far has ended, loaded or failed, but no longer than {@code limit}; true when
   * none is still running.
   */
  public boolean settle(Duration limit) {
    CompletableFuture<?>[] running = loads.values().toArray(CompletableFuture<?>[]::new);
    try {
      CompletableFuture.allOf(running).get(limit.toMillis(), TimeUnit.MILLISECONDS);
      return true;
    } catch (ExecutionException e) {
      // allOf ends only when every load has: one of them failed, which is an end too
      return true;
    } catch (TimeoutException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private CompletableFuture<Embedder> start(String key, Supplier<Embedder> loader) {
    return loads.computeIfAbsent(key, k -> {
      CompletableFuture<Embedder> load = new CompletableFuture<>();
      Thread t = new Thread(() -> {
        try {
          load.complete(loader.get());
        } catch (RuntimeException | LinkageError e) {
          load.completeExceptionally(e);
        }
      }, "engram-model-load");
      t.setDaemon(true);
      t.start();
      return load;
    });
  }

  private static Embedder joined(CompletableFuture<Embedder> load) {
    try {
      return load.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw e;
    }
  }
}
