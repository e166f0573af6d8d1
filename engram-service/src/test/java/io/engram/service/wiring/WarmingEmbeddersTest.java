package io.engram.service.wiring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.recall.Embedder;
import io.engram.recall.EmbedderNotReady;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class WarmingEmbeddersTest {
  private static final class FixedEmbedder implements Embedder {
    @Override
    public float[] embed(String text) {
      return new float[] {1, 0};
    }

    @Override
    public int dimension() {
      return 2;
    }
  }

  @Test
  void aModelStillLoadingIsNotWaitedForAndIsLoadedOnce() throws InterruptedException {
    WarmingEmbedders models = new WarmingEmbedders();
    CountDownLatch release = new CountDownLatch(1);
    AtomicInteger loads = new AtomicInteger();
    Embedder model = new FixedEmbedder();
    Supplier<Embedder> slowLoad = () -> {
      loads.incrementAndGet();
      try {
        release.await(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return model;
    };
    Supplier<Embedder> warming = models.warming("m", "mini", slowLoad);

    long start = System.nanoTime();
    assertThatThrownBy(warming::get).isInstanceOf(EmbedderNotReady.class).hasMessageContaining("mini is still loading");
    assertThatThrownBy(warming::get).isInstanceOf(EmbedderNotReady.class);
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    assertThat(models.loaded("m")).contains(false);

    release.countDown();
    assertThat(models.await("m", slowLoad)).isSameAs(model);
    assertThat(warming.get()).isSameAs(model);
    assertThat(models.loaded("m")).contains(true);
    assertThat(loads).hasValue(1);
  }

  @Test
  void aModelThatCannotLoadGivesItsErrorToEveryCaller() {
    WarmingEmbedders models = new WarmingEmbedders();
    Supplier<Embedder> broken = () -> {
      throw new IllegalStateException("no model files in models/");
    };

    assertThatThrownBy(() -> models.await("m", broken)).isInstanceOf(IllegalStateException.class)
        .hasMessage("no model files in models/");
    assertThatThrownBy(() -> models.warming("m", "mini", broken).get()).isInstanceOf(IllegalStateException.class)
        .hasMessage("no model files in models/");
    assertThat(models.loaded("m")).contains(false);
    assertThat(models.loaded("other")).isEmpty();
  }

  @Test
  void settlingWaitsForALoadInFlightAndGivesUpAtItsLimit() throws InterruptedException {
    WarmingEmbedders models = new WarmingEmbedders();
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch loading = new CountDownLatch(1);
    Supplier<Embedder> slowLoad = () -> {
      loading.countDown();
      try {
        release.await(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return new FixedEmbedder();
    };
    assertThat(models.settle(Duration.ofMillis(10))).as("nothing started: nothing to wait for").isTrue();
    assertThatThrownBy(models.warming("m", "mini", slowLoad)::get).isInstanceOf(EmbedderNotReady.class);
    assertThat(loading.await(10, TimeUnit.SECONDS)).isTrue();

    assertThat(models.settle(Duration.ofMillis(100))).as("the load is still inside").isFalse();

    Thread releaser = new Thread(() -> {
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      release.countDown();
    });
    releaser.start();
    assertThat(models.settle(Duration.ofSeconds(20))).isTrue();
    assertThat(models.loaded("m")).contains(true);
  }

  @Test
  void aFailedLoadHasSettledToo() {
    WarmingEmbedders models = new WarmingEmbedders();
    assertThatThrownBy(() -> models.await("m", () -> {
      throw new IllegalStateException("broken");
    })).isInstanceOf(IllegalStateException.class);

    assertThat(models.settle(Duration.ofMillis(100))).isTrue();
  }
}
