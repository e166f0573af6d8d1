package io.engram.mcp;

import io.engram.Engram;
import io.engram.instructions.InstructionSession;
import io.engram.instructions.LoadWarning;
import io.engram.instructions.LoadedInstructions;
import io.engram.instructions.SessionInstructions;
import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code context} tool with a {@code path}: the instruction files of the directories between the project
 * and that file that the session has not been given yet, each once per session. With a {@code session} id the
 * record is kept under Engram's home (shared with the hooks of that session and across HTTP calls); without
 * one, the server's own connection is the session, held in memory from the first such call.
 */
final class SubdirectoryInstructions {
  private final Engram engram;
  private final SessionInstructions bySession;
  private InstructionSession connection;

  SubdirectoryInstructions(Engram engram) {
    this.engram = engram;
    this.bySession = new SessionInstructions(engram.instructions(), engram.roots().engramHome(),
        Duration.ofMillis(engram.settings().hooks().sessionLockWaitMillis()));
  }

  Map<String, Object> dueFor(String path, Optional<String> session) throws IOException {
    Path file;
    try {
      file = Path.of(path);
    } catch (InvalidPathException e) {
      throw new ToolInputException("argument 'path' is not a path: " + e.getMessage());
    }
    LoadedInstructions due;
    if (session.isPresent()) {
      try {
        due = bySession.dueFor(session.get(), file);
      } catch (IllegalArgumentException e) {
        throw new ToolInputException("argument 'session': " + e.getMessage());
      }
    } else {
      due = connection().filesForRead(file);
    }
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("path", engram.instructions().projectDir().resolve(file).normalize().toString());
    result.put("files", ContextTool.files(due));
    result.put("warnings", due.warnings().stream().filter(w -> w.kind() != LoadWarning.Kind.DUPLICATE)
        .map(LoadWarning::message).toList());
    String text = due.render();
    result.put("text", text.isBlank() ? "No instruction files to add for " + path + "." : text);
    return result;
  }

  private synchronized InstructionSession connection() {
    if (connection == null) {
      connection = engram.instructions().startSession();
    }
    return connection;
  }
}
