package io.engram.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.redact.SecretRedactor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A memory whose name holds a secret (a file a person wrote: Engram's own writes refuse such a name) is listed with
 * the secret redacted; a lookup by that listed name, or by the name typed with its secret, finds it for read, forget,
 * restore and history, and nothing is renamed on disk.
 */
class SecretNamesLookupTest {
  // A GitHub token by its shape (gitleaks' rule), made up for this test.
  private static final String SECRET = "ghp_" + "Rt5y7Ui9Op1As3Df5Gh7Jk9Lz2Xc4Vb6Nm8Q";
  private static final String TYPED = "deploy token " + SECRET;
  private static final String LISTED = SecretRedactor.standard().redact(TYPED).text();

  @TempDir Path tmp;

  private ProjectMemory open() throws Exception {
    Files.createDirectories(tmp.resolve("project"));
    return MemoryStores.open(new EngramRoots(tmp.resolve("home"), tmp.resolve("user"), tmp.resolve("project")),
        EngramSettings.DEFAULTS, Clock.fixed(Instant.parse("2026-05-01T00:00:00Z"), ZoneOffset.UTC));
  }

  /** A topic file named after {@link #TYPED}, written as a person would, beside an ordinary memory. */
  private Path handWritten(ProjectMemory memory) throws Exception {
    Path dir = memory.write(Memory.of("ci runner", MemoryType.PROJECT, "the runner", "Runs on arm64."),
        ChangedBy.CLI).stored().path().getParent();
    Path file = dir.resolve("deploy-token-" + SECRET.toLowerCase(Locale.ROOT) + ".md");
    Files.writeString(file, MemoryFormat.format(Memory.of(TYPED, MemoryType.PROJECT, "where the token lives",
        "The deploy job reads it from the vault.")));
    return file;
  }

  @Test
  void theListedNameAndTheTypedNameBothReadTheMemoryWhoseNameHoldsASecret() throws Exception {
    ProjectMemory memory = open();
    Path file = handWritten(memory);
    assertThat(LISTED).isEqualTo("deploy token [REDACTED:github-token]");

    assertThat(open().read(LISTED)).get().extracting(StoredMemory::path).isEqualTo(file);
    assertThat(open().read(TYPED)).get().extracting(StoredMemory::path).isEqualTo(file);
    assertThat(open().read("deploy-token-redacted-github-token")).as("the listed name as a slug")
        .get().extracting(StoredMemory::path).isEqualTo(file);
    assertThat(open().read("deploy token [REDACTED:password]")).as("another kind of secret shows otherwise")
        .isEmpty();
    assertThat(open().read("ci runner")).isPresent();
    assertThat(file).as("nothing renamed").exists();
  }

  @Test
  void forgetRestoreAndHistoryByTheListedNameKeepTheStoredNameAndItsFile() throws Exception {
    Path file = handWritten(open());

    Forgotten gone = open().forget(LISTED, ChangedBy.CLI);
    assertThat(gone.name()).isEqualTo(TYPED);
    assertThat(file).doesNotExist();
    assertThat(open().read(LISTED)).isEmpty();
    assertThat(open().history(LISTED)).extracting(MemoryVersion::change)
        .containsExactly(MemoryVersion.Change.FOUND, MemoryVersion.Change.FORGOTTEN);

    StoredMemory back = open().restore(LISTED, ChangedBy.CLI);
    assertThat(back.path()).isEqualTo(file);
    assertThat(back.name()).isEqualTo(TYPED);
    assertThat(open().history(TYPED)).extracting(MemoryVersion::change).containsExactly(
        MemoryVersion.Change.FOUND, MemoryVersion.Change.FORGOTTEN, MemoryVersion.Change.RESTORED);
    assertThat(open().history(LISTED)).hasSize(3);
    assertThat(open().forget(TYPED, ChangedBy.CLI).name()).isEqualTo(TYPED);
    assertThat(open().restore(TYPED, ChangedBy.CLI).path()).isEqualTo(file);
  }

  @Test
  void aWriteUnderTheListedNameIsRefusedAndReplacesNothing() throws Exception {
    Path file = handWritten(open());
    String before = Files.readString(file);

    assertThatThrownBy(() -> open().write(Memory.of(LISTED, MemoryType.PROJECT, "other", "Other words."),
        ChangedBy.CLI)).isInstanceOf(InvalidMemoryNameException.class)
        .hasMessageContaining("how another memory is listed").hasMessageNotContaining(SECRET)
        .hasMessageNotContaining(SECRET.toLowerCase(Locale.ROOT).replace('_', '-'));

    assertThat(file).hasContent(before);
    try (Stream<Path> files = Files.list(file.getParent())) {
      assertThat(files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".md")))
          .containsExactlyInAnyOrder("ci-runner.md", file.getFileName().toString(), "MEMORY.md");
    }
  }

  @Test
  void anExactNameWinsOverOneMatchedOnlyAsListed() throws Exception {
    ProjectMemory memory = open();
    Path handWritten = handWritten(memory);
    Path other = handWritten.resolveSibling("deploy-token-other.md");
    String otherSecret = "ghp_" + "Aa1Bb2Cc3Dd4Ee5Ff6Gg7Hh8Ii9Jj0Kk1Ll2M";
    Files.writeString(other, MemoryFormat.format(Memory.of("deploy token " + otherSecret, MemoryType.PROJECT,
        "the other token", "Kept elsewhere.")));

    assertThat(open().read("deploy token " + otherSecret)).get().extracting(StoredMemory::path).isEqualTo(other);
    assertThat(open().read(TYPED)).get().extracting(StoredMemory::path).isEqualTo(handWritten);
  }

  @Test
  void aNameThatShowsWithoutAMarkerIsNeverMatchedAsListed() {
    SecretRedactor redactor = SecretRedactor.standard();
    assertThat(NameQuery.of("ci runner", redactor).shownSlug()).isEmpty();
    assertThat(NameQuery.of(TYPED, redactor).shownSlug()).contains("deploy-token-redacted-github-token");
    assertThat(NameQuery.of(LISTED, redactor).shownSlug()).contains("deploy-token-redacted-github-token");
    assertThat(NameQuery.of(LISTED, redactor).matches(TYPED, redactor)).isTrue();
    assertThat(NameQuery.of("deploy token", redactor).matches(TYPED, redactor)).isFalse();
  }

  @Test
  void onlyNamesBeginningAsTheListedNameDoesBeforeItsMarkerAreRedactedToBeCompared() {
    SecretRedactor redactor = SecretRedactor.standard();
    NameQuery listed = NameQuery.of(LISTED, redactor);

    assertThat(listed.mayShowAs(MemoryNames.slug(TYPED))).isTrue();
    assertThat(listed.mayShowAs("ci-runner")).isFalse();
    assertThat(listed.mayShowAs("deploy")).isFalse();
    assertThat(NameQuery.of("ci runner", redactor).mayShowAs("ci-runner")).isFalse();
    // A name that is the secret alone shows as the marker alone: any name may be it.
    NameQuery bare = NameQuery.of("[REDACTED:github-token]", redactor);
    assertThat(bare.mayShowAs("ci-runner")).isTrue();
    assertThat(bare.matches(SECRET, redactor)).isTrue();
    assertThat(bare.matches("ci runner", redactor)).isFalse();
  }
}
