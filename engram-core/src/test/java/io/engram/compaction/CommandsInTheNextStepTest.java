package io.engram.compaction;

import static io.engram.compaction.ToolCalls.call;
import static io.engram.compaction.ToolCalls.result;
import static org.assertj.core.api.Assertions.assertThat;

import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the agent's shell commands add to the next step beyond the files it read and wrote: the files it ran. */
class CommandsInTheNextStepTest {
  // The person asks for a fix; the agent reads the entry point, then five other files.
  private static List<TranscriptMessage> readingSixFiles() {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.text(Role.USER, "The CLI exits with 1 on every command, find out why."));
    ms.add(call("r0", "Read", "file_path", "/w/src/bin/cli.ts"));
    ms.add(result("r0", "import { run } from './lib'", false));
    for (String name : List.of("lib.ts", "config.ts", "flags.ts", "plugins.ts", "output.ts")) {
      ms.add(call("r-" + name, "Read", "file_path", "/w/src/bin/" + name));
      ms.add(result("r-" + name, "export {}", false));
    }
    return ms;
  }

  @Test
  void aScriptTheAgentRanIsAmongTheFilesItTouchedLast() {
    List<TranscriptMessage> ms = readingSixFiles();
    assertThat(Conversation.of(ms, 0, 25).state().next()).doesNotContain("cli.ts");
    ms.add(call("b1", "Bash", "command", "bun ./src/bin/cli.ts --version 2>&1"));
    ms.add(result("b1", "Exit code 1\nerror: Cannot find module '@app/core'", true));
    assertThat(Conversation.of(ms, 0, 25).state().next()).contains("The files it touched last: `bin/cli.ts`");
  }

  @Test
  void aTestFileGivenToItsRunnerIsAFileTheAgentWorksOnAndADirectoryIsNot() {
    List<TranscriptMessage> ms = readingSixFiles();
    ms.add(call("b1", "Bash", "command", "cd /w && bun test src/plugin.test.ts src/ 2>&1 | tail -30"));
    ms.add(result("b1", "3 pass\n0 fail", false));
    String next = Conversation.of(ms, 0, 25).state().next();
    assertThat(next).contains("`src/plugin.test.ts`").doesNotContain("`w/src`");
  }

  @Test
  void aFileOnlyLookedAtOrWrittenAsACommandsOutputIsNotOneTheAgentRan() {
    List<TranscriptMessage> ms = readingSixFiles();
    ms.add(call("b1", "Bash", "command", "git log --oneline -- src/bin/cli.ts && echo notes.md"));
    ms.add(result("b1", "abc123 first", false));
    ms.add(call("b2", "Bash", "command", "go tool cover -html=cover.out -o coverage.html && python gen.py > out.json"));
    ms.add(result("b2", "", false));
    String next = Conversation.of(ms, 0, 25).state().next();
    String files = next.substring(next.indexOf("The files it touched last:"), next.indexOf("The commands it ran last"));
    assertThat(files).contains("`gen.py`").doesNotContain("cli.ts").doesNotContain("notes.md")
        .doesNotContain("coverage.html");
  }
}
