package io.engram.instructions;

import io.engram.config.EngramRoots;
import io.engram.config.InstructionsSettings;
import io.engram.tokens.TokenCounter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A fixture tree in a temporary directory: {@code etc/} holds the managed file, {@code home/} is the
 * user's home, {@code repo/} is a git repository; tests choose the project directory inside it.
 */
final class Fixture {
  /** Counts words, so that token figures in tests are easy to predict. */
  static final TokenCounter WORDS = text -> text.isBlank() ? 0 : text.strip().split("\\s+").length;

  final Path root;
  final Path etc;
  final Path home;
  final Path repo;

  Fixture(Path root) {
    this.root = root.toAbsolutePath().normalize();
    this.etc = this.root.resolve("etc");
    this.home = this.root.resolve("home");
    this.repo = this.root.resolve("repo");
    mkdirs(repo.resolve(".git"));
    mkdirs(home);
  }

  Path write(String relative, String text) {
    Path p = root.resolve(relative);
    try {
      Files.createDirectories(p.getParent());
      Files.writeString(p, text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return p;
  }

  Path writeBytes(String relative, byte[] bytes) {
    Path p = root.resolve(relative);
    try {
      Files.createDirectories(p.getParent());
      Files.write(p, bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return p;
  }

  Path mkdirs(Path dir) {
    try {
      return Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  InstructionsSettings settings(boolean stopAtRepoRoot) {
    InstructionsSettings d = InstructionsSettings.DEFAULTS;
    return new InstructionsSettings(
        d.fileNames(), d.localFileName(), etc.resolve("CLAUDE.md").toString(), "~/.claude", stopAtRepoRoot,
        d.maxImportHops(), d.warnChars());
  }

  InstructionsSettings settings() {
    return settings(true);
  }

  InstructionLoader loader(String projectRelative) {
    return loader(projectRelative, settings());
  }

  InstructionLoader loader(String projectRelative, InstructionsSettings settings) {
    Path project = mkdirs(root.resolve(projectRelative));
    return new InstructionLoader(settings, new EngramRoots(root.resolve("engram"), home, project), WORDS);
  }

  /** The loaded paths relative to the fixture root, in order; paths outside the fixture are dropped. */
  List<String> paths(LoadedInstructions loaded) {
    return loaded.files().stream()
        .map(InstructionFile::path)
        .filter(p -> p.startsWith(root))
        .map(p -> root.relativize(p).toString().replace('\\', '/'))
        .toList();
  }

  List<LoadWarning.Kind> kinds(LoadedInstructions loaded) {
    return loaded.warnings().stream().map(LoadWarning::kind).toList();
  }
}
