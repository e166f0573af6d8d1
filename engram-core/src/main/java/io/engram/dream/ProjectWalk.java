package io.engram.dream;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The single bounded walk of a project that serves every reference a {@link StalenessCheck} could not settle by itself:
 * it finds bare file names, path ends and symbols (whole words in a source file outside hidden directories), stopping
 * when all are found; it skips tool and build directories, does not follow links, and reads at most {@code maxFiles}
 * files of at most {@code maxFileBytes} each. A reference not found before that bound is {@link
 * PathFinding.Status#UNKNOWN}, never stale.
 */
final class ProjectWalk extends SimpleFileVisitor<Path> {
  /** What the walk must look for, and the references settled without it. */
  static final class Wanted {
    final Set<String> names = new HashSet<>();
    /** Relative paths (separators as {@code /}, no leading {@code ./}) to find as the end of a project path. */
    final Set<String> suffixes = new HashSet<>();
    final Set<String> symbols = new HashSet<>();
    final Map<String, PathFinding> direct = new LinkedHashMap<>();
  }

  private final Path projectDir;
  private final int maxFiles;
  private final long maxFileBytes;
  final Wanted wanted;
  private final Set<String> suffixNames = new HashSet<>();
  final Set<String> foundNames = new HashSet<>();
  final Set<String> foundSuffixes = new HashSet<>();
  final Set<String> foundSymbols = new HashSet<>();
  private int filesRead;
  private boolean truncated;

  ProjectWalk(Path projectDir, int maxFiles, long maxFileBytes, Wanted wanted) {
    this.projectDir = projectDir;
    this.maxFiles = maxFiles;
    this.maxFileBytes = maxFileBytes;
    this.wanted = wanted;
    for (String suffix : wanted.suffixes) {
      suffixNames.add(suffix.substring(suffix.lastIndexOf('/') + 1));
    }
  }

  PathFinding.Status status(boolean found) {
    if (found) {
      return PathFinding.Status.PRESENT;
    }
    return truncated ? PathFinding.Status.UNKNOWN : PathFinding.Status.MISSING;
  }

  @Override
  public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
    if (dir.equals(projectDir)) {
      return FileVisitResult.CONTINUE;
    }
    String name = dir.getFileName().toString();
    if (StalenessCheck.SKIPPED_DIRS.contains(name) || StalenessCheck.SKIPPED_HIDDEN_DIRS.contains(name)) {
      return FileVisitResult.SKIP_SUBTREE;
    }
    matchSuffix(dir, name);
    return done() ? FileVisitResult.TERMINATE : FileVisitResult.CONTINUE;
  }

  @Override
  public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
    String name = file.getFileName().toString();
    if (wanted.names.contains(name)) {
      foundNames.add(name);
    }
    matchSuffix(file, name);
    if (foundSymbols.size() < wanted.symbols.size() && attrs.isRegularFile() && attrs.size() <= maxFileBytes
        && StalenessCheck.SOURCE_EXTENSIONS.contains(extension(name)) && !hidden(file)) {
      if (filesRead >= maxFiles) {
        truncated = true;
        return FileVisitResult.TERMINATE;
      }
      filesRead++;
      search(file);
    }
    return done() ? FileVisitResult.TERMINATE : FileVisitResult.CONTINUE;
  }

  @Override
  public FileVisitResult visitFileFailed(Path file, IOException e) {
    return FileVisitResult.CONTINUE;
  }

  private boolean done() {
    return foundNames.size() == wanted.names.size() && foundSuffixes.size() == wanted.suffixes.size()
        && foundSymbols.size() == wanted.symbols.size();
  }

  private void matchSuffix(Path path, String name) {
    if (!suffixNames.contains(name)) {
      return;
    }
    String rel = "/" + projectDir.relativize(path).toString().replace('\\', '/');
    for (String suffix : wanted.suffixes) {
      if (rel.endsWith("/" + suffix)) {
        foundSuffixes.add(suffix);
      }
    }
  }

  private boolean hidden(Path file) {
    for (Path part : projectDir.relativize(file)) {
      if (part.toString().startsWith(".")) {
        return true;
      }
    }
    return false;
  }

  private void search(Path file) {
    String text;
    try {
      text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    } catch (IOException e) {
      // An unreadable file (permissions, vanished mid-walk) is skipped like a binary one.
      return;
    }
    for (String symbol : wanted.symbols) {
      if (!foundSymbols.contains(symbol) && containsWord(text, symbol)) {
        foundSymbols.add(symbol);
      }
    }
  }

  static boolean containsWord(String text, String word) {
    int from = 0;
    while (true) {
      int at = text.indexOf(word, from);
      if (at < 0) {
        return false;
      }
      int end = at + word.length();
      if ((at == 0 || !isIdentifierChar(text.charAt(at - 1))) && (end == text.length() || !isIdentifierChar(text.charAt(end)))) {
        return true;
      }
      from = at + 1;
    }
  }

  private static boolean isIdentifierChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '$';
  }

  private static String extension(String name) {
    int dot = name.lastIndexOf('.');
    return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
  }
}
