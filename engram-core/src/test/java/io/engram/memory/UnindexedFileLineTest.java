package io.engram.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.MemorySettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A topic file MEMORY.md does not name (written by hand, or left by a writer killed before its index write) gets its
 * line at the next write; a secret written into that file by hand stays out of MEMORY.md.
 */
class UnindexedFileLineTest {
  // Built here, so no scanner reads a token in the source.
  private static final String TOKEN = "ghp_" + "Q7w8E9r0T1y2U3i4O5p6A7s8D9f0G1h2J3k4";

  @TempDir Path dir;

  @Test
  void theLineOfAFileWrittenByHandHoldsNoSecretAndStillNamesTheFile() throws Exception {
    MemoryStore store = MemoryStores.directory(dir, MemorySettings.DEFAULTS, Clock.systemUTC());
    Path file = store.write(Memory.of("deploy key", MemoryType.REFERENCE, "where the deploy key is", "In the vault.\n"))
        .stored().path();
    Files.writeString(file, Files.readString(file).replace("where the deploy key is", "the deploy token is " + TOKEN));
    Path index = dir.resolve(MemoryIndex.FILE_NAME);
    Files.writeString(index, "");

    store.write(Memory.of("use pnpm", MemoryType.PROJECT, "installs", "Use pnpm.\n"));

    String text = Files.readString(index);
    assertThat(text).contains("(" + file.getFileName() + ")").contains("[REDACTED").doesNotContain(TOKEN)
        .contains("use-pnpm.md");
  }
}
