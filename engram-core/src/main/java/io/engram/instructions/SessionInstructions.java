package io.engram.instructions;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.engram.fs.SessionLedger;
import io.engram.fs.SessionStateFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The lazily loaded instruction files of agent sessions whose calls come from separate processes (hooks, a
 * stateless MCP server): an {@link InstructionSession} per session id, carried from call to call in the
 * session's ledger (section {@code instructions}) under its lock.
 *
 * <p>A session's first call counts the start-up files as loaded (the agent has them), so a subdirectory file
 * that imports one does not send it again. A file directly in the project directory or outside it never
 * touches the state.
 */
public final class SessionInstructions {
  private final InstructionLoader loader;
  private final Path engramHome;
  private final Duration lockWait;

  /** Sessions of {@code loader}'s project, kept under {@code engramHome}, waiting at most {@code lockWait} for a lock. */
  public SessionInstructions(InstructionLoader loader, Path engramHome, Duration lockWait) {
    this.loader = loader;
    this.engramHome = engramHome;
    this.lockWait = lockWait;
  }

  /**
   * The instruction files reading {@code file} brings into session {@code sessionId} (see {@link
   * InstructionSession#filesForRead}); empty when there are none or the session has them already.
   *
   * @throws IOException when the session's state is locked by another call for longer than the wait, or
   *     cannot be written
   * @throws IllegalArgumentException when the session id cannot name a directory
   */
  public LoadedInstructions dueFor(String sessionId, Path file) throws IOException {
    if (!bringsAnything(file)) {
      return LoadedInstructions.empty();
    }
    return state(sessionId).update(lockWait,
        lock -> "another call of session " + sessionId + " holds " + lock + "; instruction files not checked",
        before -> {
          InstructionSession session = before.started() ? loader.resumeSession(before.progress())
              : loader.startSession();
          LoadedInstructions due = session.filesForRead(file);
          return new SessionStateFile.Changed<>(ReadState.of(session.progress()), due);
        });
  }

  /** Forgets what session {@code sessionId} was sent, when its context lost it (a compaction, a clear). */
  public void forget(String sessionId) throws IOException {
    state(sessionId).reset(lockWait,
        lock -> "another call of session " + sessionId + " holds " + lock + "; instruction files not forgotten");
  }

  /** True when {@code file} lies in a directory strictly below the project (or is one). */
  private boolean bringsAnything(Path file) {
    Path project = loader.projectDir();
    Path target = project.resolve(file).normalize();
    Path parent = target.getParent();
    return parent != null && parent.startsWith(project) && (!parent.equals(project) || Files.isDirectory(target));
  }

  private SessionStateFile<ReadState> state(String sessionId) {
    return SessionLedger.of(engramHome, sessionId).section(SECTION);
  }

  /** The instruction files' section of a session's ledger; an earlier version kept it in its own file. */
  private static final SessionLedger.Section<ReadState> SECTION =
      SessionLedger.Section.formerly("instructions-state.json", "instructions", ReadState.class, ReadState.NEW);

  /**
   * A session's {@link InstructionSession.Progress} on disk.
   *
   * @param started true once the start-up files were counted as loaded
   * @param visitedDirs the directories below the project already looked at
   * @param loadedFiles the real paths of every instruction file in the session's context
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  record ReadState(boolean started, List<String> visitedDirs, List<String> loadedFiles) {
    static final ReadState NEW = new ReadState(false, List.of(), List.of());

    ReadState {
      visitedDirs = List.copyOf(visitedDirs);
      loadedFiles = List.copyOf(loadedFiles);
    }

    static ReadState of(InstructionSession.Progress p) {
      return new ReadState(true, p.visitedDirs().stream().map(Path::toString).toList(),
          p.loadedFiles().stream().map(Path::toString).toList());
    }

    InstructionSession.Progress progress() {
      return new InstructionSession.Progress(visitedDirs.stream().map(Path::of).toList(),
          loadedFiles.stream().map(Path::of).toList());
    }
  }
}
