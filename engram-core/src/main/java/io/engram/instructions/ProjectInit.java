package io.engram.instructions;

import io.engram.diff.UnifiedDiff;
import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code engram init}: writes a starting project instruction file from a survey of the repository.
 * An existing file is never overwritten unless the caller forces it, and then the change is shown as
 * a unified diff.
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
   */
  public record Outcome(Path file, boolean existed, boolean written, String content, String diff) {}

  /** Surveys the project and writes its starting file; with {@code force}, over an existing one. */
  public Outcome run(boolean force) throws IOException {
    Path file = loader.targetFor(AddScope.PROJECT).toAbsolutePath().normalize();
    String content = StarterFile.render(RepoSurveyor.survey(loader.projectDir()));
    try (FileLock lock = FileLock.acquire(QuickAdd.lockFor(lockDir, file))) {
      boolean existed = Files.exists(file);
      String old = existed ? Files.readString(file, StandardCharsets.UTF_8) : "";
      String name = loader.projectDir().relativize(file).toString();
      String diff = UnifiedDiff.diff(existed ? "a/" + name : "/dev/null", "b/" + name, old, content, 3);
      boolean write = (!existed || force) && !old.equals(content);
      if (write) {
        AtomicFiles.writeString(file, content);
      }
      return new Outcome(file, existed, write, content, diff);
    }
  }
}
