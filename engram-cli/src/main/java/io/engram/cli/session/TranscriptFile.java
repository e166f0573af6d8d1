package io.engram.cli.session;

import io.engram.cli.UserFacingException;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Parameters;

/**
 * The {@code TRANSCRIPT} parameter of every command that reads an agent's transcript
 * ({@code @Mixin TranscriptFile transcript}), and its reading: a missing or unreadable file is an error
 * that names it.
 */
public final class TranscriptFile {
  @Parameters(index = "0", paramLabel = "TRANSCRIPT", description = "A Claude Code transcript (.jsonl).")
  Path file;

  /** The file as given. */
  public Path path() {
    return file;
  }

  /** The transcript, under its own session id. */
  public Transcript read() {
    return read(Optional.empty());
  }

  /** The transcript, under {@code sessionId} when one is given ({@code --session}), else its own. */
  public Transcript read(Optional<String> sessionId) {
    TranscriptReader.whyNotATranscript(file).ifPresent(why -> {
      throw new UserFacingException(why);
    });
    Transcript t;
    try {
      t = TranscriptReader.read(file);
    } catch (IOException e) {
      throw new UserFacingException("cannot read transcript " + file + ": " + e.getMessage());
    }
    if (sessionId.isEmpty() || sessionId.get().equals(t.sessionId())) {
      return t;
    }
    return new Transcript(sessionId.get(), t.agentId(), t.messages(), t.boundaries(), t.subagents(),
        t.summaries(), t.recordCounts(), t.problems());
  }
}
