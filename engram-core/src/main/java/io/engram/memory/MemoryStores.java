package io.engram.memory;

import io.engram.config.MemorySettings;
import io.engram.fs.HomeLayout;
import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.redact.SecretRedactor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds and opens memory stores.
 *
 * <p>Engram layout: {@code <engram-home>/projects/<key>/memory/}, where the key is the project's
 * normalised git remote ({@code github.com/acme/app} becomes {@code github-com-acme-app}), so one repo
 * cloned on two machines or at two paths shares a key; without a remote it is the sanitized path of the
 * repository root (or of the project directory outside git). Worktrees share the main repository's
 * memory unless {@code memory.isolateWorktrees} is set. Claude Code layout:
 * {@code <claudeHome>/projects/<sanitized-root-path>/memory/}, sanitized exactly as Claude Code does.
 * The user-level store is always {@code <engram-home>/user/memory/}.
 */
public final class MemoryStores {
  /**
   * What a project's key may be: the name of one directory under the home's {@code projects/} (a path's key starts
   * with {@code -}, as Claude Code sanitizes it).
   */
  private static final Pattern PROJECT_KEY = Pattern.compile("(?!\\.{1,2}$)[A-Za-z0-9._-]{1,200}");

  private MemoryStores() {}

  /** {@link #open(EngramRoots, EngramSettings, Clock)} on the system clock (UTC). */
  public static ProjectMemory open(EngramRoots roots, EngramSettings settings) throws IOException {
    return open(roots, settings, Clock.systemUTC());
  }

  /**
   * The project and user stores for {@code roots.projectDir()}, merged, with no write listener: for
   * reading, and for writes that must not count as a session touching memory.
   */
  public static ProjectMemory open(EngramRoots roots, EngramSettings settings, Clock clock) throws IOException {
    return open(roots, settings, clock, MemoryWriteListener.NONE);
  }

  /**
   * The project and user stores for {@code roots.projectDir()}, merged (see {@link ProjectMemory});
   * both tell {@code listener} about every write. Files interrupted writes left behind are cleared first
   * and reported once, by {@link ProjectMemory#leftovers()}. A surface that opens the store for a session
   * registers the dream's session counter here.
   */
  public static ProjectMemory open(EngramRoots roots, EngramSettings settings, Clock clock,
      MemoryWriteListener listener) throws IOException {
    return open(roots, settings, clock, listener, new MemoryFileCache());
  }

  /**
   * As {@link #open(EngramRoots, EngramSettings, Clock, MemoryWriteListener)}, reading topic files through
   * {@code parsed}: a process that opens stores call after call keeps one, so unchanged files are not parsed
   * again.
   */
  public static ProjectMemory open(EngramRoots roots, EngramSettings settings, Clock clock,
      MemoryWriteListener listener, MemoryFileCache parsed) throws IOException {
    return open(roots, settings, clock, listener, parsed, new MemoryChanges());
  }

  /**
   * As {@link #open(EngramRoots, EngramSettings, Clock, MemoryWriteListener, MemoryFileCache)}, the project and user
   * stores publishing every change to {@code changes} (the team mirror changes only through team sync).
   */
  public static ProjectMemory open(EngramRoots roots, EngramSettings settings, Clock clock,
      MemoryWriteListener listener, MemoryFileCache parsed, MemoryChanges changes) throws IOException {
    MemoryLocation where = locate(roots, settings);
    SecretRedactor redactor = SecretRedactor.standard();
    DirectoryStore project = new DirectoryStore(where.projectDir(), MemoryScope.PROJECT, settings.memory(), redactor,
        clock, listener, parsed, changes);
    DirectoryStore user = new DirectoryStore(where.userDir(), MemoryScope.USER, settings.memory(), redactor, clock,
        listener, parsed, changes);
    Optional<DirectoryStore> team = where.team().map(t -> new DirectoryStore(t.directory(), MemoryScope.TEAM,
        settings.memory(), redactor, clock, MemoryWriteListener.NONE, parsed, changes));
    List<Leftover> leftovers = new ArrayList<>(project.sweepLeftovers());
    leftovers.addAll(user.sweepLeftovers());
    return new ProjectMemory(where, project, user, team, leftovers);
  }

  /**
   * The memory of the project keyed {@code key} in Engram's layout under {@code engramHome} ({@code
   * projects/<key>/memory}) with the home's user store, for work over every project of a home (export and import of
   * all of them); no team mirror, no write listener.
   */
  public static ProjectMemory openKey(Path engramHome, String key, EngramSettings settings, Clock clock)
      throws IOException {
    if (!PROJECT_KEY.matcher(key).matches()) {
      throw new IllegalArgumentException("not a project key: '" + key + "'");
    }
    HomeLayout home = HomeLayout.of(engramHome);
    MemoryLocation where = new MemoryLocation(key, home.project(key).memory(), home.userMemory());
    SecretRedactor redactor = SecretRedactor.standard();
    MemoryFileCache parsed = new MemoryFileCache();
    DirectoryStore project = new DirectoryStore(where.projectDir(), MemoryScope.PROJECT, settings.memory(), redactor,
        clock, MemoryWriteListener.NONE, parsed);
    DirectoryStore user = new DirectoryStore(where.userDir(), MemoryScope.USER, settings.memory(), redactor, clock,
        MemoryWriteListener.NONE, parsed);
    List<Leftover> leftovers = new ArrayList<>(project.sweepLeftovers());
    leftovers.addAll(user.sweepLeftovers());
    return new ProjectMemory(where, project, user, Optional.empty(), leftovers);
  }

