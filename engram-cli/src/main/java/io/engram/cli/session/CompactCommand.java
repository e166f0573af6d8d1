package io.engram.cli.session;

import io.engram.cli.GlobalOptions;
import io.engram.cli.UserFacingException;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.cli.wiring.Models;
import io.engram.compaction.CompactionInput;
import io.engram.compaction.CompactionResult;
import io.engram.compaction.CompactionScore;
import io.engram.compaction.Compactor;
import io.engram.compaction.CoveredNotes;
import io.engram.compaction.LadderStep;
import io.engram.compaction.LossRecord;
import io.engram.context.ContextWindow;
import io.engram.notes.NotesStore;
import io.engram.notes.SessionNotes;
import io.engram.notes.StoredNotes;
import io.engram.tokens.JtokkitTokenCounter;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Ansi;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code engram compact}: compacts the current segment of a transcript and reports the summary's quality. */
@Command(
    name = "compact",
    mixinStandardHelpOptions = true,
    description = {
      "Compact the current segment of a Claude Code transcript.",
      "The segment is the messages after the last compaction. Prints the 9-section summary (model, or the"
          + " offline extractive compactor), its score (SC/KP/CC/CR), the degradation-ladder steps, the files and"
          + " todos to restore, the instruction files re-injected, and what was lost."
    })
public final class CompactCommand implements Runnable {
  @Spec CommandSpec spec;

  @Mixin TranscriptFile transcript;

  @Option(names = "--instructions", paramLabel = "TEXT", description = "Extra instructions for the summary (as in /compact TEXT).")
  String instructions = "";

  @Mixin JsonOption json;

  @Option(names = "--notes", paramLabel = "FILE",
      description = "Session notes (the 4-section Markdown template) to reuse; needs --notes-through.")
  Path notes;

  @Option(names = "--no-session-notes",
      description = "Do not reuse the session notes Engram keeps for this transcript's session.")
  boolean noSessionNotes;

  @Option(names = "--notes-through", paramLabel = "UUID",
      description = "The uuid of the last message the notes cover; only the messages after it are summarised.")
  String notesThrough;

  /** A restored file without its content, for the JSON output. */
  record FileRow(String path, double score, int tokens) {}

  /** The JSON output. */
  record Json(String summary, Optional<CompactionScore> score, List<CompactionResult.Section> sections,
      List<LadderStep> steps, List<FileRow> restoredFiles, List<?> todos, LossRecord lost,
      List<CompactionResult.Instruction> instructions, List<String> readded, String engine, String engineId,
      Optional<String> fallbackReason, int summarizedFrom, int keptMessages, long tokensBefore, long summaryTokens,
      long tokensAfter, long restoredTokens, double reductionPercent) {}

