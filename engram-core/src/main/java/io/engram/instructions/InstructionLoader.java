package io.engram.instructions;

import io.engram.config.EngramRoots;
import io.engram.config.InstructionsSettings;
import io.engram.tokens.TokenCounter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Finds and loads the instruction files a session starting in the project directory sees, in the
 * order Claude Code puts them into the prompt.
 *
 * <p>Order: the managed file(s); the user's file(s); then, for every directory from the top of the
 * traversal (the filesystem root, or the git repository root when {@code stopAtRepoRoot}) down to the
 * project directory, that directory's project files and then its local file. For each configured file
 * name {@code N} the project files of a directory are {@code N} and {@code .claude/N}. Each file is
 * followed at once by the files it imports. Later in the prompt means higher priority, so the project
 * directory's own files come last. Files in directories below the project directory are loaded lazily
 * by an {@link InstructionSession}.
 */
public final class InstructionLoader {
  /** Where Claude Code keeps the managed file on macOS. */
  static final String MACOS_MANAGED_PATH = "/Library/Application Support/ClaudeCode/CLAUDE.md";

  private final InstructionsSettings settings;
  private final EngramRoots roots;
  private final TokenCounter tokens;

  /** A loader for the project directory of {@code roots}, configured by {@code settings}. */
  public InstructionLoader(InstructionsSettings settings, EngramRoots roots, TokenCounter tokens) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.roots = Objects.requireNonNull(roots, "roots");
    this.tokens = Objects.requireNonNull(tokens, "tokens");
  }

  /** What a session starting now would load; reads the files afresh on every call. */
  public LoadedInstructions load() {
    return startSession().initial();
  }

  /** Starts a session: loads the start-up files now and keeps track of what is loaded from here on. */
  public InstructionSession startSession() {
    return new InstructionSession(this);
  }

  /**
   * Carries on a session from where {@link InstructionSession#progress()} said it was, without loading the
   * start-up files again: its {@code initial()} is empty, and the files and directories the progress names
   * are not loaded again.
   */
  public InstructionSession resumeSession(InstructionSession.Progress progress) {
    return new InstructionSession(this, progress);
  }

  /** {@code path} with a leading {@code ~/} expanded, as the loader expands an import. */
  Path expand(String path) {
    return roots.expand(path);
  }

  /** The project directory the loader works for (absolute, normalized). */
  public Path projectDir() {
    return roots.projectDir();
  }

  /** The git repository root: the nearest directory at or above the project holding {@code .git}. */
  public Optional<Path> repoRoot() {
    return findRepoRoot(roots.projectDir());
  }

  /** The nearest directory at or above {@code dir} that holds a {@code .git} entry. */
  public static Optional<Path> findRepoRoot(Path dir) {
    for (Path d = dir.toAbsolutePath().normalize(); d != null; d = d.getParent()) {
      if (Files.exists(d.resolve(".git"))) {
        return Optional.of(d);
      }
    }
    return Optional.empty();
  }

  /** The file that {@code engram add --scope SCOPE} writes to. */
  public Path targetFor(AddScope scope) {
    String first = settings.fileNames().isEmpty() ? "CLAUDE.md" : settings.fileNames().get(0);
    return switch (scope) {
      case USER -> roots.expand(settings.userDir()).resolve(first);
      case LOCAL -> roots.projectDir().resolve(settings.localFileName());
      case PROJECT -> projectFiles(roots.projectDir()).stream()
          .filter(Files::isRegularFile)
          .findFirst()
          .orElse(roots.projectDir().resolve(first));
    };
  }

  LoadPass newPass(java.util.Set<Path> seen) {
    return new LoadPass(settings, roots, tokens, seen);
  }

  /** Loads the managed and user files, then the project and local files of each directory. */
  void loadStartup(LoadPass pass) {
    String configured = managedPathFor(settings.managedPath(), System.getProperty("os.name", ""));
    Path managed = roots.expand(configured).toAbsolutePath().normalize();
    pass.loadTopLevel(managed, InstructionLevel.MANAGED);
    for (String name : settings.fileNames()) {
      Path sibling = managed.resolveSibling(name);
      if (!sibling.equals(managed)) {
        pass.loadTopLevel(sibling, InstructionLevel.MANAGED);
      }
    }
    Path userDir = roots.expand(settings.userDir()).toAbsolutePath().normalize();
    for (String name : settings.fileNames()) {
      pass.loadTopLevel(userDir.resolve(name), InstructionLevel.USER);
    }
    for (Path dir : traversedDirs()) {
      loadDirectory(pass, dir);
    }
  }

  /**
   * The managed path for this platform: the Linux default stands for "the platform's managed file",
   * so on macOS it becomes Claude Code's macOS location; any other configured value is kept as is.
   */
  static String managedPathFor(String configured, String osName) {
    boolean isDefault = configured.equals(InstructionsSettings.DEFAULTS.managedPath());
    return isDefault && osName.toLowerCase(java.util.Locale.ROOT).startsWith("mac")
        ? MACOS_MANAGED_PATH : configured;
  }

  /** Loads one directory's project files and then its local file. */
  void loadDirectory(LoadPass pass, Path dir) {
    for (Path file : projectFiles(dir)) {
      pass.loadTopLevel(file, InstructionLevel.PROJECT);
    }
    pass.loadTopLevel(dir.resolve(settings.localFileName()), InstructionLevel.LOCAL);
  }

  /** The directories searched at start-up, from the top of the traversal down to the project. */
  List<Path> traversedDirs() {
    Path top = settings.stopAtRepoRoot() ? repoRoot().orElse(null) : null;
    List<Path> dirs = new ArrayList<>();
    for (Path d = roots.projectDir(); d != null; d = d.getParent()) {
      dirs.add(d);
      if (d.equals(top)) {
        break;
      }
    }
    Collections.reverse(dirs);
    return dirs;
  }

  private List<Path> projectFiles(Path dir) {
    List<Path> files = new ArrayList<>();
    for (String name : settings.fileNames()) {
      files.add(dir.resolve(name));
      files.add(dir.resolve(".claude").resolve(name));
    }
    return files;
  }
}
