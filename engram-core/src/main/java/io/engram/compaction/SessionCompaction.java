package io.engram.compaction;

import io.engram.config.EngramSettings;
import io.engram.context.ContextWindow;
import io.engram.instructions.LoadedInstructions;
import io.engram.model.ModelRouter;
import io.engram.notes.NotesStore;
import io.engram.notes.SessionNotes;
import io.engram.notes.StoredNotes;
import io.engram.tokens.JtokkitTokenCounter;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Compaction of a session, the one entry point every surface calls ({@code engram compact}, the MCP
 * {@code compact} tool, the demo): reads the transcript, takes its current segment (the messages after
 * its last compaction), reuses the session notes Engram kept for the session when they end inside that
 * segment, adds the instruction files to re-inject, and compacts with the window and token counter of
 * the session's model, through the router on the session's own ledger.
 *
 * <p>Every surface prints the {@link CompactionResult} it returns; its JSON form (restored files by
 * path, score and tokens, no file contents) is the same wherever it is produced.
 */
public final class SessionCompaction {
  private final EngramSettings settings;
  private final ModelRouter router;
  private final NotesStore notes;
  private final Supplier<LoadedInstructions> instructions;

  /**
   * A compaction entry point.
   *
   * @param settings every section the compactor reads (compaction, context, model)
   * @param router the configured model or the offline engine; each call runs on the transcript's session
   * @param engramHome where the session notes are kept ({@code <home>/sessions/<id>/})
   * @param instructions the instruction files to re-inject, loaded afresh on each call
   */
  public SessionCompaction(EngramSettings settings, ModelRouter router, Path engramHome,
      Supplier<LoadedInstructions> instructions) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.router = Objects.requireNonNull(router, "router");
    this.notes = new NotesStore(Objects.requireNonNull(engramHome, "engramHome"));
    this.instructions = Objects.requireNonNull(instructions, "instructions");
  }

  /**
   * What a caller asks of one compaction.
   *
   * @param customInstructions the user's instructions ({@code /compact focus on X}), or blank
   * @param notes which session notes stand for the start of the segment
   * @param automatic true for an automatic compaction (the model runs in the background, under the cost
   *     caps), false when the user asked for it
   */
  public record Request(String customInstructions, Notes notes, boolean automatic) {
    public Request {
      customInstructions = customInstructions == null ? "" : customInstructions;
      Objects.requireNonNull(notes, "notes");
    }

    /** A compaction the user asked for, with {@code customInstructions}, reusing the notes Engram kept. */
    public static Request userRequested(String customInstructions) {
      return new Request(customInstructions, Notes.KEPT, false);
    }

    /** This request with other notes. */
    public Request withNotes(Notes chosen) {
      return new Request(customInstructions, chosen, automatic);
    }

    /** This request as an automatic compaction. */
    public Request asAutomatic() {
      return new Request(customInstructions, notes, true);
    }
  }

  /** Which session notes stand for the first messages of the segment; only the rest is summarised. */
  public sealed interface Notes {
    /**
     * The notes Engram kept for the transcript's session, when the last message they cover is in the
     * segment; notes of an earlier segment or of another transcript are not reused.
     */
    Notes KEPT = new Kept();

    /** No notes: the whole segment is summarised. */
    Notes NONE = new None();

    /** See {@link #KEPT}. */
    record Kept() implements Notes {}

    /** See {@link #NONE}. */
    record None() implements Notes {}

    /**
     * Notes given by the caller, covering the segment up to and including the message {@code throughUuid};
     * a uuid not in the segment is an error.
     */
    record Given(SessionNotes notes, String throughUuid) implements Notes {
      public Given {
        Objects.requireNonNull(notes, "notes");
        Objects.requireNonNull(throughUuid, "throughUuid");
      }
    }
  }

  /**
   * Reads the Claude Code transcript at {@code file} and compacts it.
   *
   * @throws IOException when there is no such file, it cannot be read, or the kept notes cannot be read
   * @throws IllegalArgumentException when the transcript holds no message, or given notes cover a message
   *     that is not in the segment
   */
  public CompactionResult compact(Path file, Request request) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new IOException("no transcript file at " + file);
    }
    Transcript transcript;
    try {
      transcript = TranscriptReader.read(file);
    } catch (IOException e) {
      throw new IOException("cannot read transcript " + file + ": " + e.getMessage(), e);
    }
    if (transcript.messages().isEmpty()) {
      throw new IllegalArgumentException("transcript " + file + " holds no messages");
    }
    return compact(transcript, request);
  }

  /**
   * Compacts the current segment of {@code transcript}; see the class comment.
   *
   * @throws IOException when the kept notes cannot be read
   * @throws IllegalArgumentException when the transcript holds no message, or given notes cover a message
   *     that is not in the segment
   */
  public CompactionResult compact(Transcript transcript, Request request) throws IOException {
    return compact(transcript, request, CompactionProgress.NONE);
  }

  /**
   * Compacts the current segment of {@code transcript}, telling {@code progress} of each stage; a {@link
   * java.util.concurrent.CancellationException} it throws stops the compaction.
   *
   * @throws IOException when the kept notes cannot be read
   * @throws IllegalArgumentException when the transcript holds no message, or given notes cover a message
   *     that is not in the segment
   */
  public CompactionResult compact(Transcript transcript, Request request, CompactionProgress progress)
      throws IOException {
    if (transcript.messages().isEmpty()) {
      throw new IllegalArgumentException("the transcript of session " + transcript.sessionId()
          + " holds no messages");
    }
    String model = transcript.messages().stream().flatMap(m -> m.model().stream()).reduce((a, b) -> b).orElse("");
    CompactionInput input = CompactionInput.currentSegment(transcript, ContextWindow.forModel(model,
            settings.context()))
        .withCustomInstructions(request.customInstructions())
        .automatic(request.automatic())
        .withInstructions(instructions.get());
    Optional<CoveredNotes> covered = covered(request.notes(), transcript.sessionId(), input.messages());
    if (covered.isPresent()) {
      input = input.withNotes(covered.get());
    }
    return new Compactor(settings, JtokkitTokenCounter.forModel(model, settings.context()),
        router.forSession(transcript.sessionId())).compact(input, progress);
  }

  /**
   * Scores {@code summary} as a summary of the current segment of {@code transcript} (all of it, whatever
   * notes were kept), with the scorer compaction uses, without compacting or calling a model.
   *
   * @throws IllegalArgumentException when the transcript holds no message
   */
  public CompactionScore score(Transcript transcript, String summary) {
    if (transcript.messages().isEmpty()) {
      throw new IllegalArgumentException("the transcript of session " + transcript.sessionId()
          + " holds no messages");
    }
    String model = transcript.messages().stream().flatMap(m -> m.model().stream()).reduce((a, b) -> b).orElse("");
    CompactionInput input = CompactionInput.currentSegment(transcript, ContextWindow.forModel(model,
        settings.context()));
    return new Compactor(settings, JtokkitTokenCounter.forModel(model, settings.context()),
        router.forSession(transcript.sessionId())).score(input, summary);
  }

  private Optional<CoveredNotes> covered(Notes chosen, String sessionId, List<TranscriptMessage> messages)
      throws IOException {
    if (chosen instanceof Notes.Given given) {
      return Optional.of(CoveredNotes.throughUuid(given.notes(), messages, given.throughUuid()));
    }
    if (chosen instanceof Notes.None) {
      return Optional.empty();
    }
    Optional<StoredNotes> stored;
    try {
      stored = notes.read(sessionId);
    } catch (IllegalArgumentException idThatNamesNoDirectory) {
      return Optional.empty();
    } catch (IOException e) {
      throw new IOException("cannot read the session notes of " + sessionId + ": " + e.getMessage(), e);
    }
    return stored.flatMap(n -> CoveredNotes.endingAt(n.notes(), n.state().lastUuid(), messages));
  }
}