  @Override
  public void run() {
    GlobalOptions global = GlobalOptions.of(spec);
    Transcript t = transcript.read();
    String model = t.messages().stream().flatMap(m -> m.model().stream()).reduce((a, b) -> b).orElse("");
    ContextWindow window = ContextWindow.forModel(model, global.settings().context());
    CompactionInput input = CompactionInput.currentSegment(t, window)
        .withCustomInstructions(instructions)
        .withInstructions(global.instructionLoader().load());
    if ((notes == null) != (notesThrough == null)) {
      throw new UserFacingException("--notes and --notes-through go together");
    }
    if (notes != null) {
      input = input.withNotes(CoveredNotes.throughUuid(readNotes(), input.messages(), notesThrough));
    } else if (!noSessionNotes) {
      Optional<CoveredNotes> kept = keptNotes(global, t.sessionId(), input.messages());
      if (kept.isPresent()) {
        input = input.withNotes(kept.get());
      }
    }
    Compactor compactor = new Compactor(global.settings(),
        JtokkitTokenCounter.forModel(model, global.settings().context()), Models.router(global, t.sessionId()));
    CompactionResult r = compactor.compact(input);
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, json(r));
    } else {
      human(out, r);
    }
    out.flush();
  }

  /**
   * The notes Engram's session-notes pass kept for this session, when they cover a message of the part
   * being compacted; notes of an earlier segment, or of another transcript, are not reused.
   */
  static Optional<CoveredNotes> keptNotes(GlobalOptions global, String sessionId,
      List<TranscriptMessage> messages) {
    Optional<StoredNotes> stored;
    try {
      stored = new NotesStore(global.roots().engramHome()).read(sessionId);
    } catch (IOException | IllegalArgumentException e) {
      throw new UserFacingException("cannot read the session notes of " + sessionId + ": " + e.getMessage());
    }
    return stored.flatMap(n -> n.state().lastUuid().flatMap(uuid -> {
      try {
        return Optional.of(CoveredNotes.throughUuid(n.notes(), messages, uuid));
      } catch (IllegalArgumentException notInThisSegment) {
        return Optional.empty();
      }
    }));
  }

  private SessionNotes readNotes() {
    try {
      return SessionNotes.parse(Files.readString(notes));
    } catch (IOException e) {
      throw new UserFacingException("cannot read session notes " + notes + ": " + e.getMessage());
    } catch (IllegalArgumentException e) {
      throw new UserFacingException(notes + ": " + e.getMessage());
    }
  }

  static Json json(CompactionResult r) {
    List<FileRow> files = r.restoredFiles().stream().map(f -> new FileRow(f.path(), f.score(), f.tokens())).toList();
    return new Json(r.summary(), r.score(), r.sections(), r.steps(), files, r.todos(), r.lost(), r.instructions(),
        r.readded(), r.engine(), r.engineId(), r.fallbackReason(), r.summarizedFrom(), r.keptMessages(),
        r.tokensBefore(), r.summaryTokens(), r.tokensAfter(), r.restoredTokens(), r.reductionPercent());
  }

  private static void human(PrintWriter out, CompactionResult r) {
    out.println(r.summary());
    out.println(Ansi.AUTO.string("@|bold Compaction report|@ (engine " + r.engineId()
        + r.fallbackReason().map(f -> ", fell back: " + f).orElse("") + ")"));
    r.score().ifPresentOrElse(
        s -> out.printf(Locale.ROOT, "score %.1f  (SC %.0f, KP %.0f, CC %.0f, CR %.0f)%n", s.total(), s.sections(),
            s.keyInformation(), s.continuity(), s.compression()),
        () -> out.println("score: none (truncated, " + r.keptMessages() + " recent messages kept)"));
    if (r.tokensAfter() < r.tokensBefore()) {
      out.printf(Locale.ROOT, "tokens %,d -> %,d (%.1f%% shorter)%n", r.tokensBefore(), r.tokensAfter(),
          r.reductionPercent());
    } else {
      out.printf(Locale.ROOT, "tokens %,d -> %,d (the summary is not shorter: too little to compact)%n",
          r.tokensBefore(), r.tokensAfter());
    }
    r.steps().forEach(s -> out.println("  step " + s.number() + " " + s.action().name().toLowerCase(Locale.ROOT)
        + ": " + s.detail()));
    out.printf("files restored: %d (%,d tokens)%n", r.restoredFiles().size(), r.restoredTokens());
    r.restoredFiles().forEach(f -> out.printf(Locale.ROOT, "  %s (score %.1f, %,d tokens)%n", f.path(), f.score(),
        f.tokens()));
    out.printf("todos restored: %d; instruction files re-injected: %d; re-added verbatim: %d%n", r.todos().size(),
        r.instructions().size(), r.readded().size());
    Map<String, Integer> lost = new TreeMap<>();
    r.lost().entries().forEach(e -> lost.merge(e.kind().name().toLowerCase(Locale.ROOT), 1, Integer::sum));
    out.println("lost: " + (lost.isEmpty() ? "nothing" : lost));
  }
}
