package io.engram.hosted;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.context.ContextLevel;
import io.engram.extract.ExtractionReport;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import io.engram.recall.MemoryRecall;
import io.engram.recall.RecalledMemory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostedMemoryTest {
  @TempDir Path home;
  @TempDir Path project;

  private final List<HostedMemory> opened = new ArrayList<>();

  private HostedMemory memory() throws IOException {
    HostedMemory memory = HostedMemory.builder(home, project).build();
    opened.add(memory);
    return memory;
  }

  @AfterEach
  void close() {
    opened.forEach(HostedMemory::close);
  }

  @Test
  void rememberRefusesWhatEngramRememberRefusesSayingWhich() throws IOException {
    HostedMemory memory = memory();

    assertThatThrownBy(() -> memory.remember("n", "diary", "d", "b"))
        .hasMessageContaining("type must be one of").hasMessageContaining("'diary'");
    assertThatThrownBy(() -> memory.remember("n", "project", "two\nlines", "b"))
        .hasMessageContaining("description must be one line");
    assertThatThrownBy(() -> memory.remember(" ", "project", "d", "b")).hasMessageContaining("name must not be blank");
    assertThat(memory.store().list().memories()).isEmpty();
  }

  @Test
  void aRememberedSecretIsRedacted() throws IOException {
    var saved = memory().remember("aws", "reference", "The deploy key", "key AKIAIOSFODNN7EXAMPLE for deploys");

    assertThat(saved.stored().memory().body()).doesNotContain("AKIAIOSFODNN7EXAMPLE");
    assertThat(saved.redacted()).isNotEmpty();
  }

  @Test
  void learningReadsOnlyWhatThePassHasNotReadYet() throws Exception {
    HostedMemory memory = memory();
    List<TranscriptMessage> conversation = new ArrayList<>(List.of(
        TranscriptMessage.text(Role.USER, "Remember that the staging database is on port 5433."),
        TranscriptMessage.text(Role.ASSISTANT, "Noted.")));

    ExtractionReport first = memory.learn("chat", conversation).get(30, TimeUnit.SECONDS);
    conversation.add(TranscriptMessage.text(Role.USER, "What time is it?"));
    conversation.add(TranscriptMessage.text(Role.ASSISTANT, "Noon."));
    ExtractionReport second = memory.learn("chat", conversation).get(30, TimeUnit.SECONDS);

    assertThat(first.read().fromMessage()).isZero();
    assertThat(second.read().fromMessage()).isEqualTo(2);
    assertThat(memory.store().list().memories()).extracting(m -> m.memory().body())
        .anySatisfy(b -> assertThat(b).contains("5433"));
  }

  @Test
  void aSecretInTheConversationIsRedactedBeforeItWaitsOnDiskAndStillLearntFrom() throws Exception {
    HostedMemory memory = memory();
    String token = "ghp_R8x2kLm9Qw7Zt4Vb6Np1Hs3Jd5Fg0Ac2Ye8U";
    List<TranscriptMessage> conversation = List.of(
        TranscriptMessage.text(Role.USER, "The CI token is " + token + ", keep it handy."),
        TranscriptMessage.text(Role.ASSISTANT, "Noted."),
        TranscriptMessage.text(Role.USER, "Remember that the staging database is on port 5433."),
        TranscriptMessage.text(Role.ASSISTANT, "Noted."));

    memory.learn("ops", conversation).get(30, TimeUnit.SECONDS);

    try (Stream<Path> files = Files.walk(home)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        assertThat(Files.readString(file)).as("%s", file).doesNotContain(token);
      }
    }
    assertThat(memory.store().list().memories()).extracting(m -> m.memory().body())
        .anySatisfy(b -> assertThat(b).contains("5433"));
  }

  @Test
  void recallInAConversationSendsAgainOnlyWhatTheConversationNoLongerHolds() throws IOException {
    HostedMemory memory = memory();
    memory.remember("deploy", "project", "How we deploy", "We deploy with ./deploy.sh --canary.");
    String question = "How do we deploy with deploy.sh?";

    MemoryRecall.Outcome first = memory.recall(question, List.of());
    String augmented = question + "\n\n" + RecalledSections.of(first, memory.engram());
    MemoryRecall.Outcome whileHeld = memory.recall(question, List.of(augmented, "It is ./deploy.sh --canary."));
    MemoryRecall.Outcome afterItWent = memory.recall(question, List.of(question, "It is ./deploy.sh --canary."));

    assertThat(first.result().memories()).extracting(RecalledMemory::name).containsExactly("deploy");
    assertThat(whileHeld.result().memories()).isEmpty();
    assertThat(afterItWent.result().memories()).extracting(RecalledMemory::name).containsExactly("deploy");
  }

  @Test
  void compactionRunsOnlyAtTheCriticalLevel() throws IOException {
    HostedMemory memory = memory();
    List<TranscriptMessage> conversation = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      conversation.add(TranscriptMessage.text(Role.USER, "Step " + i + ": rename parseLine in Parser.java."));
      conversation.add(TranscriptMessage.of(Role.ASSISTANT, List.of(new ContentBlock.Text("Done. ".repeat(50)))));
    }
    long tokens = memory.tokens(conversation);

    assertThat(memory.compactIfDue("c", conversation, (int) (tokens * 2))).isEmpty();
    assertThat(memory.level(conversation, (int) (tokens * 1.05))).isEqualTo(ContextLevel.CRITICAL);
    HostedCompaction compaction = memory.compactIfDue("c", conversation, (int) (tokens * 1.05)).orElseThrow();
    assertThat(compaction.continuation()).contains("Step 0: rename parseLine in Parser.java.")
        .contains("Step 5: rename parseLine in Parser.java.");
    assertThat(HostedCompaction.isContinuation(compaction.continuation())).isTrue();
  }

  @Test
  void afterACompactionEveryStandingRuleIsInTheFirstMessageWordForWord() throws IOException {
    HostedMemory memory = memory();
    memory.remember("offline-tests", "feedback", "Tests run offline", "Don't run the whole suite with ./mvnw test;"
        + " use ./mvnw -o -Dtest=OwnerControllerTests test so it stays offline: the full build downloads too much.");
    memory.remember("lockfile", "feedback", "Only pnpm's lockfile", "npm 会生成 package-lock.json，我们只提交"
        + " pnpm-lock.yaml，所以不要用 npm install。");
    memory.remember("role", "user", "Backend engineer", "A backend engineer, new to React: explain the frontend.");
    memory.remember("schema", "project", "Where the schema is", "The schema is in src/main/resources/db.");
    List<TranscriptMessage> conversation = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      conversation.add(TranscriptMessage.text(Role.USER, "Step " + i + ": rename parseLine in Parser.java."));
      conversation.add(TranscriptMessage.of(Role.ASSISTANT, List.of(new ContentBlock.Text("Done. ".repeat(50)))));
    }

    HostedCompaction compaction = memory.compact("c", conversation);

    String first = compaction.continuation();
    for (String rule : List.of("offline-tests", "lockfile", "role")) {
      String body = memory.store().read(rule).orElseThrow().memory().body().strip();
      assertThat(first).as(rule).contains(body);
    }
    assertThat(first).doesNotContain("src/main/resources/db");
    assertThat(compaction.standing().sent()).containsExactly("lockfile", "offline-tests", "role");
    assertThat(compaction.standing().leftOut()).isEmpty();
  }
}
