package io.engram.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ProjectLanesTest {
  private final ProjectLanes lanes = new ProjectLanes(4);

  @AfterEach
  void shutdown() throws InterruptedException {
    lanes.shutdown(5);
  }

  @Test
  void twoSessionsOfOneProjectNeverWorkAtOnceAndRunInTheOrderTheyCame() throws Exception {
    Path project = Path.of("/work/app");
    AtomicInteger inside = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    List<Integer> order = java.util.Collections.synchronizedList(new ArrayList<>());
    List<CompletableFuture<Void>> all = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      int n = i;
      all.add(lanes.submit(project, () -> {
        most.accumulateAndGet(inside.incrementAndGet(), Math::max);
        sleep(2);
        order.add(n);
        inside.decrementAndGet();
      }));
    }
    CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
    assertThat(most.get()).isEqualTo(1);
    assertThat(order).isSorted().hasSize(20);
    assertThat(lanes.busy()).isZero();
  }

  @Test
  void aFailedTaskDoesNotStopItsLaneAndOtherProjectsRunBesideABusyOne() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    CompletableFuture<Void> blocked = lanes.submit(Path.of("/work/slow"), () -> await(release));
    lanes.submit(Path.of("/work/app"), () -> {
      throw new IllegalStateException("boom");
    });
    CompletableFuture<Void> after = lanes.submit(Path.of("/work/app"), () -> { });
    after.get(10, TimeUnit.SECONDS);
    assertThat(blocked).isNotDone();
    release.countDown();
    blocked.get(10, TimeUnit.SECONDS);
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
