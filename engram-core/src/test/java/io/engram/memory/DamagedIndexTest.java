package io.engram.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.MemorySettings;
import io.engram.testing.FileBytes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A MEMORY.md damaged on disk, written byte for byte as each damage leaves it: the index a session loads keeps the
 * lines that read as index lines, skips the rest and names each one skipped, and stays within its bounds.
 */
class DamagedIndexTest {
  private static final String GOOD_1 = "- [Use pnpm](use-pnpm.md) - the project installs with pnpm";
  private static final String GOOD_2 = "- [Redis for tests](tests-need-redis.md) - start Redis before mvn verify";

  @TempDir Path dir;

  private IndexText load(byte[] index) throws Exception {
    return load(index, MemorySettings.DEFAULTS);
  }

  private IndexText load(byte[] index, MemorySettings settings) throws Exception {
    Files.write(dir.resolve("MEMORY.md"), index);
    return MemoryStores.directory(dir, settings, Clock.systemUTC()).indexText();
  }

  @Test
  void binaryJunkAmongTheLinesIsSkippedAndTheLinesAroundItLoad() throws Exception {
    byte[] junk = new byte[600];
    new Random(7).nextBytes(junk);
    junk[10] = 0; // a NUL for certain: random bytes hold control characters, whatever they decode to
    byte[] noNewlines = FileBytes.of(new String(junk, StandardCharsets.ISO_8859_1).replace('\n', 'x').replace('\r', 'x')
        .getBytes(StandardCharsets.ISO_8859_1));
    IndexText text = load(FileBytes.of("# Memory\n", GOOD_1, "\n", noNewlines, "\n", GOOD_2, "\n"));
    assertThat(text.text()).isEqualTo("# Memory\n" + GOOD_1 + "\n" + GOOD_2 + "\n");
    assertThat(text.skipped()).singleElement().satisfies(s -> {
      assertThat(s.line()).isEqualTo(3);
      assertThat(s.flaw()).isIn(IndexText.Flaw.NOT_UTF8, IndexText.Flaw.CONTROL_CHARACTERS);
      assertThat(s.source()).isEqualTo(dir.resolve("MEMORY.md").toString());
    });
    assertThat(text.truncated()).as("nothing that read well was cut").isFalse();
    assertThat(text.skipNote()).contains("1 line skipped", "line 3", dir.resolve("MEMORY.md").toString());
  }

