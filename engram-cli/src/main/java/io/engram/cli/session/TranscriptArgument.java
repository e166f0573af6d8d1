package io.engram.cli.session;

import io.engram.cli.UserFacingException;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Reads the transcript a command was given, optionally under another session id. */
final class TranscriptArgument {
  private TranscriptArgument() {}

  static Transcript read(Path file, Optional<String> sessionId) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new UserFacingException("transcript not found: " + file);
    }
    Transcript t = TranscriptReader.read(file);
    if (sessionId.isEmpty() || sessionId.get().equals(t.sessionId())) {
      return t;
    }
    return new Transcript(sessionId.get(), t.agentId(), t.messages(), t.boundaries(), t.subagents(),
        t.summaries(), t.recordCounts(), t.problems());
  }
}
