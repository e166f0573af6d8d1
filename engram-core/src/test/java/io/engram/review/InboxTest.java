package io.engram.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.config.MemorySettings;
import io.engram.config.SettingsLoader;
import io.engram.extract.ExtractionOutcome;
import io.engram.extract.ExtractionPass;
import io.engram.extract.ExtractionReport;
import io.engram.memory.ChangedBy;
import io.engram.memory.Memory;
import io.engram.memory.MemoryFormat;
import io.engram.memory.MemorySource;
import io.engram.memory.MemoryType;
import io.engram.memory.MemoryVersion;
import io.engram.memory.ProjectMemory;
import io.engram.memory.MemoryStores;
import io.engram.model.ModelRouter;
import io.engram.testing.TranscriptBuilder;
import io.engram.transcript.Transcript;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InboxTest {
  @TempDir Path tmp;
  private Path home;
  private ProjectMemory store;
  private Inbox inbox;
  private final Clock clock = Clock.fixed(Instant.parse("2026-03-01T12:00:00Z"), ZoneOffset.UTC);

  @BeforeEach
  void open() throws IOException {
    home = tmp.resolve("home");
    Path project = Files.createDirectories(tmp.resolve("project"));
    store = MemoryStores.open(new EngramRoots(home, tmp.resolve("user"), project), EngramSettings.DEFAULTS, clock);
    inbox = Inbox.of(home, store.location().projectKey(), MemorySettings.DEFAULTS, clock);
  }

  private ExtractionReport proposingPass() throws IOException {
    EngramSettings review = SettingsLoader.parse("{\"memory\":{\"review\":\"PROPOSE\"}}", "settings.json");
    Transcript t = new TranscriptBuilder("s1")
        .user("No, don't run the whole suite with ./mvnw test. Use ./mvnw -o -Dtest=OwnerControllerTests test so it"
            + " stays offline; the full build downloads too much.")
        .assistant("Understood.").build();
    return new ExtractionPass(review, ModelRouter.offline(), store, home, clock).run(t, false);
  }

  private Proposal propose(String name, String body) throws IOException {
    Memory m = Memory.builder(name, MemoryType.FEEDBACK).description("How tests are run").body(body)
        .source(MemorySource.USER).session("s7").build();
    return inbox.propose(Proposal.Origin.EXTRACTION, Optional.of("s7"), "create feedback memory '" + name + "'",
        "the user said so", List.of(new ProposedChange.Write(name, Optional.empty(), MemoryFormat.format(m))))
        .orElseThrow();
  }

  @Test
  void inProposeModeExtractionWritesNothingAndItsMemoryWaitsInTheInbox() throws Exception {
    ExtractionReport report = proposingPass();

    assertThat(report.outcomes()).isNotEmpty().allMatch(o -> o.kind() == ExtractionOutcome.Kind.PROPOSED);
    assertThat(store.list().memories()).isEmpty();
    List<Proposal> waiting = inbox.pending();
    assertThat(waiting).hasSize(report.outcomes().size());
    Proposal p = waiting.get(0);
    assertThat(p.origin()).isEqualTo(Proposal.Origin.EXTRACTION);
    assertThat(p.session()).contains("s1");
    assertThat(p.reason()).contains("./mvnw test");
    assertThat(p.main().orElseThrow().after()).contains("-Dtest=OwnerControllerTests").contains("offline");

    // A second pass over the same words proposes nothing new.
    proposingPass();
    assertThat(inbox.pending()).hasSize(waiting.size());
  }

  @Test
  void anAcceptedProposalIsWrittenAsTheReviewAndKeepsItsProvenance() throws Exception {
    proposingPass();
    Proposal p = inbox.pending().get(0);
    Memory proposed = MemoryFormat.parse(p.main().orElseThrow().after(), tmp);

    List<String> written = inbox.accept(p.id().substring(0, 6), Optional.empty(), store);

    assertThat(written).containsExactly(proposed.name());
    Memory saved = store.read(proposed.name()).orElseThrow().memory();
    assertThat(saved.body()).isEqualTo(proposed.body());
    assertThat(saved.source()).isEqualTo(proposed.source());
    assertThat(saved.session()).isEqualTo(proposed.session()).contains("s1");
    assertThat(saved.created()).isEqualTo(proposed.created());
    assertThat(store.history(proposed.name())).extracting(MemoryVersion::by).containsExactly(ChangedBy.REVIEW);
    assertThat(inbox.pending()).isEmpty();
  }

  @Test
  void anEditedProposalKeepsTheEditAndTheProposalsNameAndProvenance() throws Exception {
    Proposal p = propose("test-offline", "Run tests offline.\n");
    String edited = "---\nname: whatever\ndescription: Tests run offline, one class at a time\ntype: feedback\n---\n"
        + "Run one test class offline: ./mvnw -o -Dtest=X test. Why: the full build downloads too much.\n";

    inbox.accept(p.id(), Optional.of(edited), store);

    Memory saved = store.read("test-offline").orElseThrow().memory();
    assertThat(saved.description()).isEqualTo("Tests run offline, one class at a time");
    assertThat(saved.body()).contains("Why: the full build downloads too much.");
    assertThat(saved.session()).contains("s7");
    assertThat(saved.source()).contains(MemorySource.USER);
  }

  @Test
  void aRejectedProposalLeavesNothingAndIsNotProposedAgain() throws Exception {
    Proposal p = propose("test-offline", "Run tests offline.\n");

    inbox.reject(p.id());

    assertThat(inbox.pending()).isEmpty();
    assertThat(store.list().memories()).isEmpty();
    // The same memory learnt again in another session is the same proposal: not made again.
    Memory again = MemoryFormat.parse(p.main().orElseThrow().after(), tmp).toBuilder().session("s8").build();
    assertThat(inbox.propose(Proposal.Origin.EXTRACTION, Optional.of("s8"), "again", "again",
        List.of(new ProposedChange.Write(again.name(), Optional.empty(), MemoryFormat.format(again))))).isEmpty();
  }

  @Test
  void aRejectedFlagOnAMemoryDoesNotHideALaterDifferentOne() throws Exception {
    Memory m = Memory.of("test-offline", MemoryType.FEEDBACK, "How tests are run", "Run tests offline.\n");
    Proposal stale = inbox.propose(Proposal.Origin.DREAM, Optional.empty(), "stale", "stale",
        List.of(marked(m, m.toBuilder().unknownKeys(java.util.Map.of("stale", List.of("./mvnw"))).build()))).orElseThrow();
    inbox.reject(stale.id());

    // The same text, now marked superseded by a memory that contradicts it: a new proposal, not the rejected one.
    Optional<Proposal> superseded = inbox.propose(Proposal.Origin.DREAM, Optional.empty(), "superseded", "superseded",
        List.of(marked(m, m.toBuilder().supersededBy("test-online").build())));

    assertThat(superseded).isPresent();
    assertThat(inbox.pending()).extracting(Proposal::id).containsExactly(superseded.orElseThrow().id());
  }

  private static ProposedChange marked(Memory before, Memory after) {
    return new ProposedChange.Write(before.name(), Optional.of(MemoryFormat.format(before)), MemoryFormat.format(after));
  }

  @Test
  void theInboxKeepsAsManyRejectedProposalsAsTheSettingSays() throws Exception {
    inbox = Inbox.of(home, store.location().projectKey(), MemorySettings.DEFAULTS.with("rejectedKept", 1),
        clock);

    inbox.reject(propose("test-offline", "Run tests offline.\n").id());
    inbox.reject(propose("lint-first", "Run the linter before the tests.\n").id());

    try (java.util.stream.Stream<Path> rejected = Files.list(inbox.directory().resolve("rejected"))) {
      assertThat(rejected).hasSize(1);
    }
  }

  @Test
  void aProposalOvertakenByAChangeSinceIsRefusedNotWrittenOverIt() throws Exception {
    Proposal p = propose("test-offline", "Run tests offline.\n");
    store.write(Memory.builder("test-offline", MemoryType.FEEDBACK).description("mine").body("My own words.\n")
        .build(), ChangedBy.CLI);

    assertThatThrownBy(() -> inbox.accept(p.id(), Optional.empty(), store))
        .isInstanceOf(StaleProposalException.class).hasMessageContaining("test-offline").hasMessageContaining("changed");
    assertThat(store.read("test-offline").orElseThrow().memory().body()).isEqualTo("My own words.\n");
    assertThat(inbox.pending()).hasSize(1);
  }

  @Test
  void anIdThatNamesNoWaitingProposalIsAClearError() throws Exception {
    propose("a-one", "One.\n");
    propose("a-two", "Two.\n");
    assertThatThrownBy(() -> inbox.find("zzzz")).isInstanceOf(NoSuchProposalException.class)
        .hasMessageContaining("no proposal 'zzzz'");
    assertThatThrownBy(() -> inbox.find("")).isInstanceOf(NoSuchProposalException.class);
  }

  @Test
  void aSecretInAProposalNeverReachesTheInboxFile() throws Exception {
    Proposal p = propose("staging-db", "The staging password is hunter2-Xq9!vT7#pL and the key is"
        + " AKIAIOSFODNN7EXAMPLE.\n");
    String file = Files.readString(inbox.directory().resolve(p.id() + ".json"));
    assertThat(file).doesNotContain("AKIAIOSFODNN7EXAMPLE").contains("[REDACTED");
  }
}
