package io.engram.recall;

import io.engram.config.RecallSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;

/**
 * A query's reading by the model ({@link Embedder#readQuery}) begun on another thread while the recall lists the store
 * and brings its index in step, taken when the search first needs it. Whichever comes first reads it: the caller reads
 * it itself when no thread has begun, so a query is never read twice and never waited for longer than reading it takes
 * (a busy or refusing executor costs nothing but the hand-over). A failed reading fails every taking as it would have
 * failed the caller. Thread-safe.
 */
final class QueryAhead {
  private final String query;
  private final FutureTask<Embedder.QueryReading> reading;

  private QueryAhead(String query, FutureTask<Embedder.QueryReading> reading) {
    this.query = query;
    this.reading = reading;
  }

  /** Begins reading {@code query} with {@code embedder} on {@code executor}. */
  static QueryAhead begin(String query, Embedder embedder, Executor executor) {
    Objects.requireNonNull(query, "query");
    Objects.requireNonNull(embedder, "embedder");
    FutureTask<Embedder.QueryReading> task = new FutureTask<>(() -> embedder.readQuery(query));
    try {
      executor.execute(task);
    } catch (RejectedExecutionException e) {
      // the caller reads it when it needs it
    }
    return new QueryAhead(query, task);
  }

  /**
   * Begins reading on {@code executor} each of {@code query}'s texts the search reads by {@code embedder}: the prompt,
   * and the activity when it is searched ({@code contextShare} above 0), those in a script the model reads.
   */
  static List<QueryAhead> beginAll(RecallQuery query, RecallSettings settings, Embedder embedder, Executor executor) {
    List<String> texts = new ArrayList<>(List.of(query.text()));
    if (settings.contextShare() > 0) {
      query.activity().ifPresent(texts::add);
    }
    return texts.stream().filter(t -> !t.isBlank() && embedder.reads(Script.of(t)))
        .map(t -> begin(t, embedder, executor)).toList();
  }

  /** The query being read. */
  String query() {
    return query;
  }

  /** The reading, read now on this thread if no other has begun it, else once that thread has finished it. */
  Embedder.QueryReading reading() {
    reading.run(); // does nothing once begun elsewhere
    try {
      return reading.get();
    } catch (ExecutionException e) {
      Throwable why = e.getCause();
      if (why instanceof RuntimeException r) {
        throw r;
      }
      if (why instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException(why);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while the query was read", e);
    }
  }
}