  @Test
  void aLineInAnotherEncodingIsSkippedAsNotUtf8() throws Exception {
    byte[] latin1 = "- [Café hours](cafe.md) - the café closes at six".getBytes(StandardCharsets.ISO_8859_1);
    IndexText text = load(FileBytes.of(GOOD_1, "\n", latin1, "\n", GOOD_2, "\n"));
    assertThat(text.text()).isEqualTo(GOOD_1 + "\n" + GOOD_2 + "\n");
    assertThat(text.skipped()).extracting(IndexText.SkippedLine::line, IndexText.SkippedLine::flaw)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(2, IndexText.Flaw.NOT_UTF8));
    assertThat(text.skipNote()).contains("line 2 (not UTF-8 text)", "fix or delete it");
  }

  @Test
  void aFileCutInTheMiddleOfAnEntryOrOfACharacterLoadsTheWholeLinesBefore() throws Exception {
    IndexText cutEntry = load(FileBytes.of(GOOD_1, "\n", GOOD_2, "\n", "- [Deploy on Fridays](deploy-fri"));
    assertThat(cutEntry.text()).isEqualTo(GOOD_1 + "\n" + GOOD_2 + "\n");
    assertThat(cutEntry.skipped()).extracting(IndexText.SkippedLine::flaw).containsExactly(IndexText.Flaw.CUT_SHORT);

    byte[] chinese = "- [部署](deploy.md) - 部署步骤".getBytes(StandardCharsets.UTF_8);
    byte[] cutInACharacter = java.util.Arrays.copyOf(chinese, chinese.length - 1);
    IndexText cutChar = load(FileBytes.of(GOOD_1, "\n", cutInACharacter));
    assertThat(cutChar.text()).isEqualTo(GOOD_1 + "\n");
    assertThat(cutChar.skipped()).extracting(IndexText.SkippedLine::flaw).containsExactly(IndexText.Flaw.NOT_UTF8);

    // A last line without its line end that is whole (an entry, a note) is an index line.
    IndexText whole = load(FileBytes.of(GOOD_1, "\n", GOOD_2));
    assertThat(whole.text()).isEqualTo(GOOD_1 + "\n" + GOOD_2 + "\n");
    assertThat(whole.skipped()).isEmpty();
  }

  @Test
  void aTailOfZeroBytesLeftByACrashIsSkipped() throws Exception {
    // A file system that lost a write on a crash leaves the file's length with its last blocks read as zeros.
    IndexText text = load(FileBytes.of(GOOD_1, "\n", GOOD_2, "\n", new byte[4_096]));
    assertThat(text.text()).isEqualTo(GOOD_1 + "\n" + GOOD_2 + "\n");
    assertThat(text.skipped()).extracting(IndexText.SkippedLine::line, IndexText.SkippedLine::flaw)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(3, IndexText.Flaw.CONTROL_CHARACTERS));
  }

  @Test
  void aHugeLineIsSkippedInsteadOfHidingEveryLineAfterIt() throws Exception {
    String pasted = "x".repeat(2 * 1024 * 1024);
    IndexText text = load(FileBytes.of(GOOD_1, "\n", pasted, "\n", GOOD_2, "\n"));
    assertThat(text.text()).isEqualTo(GOOD_1 + "\n" + GOOD_2 + "\n");
    assertThat(text.skipped()).singleElement().satisfies(s -> {
      assertThat(s.flaw()).isEqualTo(IndexText.Flaw.TOO_LONG);
      assertThat(s.bytes()).isEqualTo(pasted.length());
    });
    assertThat(text.skipNote()).contains("longer than memory.indexMaxLineBytes: 2,097,152 bytes");
    assertThat(text.totalBytes()).isEqualTo(GOOD_1.length() + GOOD_2.length() + pasted.length() + 3);

    IndexText bounded = load(FileBytes.of(GOOD_1, "\n", "y".repeat(200), "\n", GOOD_2, "\n"),
        MemorySettings.DEFAULTS.with("indexMaxLineBytes", 100));
    assertThat(bounded.text()).isEqualTo(GOOD_1 + "\n" + GOOD_2 + "\n");
  }

  @Test
  void aFileOfRandomBytesLoadsWithinTheBoundsAndNamesAFewOfItsLinesAndCountsTheRest() throws Exception {
    byte[] random = new byte[3 * 1024 * 1024];
    new Random(11).nextBytes(random);
    IndexText text = load(random);
    assertThat(text.loadedBytes()).isLessThanOrEqualTo(MemorySettings.DEFAULTS.indexMaxBytes());
    assertThat(text.loadedLines()).isLessThanOrEqualTo(MemorySettings.DEFAULTS.indexMaxLines());
    assertThat(text.text().chars()).noneMatch(c -> c < ' ' && c != '\n' && c != '\t');
    assertThat(text.skipped()).hasSizeGreaterThan(1_000);
    assertThat(text.skipNote()).contains("and " + String.format("%,d", text.skipped().size() - 5) + " more");
    assertThat(text.skipNote().length()).isLessThan(1_000);
  }

  @Test
  void windowsLineEndsAndAByteOrderMarkAreNoDamage() throws Exception {
    IndexText text = load(FileBytes.of(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, GOOD_1, "\r\n", GOOD_2, "\r\n"));
    assertThat(text.text()).isEqualTo(GOOD_1 + "\n" + GOOD_2 + "\n");
    assertThat(text.skipped()).isEmpty();
    assertThat(text.totalLines()).isEqualTo(2);
  }

  @Test
  void theProjectAndUserIndexesAreReadAsOneAndEachDamagedLineNamesItsFile() throws Exception {
    Path home = Files.createDirectories(dir.resolve("home"));
    Path project = Files.createDirectories(dir.resolve("project"));
    var roots = new io.engram.config.EngramRoots(home, dir.resolve("user"), project);
    ProjectMemory memory = MemoryStores.open(roots, io.engram.config.EngramSettings.DEFAULTS);
    Files.createDirectories(memory.location().projectDir());
    Files.createDirectories(memory.location().userDir());
    Files.write(memory.location().projectDir().resolve("MEMORY.md"), FileBytes.of(GOOD_1, "\n", new byte[] {0, 1, 2}));
    Files.write(memory.location().userDir().resolve("MEMORY.md"), FileBytes.of(GOOD_2, "\n"));
    IndexText text = memory.indexText();
    assertThat(text.text()).isEqualTo(GOOD_1 + "\n" + GOOD_2 + "\n");
    assertThat(text.skipped()).singleElement().satisfies(s -> assertThat(s.source())
        .isEqualTo(memory.location().projectDir().resolve("MEMORY.md").toString()));
  }
}
