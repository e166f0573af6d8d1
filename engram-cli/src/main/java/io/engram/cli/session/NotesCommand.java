package io.engram.cli.session;

import io.engram.cli.output.Examples;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.engram.cli.output.Styled;
import io.engram.Engram;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.cli.wiring.MemoryAccess;
import io.engram.notes.NotesStore;
import io.engram.notes.NotesUpdate;
import io.engram.notes.SessionNotes;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code engram notes}: updates a session's notes from its transcript and prints them. */
@Examples({
    "engram notes ~/.claude/projects/-work-app/3f2a9c1e.jsonl",
    "engram notes --force ~/.claude/projects/-work-app/3f2a9c1e.jsonl"})
@Command(
    name = "notes",
    mixinStandardHelpOptions = true,
    description = {
      "Update a transcript's session notes when the schedule says so, and print them.",
      "Notes start at ${bundle:notes.startTokens} context tokens and are updated after"
          + " +${bundle:notes.updateGrowthTokens} tokens and ${bundle:notes.updateToolCalls} tool calls; they are"
          + " kept in <home>/sessions/<session-id>/notes.md. Uses the configured model, else offline."})
public final class NotesCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin TranscriptFile transcript;

  @Mixin SessionOption session;

  @Option(names = "--force", description = "Update now, whatever the schedule says.")
  boolean force;

  @Mixin JsonOption json;

  /** What {@code --json} prints: the schedule's decision, the notes by section and as Markdown. */
  record NotesJson(@JsonUnwrapped Decision decision, @JsonUnwrapped NotesUpdate.Growth growth,
      Optional<String> engine, Optional<String> fallbackReason, String notesFile, Sections sections,
      String markdown) {}

  /** What the schedule decided for the session, and why. */
  record Decision(String sessionId, String action, boolean forced, boolean written, String reason) {}

  /** The four sections of the notes. */
  record Sections(String currentState, String filesAndFunctions, String errorsAndCorrections,
      List<String> worklog) {}

  @Override
  public Integer call() throws IOException {
    // Read in bounded pieces from where the last update read: a long session is never held whole.
    String id = transcript.sessionId(session.id());
    Engram engram = MemoryAccess.engram(spec);
    NotesStore store = engram.notes();
    NotesUpdate u = engram.notesKeeper(id).update(transcript.path(), id, force);
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, json(u, store.notesFile(id)));
      return 0;
    }
    String status = u.written() ? (u.forced() ? "forced " : "") + u.action().name().toLowerCase() : "wait";
    out.println(Styled.bold("Session " + u.sessionId()) + ": " + status + " (" + u.reason() + ")");
    u.engine().ifPresent(e -> out.println("engine: " + e + u.fallbackReason().map(r -> " (fell back: " + r + ")").orElse("")));
    out.printf("messages covered: %d; context: %,d tokens%n",
        u.written() ? u.growth().toMessage() : u.growth().fromMessage(), u.growth().contextTokens());
    if (u.written() || !u.notes().equals(SessionNotes.EMPTY)) {
      out.println("notes: " + store.notesFile(id));
      out.println();
      out.print(u.notes().render());
    }
    out.flush();
    return 0;
  }

  private static NotesJson json(NotesUpdate u, Path file) {
    SessionNotes n = u.notes();
    return new NotesJson(
        new Decision(u.sessionId(), u.action().name().toLowerCase(), u.forced(), u.written(), u.reason()),
        u.growth(), u.engine(), u.fallbackReason(), file.toString(),
        new Sections(n.currentState(), n.filesAndFunctions(), n.errorsAndCorrections(), n.worklog()), n.render());
  }
}
