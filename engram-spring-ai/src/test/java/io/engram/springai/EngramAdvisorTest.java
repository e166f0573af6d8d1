package io.engram.springai;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.hosted.HostedMemory;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.chat.prompt.PromptTemplate;

class EngramAdvisorTest {
  @Test
  void aPromptTemplateWithoutBothPlaceholdersIsRefusedNamingTheMissingOne(@TempDir Path home, @TempDir Path project)
      throws Exception {
    try (HostedMemory memory = HostedMemory.builder(home, project).build()) {
      EngramAdvisor.Builder builder = EngramAdvisor.builder(memory);

      assertThatThrownBy(() -> builder.promptTemplate(new PromptTemplate("{query} and nothing else")))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[memories]");
    }
  }
}
