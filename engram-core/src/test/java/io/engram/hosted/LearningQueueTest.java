package io.engram.hosted;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.extract.ExtractionReport;
import io.engram.extract.ExtractionReport.MessagesRead;
import io.engram.transcript.Role;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LearningQueueTest {
  @TempDir Path dir;
  @TempDir Path home;
  @TempDir Path project;

  /** A pass that records what it read and on which thread, and waits for {@code release} first when given one. */
  private static final class RecordingPass implements LearningQueue.Pass {
    final List<Transcript> read = new CopyOnWriteArrayList<>();
    final List<String> threads = new CopyOnWriteArrayList<>();
    final CountDownLatch started = new CountDownLatch(1);
    final CountDownLatch release;

    RecordingPass(CountDownLatch release) {
      this.release = release;
    }

    @Override
    public ExtractionReport run(Transcript transcript) throws IOException {
      started.countDown();
      try {
        release.await(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      read.add(transcript);
      threads.add(Thread.currentThread().getName());
      return new ExtractionReport(transcript.sessionId(), false,
          new MessagesRead(0, transcript.messages().size(), 0, List.of()), "offline", Optional.empty(), List.of());
    }
  }

  private static Transcript conversation(String id, String... texts) {
    List<TranscriptMessage> messages = new java.util.ArrayList<>();
    for (int i = 0; i < texts.length; i++) {
      messages.add(TranscriptMessage.text(i % 2 == 0 ? Role.USER : Role.ASSISTANT, texts[i]));
    }
    return HostedTranscript.of(id, messages);
  }

  @Test
  void thePassRunsOffTheCallersThreadAndItsFileGoesOnceItRan() throws Exception {
    RecordingPass pass = new RecordingPass(new CountDownLatch(0));
    try (LearningQueue queue = new LearningQueue(dir, pass)) {
      ExtractionReport report = queue.submit(conversation("s1", "Use port 5433.", "Noted.")).get(30, TimeUnit.SECONDS);

      assertThat(report.read().toMessage()).isEqualTo(2);
      assertThat(pass.threads).containsExactly("engram-learning");
      assertThat(dir.resolve("s1.jsonl")).doesNotExist();
    }
  }

  @Test
  void exchangesThatComeWhileAPassRunsJoinOneWaitingPassOverTheNewest() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    RecordingPass pass = new RecordingPass(release);
    try (LearningQueue queue = new LearningQueue(dir, pass)) {
      CompletableFuture<ExtractionReport> running = queue.submit(conversation("s1", "a", "b"));
      assertThat(pass.started.await(30, TimeUnit.SECONDS)).isTrue();
      CompletableFuture<ExtractionReport> second = queue.submit(conversation("s1", "a", "b", "c", "d"));
      CompletableFuture<ExtractionReport> third = queue.submit(conversation("s1", "a", "b", "c", "d", "e", "f"));
      release.countDown();

      assertThat(third).isSameAs(second);
      running.get(30, TimeUnit.SECONDS);
      assertThat(third.get(30, TimeUnit.SECONDS).read().toMessage()).isEqualTo(6);
      assertThat(pass.read).extracting(t -> t.messages().size()).containsExactly(2, 6);
      assertThat(dir.resolve("s1.jsonl")).doesNotExist();
    }
  }

  @Test
  void passesThatDidNotRunBeforeTheQueueClosedRunInTheNextQueueOnTheDirectory() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    RecordingPass first = new RecordingPass(release);
    LearningQueue stopped = new LearningQueue(dir, first);
    stopped.submit(conversation("busy", "a", "b"));
    assertThat(first.started.await(30, TimeUnit.SECONDS)).isTrue();
    CompletableFuture<ExtractionReport> waiting = stopped.submit(conversation("waiting", "Use port 5433.", "Noted."));
    CompletableFuture<Void> closing = CompletableFuture.runAsync(stopped::close);

    assertThatThrownBy(() -> waiting.get(30, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
        .hasMessageContaining("waits on disk");
    assertThat(closing).isNotDone(); // close waits for the pass that runs
    RecordingPass next = new RecordingPass(new CountDownLatch(0));
    try (LearningQueue reopened = new LearningQueue(dir, next)) {
      reopened.resume();
      assertThat(reopened.awaitIdle(Duration.ofSeconds(30))).isTrue();
    }
    release.countDown();
    closing.get(30, TimeUnit.SECONDS);

    assertThat(next.read).extracting(Transcript::sessionId).contains("waiting");
    Transcript learnt = next.read.stream().filter(t -> t.sessionId().equals("waiting")).findFirst().orElseThrow();
    assertThat(learnt.messages()).extracting(TranscriptMessage::text).containsExactly("Use port 5433.", "Noted.");
    assertThat(dir.resolve("waiting.jsonl")).doesNotExist();
  }

  @Test
  void aPassThatFailsMovesWhatItReadAsideWithTheReason() throws Exception {
    try (LearningQueue queue = new LearningQueue(dir, t -> {
      throw new IOException("the store is read-only");
    })) {
      CompletableFuture<ExtractionReport> failed = queue.submit(conversation("s1", "a", "b"));

      assertThatThrownBy(() -> failed.get(30, TimeUnit.SECONDS)).hasMessageContaining("the store is read-only");
      assertThat(dir.resolve("s1.jsonl")).doesNotExist();
      assertThat(dir.resolve("failed/s1.jsonl")).exists();
      assertThat(Files.readString(dir.resolve("failed/s1.jsonl.reason"))).contains("the store is read-only");
    }
  }

  @Test
  void aHandleClosedBeforeItsPassRanLeavesTheExchangeForTheNextHandleToLearn() throws Exception {
    List<TranscriptMessage> exchange = List.of(
        TranscriptMessage.text(Role.USER, "Remember that the staging database is on port 5433."),
        TranscriptMessage.text(Role.ASSISTANT, "Noted."));
    HostedMemory closed = HostedMemory.builder(home, project).build();
    closed.close();
    assertThatThrownBy(() -> closed.learn("chat", exchange).get(30, TimeUnit.SECONDS))
        .hasMessageContaining("waits on disk");
    assertThat(closed.store().list().memories()).isEmpty();

    try (HostedMemory next = HostedMemory.builder(home, project).build()) {
      assertThat(next.awaitLearning(Duration.ofSeconds(30))).isTrue();

      assertThat(next.store().list().memories()).extracting(m -> m.memory().body())
          .anySatisfy(b -> assertThat(b).contains("5433"));
    }
  }
}
