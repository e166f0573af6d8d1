package io.engram.compaction;

import static io.engram.compaction.ToolCalls.call;
import static io.engram.compaction.ToolCalls.result;
import static org.assertj.core.api.Assertions.assertThat;

import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A build that fails again after the agent fixed what its first report named: the compiler's latest report names the
 * next file to fix, and the next step names it first, whatever the earlier reports said.
 */
class TheLatestFailureInTheNextStepTest {
  private static final String FIRST = "Failed frontend command:\n"
      + "/w/Sources/Metrics/MeterProviderSdk.swift:46:9: error: cannot convert value of type 'Int64' to 'UInt64'\n"
      + "/w/Sources/Metrics/MeterProviderSdk.swift:52:9: error: cannot convert value of type 'Int64' to 'UInt64'\n"
      + "/w/Sources/Trace/SpanSdk.swift:10:3: error: cannot convert value of type 'Int64' to 'UInt64'\n"
      + "** BUILD FAILED **";

  private static List<TranscriptMessage> session(String latest) {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.text(Role.USER, "Deploy the app to my phone."));
    ms.add(call("b1", "Bash", "command", "./scripts/deploy-phone.sh --launch 2>&1 | tail -30"));
    ms.add(result("b1", FIRST, true));
    ms.add(call("e1", "Edit", "file_path", "/w/Sources/Metrics/MeterProviderSdk.swift"));
    ms.add(result("e1", "updated", false));
    ms.add(call("e2", "Edit", "file_path", "/w/Sources/Trace/SpanSdk.swift"));
    ms.add(result("e2", "updated", false));
    ms.add(call("b2", "Bash", "command", "./scripts/deploy-phone.sh --launch 2>&1 | tail -30"));
    ms.add(result("b2", latest, true));
    return ms;
  }

  @Test
  void theFileTheLatestReportNamesComesFirstAmongTheFilesOfTheFix() {
    String next = Conversation.of(session("Failed frontend command:\n/w/Sources/Common/Clock.swift:16:59: error: "
        + "cannot convert value of type 'Int64' to 'UInt64'\n** BUILD FAILED **"), 0, 25).state().next();
    assertThat(next).startsWith("Fix what makes `deploy-phone.sh 2>&1` fail")
        .contains("The files it touched last: `Clock.swift`, `MeterProviderSdk.swift`, ");
  }

  @Test
  void aFailureThatRepeatsTheFirstReportNamesTheFilesItNamed() {
    String next = Conversation.of(session(FIRST), 0, 25).state().next();
    assertThat(next).contains("The files it touched last: `MeterProviderSdk.swift`, `scripts/deploy-phone.sh`, ")
        .doesNotContain("Clock.swift");
  }
}
