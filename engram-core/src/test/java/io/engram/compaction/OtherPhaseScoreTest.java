package io.engram.compaction;

import static io.engram.compaction.ToolCalls.call;
import static io.engram.compaction.SameRepositoryScoreTest.result;
import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramSettings;
import io.engram.instructions.LoadedInstructions;
import io.engram.model.ModelRouter;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.Role;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The score of a summary against a session of a project worked through in numbered phases, one session each, where
 * every session is asked the same thing but for its phase number: another phase's summary shares the files, the
 * words and the request, and only the number tells it apart. It stays under the retry band; this session's summary
 * passes.
 */
class OtherPhaseScoreTest {
  private static final String ASKED = "Now realign to the Review and Mitigation_plan files in docs and check all the"
      + " changes made in phase 6 for consistency, correctness and logic errors.";

  @TempDir Path home;

  /** The audit of phase 6: the governance documents read, one route fixed, the report still to write. */
  private static List<TranscriptMessage> audit() {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(call("r1", "Read", "file_path", "/w/docs/Mitigation_plan.md"));
    ms.add(result("r1", "## Phase 6: results\n6.4 QC gates in approve/route.ts and final-qc.ts\n## Phase 11: polish"));
    ms.add(call("r2", "Read", "file_path", "/w/docs/REVIEW.md"));
    ms.add(result("r2", "Findings of every phase: W11 dataset download, I-5 seccomp."));
    ms.add(TranscriptMessage.text(Role.ASSISTANT, "Phase 6 item 6.4 asks for the QC gates in final-qc.ts as well;"
        + " approve/route.ts counts completed analyses, not tables."));
    ms.add(call("e1", "Edit", "file_path", "/w/apps/web/app/api/approve/route.ts"));
    ms.add(result("e1", "updated"));
    ms.add(TranscriptMessage.text(Role.ASSISTANT, "The approve route now counts tables. Next I'll add the phase 6"
        + " QC gates to finalQC in final-qc.ts and then write the phase 6 audit section of Mitigation_implementation.md."));
    return ms;
  }

  private static Transcript asked() {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.text(Role.USER, ASKED));
    ms.addAll(audit());
    return Transcript.ofMessages("s6", ms);
  }

  /** The same audit in a segment that opens with the summary of an earlier compaction, which carries the request. */
  private static Transcript carried() {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.builder(Role.USER, List.of(new ContentBlock.Text("This session is being continued from a previous conversation that ran"
        + " out of context. The summary below covers the earlier portion of the conversation.\n\nSummary:\n"
        + "1. Primary Request and Intent:\nImplement phase 6 of the plan, then audit it.\n\n6. All user messages:\n"
        + "   - \"Implement the following plan: phase 6, results and QC gates\"\n   - \"" + ASKED + "\"\n\n"
        + "7. Pending Tasks:\n   - The audit.\n"))).compactSummary(true).build());
    ms.addAll(audit());
    return Transcript.ofMessages("s6", ms);
  }

  /** This session's summary: the route it fixed, the QC gates still to add. */
  private static String summary() {
    return summary(6, "- approve/route.ts counted completed analyses, not tables: fixed.",
        "- docs/Mitigation_plan.md, docs/REVIEW.md read; approve/route.ts changed; final-qc.ts to change.");
  }

  /** The summary of the session before: the phase 11 audit, which fixed the lint and the figure gallery. */
  private static String otherPhases() {
    return summary(11, "- eslint reported 19 warnings in figure-gallery.tsx: fixed.",
        "- docs/Mitigation_plan.md, docs/REVIEW.md read; figure-gallery.tsx and eslint.config.mjs changed;"
            + " final-qc.ts to change.");
  }

  private static String summary(int phase, String errors, String files) {
    String p = "phase " + phase;
    return "<summary>\n1. Primary Request and Intent:\nThe user asked to check all the changes made in " + p
        + " against the Review and Mitigation_plan files for consistency, correctness and logic errors.\n\n"
        + "2. Key Technical Concepts:\n- QC gates: figures and tables counted before a phase is approved.\n\n"
        + "3. Files and Code Sections:\n" + files + "\n\n4. Errors and fixes:\n" + errors + "\n\n"
        + "5. Problem Solving:\nEach " + p + " item of Mitigation_plan.md was checked against the code.\n\n"
        + "6. All user messages:\n- \"Now realign to the Review and Mitigation_plan files in docs and check all the"
        + " changes made in " + p + " for consistency, correctness and logic errors.\"\n\n"
        + "7. Pending Tasks:\n- Add the " + p + " QC gates to finalQC in final-qc.ts.\n- Write the " + p
        + " audit section of Mitigation_implementation.md.\n\n"
        + "8. Current Work:\nThe " + p + " audit: the QC gates are still missing from final-qc.ts.\n\n"
        + "9. Optional Next Step:\nAdd the " + p + " QC gates to finalQC in final-qc.ts, then write the " + p
        + " audit section of Mitigation_implementation.md.\n</summary>\n";
  }

  private SessionCompaction compaction() {
    return new SessionCompaction(EngramSettings.DEFAULTS, ModelRouter.offline(), home, LoadedInstructions::empty);
  }

  @Test
  void anotherPhasesSummaryOfTheSameRequestStaysUnderSeventy() {
    assertThat(compaction().score(asked(), otherPhases()).total()).isLessThan(70);
    assertThat(compaction().score(asked(), summary()).total()).isGreaterThanOrEqualTo(80);
  }

  @Test
  void aSegmentThePersonHasNotSpokenInIsJudgedOnTheRequestItsOpeningSummaryCarried() {
    CompactionScore other = compaction().score(carried(), otherPhases());
    assertThat(other.total()).isLessThan(70);
    assertThat(other.evidence().continuityMissing()).anyMatch(m -> m.contains("phase 11, not phase 6"));
    assertThat(compaction().score(carried(), summary()).total()).isGreaterThanOrEqualTo(80);
  }
}
