package io.engram.examples.springai;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RememberingChatApplicationTest {
  @Test
  void tuesdaysConversationRecallsWhatMondaysTaught(@TempDir Path home, @TempDir Path project) throws Exception {
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    PrintStream stdout = System.out;
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      RememberingChatApplication.main(new String[] {"--engram.home=" + home, "--engram.project=" + project,
          "--spring.main.banner-mode=off", "--logging.level.root=warn"});
    } finally {
      System.setOut(stdout);
    }

    String out = printed.toString(StandardCharsets.UTF_8);
    assertThat(out).contains("[tuesday] agent: From what I remember:").contains("./deploy.sh --canary");
  }
}
