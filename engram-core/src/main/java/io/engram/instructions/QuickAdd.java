package io.engram.instructions;

import io.engram.redact.SecretRedactor;
import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import io.engram.fs.GitIgnore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The quick-add ({@code #} in Claude Code, {@code engram add} here): appends one bullet to the project,
 * local or user instruction file, creating it if needed. A newly created local file is added to the
 * repository's {@code .gitignore} so that it is never committed by accident.
 *
 * <p>Every write is atomic and made under a lock in Engram's home, so two concurrent adds both land.
 */
public final class QuickAdd {
  private final InstructionLoader loader;
  private final Path lockDir;

  /** A quick-add for the loader's project, taking its locks in {@code lockDir}. */
  public QuickAdd(InstructionLoader loader, Path lockDir) {
    this.loader = loader;
    this.lockDir = lockDir;
  }

  /**
   * What an add did.
   *
   * @param file the instruction file written
   * @param created whether the file was new
   * @param line the line appended (without the newline)
   * @param gitignore the {@code .gitignore} that was extended, when one was
   */
  public record Result(Path file, boolean created, String line, Optional<Path> gitignore) {}

  /**
   * Appends {@code text} as one bullet to the file of {@code scope}.
   *
   * @throws IllegalArgumentException when the text is blank
   * @throws IOException when the file cannot be read or written
   */
  public Result append(AddScope scope, String text) throws IOException {
    String line = "- " + bulletText(SecretRedactor.standard().redact(text).text());
    Path file = loader.targetFor(scope).toAbsolutePath().normalize();
    boolean created;
    try (FileLock lock = FileLock.acquire(lockFor(file))) {
      created = !Files.exists(file);
      String old = created ? "" : Files.readString(file, StandardCharsets.UTF_8);
      String sep = old.isEmpty() || old.endsWith("\n") ? "" : "\n";
      AtomicFiles.writeString(file, old + sep + line + "\n");
    }
    Optional<Path> gitignore = Optional.empty();
    if (created && scope == AddScope.LOCAL) {
      gitignore = ignoreInGit(file);
    }
    return new Result(file, created, line, gitignore);
  }

  static String bulletText(String text) {
    String one = text.strip().replaceAll("\\s*\\R\\s*", " ");
    one = one.replaceFirst("^[-*](\\s+|$)", "");
    if (one.isEmpty()) {
      throw new IllegalArgumentException("nothing to add: the text is empty");
    }
    return one;
  }

  private Optional<Path> ignoreInGit(Path file) throws IOException {
    Optional<Path> repo = InstructionLoader.findRepoRoot(file.getParent());
    return repo.isEmpty() ? Optional.empty() : GitIgnore.ensureListed(repo.get(), file, lockDir);
  }

  private Path lockFor(Path file) {
    return lockFor(lockDir, file);
  }

  /** The lock file guarding writes to {@code file}: one per instruction file, kept in Engram's home. */
  static Path lockFor(Path lockDir, Path file) {
    String key = Integer.toHexString(file.toString().hashCode());
    return lockDir.resolve("instructions-" + file.getFileName() + "-" + key + ".lock");
  }
}
