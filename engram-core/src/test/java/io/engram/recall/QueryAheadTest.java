package io.engram.recall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class QueryAheadTest {
  /** Counts its readings; each can be held until released, or fail. */
  private static final class SlowModel implements Embedder {
    final AtomicInteger reads = new AtomicInteger();
    final CountDownLatch release = new CountDownLatch(1);
    volatile boolean fail;

    @Override
    public float[] embed(String text) {
      return new float[] {1, text.length()};
    }

    @Override
    public QueryReading readQuery(String query) {
      reads.incrementAndGet();
      try {
        release.await(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      if (fail) {
        throw new IllegalStateException("the model failed");
      }
      return new QueryReading(embed(query), List::of);
    }

    @Override
    public int dimension() {
      return 2;
    }
  }

  @Test
  void aReadingBegunOnAnotherThreadIsTakenOnceItEndsAndTheQueryIsReadOnce() throws Exception {
    SlowModel model = new SlowModel();
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      QueryAhead ahead = QueryAhead.begin("redis", model, pool);
      Future<Embedder.QueryReading> taken = Executors.newSingleThreadExecutor().submit(ahead::reading);
      model.release.countDown();

      assertThat(taken.get(10, TimeUnit.SECONDS).vector()).containsExactly(1, 5);
      assertThat(ahead.reading()).isSameAs(taken.get());
      assertThat(model.reads).hasValue(1);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void theCallerReadsTheQueryItselfWhenNoThreadHasBegunIt() {
    SlowModel model = new SlowModel();
    model.release.countDown();
    List<Runnable> queued = new ArrayList<>(); // an executor whose threads are all busy

    QueryAhead ahead = QueryAhead.begin("redis", model, queued::add);
    Embedder.QueryReading reading = ahead.reading();
    queued.forEach(Runnable::run); // the thread comes to it later: nothing left to do

    assertThat(reading.vector()).containsExactly(1, 5);
    assertThat(model.reads).hasValue(1);
  }

  @Test
  void aRefusingExecutorLeavesTheReadingToTheCaller() {
    SlowModel model = new SlowModel();
    model.release.countDown();

    QueryAhead ahead = QueryAhead.begin("redis", model, task -> {
      throw new RejectedExecutionException("shut down");
    });

    assertThat(ahead.reading().vector()).containsExactly(1, 5);
  }

  @Test
  void aFailedReadingFailsEveryTakingAsItWouldHaveFailedTheCaller() {
    SlowModel model = new SlowModel();
    model.fail = true;
    model.release.countDown();
    QueryAhead ahead = QueryAhead.begin("redis", model, Runnable::run);

    assertThatThrownBy(ahead::reading).isInstanceOf(IllegalStateException.class).hasMessage("the model failed");
    assertThatThrownBy(ahead::reading).hasMessage("the model failed");
    assertThat(model.reads).hasValue(1);
  }

  @Test
  void manyThreadsTakingAtOnceGetOneReading() throws Exception {
    SlowModel model = new SlowModel();
    ExecutorService takers = Executors.newFixedThreadPool(8);
    try {
      QueryAhead ahead = QueryAhead.begin("redis", model, takers);
      List<Future<Embedder.QueryReading>> all = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        all.add(takers.submit(ahead::reading));
      }
      model.release.countDown();

      for (Future<Embedder.QueryReading> f : all) {
        assertThat(f.get(10, TimeUnit.SECONDS)).isSameAs(all.get(0).get());
      }
      assertThat(model.reads).hasValue(1);
    } finally {
      takers.shutdownNow();
    }
  }
}
