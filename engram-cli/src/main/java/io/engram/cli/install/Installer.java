package io.engram.cli.install;

import io.engram.fs.HomeLayout;
import io.engram.cli.global.RunningJar;
import io.engram.cli.global.EngramVersion;
import io.engram.cli.global.UserFacingException;
import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;

/**
 * Installs the Engram jar for a user and takes it out again.
 *
 * <p>Install writes {@code <home>/lib/engram-<version>.jar}, the stable name {@code <home>/lib/engram.jar}
 * (a link to it, or a copy where links are not supported), its class archive {@code engram-<version>.jsa} (see
 * {@link ClassArchive}; skipped, with the reason, where the JVM cannot write one), a launcher {@code <bin>/engram} and the record
 * {@code <home>/lib/install.json} of those files. Each file is written atomically (temporary file, then
 * rename) and only when it differs, so a second install changes nothing. Uninstall removes the launcher
 * it is given and, with the last launcher, the jars and the record: only files the record names, and
 * never a launcher that install did not write. Both hold a lock in {@code <home>/locks}.
 */
public final class Installer {
  /** The main class an Engram jar must name in its manifest. */

  // Beside EngramVersion's class, wherever that moves: a fixed path here went stale once and broke every install.
  private static final String VERSION_ENTRY = EngramVersion.JAR_ENTRY;
  private static final Pattern SAFE_VERSION = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._+-]{0,63}");
  // Writing the class archive runs the jar once: the first embedding model load included, on a slow disk. Not a
  // setting: past it the install goes on without the archive and says so; engram only starts a little slower.
  private static final Duration ARCHIVE_TIMEOUT = Duration.ofMinutes(2);

  private final Path lib;
  private final Path recordFile;
  private final Path lockFile;

  /** An installer for the Engram home {@code engramHome}. */
  public Installer(Path engramHome) {
    Path home = engramHome.toAbsolutePath().normalize();
    this.lib = HomeLayout.of(home).lib();
    this.recordFile = lib.resolve("install.json");
    this.lockFile = HomeLayout.of(home).lock("install");
  }

  /** What happened to one file. */
  public enum Action { WRITTEN, REPLACED, UNCHANGED, REMOVED, SKIPPED }

  /** One file install or uninstall looked after, what happened to it, and a note (a link's target). */
  public record Step(Path path, Action action, String note) {}

  /**
   * What an install or uninstall did.
   *
   * @param version the installed version (on uninstall, the one removed; empty when none was recorded)
   * @param launcher the launcher this run was about
   * @param steps every file looked after, in order
   * @param otherLaunchers launchers still installed elsewhere (another {@code --prefix})
   */
  public record Outcome(String version, Path launcher, List<Step> steps, List<Path> otherLaunchers) {
    public Outcome {
      steps = List.copyOf(steps);
      otherLaunchers = List.copyOf(otherLaunchers);
    }

    /** Whether any file was written or removed. */
    public boolean changed() {
      return steps.stream().anyMatch(s -> s.action() != Action.UNCHANGED && s.action() != Action.SKIPPED);
    }
  }

  /** The launcher {@code install} writes into {@code binDir}. */
  public static Path launcherIn(Path binDir) {
    return binDir.toAbsolutePath().normalize().resolve("engram");
  }

  /** The launchers the install record lists, or none when Engram is not installed in this home. */
  public List<Path> installedLaunchers() throws IOException {
    return InstallRecord.read(recordFile).map(InstallRecord::launchers).orElse(List.of());
  }

  /**
   * Installs {@code sourceJar} with a launcher in {@code binDir} that runs it with {@code java} from the
   * PATH, else {@code fallbackJava}.
   *
   * @throws UserFacingException when the jar is not an Engram jar or {@code binDir/engram} is not ours
   */
  public Outcome install(Path sourceJar, Path binDir, Path fallbackJava) throws IOException {
    String version = versionOf(sourceJar);
    Path launcher = launcherIn(binDir);
    try (FileLock lock = FileLock.acquire(lockFile)) {
      refuseForeignLauncher(launcher, "install");
      Optional<InstallRecord> old = InstallRecord.read(recordFile);
      Path jar = lib.resolve("engram-" + version + ".jar");
      Path stable = lib.resolve("engram.jar");
      List<Step> steps = new ArrayList<>();
      Step copied = copyJar(sourceJar, jar);
      steps.add(copied);
      steps.add(linkStable(stable, jar));
      if (old.isPresent() && !old.get().jar().equals(jar) && insideLib(old.get().jar())) {
        if (Files.deleteIfExists(old.get().jar())) {
          steps.add(new Step(old.get().jar(), Action.REMOVED, "the version installed before"));
        }
        Path oldArchive = ClassArchive.beside(old.get().jar());
        if (Files.deleteIfExists(oldArchive)) {
          steps.add(new Step(oldArchive, Action.REMOVED, "the class archive of the version installed before"));
        }
      }
      Path archive = ClassArchive.beside(jar);
      steps.add(new ClassArchive(fallbackJava, ARCHIVE_TIMEOUT).write(stable, archive,
          copied.action() != Action.UNCHANGED));
      String script = LauncherScript.withArchive(stable, fallbackJava, version, archive);
      steps.add(writeLauncher(launcher, script));
      List<Path> launchers = new ArrayList<>();
      for (Path l : old.map(InstallRecord::launchers).orElse(List.of())) {
        if (!l.equals(launcher) && LauncherScript.isOurs(l)) {
          launchers.add(l);
        }
      }
      List<Path> others = List.copyOf(launchers);
      launchers.add(launcher);
      InstallRecord record = new InstallRecord(version, jar, stable, launchers);
      if (old.isEmpty() || !old.get().equals(record)) {
        record.write(recordFile);
      }
      return new Outcome(version, launcher, steps, others);
    }
  }

  /**
   * Removes the launcher in {@code binDir} and, when no other recorded launcher is left, the jars and the
   * record. Nothing installed there is not an error: the outcome then lists no step.
   *
   * @throws UserFacingException when {@code binDir/engram} exists but install did not write it
   */
  public Outcome uninstall(Path binDir) throws IOException {
    Path launcher = launcherIn(binDir);
    try (FileLock lock = FileLock.acquire(lockFile)) {
      refuseForeignLauncher(launcher, "uninstall");
      Optional<InstallRecord> record = InstallRecord.read(recordFile);
      List<Step> steps = new ArrayList<>();
      if (Files.deleteIfExists(launcher)) {
        steps.add(new Step(launcher, Action.REMOVED, ""));
      }
      if (record.isEmpty()) {
        return new Outcome("", launcher, steps, List.of());
      }
      List<Path> others = new ArrayList<>();
      for (Path l : record.get().withoutLauncher(launcher).launchers()) {
        if (LauncherScript.isOurs(l)) {
          others.add(l);
        }
      }
      if (others.isEmpty()) {
        for (Path file : List.of(record.get().stableJar(), record.get().jar())) {
          if (insideLib(file) && Files.deleteIfExists(file)) {
            steps.add(new Step(file, Action.REMOVED, ""));
          }
        }
        Path archive = ClassArchive.beside(record.get().jar());
        if (insideLib(record.get().jar()) && Files.deleteIfExists(archive)) {
          steps.add(new Step(archive, Action.REMOVED, "class archive"));
        }
        Files.deleteIfExists(recordFile);
        steps.add(new Step(recordFile, Action.REMOVED, ""));
        deleteIfEmpty(lib);
      } else if (!others.equals(record.get().launchers())) {
        new InstallRecord(record.get().version(), record.get().jar(), record.get().stableJar(), others).write(recordFile);
      }
      return new Outcome(record.get().version(), launcher, steps, others);
    }
  }

  /**
   * The version an Engram jar records, after checking that it is one.
   *
   * @throws UserFacingException when the file is not a jar whose main class is Engram's
   */
  static String versionOf(Path jar) throws IOException {
    if (!Files.isRegularFile(jar)) {
      throw new UserFacingException(jar + " is not a file");
    }
    try (JarFile file = new JarFile(jar.toFile())) {
      String main = file.getManifest() == null ? null : file.getManifest().getMainAttributes().getValue("Main-Class");
      if (!RunningJar.MAIN_CLASS.equals(main)) {
        throw new UserFacingException(jar + " is not an Engram jar (its main class is " + main + ")");
      }
      String version = null;
      ZipEntry entry = file.getEntry(VERSION_ENTRY);
      if (entry != null) {
        try (InputStream in = file.getInputStream(entry)) {
          Properties p = new Properties();
          p.load(in);
          version = p.getProperty("version");
        }
      }
      if (version == null || !SAFE_VERSION.matcher(version.strip()).matches()) {
        throw new UserFacingException(jar + " records no usable version (" + VERSION_ENTRY + ": " + version + ")");
      }
      return version.strip();
    } catch (java.util.zip.ZipException e) {
      throw new UserFacingException(jar + " is not a jar: " + e.getMessage());
    }
  }

  private static void refuseForeignLauncher(Path launcher, String verb) throws IOException {
    if (Files.exists(launcher, LinkOption.NOFOLLOW_LINKS) && !LauncherScript.isOurs(launcher)) {
      String what = Files.isSymbolicLink(launcher) ? "a link to " + Files.readSymbolicLink(launcher) : "a file";
      throw new UserFacingException(verb + ": " + launcher + " is " + what + " that 'engram install' did not write;"
          + " left alone. Remove it yourself, or choose another place with --prefix DIR.");
    }
  }

  private static Step copyJar(Path source, Path jar) throws IOException {
    boolean existed = Files.exists(jar, LinkOption.NOFOLLOW_LINKS);
    if (existed && (Files.isSameFile(source, jar) || Files.mismatch(source, jar) == -1L)) {
      return new Step(jar, Action.UNCHANGED, "");
    }
    AtomicFiles.copy(source, jar);
    return new Step(jar, existed ? Action.REPLACED : Action.WRITTEN, "");
  }

  // The stable name is a relative link, swapped atomically by renaming a new link over it; where the file
  // system has no links it is a copy.
  private Step linkStable(Path stable, Path jar) throws IOException {
    Path target = jar.getFileName();
    boolean existed = Files.exists(stable, LinkOption.NOFOLLOW_LINKS);
    if (Files.isSymbolicLink(stable) && Files.readSymbolicLink(stable).equals(target)) {
      return new Step(stable, Action.UNCHANGED, "-> " + target);
    }
    Path temp = lib.resolve(".engram.jar." + UUID.randomUUID() + ".tmp");
    try {
      Files.createSymbolicLink(temp, target);
      try {
        Files.move(temp, stable, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, stable, StandardCopyOption.REPLACE_EXISTING);
      }
      AtomicFiles.forceDirectory(lib);
      return new Step(stable, existed ? Action.REPLACED : Action.WRITTEN, "-> " + target);
    } catch (UnsupportedOperationException | FileSystemException e) {
      Step copied = copyJar(jar, stable);
      return new Step(stable, copied.action(), "a copy of " + target);
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  private static Step writeLauncher(Path launcher, String script) throws IOException {
    boolean existed = Files.exists(launcher, LinkOption.NOFOLLOW_LINKS);
    if (existed && Files.readString(launcher).equals(script) && Files.isExecutable(launcher)) {
      return new Step(launcher, Action.UNCHANGED, "");
    }
    AtomicFiles.writeString(launcher, script, PosixFilePermissions.fromString("rwxr-xr-x"));
    return new Step(launcher, existed ? Action.REPLACED : Action.WRITTEN, "");
  }

  private boolean insideLib(Path file) {
    Path f = file.toAbsolutePath().normalize();
    return f.getParent() != null && f.getParent().equals(lib) && f.getFileName().toString().startsWith("engram")
        && f.getFileName().toString().endsWith(".jar");
  }

  private static void deleteIfEmpty(Path dir) throws IOException {
    try (var entries = Files.list(dir)) {
      if (entries.findAny().isEmpty()) {
        Files.delete(dir);
      }
    } catch (java.nio.file.NoSuchFileException e) {
      // already gone
    }
  }
}
