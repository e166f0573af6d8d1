package io.engram.transcript;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.redact.SecretRedactor;
import io.engram.testing.TestResources;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Real recorded sessions of Codex, Gemini CLI, OpenCode and Cursor (see {@code transcripts/README.md} for where each
 * comes from) read into the transcript model. The expected counts were taken from the files by a separate reading
 * of their records: every message the person typed and every tool call the agent made.
 */
class AgentTranscriptsTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      // file, format, session id, typed messages, tool calls, compactions
      "codex/codemie__rollout-2026-05-11T13-28-45-019e1695-0522-7c83-8b39-0dd379793f80.jsonl, CODEX,"
          + " 019e1695-0522-7c83-8b39-0dd379793f80, 3, 38, 0",
      "codex/agentv__rollout-2026-06-26T12-23-52-019f03e0-321f-7eb2-83cc-b54ecd71be23.jsonl, CODEX,"
          + " 019f03e0-321f-7eb2-83cc-b54ecd71be23, 7, 52, 1",
      "gemini/codemie__session-2025-12-01T21-45-5b959dae.json, GEMINI_DOCUMENT,"
          + " 5b959dae-8655-4cd1-b10f-720b8c336ea2, 3, 10, 0",
      "gemini/entire__session-8a7ae754.json, GEMINI_DOCUMENT, 8a7ae754-b89d-49f0-9ea4-84a573764244, 1, 3, 0",
      "gemini/git-ai__session-simple.jsonl, GEMINI, git-ai__session-simple, 1, 4, 0",
      "opencode/entire__ses_2fd419c71ffeqSOLZEn9Pmpv8P.json, OPENCODE_EXPORT, ses_2fd419c71ffeqSOLZEn9Pmpv8P, 2, 21, 0",
      "opencode/nivalis__ses_288a619a2ffe7ERuoRX8IhBLBz.json, OPENCODE_EXPORT, ses_288a619a2ffe7ERuoRX8IhBLBz, 3, 10, 0",
      "opencode/session-bridge__ses_277daa810ffePOBsdfS6gm8uA2.json, OPENCODE_EXPORT, ses_277daa810ffePOBsdfS6gm8uA2,"
          + " 3, 72, 1",
      "cursor/git-ai__cursor-session-simple.jsonl, CURSOR, git-ai__cursor-session-simple, 1, 10, 0",
  })
  void readsEveryTypedMessageAndToolCallOfARecordedSession(String file, TranscriptFormat format, String session,
      int typed, int calls, int compactions) throws Exception {
    Path path = TestResources.path("transcripts/" + file);

    Transcript t = TranscriptReader.read(path);

    assertThat(TranscriptFormat.of(path)).isEqualTo(format);
    assertThat(t.agent()).isEqualTo(format.agent());
    assertThat(t.sessionId()).isEqualTo(session);
    assertThat(t.userMessages()).hasSize(typed);
    assertThat(t.toolCallCount()).isEqualTo(calls);
    assertThat(t.boundaries()).hasSize(compactions);
    assertThat(t.problems()).isEmpty();
    assertThat(SecretRedactor.standard().redact("session " + t.sessionId()).count())
        .as("a session id is not a secret").isZero();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      "codex/codemie__rollout-2026-05-11T13-28-45-019e1695-0522-7c83-8b39-0dd379793f80.jsonl",
      "codex/agentv__rollout-2026-06-26T12-23-52-019f03e0-321f-7eb2-83cc-b54ecd71be23.jsonl",
      "gemini/git-ai__session-simple.jsonl",
      "cursor/git-ai__cursor-session-simple.jsonl",
  })
  void readingOnFromEveryLineGivesWhatOneReadingGives(String file) throws Exception {
    Path path = TestResources.path("transcripts/" + file);
    Transcript whole = TranscriptReader.read(path);

    TranscriptPosition at = TranscriptPosition.START;
    int typed = 0;
    int calls = 0;
    while (true) {
      TranscriptTail tail = TranscriptReader.readFrom(path, at, 1);
      if (tail.bytesRead() == 0) {
        break;
      }
      typed += tail.transcript().userMessages().size();
      calls += tail.transcript().toolCallCount();
      at = tail.to();
    }

    assertThat(typed).isEqualTo(whole.userMessages().size());
    assertThat(calls).isEqualTo(whole.toolCallCount());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      "codex/codemie__rollout-2026-05-11T13-28-45-019e1695-0522-7c83-8b39-0dd379793f80.jsonl",
      "gemini/codemie__session-2025-12-01T21-45-5b959dae.json",
      "opencode/entire__ses_2fd419c71ffeqSOLZEn9Pmpv8P.json",
      "opencode/session-bridge__ses_277daa810ffePOBsdfS6gm8uA2.json",
      "cursor/git-ai__cursor-session-simple.jsonl",
  })
  void namesTheFilesASessionTouchedInTheVocabularyEveryViewReads(String file) throws Exception {
    Transcript t = TranscriptReader.read(TestResources.path("transcripts/" + file));

    List<FileActivity> files = FileActivity.of(t.messages());

    assertThat(files).isNotEmpty();
    assertThat(t.toolCallCounts().keySet()).containsAnyOf("Bash", "Read", "Write", "Edit", "apply_patch");
  }
}
