package io.engram.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AppendOnlyLinesTest {
  @TempDir Path dir;

  @Test
  void appendedLinesReadBackInOrderAndTheLastIsFoundFromTheEnd() throws IOException {
    Path file = dir.resolve("log.jsonl");
    assertThat(AppendOnlyLines.read(file)).isEmpty();
    assertThat(AppendOnlyLines.last(file)).isEmpty();
    AppendOnlyLines.append(file, "one");
    AppendOnlyLines.append(file, "two é");
    assertThat(AppendOnlyLines.read(file)).containsExactly("one", "two é");
    assertThat(AppendOnlyLines.last(file)).contains("two é");
    assertThat(AppendOnlyLines.first(file)).contains("one");
    assertThat(Files.readString(file)).isEqualTo("one\ntwo é\n");
  }

  @Test
  void aTornLastLineIsLeftOutOnReadAndCutOffBeforeTheNextAppend() throws IOException {
    Path file = dir.resolve("log.jsonl");
    Files.writeString(file, "one\n{\"half\":");
    assertThat(AppendOnlyLines.read(file)).containsExactly("one");
    assertThat(AppendOnlyLines.last(file)).contains("one");
    AppendOnlyLines.append(file, "two");
    assertThat(Files.readString(file)).isEqualTo("one\ntwo\n");
  }

  @Test
  void theLastLineIsFoundAcrossManyChunks() throws IOException {
    Path file = dir.resolve("log.jsonl");
    String longLine = "x".repeat(30_000);
    AppendOnlyLines.append(file, "first");
    AppendOnlyLines.append(file, longLine);
    assertThat(AppendOnlyLines.last(file)).contains(longLine);
    assertThat(AppendOnlyLines.first(file)).contains("first");
    Files.writeString(file, "only-torn");
    assertThat(AppendOnlyLines.last(file)).isEmpty();
    assertThat(AppendOnlyLines.first(file)).isEmpty();
  }

  @Test
  void aCappedAppendDropsTheOldestLinesDownToHalfTheCap() throws IOException {
    Path file = dir.resolve("log.jsonl");
    for (int i = 0; i < 100; i++) {
      AppendOnlyLines.appendCapped(file, "line-%03d".formatted(i), 200);
      assertThat(Files.size(file)).isLessThanOrEqualTo(200);
    }
    List<String> lines = AppendOnlyLines.read(file);
    assertThat(lines).last().isEqualTo("line-099");
    assertThat(lines).isSortedAccordingTo(String::compareTo).doesNotContain("line-000");
  }

  @Test
  void truncateTakesBackAnAppend() throws IOException {
    Path file = dir.resolve("log.jsonl");
    AppendOnlyLines.append(file, "kept");
    long before = AppendOnlyLines.append(file, "taken back");
    AppendOnlyLines.truncate(file, before);
    assertThat(AppendOnlyLines.read(file)).containsExactly("kept");
  }

  @Test
  void aLineWithABreakOrALinkedFileIsRefused() throws IOException {
    Path file = dir.resolve("log.jsonl");
    assertThatThrownBy(() -> AppendOnlyLines.append(file, "a\nb")).isInstanceOf(IllegalArgumentException.class);
    Path elsewhere = Files.writeString(dir.resolve("elsewhere"), "x\n");
    Path link = Files.createSymbolicLink(dir.resolve("link.jsonl"), elsewhere);
    assertThatThrownBy(() -> AppendOnlyLines.append(link, "y")).isInstanceOf(IOException.class);
    assertThat(Files.readString(elsewhere)).isEqualTo("x\n");
  }
}
