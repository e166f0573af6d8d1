package io.engram.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.config.MemorySettings;
import io.engram.testing.FileBytes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A MEMORY.md past {@code memory.indexMaxReadBytes} (huge, or damaged into one endless line) is never read whole:
 * its lines are checked up to the bound, the listing says where the reading stopped, and a write leaves it as it is.
 */
class IndexReadBoundTest {
  private static final int BOUND = 1_024;
  private static final MemorySettings SETTINGS = MemorySettings.DEFAULTS.with("indexMaxReadBytes", BOUND);

  @TempDir Path dir;

  private MemoryStore store() {
    return MemoryStores.directory(dir, SETTINGS, Clock.systemUTC());
  }

  private byte[] indexPastTheBound() {
    byte[] endless = new byte[4 * BOUND];
    Arrays.fill(endless, (byte) 'x');
    return FileBytes.of("# Memory\n", "- [Gone before](gone-before.md) - within the bound\n", endless,
        "\n- [Gone after](gone-after.md) - past the bound\n");
  }

  @Test
  void theLinesWithinTheBoundAreCheckedAndTheListingSaysWhereTheReadingStopped() throws Exception {
    Path index = dir.resolve(MemoryIndex.FILE_NAME);
    byte[] bytes = indexPastTheBound();
    Files.write(index, bytes);

    MemoryListing listing = store().list();

    assertThat(listing.problems()).extracting(MemoryProblem::reason)
        .anyMatch(r -> r.endsWith("points at missing file gone-before.md"))
        .noneMatch(r -> r.contains("gone-after.md"))
        .anyMatch(r -> r.contains("is " + bytes.length + " bytes, over memory.indexMaxReadBytes (" + BOUND + ")")
            && r.contains("only lines 1-2") && r.contains("from byte " + ("# Memory\n".length()
            + "- [Gone before](gone-before.md) - within the bound\n".length())));
    assertThat(Files.readAllBytes(index)).as("nothing cut from the file").isEqualTo(bytes);
  }

  @Test
  void aWriteLeavesAnIndexPastTheBoundAsItIsAndSaysSo() throws Exception {
    Path index = dir.resolve(MemoryIndex.FILE_NAME);
    byte[] bytes = indexPastTheBound();
    Files.write(index, bytes);

    assertThatThrownBy(() -> store().write(Memory.of("use pnpm", MemoryType.PROJECT, "installs", "Use pnpm.\n")))
        .isInstanceOf(IOException.class)
        .hasMessageContaining(index.toString())
        .hasMessageContaining("over memory.indexMaxReadBytes")
        .hasMessageContaining("nothing was changed");

    assertThat(Files.readAllBytes(index)).isEqualTo(bytes);
    assertThat(store().list().memories()).as("the store as it was").isEmpty();
  }

  @Test
  void anIndexWithinTheBoundIsReadWholeAndWritten() throws Exception {
    MemoryStore store = store();
    store.write(Memory.of("use pnpm", MemoryType.PROJECT, "installs", "Use pnpm.\n"));

    assertThat(store.list().problems()).isEmpty();
    assertThat(Files.readString(dir.resolve(MemoryIndex.FILE_NAME))).contains("use-pnpm.md");
  }
}
