package io.engram.instructions;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The instruction files of one agent session: those loaded at start, and those of subdirectories
 * loaded lazily the first time the agent reads a file below them. Thread-safe.
 *
 * <p>A file is loaded at most once per session, whichever way leads to it (traversal, import, lazy
 * load). After a compaction, start a new session: every file is read from disk again. A surface that
 * answers each call in a new process keeps the session's {@link #progress()} and carries on from it
 * with {@link InstructionLoader#resumeSession}.
 */
public final class InstructionSession {
  private final InstructionLoader loader;
  private final Set<Path> seen = new HashSet<>();
  private final Set<Path> visitedDirs = new HashSet<>();
  private final LoadedInstructions initial;
  private LoadedInstructions all;

  InstructionSession(InstructionLoader loader) {
    this.loader = loader;
    LoadPass pass = loader.newPass(seen);
    loader.loadStartup(pass);
    this.initial = pass.result();
    this.all = initial;
  }

  /** A session that carries on from {@code progress}: nothing is loaded now, and nothing it names again. */
  InstructionSession(InstructionLoader loader, Progress progress) {
    this.loader = loader;
    seen.addAll(progress.loadedFiles());
    visitedDirs.addAll(progress.visitedDirs());
    this.initial = LoadedInstructions.empty();
    this.all = initial;
  }

  /**
   * Where a session got to, enough to carry on from in another process.
   *
   * @param visitedDirs the directories below the project whose files were looked for, absolute
   * @param loadedFiles the real paths (symbolic links resolved) of every file loaded, start-up files included
   */
  public record Progress(List<Path> visitedDirs, List<Path> loadedFiles) {
    /** A session that has loaded nothing yet. */
    public static final Progress NONE = new Progress(List.of(), List.of());

    public Progress {
      visitedDirs = List.copyOf(visitedDirs);
      loadedFiles = List.copyOf(loadedFiles);
    }
  }

  /** Where this session got to, in a stable order, for {@link InstructionLoader#resumeSession}. */
  public synchronized Progress progress() {
    return new Progress(visitedDirs.stream().sorted().toList(), seen.stream().sorted().toList());
  }

  /** The files loaded when the session started, with their warnings. */
  public LoadedInstructions initial() {
    return initial;
  }

  /** Everything loaded so far in this session, start-up files first, then lazy loads in order. */
  public synchronized LoadedInstructions loaded() {
    return all;
  }

  /**
   * The instruction files that reading {@code file} brings in: those of each directory strictly below
   * the project directory down to the file's own directory (or the path itself, when it is a
   * directory), outermost first, that this session has not loaded yet. Empty when the file lies
   * outside the project directory or directly in it. A relative path is taken against the project.
   */
  public synchronized LoadedInstructions filesForRead(Path file) {
    Path project = loader.projectDir();
    Path target = project.resolve(file).normalize();
    Path deepest = Files.isDirectory(target) ? target : target.getParent();
    if (deepest == null || !deepest.startsWith(project) || deepest.equals(project)) {
      return LoadedInstructions.empty();
    }
    List<Path> dirs = new ArrayList<>();
    for (Path d = deepest; !d.equals(project); d = d.getParent()) {
      dirs.add(0, d);
    }
    LoadPass pass = loader.newPass(seen);
    for (Path dir : dirs) {
      if (visitedDirs.add(dir)) {
        loader.loadDirectory(pass, dir);
      }
    }
    LoadedInstructions found = pass.result();
    all = all.plus(found);
    return found;
  }
}
