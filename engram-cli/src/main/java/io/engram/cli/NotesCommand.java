package io.engram.cli;

import io.engram.memory.MemoryLocation;
import io.engram.memory.MemoryStores;
import io.engram.notes.NotesStore;
import io.engram.notes.NotesUpdate;
import io.engram.notes.SessionNotesKeeper;
import io.engram.transcript.Transcript;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Ansi;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code engram notes}: updates a session's notes from its transcript and prints them. */
@Command(
    name = "notes",
    mixinStandardHelpOptions = true,
    description = {
      "Update a transcript's session notes when the schedule says so, and print them.",
      "Notes start at 10,000 context tokens and are updated after +5,000 tokens and 3 tool calls; they are"
          + " kept in <home>/sessions/<session-id>/notes.md. Uses the configured model, else offline."})
final class NotesCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "TRANSCRIPT", description = "A Claude Code transcript (JSONL).")
  Path transcript;

  @Option(names = "--session", paramLabel = "ID", description = "Session id (default: the transcript's).")
  String session;

  @Option(names = "--force", description = "Update now, whatever the schedule says.")
  boolean force;

  @Option(names = "--json", description = "Print the decision and the notes as JSON.")
  boolean json;

  @Override
  public Integer call() throws IOException {
    GlobalOptions global = GlobalOptions.of(spec);
    Transcript t = TranscriptArgument.read(transcript, Optional.ofNullable(session));
    MemoryLocation where = MemoryStores.locate(global.roots(), global.settings());
    NotesStore store = new NotesStore(global.roots().engramHome());
    SessionNotesKeeper keeper = SessionNotesKeeper.forProject(global.settings(), Models.router(global, t.sessionId()),
        global.roots().engramHome(), where, Clock.systemUTC());
    NotesUpdate u = keeper.update(t, force);
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      JsonOutput.print(out, json(u, store.notesFile(t.sessionId())));
      return 0;
    }
    String status = u.written() ? (u.forced() ? "forced " : "") + u.action().name().toLowerCase() : "wait";
    out.println(Ansi.AUTO.string("@|bold Session " + u.sessionId() + "|@: " + status + " (" + u.reason() + ")"));
    u.engine().ifPresent(e -> out.println("engine: " + e + u.fallbackReason().map(r -> " (fell back: " + r + ")").orElse("")));
    out.printf("messages covered: %d; context: %,d tokens%n", u.written() ? u.toMessage() : u.fromMessage(), u.contextTokens());
    if (u.written() || !u.notes().equals(io.engram.notes.SessionNotes.EMPTY)) {
      out.println("notes: " + store.notesFile(t.sessionId()));
      out.println();
      out.print(u.notes().render());
    }
    out.flush();
    return 0;
  }

  private static Map<String, Object> json(NotesUpdate u, Path file) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("sessionId", u.sessionId());
    m.put("action", u.action().name().toLowerCase());
    m.put("forced", u.forced());
    m.put("written", u.written());
    m.put("reason", u.reason());
    m.put("contextTokens", u.contextTokens());
    m.put("tokensAtLastUpdate", u.tokensAtLastUpdate().orElse(null));
    m.put("toolCallsSinceLastUpdate", u.toolCallsSinceLastUpdate());
    m.put("fromMessage", u.fromMessage());
    m.put("toMessage", u.toMessage());
    m.put("engine", u.engine().orElse(null));
    m.put("fallbackReason", u.fallbackReason().orElse(null));
    m.put("notesFile", file.toString());
    Map<String, Object> sections = new LinkedHashMap<>();
    sections.put("currentState", u.notes().currentState());
    sections.put("filesAndFunctions", u.notes().filesAndFunctions());
    sections.put("errorsAndCorrections", u.notes().errorsAndCorrections());
    sections.put("worklog", u.notes().worklog());
    m.put("sections", sections);
    m.put("markdown", u.notes().render());
    return m;
  }
}
