package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Key information reads the person's messages by what they said ({@link OwnWords}): the instruction a summary keeps,
 * the files they named and the keywords are their own lines', never a pasted log's or a plug-in's.
 */
class KeyInformationFromOwnWordsTest {
  private static final String PASTED = """
      tela do criar barbeiro nao salva

      index-DhFBlxF1.js:451 API error, simulating success: TypeError: Se.createBarber is not a function
          at d (index-DhFBlxF1.js:451:131016)
          at Object.TC (index-DhFBlxF1.js:37:9864)
          at MC (index-DhFBlxF1.js:37:10018)
      barbershop_id=33d1f7b1 total_tokens=1810 @ index-DhFBlxF1.js:37
      """;

  private static KeyInformation key(String... said) {
    List<TranscriptMessage> ms = new java.util.ArrayList<>();
    for (String s : said) {
      ms.add(TranscriptMessage.text(Role.USER, s));
      ms.add(TranscriptMessage.text(Role.ASSISTANT, "Looking at it."));
    }
    return Conversation.of(ms, 0, 25).key();
  }

  @Test
  void theInstructionIsThePersonsLineAndAPastedStackNamesNoFileOrKeyword() {
    KeyInformation key = key(PASTED, "also update src/pages/Barbers.tsx so the form shows the error");

    assertThat(key.of(KeyKind.USER_INSTRUCTIONS)).containsExactly("tela do criar barbeiro nao salva",
        "also update src/pages/Barbers.tsx so the form shows the error");
    assertThat(key.of(KeyKind.FILE_NAMES)).containsExactly("src/pages/Barbers.tsx");
    assertThat(key.of(KeyKind.TECHNICAL_KEYWORDS)).doesNotContain("barbershop_id", "total_tokens", "Se.createBarber");
  }

  @Test
  void aSummaryThatTellsThePersonsLineKeepsTheInstruction() {
    KeyMatcher summary = new KeyMatcher("6. All user messages:\n- \"tela do criar barbeiro nao salva\" (pasted a"
        + " browser console trace)", 0.6);

    assertThat(key(PASTED).of(KeyKind.USER_INSTRUCTIONS))
        .allMatch(i -> summary.preserved(KeyKind.USER_INSTRUCTIONS, i));
  }

  @Test
  void aPluginsPromptAsksForNothing() {
    String observer = "Hello memory agent, you are continuing to observe the primary Claude session.\n\n"
        + "<observed_from_primary_session>\n  <user_request>switch to cloud</user_request>\n"
        + "</observed_from_primary_session>\n\nYou are a Claude-Mem, a specialized observer tool for creating"
        + " searchable memory FOR FUTURE SESSIONS.\n" + "Record what was LEARNED, BUILT, FIXED or DEPLOYED.\n".repeat(30);

    KeyInformation key = key(observer);

    assertThat(key.of(KeyKind.USER_INSTRUCTIONS)).isEmpty();
    assertThat(key.of(KeyKind.TECHNICAL_KEYWORDS)).doesNotContain("observed_from_primary_session", "user_request");
  }

  @Test
  void opaqueIdsCommitTypesAndStyleValuesAreNoKeywords() {
    String text = """
        Send it to ou_5f7c45db2e8a91c07b3d and ou_5f7c45db2e8a91c07b3d again, then read a8b0207b849d045d5.output.
        Commit as feat(api): add pairing and fix(api): retry, style with var(--gap) and var(--gap).
        Call compact() then compact() and merge_rows twice: merge_rows, base64Encode and base64Encode.
        Pair with MDN5KH3T, then MDN5KH3T.
        """;

    assertThat(TechnicalKeywords.extract(text, 25)).contains("compact", "merge_rows", "base64Encode")
        .doesNotContain("ou_5f7c45db2e8a91c07b3d", "a8b0207b849d045d5.output", "feat", "fix", "var", "MDN5KH3T");
  }
}
