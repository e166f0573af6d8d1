package io.engram.examples.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.examples.scripted.RememberingResponder;
import io.engram.examples.scripted.ScriptedOpenAiServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RememberingAgentTest {
  @Test
  void tuesdaysConversationRecallsWhatMondaysTaught(@TempDir Path home, @TempDir Path project) throws Exception {
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    try (ScriptedOpenAiServer server = ScriptedOpenAiServer.start()) {
      server.otherwise(new RememberingResponder());
      RememberingAgent.run(home, project, server.baseUrl(), "offline",
          new PrintStream(printed, true, StandardCharsets.UTF_8));
    }

    String out = printed.toString(StandardCharsets.UTF_8);
    assertThat(out).contains("[tuesday] agent: From what I remember:").contains("./deploy.sh --canary");
  }
}
