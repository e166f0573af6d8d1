package io.engram.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.MemorySettings;
import io.engram.redact.SecretKind;
import io.engram.redact.SecretRedactor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RedactedMemoryTest {
  private static final String TOKEN = "ghp_" + "a1B2".repeat(9);

  @Test
  void pathsAndProvenanceAreRedactedAndEachKindIsReportedOnceInOrderOfFirstOccurrence() {
    Memory m = Memory.builder("deploy", MemoryType.PROJECT).description("uses " + TOKEN).body("password=hunter2")
        .paths(List.of("config/" + TOKEN + ".yml")).session("s-" + TOKEN).turn("<private>PIN 1234</private>")
        .build();

    RedactedMemory redacted = RedactedMemory.of(m, SecretRedactor.standard());

    Memory clean = redacted.memory();
    assertThat(clean.description() + clean.body() + clean.paths() + clean.session() + clean.turn())
        .doesNotContain("a1B2a1B2", "hunter2", "PIN");
    assertThat(redacted.kinds()).containsExactly(SecretKind.GITHUB_TOKEN, SecretKind.PASSWORD_ASSIGNMENT,
        SecretKind.PRIVATE_SPAN);
  }

  @Test
  void aSecretFoundInTheBodyIsTakenOutOfANameThatHoldsItWithoutItsContext() {
    // The name alone says nothing of a credential; the body says what the echoed word is.
    Memory m = Memory.builder("echo 'Ech0Piped!9' | docker login", MemoryType.PROJECT).description("registry login")
        .body("echo 'Ech0Piped!9' | docker login -u ci --password-stdin").build();

    Memory clean = RedactedMemory.of(m, SecretRedactor.standard()).memory();

    assertThat(clean.name() + clean.body()).doesNotContain("Ech0Piped");
    assertThat(MemoryNames.slug(clean.name())).doesNotContain("ech0piped");
  }

  @Test
  void aMemoryWithoutSecretsComesBackEqualWithNoKinds() {
    Memory m = Memory.builder("style", MemoryType.FEEDBACK).description("tabs").body("use two spaces")
        .paths(List.of("src/")).session("s1").unknownKeys(Map.of("tags", List.of("a", Map.of("k", "v"))))
        .build();

    RedactedMemory redacted = RedactedMemory.of(m, SecretRedactor.standard());

    assertThat(redacted.memory()).isEqualTo(m);
    assertThat(redacted.kinds()).isEmpty();
  }

  @Test
  void passwordsStatedInWordsNeverReachTheMemoryFile(@TempDir Path dir) throws Exception {
    // A new user's trial: each of these reached a memory file whole, or (hunter2Secret!) lost all but its "!"
    String body = "密码：天王盖地虎123\nwifi 密码 12345678\nthe admin password is letmein\nthe password is hunter2Secret!\n";
    MemoryStore store = MemoryStores.directory(dir, MemorySettings.DEFAULTS,
        Clock.fixed(Instant.parse("2026-12-07T00:00:00Z"), ZoneOffset.UTC));

    Saved saved = store.write(Memory.of("trial passwords", MemoryType.PROJECT, "passwords of the trial", body));

    assertThat(saved.redacted()).contains(SecretKind.PASSWORD_ASSIGNMENT);
    StringBuilder onDisk = new StringBuilder();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        onDisk.append(f).append('\n').append(Files.readString(f));
      }
    }
    assertThat(onDisk.toString()).doesNotContain("天王盖地虎", "12345678", "letmein", "hunter2Secret", "Secret!")
        .contains("密码：[REDACTED:password]", "wifi 密码 [REDACTED:password]",
            "the admin password is [REDACTED:password]", "the password is [REDACTED:password]\n");
  }
}
