package io.engram.cli.session;

import io.engram.cli.global.UserFacingException;
import io.engram.fs.ErrorText;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptPosition;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Parameters;

/**
 * The {@code TRANSCRIPT} parameter of every command that reads an agent's transcript
 * ({@code @Mixin TranscriptFile transcript}), and its reading: a missing or unreadable file, or one that holds no
 * agent's records at all, is an error that names it.
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

  /**
   * The session id to work under: {@code sessionId} when one is given ({@code --session}), else the id the file's
   * first records name (its reader's, as {@link #read()} finds it), read from its first piece only: a command that
   * goes on to read the file in bounded pieces never holds it whole. Either way the file is checked as {@link
   * #read()} checks it, so a file that is no transcript is refused with an id given too.
   */
  public String sessionId(Optional<String> sessionId) {
    Transcript head = readChecked(f -> {
      Transcript piece = TranscriptReader.readFrom(f, TranscriptPosition.START, HEAD_BYTES).transcript();
      // Read in pieces, a last line without its line break waits to be finished; a file that holds nothing else
      // (one line of anything, never ended) is read whole, so that it is judged on that line.
      boolean nothingRead = piece.messages().isEmpty() && piece.recordCounts().isEmpty()
          && piece.boundaries().isEmpty() && piece.problems().isEmpty();
      return nothingRead && Files.size(f) > 0 ? TranscriptReader.read(f) : piece;
    });
    return sessionId.orElseGet(head::sessionId);
  }

  /** How much of a transcript is read for its session id: the record naming it comes first. */
  private static final long HEAD_BYTES = 1 << 20;

  /** The transcript, under {@code sessionId} when one is given ({@code --session}), else its own. */
  public Transcript read(Optional<String> sessionId) {
    Transcript t = readChecked(TranscriptReader::read);
    return sessionId.map(t::withSessionId).orElse(t);
  }

  /** What {@code how} reads of the file, once it is known to be a transcript; a failure is the user's to read. */
  private Transcript readChecked(Reading how) {
    TranscriptReader.whyNotATranscript(file).ifPresent(why -> {
      throw new UserFacingException(why);
    });
    Transcript t;
    try {
      t = how.from(file);
    } catch (IOException e) {
      throw new UserFacingException("cannot read transcript " + file + ": " + ErrorText.reason(e));
    }
    notATranscript(t).ifPresent(why -> {
      throw new UserFacingException(file + " is not a transcript: " + why);
    });
    return t;
  }

  /**
   * Why what was read is no transcript at all, when it is not: it has lines, and not one of them is a record an agent
   * writes (no message, no record of any type, no compaction), as in {@code /etc/passwd} or a JSON file of something
   * else. Every command would otherwise report an empty session and exit 0. An empty file is an empty session, and a
   * session of records without messages (titles only, say) is still a session.
   */
  static Optional<String> notATranscript(Transcript t) {
    if (t.problems().isEmpty() || !t.messages().isEmpty() || !t.recordCounts().isEmpty()
        || !t.boundaries().isEmpty()) {
      return Optional.empty();
    }
    int n = t.problems().size();
    return Optional.of((n == 1 ? "its one line is not" : "none of its " + n + " lines is") + " a record of Claude Code,"
        + " Codex, Gemini CLI, OpenCode or Cursor (" + t.problems().get(0) + ")");
  }

  /** One way of reading a transcript file: whole, or its first piece. */
  private interface Reading {
    Transcript from(Path file) throws IOException;
  }
}
