package io.engram.embeddings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class OnnxRuntimeUseTest {
  @Test
  void theEndWaitsForACallInFlightThenClosesEachSessionOnce() throws Exception {
    OnnxRuntimeUse use = new OnnxRuntimeUse();
    AtomicInteger closed = new AtomicInteger();
    CountDownLatch inside = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    CompletableFuture<String> load = CompletableFuture.supplyAsync(() -> {
      try {
        return use.call(() -> {
          use.closeAtEnd(closed::incrementAndGet);
          inside.countDown();
          awaited(release);
          assertThat(closed).as("closed while still in use").hasValue(0);
          return "loaded";
        });
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    assertThat(inside.await(10, TimeUnit.SECONDS)).isTrue();

    CompletableFuture<Boolean> ending = CompletableFuture.supplyAsync(() -> use.end(Duration.ofSeconds(30)));
    Thread.sleep(200);
    assertThat(ending).as("the load is still inside").isNotDone();
    assertThat(closed).hasValue(0);

    release.countDown();
    assertThat(ending.get(10, TimeUnit.SECONDS)).isTrue();
    assertThat(load.get(10, TimeUnit.SECONDS)).isEqualTo("loaded");
    assertThat(closed).hasValue(1);
    assertThat(use.end(Duration.ofSeconds(1))).isTrue();
    assertThat(closed).as("closed exactly once").hasValue(1);
  }

  @Test
  void noCallStartsOnceTheRuntimeHasEnded() {
    OnnxRuntimeUse use = new OnnxRuntimeUse();
    assertThat(use.end(Duration.ZERO)).isTrue();

    assertThatThrownBy(() -> use.call(() -> "embedded")).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("process is exiting");
  }

  @Test
  void anEndThatRunsOutOfTimeClosesNothingAndALaterEndDoes() throws Exception {
    OnnxRuntimeUse use = new OnnxRuntimeUse();
    AtomicInteger closed = new AtomicInteger();
    CountDownLatch inside = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    CompletableFuture<Object> load = CompletableFuture.supplyAsync(() -> {
      try {
        return use.call(() -> {
          use.closeAtEnd(closed::incrementAndGet);
          inside.countDown();
          return awaited(release);
        });
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    assertThat(inside.await(10, TimeUnit.SECONDS)).isTrue();

    assertThat(use.end(Duration.ofMillis(100))).isFalse();
    assertThat(closed).as("a session in use is never closed").hasValue(0);

    release.countDown();
    load.get(10, TimeUnit.SECONDS);
    assertThat(use.end(Duration.ofSeconds(10))).isTrue();
    assertThat(closed).hasValue(1);
  }

  private static boolean awaited(CountDownLatch latch) {
    try {
      return latch.await(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
