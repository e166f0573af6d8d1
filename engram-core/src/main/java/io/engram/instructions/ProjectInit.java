package io.engram.instructions;

import io.engram.diff.UnifiedDiff;
import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * {@code engram init}: writes a starting project instruction file from a survey of the repository.
 * An existing file is never overwritten unless the caller forces it; then the change is shown as a unified diff
 * and the file as it was is kept next to it ({@code CLAUDE.md.bak}, or {@code CLAUDE.md.bak.2}... when that
 * name is taken), so no edit of the user's is lost.
 */
public final class ProjectInit {
  private final InstructionLoader loader;
  private final Path lockDir;

  /** An init for the loader's project, taking its locks in {@code lockDir}. */
  public ProjectInit(InstructionLoader loader, Path lockDir) {
    this.loader = loader;
    this.lockDir = lockDir;
  }

  /**
   * What an init did or would do.
   *
   * @param file the project instruction file
   * @param existed whether it existed before
   * @param written whether it was written (false when it existed and force was not given, or when
   *     the new text equals the old)
   * @param content the generated text
   * @param diff the unified diff from the old text to the generated one (empty when nothing changes;
   *     from nothing when the file is new)
   * @param backup where the file as it was before was kept, when it was overwritten
   */
  public record Outcome(Path file, boolean existed, boolean written, String content, String diff,
      Optional<Path> backup) {}

  /** Surveys the project and writes its starting file; with {@code force}, over an existing one. */
  public Outcome run(boolean force) throws IOException {
    Path file = loader.targetFor(AddScope.PROJECT).toAbsolutePath().normalize();
    String content = StarterFile.render(RepoSurveyor.survey(loader.projectDir()));
    try (FileLock lock = FileLock.acquire(QuickAdd.lockFor(lockDir, file))) {
      boolean existed = Files.exists(file);
      String old = QuickAdd.existingText(file);
      String name = loader.projectDir().relativize(file).toString();
      String diff = UnifiedDiff.diff(existed ? "a/" + name : "/dev/null", "b/" + name, old, content, 3);
      boolean write = (!existed || force) && !old.equals(content);
      Optional<Path> backup = Optional.empty();
      if (write && existed) {
        backup = Optional.of(freeBackupName(file));
        AtomicFiles.writeString(backup.get(), old);
      }
      if (write) {
        AtomicFiles.writeString(file, content);
      }
      return new Outcome(file, existed, write, content, diff, backup);
    }
  }

  /** {@code NAME.bak}, else the first free {@code NAME.bak.N}: an earlier backup is never overwritten. */
  static Path freeBackupName(Path file) {
    Path backup = file.resolveSibling(file.getFileName() + ".bak");
    for (int n = 2; Files.exists(backup); n++) {
      backup = file.resolveSibling(file.getFileName() + ".bak." + n);
    }
    return backup;
  }
}
