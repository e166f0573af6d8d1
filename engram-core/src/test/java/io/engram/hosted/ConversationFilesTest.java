package io.engram.hosted;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConversationFilesTest {
  @TempDir Path home;
  @TempDir Path project;

  private HostedMemory memory() throws IOException {
    return HostedMemory.builder(home, project).build();
  }

  @Test
  void everyStringIsRedactedBeforeItReachesDisk() throws IOException {
    ConversationFiles files = memory().conversations();
    files.write("chat/1", "[{\"type\":\"USER\",\"text\":\"my key is AKIAIOSFODNN7EXAMPLE ok\","
        + "\"nested\":{\"list\":[\"password=hunter2hunter2\"]}}]");

    String onDisk = Files.readString(files.directory().resolve(memory().sessionId("chat/1") + ".json"));
    assertThat(onDisk).doesNotContain("AKIAIOSFODNN7EXAMPLE").doesNotContain("hunter2hunter2");
    assertThat(files.read("chat/1")).hasValueSatisfying(json -> assertThat(json).contains("my key is"));
  }

  @Test
  void conversationsAreListedByTheFrameworksIds() throws IOException {
    ConversationFiles files = memory().conversations();
    files.write("alice's chat", "[]");
    files.write("bob/../../etc", "[]");

    assertThat(files.ids()).containsExactlyInAnyOrder("alice's chat", "bob/../../etc");
    assertThat(files.directory().resolve("../../etc")).doesNotExist();
    assertThat(files.delete("alice's chat")).isTrue();
    assertThat(files.read("alice's chat")).isEmpty();
  }

  @Test
  void messagesThatAreNotJsonAreRefusedAndWhatWasStoredIsKept() throws IOException {
    ConversationFiles files = memory().conversations();
    files.write("c", "[{\"text\":\"first\"}]");

    assertThatThrownBy(() -> files.write("c", "[{\"text\":"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("conversation 'c' are not JSON");
    assertThat(files.read("c")).hasValueSatisfying(json -> assertThat(json).contains("first"));
  }

  @Test
  void theSameConversationIdInTwoProjectsIsTwoSessions(@TempDir Path other) throws IOException {
    HostedMemory second = HostedMemory.builder(home, other).build();

    assertThat(memory().sessionId("default")).isNotEqualTo(second.sessionId("default"))
        .matches("conv-[0-9a-f]{24}");
  }
}
