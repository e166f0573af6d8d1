package io.engram.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResumedTranscriptTest {
  @TempDir Path dir;

  private static String record(String session, String uuid) {
    return "{\"type\":\"user\",\"uuid\":\"" + uuid + "\",\"sessionId\":\"" + session
        + "\",\"message\":{\"role\":\"user\",\"content\":\"hello\"}}\n";
  }

  @Test
  void theOwnerIsTheFirstRecordThatNamesASessionAndTheRestIsNotRead() throws IOException {
    Path t = dir.resolve("t.jsonl");
    // Garbage after the head: reading past the owner's record would not find a session in it anyway,
    // but a reader that parsed the whole file would still spend its time there.
    Files.writeString(t, "{\"type\":\"summary\",\"summary\":\"x\"}\n" + record("s1", "u1") + "not json\n".repeat(50));
    assertThat(ResumedTranscript.owner(t, 1 << 20)).contains("s1");
    Path late = dir.resolve("late.jsonl");
    Files.writeString(late, "{\"type\":\"progress\"}\n".repeat(20_000) + record("s1", "u1"));
    assertThat(ResumedTranscript.owner(late, 100_000)).isEmpty();
  }

  @Test
  void aResumingSessionIsFoundAmongTheNewestRecordsWithoutReadingTheHead() throws IOException {
    Path t = dir.resolve("t.jsonl");
    byte[] head = (record("s1", "u1") + record("s1", "u2")).getBytes(StandardCharsets.UTF_8);
    String tail = record("s2", "u3") + record("s2", "u4");
    // The head is not valid UTF-8 JSON at all once the tail is there: only the end may be read.
    byte[] garbage = new byte[300_000];
    java.util.Arrays.fill(garbage, (byte) 0xff);
    Files.write(t, head);
    Files.write(t, garbage, java.nio.file.StandardOpenOption.APPEND);
    Files.writeString(t, "\n" + tail, java.nio.file.StandardOpenOption.APPEND);
    assertThat(ResumedTranscript.holds(t, "s2", tail.length() + 1)).isTrue();
    assertThat(ResumedTranscript.holds(t, "s3", 1 << 20)).isFalse();
    // s1 is in the head, beyond the bound.
    assertThat(ResumedTranscript.holds(t, "s1", 100_000)).isFalse();
    assertThat(ResumedTranscript.holds(t, "s1", 1 << 20)).isTrue();
  }

  @Test
  void aRecordLongerThanAReadBlockIsStillRecognised() throws IOException {
    Path t = dir.resolve("t.jsonl");
    String big = "{\"type\":\"user\",\"sessionId\":\"s2\",\"message\":{\"role\":\"user\",\"content\":\""
        + "x".repeat(200_000) + "\"}}\n";
    Files.writeString(t, record("s1", "u1") + big + "{\"type\":\"progress\"}\n");
    assertThat(ResumedTranscript.holds(t, "s2", 1 << 20)).isTrue();
    assertThat(ResumedTranscript.holds(t, "s2", 1_000)).isFalse();
  }
}
