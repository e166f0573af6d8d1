package io.engram.cli.install;

import io.engram.cli.install.Installer.Action;
import io.engram.cli.install.Installer.Step;
import io.engram.fs.AtomicFiles;
import io.engram.fs.FileTrees;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * The class-data archive (AppCDS) of an installed jar: the classes one {@code engram recall} loads, parsed and
 * verified once by {@code engram install} and mapped by every JVM the launcher starts afterwards, which then spends
 * less of its start loading classes.
 *
 * <p>The archive is written by running the installed jar once, as the launcher runs it, with
 * {@code -XX:ArchiveClassesAtExit} on a throwaway home, and kept only when a JVM told to use nothing else
 * ({@code -Xshare:on}) starts with it. It is tied to that Java build and to the jar's size and time, so a JVM of
 * another build, or the jar rebuilt, ignores it; the launcher turns the JVM's logging of that off, because its
 * warning goes to standard output, inside a hook's JSON answer. Nothing here fails an install: a JVM that cannot
 * write an archive leaves a step that says why, and the launcher runs without one.
 */
final class ClassArchive {
  // What a shell word may hold unquoted: the launcher passes the path to java through an unquoted variable.
  private static final Pattern NAMEABLE = Pattern.compile("[A-Za-z0-9._/+@%:,=-]+");

  private final Path java;
  private final Duration timeout;

  /** Archives written with {@code java}, each run given at most {@code timeout}. */
  ClassArchive(Path java, Duration timeout) {
    this.java = java;
    this.timeout = timeout;
  }

  /** The archive kept beside an installed jar: {@code engram-1.2.3.jsa} for {@code engram-1.2.3.jar}. */
  static Path beside(Path jar) {
    String name = jar.getFileName().toString();
    return jar.resolveSibling((name.endsWith(".jar") ? name.substring(0, name.length() - 4) : name) + ".jsa");
  }

  /** Whether the launcher can hand {@code archive}'s path to java (no space, quote or pattern character in it). */
  static boolean nameable(Path archive) {
    return NAMEABLE.matcher(archive.toString()).matches();
  }

  /** The JVM options that map {@code archive}, silent when it cannot be used. */
  static String options(Path archive) {
    return "-XX:SharedArchiveFile=" + archive + " -Xlog:cds=off -Xlog:cds+dynamic=off";
  }

  /**
   * Writes {@code archive} for the jar the launcher runs as {@code stable}, unless it is there already and the jar
   * did not change.
   */
  Step write(Path stable, Path archive, boolean jarChanged) {
    boolean existed = Files.isRegularFile(archive);
    if (existed && !jarChanged) {
      return new Step(archive, Action.UNCHANGED, "class archive");
    }
    if (!nameable(archive)) {
      return new Step(archive, Action.SKIPPED, "no class archive: the launcher cannot pass this path to java");
    }
    Path scratch = null;
    try {
      scratch = Files.createTempDirectory(archive.getParent(), ".class-archive-");
      Path written = scratch.resolve("classes.jsa");
      Optional<String> failed = run(scratch, List.of("-XX:ArchiveClassesAtExit=" + written, "-jar", stable.toString(),
          "--home", scratch.resolve("home").toString(), "--user-home", scratch.resolve("user").toString(),
          "--project", Files.createDirectories(scratch.resolve("project")).toString(),
          "recall", "how are the tests run"));
      if (failed.isEmpty() && !Files.isRegularFile(written)) {
        failed = Optional.of("the JVM wrote none");
      }
      if (failed.isEmpty()) {
        failed = run(scratch, List.of("-XX:SharedArchiveFile=" + written, "-Xshare:on", "-jar", stable.toString(),
            "--version")).map(why -> "a JVM could not start with it: " + why);
      }
      if (failed.isPresent()) {
        Files.deleteIfExists(archive);
        return new Step(archive, Action.SKIPPED, "no class archive: " + failed.get());
      }
      move(written, archive);
      return new Step(archive, existed ? Action.REPLACED : Action.WRITTEN, "class archive");
    } catch (IOException e) {
      return new Step(archive, Action.SKIPPED, "no class archive: " + e.getMessage());
    } finally {
      deleteTree(scratch);
    }
  }

  /** Runs java with {@code args}; empty when it exited 0 in time, else what went wrong. */
  private Optional<String> run(Path scratch, List<String> args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(java.toString());
    command.addAll(args);
    Path err = scratch.resolve("stderr.txt");
    Process p;
    try {
      p = new ProcessBuilder(command).directory(scratch.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .redirectError(err.toFile()).start();
    } catch (IOException e) {
      return Optional.of("cannot run " + java + ": " + e.getMessage());
    }
    try {
      p.getOutputStream().close();
      if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        p.destroyForcibly().waitFor(10, TimeUnit.SECONDS); // a killed JVM is gone in well under that; not a knob
        return Optional.of("java did not finish within " + timeout.toSeconds() + " s");
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      return Optional.of("interrupted");
    }
    if (p.exitValue() == 0) {
      return Optional.empty();
    }
    List<String> lines = Files.readAllLines(err, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).toList();
    return Optional.of("java exited with " + p.exitValue() + (lines.isEmpty() ? "" : " (" + lines.get(0).strip() + ")"));
  }

  private static void move(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
    }
    AtomicFiles.forceDirectory(to.getParent());
  }

  private static void deleteTree(Path dir) {
    if (dir == null) {
      return;
    }
    try {
      FileTrees.delete(dir);
    } catch (IOException e) {
      // A scratch directory left in lib/ is harmless (a dot name, never read); the install itself went through.
    }
  }
}
