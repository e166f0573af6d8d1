package io.engram.cli.session;

import io.engram.cli.output.Examples;
import io.engram.cli.wiring.MemoryAccess;
import io.engram.cli.global.GlobalOptions;
import io.engram.cli.global.UserFacingException;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.compaction.CompactionResult;
import io.engram.compaction.CompactionScore;
import io.engram.compaction.RestartContext;
import io.engram.compaction.SessionCompaction;
import io.engram.levels.ContextLevelKeeper;
import io.engram.levels.PreparedCompaction;
import io.engram.notes.SessionNotes;
import io.engram.transcript.Transcript;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
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
@Examples({
    "engram compact ~/.claude/projects/-work-app/3f2a9c1e.jsonl",
    "engram compact --restart ~/.claude/projects/-work-app/3f2a9c1e.jsonl",
    "engram compact --score summary.md ~/.claude/projects/-work-app/3f2a9c1e.jsonl"})
@Command(
    name = "compact",
    mixinStandardHelpOptions = true,
    description = {
      "Compact the current segment of an agent's transcript.",
      "The segment is the messages after the last compaction. Prints the 9-section summary (model, or the"
          + " offline extractive compactor), its score (SC/KP/CC/CR), the degradation-ladder steps, the files and"
          + " todos to restore, the instruction files re-injected, and what was lost. When Engram prepared a"
          + " compaction of the transcript as it is now (see --when-due), that one is printed.",
      "--when-due acts on how full the session's window is, as Engram's hooks do after each turn: above"
          + " ${bundle:context.warningRatio} of the window the session notes are brought up to date, above"
          + " ${bundle:context.urgentRatio} a compaction is prepared and kept, above ${bundle:context.criticalRatio}"
          + " it is computed again and printed; each level once per segment. It says the turns left before the"
          + " critical level, from the session's own growth.",
      "--restart prints what an agent continues from instead of the report: the summary, the restored files"
          + " fenced as data (up to ${bundle:context.filesShare} of the window), the open todos and the compacted"
          + " messages that fit ${bundle:context.messagesShare} of it, chosen in priority (what the person typed,"
          + " then errors and their fixes, then the newest).",
      "With --score FILE, scores the summary in FILE as a summary of that segment instead, without compacting."
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

  @Option(names = "--when-due", description = "Act on the window's level (notes, prepared compaction, compaction)"
      + " instead of compacting now.")
  boolean whenDue;

  @Option(names = "--restart", description = "Print the restart text (summary, fenced files, todos, messages kept by"
      + " priority) instead of the report.")
  boolean restart;

  @Option(names = "--score", paramLabel = "FILE",
      description = "Score the summary in FILE against the segment (SC/KP/CC/CR and what it lacks); no compaction.")
  Path score;

  @Override
  public void run() {
    GlobalOptions global = GlobalOptions.of(spec);
    if (score != null) {
      scoreOnly(global);
      return;
    }
    if ((notes == null) != (notesThrough == null)) {
      throw new UserFacingException("--notes and --notes-through go together");
    }
    boolean chosen = notes != null || noSessionNotes || !instructions.isEmpty();
    if (whenDue && chosen) {
      throw new UserFacingException("--when-due compacts as the hooks do: it takes no --notes, --no-session-notes or"
          + " --instructions");
    }
    if (whenDue && restart) {
      throw new UserFacingException("--when-due and --restart go apart: --restart compacts now");
    }
    Transcript t = transcript.read();
    if (whenDue || (!chosen && !restart)) {
      try {
        ContextLevelKeeper keeper = MemoryAccess.engram(spec).levels(t.sessionId());
        PrintWriter out = spec.commandLine().getOut();
        if (whenDue) {
          LevelReport.whenDue(out, json.enabled(), keeper.afterTurn(t, "engram compact"));
          out.flush();
          return;
        }
        Optional<PreparedCompaction> ready = keeper.preparedFor(t);
        if (ready.isPresent()) {
          LevelReport.prepared(out, json.enabled(), ready.get());
          out.flush();
          return;
        }
      } catch (IOException | IllegalArgumentException e) {
        throw new UserFacingException(e.getMessage());
      }
    }
    compactNow(global, t);
  }

  private void compactNow(GlobalOptions global, Transcript t) {
    SessionCompaction.Notes chosen = notes != null ? new SessionCompaction.Notes.Given(readNotes(), notesThrough)
        : noSessionNotes ? SessionCompaction.Notes.NONE : SessionCompaction.Notes.KEPT;
    CompactionResult r;
    try {
      r = MemoryAccess.engram(spec).compaction().compact(t, SessionCompaction.Request.userRequested(instructions).withNotes(chosen));
    } catch (IOException | IllegalArgumentException e) {
      throw new UserFacingException(e.getMessage());
    }
    PrintWriter out = spec.commandLine().getOut();
    if (restart) {
      String text = RestartContext.render(r, t, global.settings().context());
      if (json.enabled()) {
        JsonOutput.print(out, new Restart(text));
      } else {
        out.print(text);
      }
    } else if (json.enabled()) {
      JsonOutput.print(out, r);
    } else {
      human(out, r);
    }
    out.flush();
  }

  /** What {@code --restart --json} prints. */
  record Restart(String restartContext) {}

  private void scoreOnly(GlobalOptions global) {
    if (notes != null || noSessionNotes || !instructions.isEmpty() || whenDue || restart) {
      throw new UserFacingException("--score scores a given summary: it takes no --notes, --no-session-notes,"
          + " --instructions, --when-due or --restart");
    }
    String summary;
    try {
      summary = Files.readString(score);
    } catch (IOException e) {
      throw new UserFacingException("cannot read the summary --score names: " + io.engram.fs.ErrorText.of(e));
    }
    CompactionScore s;
    try {
      s = MemoryAccess.engram(spec).compaction().score(transcript.read(), summary);
    } catch (IOException | IllegalArgumentException e) {
      throw new UserFacingException(e.getMessage());
    }
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, s);
    } else {
      int accept = global.settings().compaction().passScore();
      out.printf(Locale.ROOT, "score %.1f  (SC %.0f, KP %.0f, CC %.0f, CR %.0f; ratio %.3f) %s%n", s.total(),
          s.sections(), s.keyInformation(), s.continuity(), s.compression(), s.ratio(),
          s.total() >= accept ? "accepted" : "below " + accept);
      s.advice().forEach(a -> out.println("  - " + a));
    }
    out.flush();
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

  private static void human(PrintWriter out, CompactionResult r) {
    out.println(r.summary());
    out.println(Ansi.AUTO.string("@|bold Compaction report|@") + " (engine " + r.answeredBy().engineId()
        + r.answeredBy().fallbackReason().map(f -> ", fell back: " + f).orElse("") + ")");
    r.scoring().score().ifPresentOrElse(
        s -> out.printf(Locale.ROOT, "score %.1f  (SC %.0f, KP %.0f, CC %.0f, CR %.0f)%n", s.total(), s.sections(),
            s.keyInformation(), s.continuity(), s.compression()),
        () -> out.println("score: none (truncated, " + r.sizes().keptMessages() + " recent messages kept)"));
    if (r.sizes().tokensAfter() < r.sizes().tokensBefore()) {
      out.printf(Locale.ROOT, "tokens %,d -> %,d (%.1f%% shorter)%n", r.sizes().tokensBefore(), r.sizes().tokensAfter(),
          r.sizes().reductionPercent());
    } else {
      out.printf(Locale.ROOT, "tokens %,d -> %,d (the summary is not shorter: too little to compact)%n",
          r.sizes().tokensBefore(), r.sizes().tokensAfter());
    }
    r.scoring().steps().forEach(s -> out.println("  step " + s.number() + " " + s.action().name().toLowerCase(Locale.ROOT)
        + ": " + s.detail()));
    out.printf("files restored: %d (%,d tokens)%n", r.restored().restoredFiles().size(), r.restored().restoredTokens());
    r.restored().restoredFiles().forEach(f -> out.printf(Locale.ROOT, "  %s (score %.1f, %,d tokens)%n", f.path(), f.score(),
        f.tokens()));
    out.printf("todos restored: %d; instruction files re-injected: %d; re-added verbatim: %d%n", r.restored().todos().size(),
        r.restored().instructions().size(), r.scoring().readded().size());
    Map<String, Integer> lost = new TreeMap<>();
    r.lost().entries().forEach(e -> lost.merge(e.kind().name().toLowerCase(Locale.ROOT), 1, Integer::sum));
    out.println("lost: " + (lost.isEmpty() ? "nothing" : lost));
  }
}