  /** The keys of the projects with a memory directory under {@code engramHome}, sorted. */
  public static List<String> projectKeys(Path engramHome) throws IOException {
    HomeLayout home = HomeLayout.of(engramHome);
    if (!Files.isDirectory(home.projects())) {
      return List.of();
    }
    try (Stream<Path> list = Files.list(home.projects())) {
      return list.map(p -> p.getFileName().toString()).filter(k -> PROJECT_KEY.matcher(k).matches())
          .filter(k -> Files.isDirectory(home.project(k).memory(), LinkOption.NOFOLLOW_LINKS)).sorted().toList();
    }
  }

  /** A single store over {@code dir} with no write listener, for tools that work on one directory. */
  public static MemoryStore directory(Path dir, MemorySettings settings, Clock clock) {
    return directory(dir, settings, clock, MemoryWriteListener.NONE);
  }

  /** A single store over {@code dir} telling {@code listener} about every write. */
  public static MemoryStore directory(Path dir, MemorySettings settings, Clock clock,
      MemoryWriteListener listener) {
    return new DirectoryStore(dir, MemoryScope.PROJECT, settings, SecretRedactor.standard(), clock, listener);
  }

  /** Where the memory of {@code roots.projectDir()} lives under {@code settings}; reads {@code .git}. */
  public static MemoryLocation locate(EngramRoots roots, EngramSettings settings) throws IOException {
    MemorySettings m = settings.memory();
    Optional<GitProject> git = GitProject.find(roots.projectDir());
    Path root = git.map(g -> m.isolateWorktrees() ? g.worktreeRoot() : g.mainRoot()).orElse(roots.projectDir());
    HomeLayout home = HomeLayout.of(roots.engramHome());
    Path userDir = home.userMemory();
    Optional<String> remote = git.flatMap(GitProject::remote);
    // The team key ignores the layout and worktree isolation: every clone and worktree of one repository meets
    // in one team.
    Optional<TeamMirror> team = remote.map(ProjectKeys::claudeSanitize).map(k -> new TeamMirror(k,
        home.project(k).teamMemory()));
    if (m.layout() == MemorySettings.Layout.CLAUDE_CODE) {
      String key = ProjectKeys.claudeSanitize(root.toString());
      Path dir = roots.expand(m.claudeHome()).resolve("projects").resolve(key).resolve("memory");
      return new MemoryLocation(key, dir.toAbsolutePath().normalize(), userDir, team);
    }
    String key;
    if (remote.isPresent()) {
      key = ProjectKeys.claudeSanitize(remote.get());
      if (m.isolateWorktrees() && !git.get().worktreeRoot().equals(git.get().mainRoot())) {
        key = ProjectKeys.claudeSanitize(remote.get() + "/worktree/" + git.get().worktreeRoot().getFileName());
      }
    } else {
      key = ProjectKeys.claudeSanitize(root.toString());
    }
    return new MemoryLocation(key, home.project(key).memory(), userDir, team);
  }

  /** The index file of every memory directory. */
  public static final String INDEX_FILE = MemoryIndex.FILE_NAME;

  /**
   * The cross-process lock file every store write of {@code memoryDir} holds; tools that rewrite
   * topic files themselves (the dream) take it too, one change at a time (it is not reentrant).
   */
  public static Path lockFile(Path memoryDir) {
    return memoryDir.resolve(DirectoryStore.LOCK_FILE);
  }

  /** The MEMORY.md line a store writes for {@code memory} kept in {@code fileName}. */
  public static String indexLine(Memory memory, String fileName) {
    return MemoryIndex.line(memory, fileName);
  }

  /**
   * Claude Code's directory for the project of {@code roots}, {@code <claudeHome>/projects/<sanitized-root>/}:
   * its session transcripts ({@code *.jsonl}) live there, whatever memory layout Engram uses.
   */
  public static Path claudeProjectDir(EngramRoots roots, EngramSettings settings) throws IOException {
    return roots.expand(settings.memory().claudeHome()).resolve("projects")
        .resolve(ProjectKeys.claudeSanitize(projectRoot(roots, settings).toString())).toAbsolutePath().normalize();
  }

  /**
   * The root of the project of {@code roots}: its repository's (the worktree's under {@code memory.isolateWorktrees}),
   * else the project directory; the directory the agents key a project's files by.
   */
  public static Path projectRoot(EngramRoots roots, EngramSettings settings) throws IOException {
    Optional<GitProject> git = GitProject.find(roots.projectDir());
    return git.map(g -> settings.memory().isolateWorktrees() ? g.worktreeRoot() : g.mainRoot())
        .orElse(roots.projectDir());
  }
}
