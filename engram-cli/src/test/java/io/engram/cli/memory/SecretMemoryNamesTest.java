package io.engram.cli.memory;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.cli.CommandRun;
import io.engram.cli.output.JsonOutput;
import io.engram.redact.SecretRedactor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A local memory whose name holds a secret (a file a person wrote under the memory directory: Engram's own writes
 * refuse such a name) is listed with the secret redacted; every command that takes a name finds it by that listed
 * name, and by the name typed with its secret, and none prints the secret.
 */
class SecretMemoryNamesTest {
  // A GitHub token by its shape (gitleaks' rule), made up for this test.
  private static final String SECRET = "ghp_" + "Wq3e5R7t9Y1u3I5o7P9a2S4d6F8g0H2j4K6l";
  private static final String TYPED = "deploy token " + SECRET;
  private static final String LISTED = SecretRedactor.standard().redact(TYPED).text();

  @TempDir Path home;
  @TempDir Path project;
  private final List<CommandRun> runs = new ArrayList<>();

  @Test
  void showEditForgetRestoreAndHistoryFindTheMemoryByTheNameItsListingShows() throws Exception {
    Path file = handWritten("The deploy job reads its token from the vault path ci-deploy.");
    JsonNode listed = JsonOutput.mapper().readTree(ok("list", "--json").out()).get("memories");
    assertThat(listed).extracting(m -> m.get("name").asText()).containsExactly(LISTED);
    assertThat(ok("list").out()).contains(LISTED);

    assertThat(ok("show", LISTED).out()).contains("vault path ci-deploy");
    assertThat(ok("show", LISTED, "--json").out()).contains("vault path ci-deploy");

    CommandRun edited = run("edit", LISTED, "--editor", "sed -i s/ci-deploy/ci-release/");
    assertThat(edited.exitCode()).isEqualTo(1);
    assertThat(edited.err()).contains("it holds a secret (github-token)").contains("is unchanged");
    assertThat(file).content().contains("ci-deploy");

    CommandRun forgot = ok("forget", LISTED);
    assertThat(forgot.out()).contains("forgot '" + LISTED + "'").contains("engram restore '" + LISTED + "'");
    assertThat(file).doesNotExist();
    assertThat(run("show", LISTED).exitCode()).isEqualTo(1);

    assertThat(ok("restore", LISTED).out()).contains("restored '" + LISTED + "'");
    assertThat(file).exists();
    JsonNode versions = JsonOutput.mapper().readTree(ok("show", "--history", LISTED, "--json").out());
    assertThat(versions.get("name").asText()).isEqualTo(LISTED);
    assertThat(versions.get("versions")).extracting(v -> v.get("change").asText())
        .containsExactly("restored", "forgotten", "found");

    assertNoOutputHoldsTheSecret();
  }

  @Test
  void theNameTypedWithItsSecretFindsTheMemoryAndIsNeverEchoed() throws Exception {
    Path file = handWritten("Tokens rotate every ninety days.");

    assertThat(ok("show", TYPED).out()).contains("ninety days");
    assertThat(ok("forget", TYPED).out()).contains("forgot '" + LISTED + "'");
    assertThat(file).doesNotExist();
    assertThat(ok("show", "--history", TYPED).out()).contains("forgotten by cli");
    assertThat(ok("restore", TYPED, "--json").out()).contains(LISTED);
    assertThat(file).exists();

    assertNoOutputHoldsTheSecret();
  }

  @Test
  void aNameThatMatchesNoMemoryStillSaysSoWithTheSecretRedacted() throws Exception {
    handWritten("Tokens rotate every ninety days.");

    CommandRun missing = run("show", "release token " + SECRET);
    CommandRun otherKind = run("forget", "deploy token [REDACTED:password]");

    assertThat(missing.exitCode()).isEqualTo(1);
    assertThat(missing.err()).contains("no memory named 'release token [REDACTED:github-token]'");
    assertThat(otherKind.exitCode()).isEqualTo(1);
    assertThat(otherKind.err()).contains("no memory named 'deploy token [REDACTED:password]'");
    assertNoOutputHoldsTheSecret();
  }

  /** A project memory called {@link #TYPED}, written as a person would: its file named after it, secret and all. */
  private Path handWritten(String body) throws Exception {
    ok("remember", "--type", "project", "--name", "deploy token", body);
    Path file = Path.of(JsonOutput.mapper().readTree(ok("show", "deploy token", "--json").out()).get("path").asText());
    Path named = file.resolveSibling("deploy-token-" + SECRET.toLowerCase(Locale.ROOT) + ".md");
    Files.writeString(named, Files.readString(file).replace("name: deploy token\n", "name: " + TYPED + "\n"));
    Files.delete(file);
    return named;
  }

  private void assertNoOutputHoldsTheSecret() {
    assertThat(runs).isNotEmpty().allSatisfy(r -> assertThat(r.out() + r.err())
        .doesNotContain(SECRET).doesNotContain(SECRET.toLowerCase(Locale.ROOT)));
  }

  private CommandRun ok(String... args) {
    CommandRun r = run(args);
    assertThat(r.exitCode()).as(String.join(" ", args) + ": " + r.err()).isZero();
    return r;
  }

  private CommandRun run(String... args) {
    CommandRun r = CommandRun.in(home, project, args);
    runs.add(r);
    return r;
  }
}
