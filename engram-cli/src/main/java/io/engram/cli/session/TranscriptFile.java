package io.engram.cli.session;

import io.engram.cli.global.UserFacingException;
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
  @Parameters(index = "0", paramLabel = "TRANSCRIPT", description = "A session file of Claude Code, Codex, Gemini CLI, OpenCode (opencode export) or Cursor, or one"
      + " SpecStory saved (.specstory/history/*.md).")
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
    return sessionId.map(t::withSessionId).orElse(t);
  }
}
