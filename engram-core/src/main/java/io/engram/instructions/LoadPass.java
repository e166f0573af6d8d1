package io.engram.instructions;

import io.engram.config.EngramRoots;
import io.engram.config.InstructionsSettings;
import io.engram.instructions.FileReading.Failed;
import io.engram.instructions.FileReading.Read;
import io.engram.instructions.LoadWarning.Kind;
import io.engram.tokens.TokenCounter;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One pass of loading: top-level files in the order given, each followed at once by its imports,
 * depth first, the way Claude Code places them (an imported file is its own entry right after the file
 * that imports it, before that file's next sibling import).
 *
 * <p>{@code seen} holds the real paths already loaded; it is shared across the passes of a session so
 * that a file is loaded once per session however many ways lead to it.
 *
 * <p>A project file may import only from its own repository (the nearest directory with {@code .git} above its real
 * path, else its own directory), by real path, so a link inside the repository to a file outside counts as outside;
 * anything else it imports waits for the person's approval ({@link ImportApprovals}). The user's, local and managed
 * files are the person's or the organisation's own and import from anywhere.
 */
final class LoadPass {
  private final InstructionsSettings settings;
  private final EngramRoots roots;
  private final TokenCounter tokens;
  private final Set<Path> seen;
  private final ImportApprovals approvals;
  private final List<InstructionFile> files = new ArrayList<>();
  private final List<LoadWarning> warnings = new ArrayList<>();

  LoadPass(InstructionsSettings settings, EngramRoots roots, TokenCounter tokens, Set<Path> seen) {
    this.settings = settings;
    this.roots = roots;
    this.tokens = tokens;
    this.seen = seen;
    this.approvals = ImportApprovals.in(roots.engramHome());
  }

  /** Loads {@code path} if it exists, then its imports; an absent top-level file is not an error. */
  void loadTopLevel(Path path, InstructionLevel level) {
    load(path, level, List.of(), List.of(), 0);
  }

  LoadedInstructions result() {
    return new LoadedInstructions(files, warnings);
  }

  /** {@code line} is where the import stands in the last file of {@code chain}; 0 for a top-level file. */
  private void load(Path path, InstructionLevel level, List<Path> chain, List<Path> realChain, int line) {
    // A project file's import must resolve inside its repository or be approved before it is read at all.
    boolean gated = level == InstructionLevel.PROJECT && !realChain.isEmpty();
    FileReading.Outcome outcome = gated ? FileReading.read(path, real -> !outside(last(realChain), real))
        : FileReading.read(path);
    if (outcome instanceof FileReading.Absent) {
      if (!chain.isEmpty()) {
        warn(path, Kind.MISSING_IMPORT,
            path + ": imported from " + last(chain) + ":" + line + " but does not exist", chain);
      }
      return;
    }
    if (outcome instanceof Failed failed) {
      warn(path, failed.kind(), failed.message(), chain);
      return;
    }
    if (outcome instanceof FileReading.Refused) {
      warn(path, Kind.EXTERNAL_IMPORT, path + ": imported from " + last(chain) + ":" + line + ", outside "
          + repository(last(realChain)) + "; a project file's import from elsewhere is followed once you approve it"
          + " ('engram context --approve-imports')", chain);
      return;
    }
    Read read = (Read) outcome;
    if (realChain.contains(read.realPath())) {
      warn(path, Kind.IMPORT_CYCLE,
          path + ": import cycle via " + last(chain) + ":" + line + ", not followed", chain);
      return;
    }
    if (!seen.add(read.realPath())) {
      warn(path, Kind.DUPLICATE, path + ": already loaded, not loaded again", chain);
      return;
    }
    String content = read.content();
    files.add(new InstructionFile(path, level, chain, content, content.length(), tokens.count(content)));
    if (content.length() > settings.warnChars()) {
      warn(
          path,
          Kind.OVERSIZED,
          path + ": " + content.length() + " characters, above the " + settings.warnChars()
              + " recommended; loaded in full",
          chain);
    }
    followImports(path, read, level, chain, realChain);
  }

  private void followImports(
      Path path, Read read, InstructionLevel level, List<Path> chain, List<Path> realChain) {
    List<ImportParser.ImportRef> refs = ImportParser.parse(read.content());
    if (refs.isEmpty()) {
      return;
    }
    List<Path> nextChain = append(chain, path);
    List<Path> nextReal = append(realChain, read.realPath());
    for (ImportParser.ImportRef ref : refs) {
      Path target;
      try {
        target = resolve(path, ref.path());
      } catch (InvalidPathException e) {
        warn(path, Kind.MISSING_IMPORT, path + ":" + ref.line() + ": not a valid path: @" + ref.path(), chain);
        continue;
      }
      if (nextChain.size() > settings.maxImportHops()) {
        warn(
            target,
            Kind.MAX_DEPTH,
            target + ": imported from " + path + ":" + ref.line() + " beyond the maximum of "
                + settings.maxImportHops() + " import hops, not followed",
            nextChain);
        continue;
      }
      load(target, level, nextChain, nextReal, ref.line());
    }
  }

  private boolean outside(Path importer, Path target) {
    return !target.startsWith(repository(importer)) && !approvals.approves(importer, target);
  }

  /** The repository a project file belongs to: the nearest directory above it holding {@code .git}, else its own. */
  private static Path repository(Path realFile) {
    Path dir = realFile.getParent();
    return InstructionLoader.findRepoRoot(dir).orElse(dir);
  }

  private Path resolve(Path importer, String ref) {
    if (ref.startsWith("~/")) {
      return roots.expand(ref).normalize();
    }
    Path p = Path.of(ref);
    return (p.isAbsolute() ? p : importer.toAbsolutePath().getParent().resolve(p)).normalize();
  }

  private void warn(Path path, Kind kind, String message, List<Path> chain) {
    warnings.add(new LoadWarning(path, kind, message, chain));
  }

  private static Path last(List<Path> chain) {
    return chain.get(chain.size() - 1);
  }

  private static List<Path> append(List<Path> list, Path p) {
    List<Path> out = new ArrayList<>(list);
    out.add(p);
    return List.copyOf(out);
  }
}
