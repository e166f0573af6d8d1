package io.engram.dream;

import io.engram.config.DreamSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks the files and symbols that memories name against the project as it is now.
 *
 * <p>A reference with a directory separator, or that {@link PathReferences} reads as a file name, is a
 * file; anything else is a symbol (a class or function name; {@code Foo#bar}, {@code Foo.bar()}, {@code
 * Foo::bar} need every part), present if it occurs as a whole word in a source file under the project.
 *
 * <p>A file is looked for relative to the project first; a path that is not there may name the file from
 * some directory below (memories often write {@code dream/Consolidation.java} for a longer path), so a
 * relative path with a file extension, or ending in a separator, is present when any file (or directory)
 * of the project ends with it, and a bare name when it is anywhere below. What cannot be checked is
 * {@link PathFinding.Status#UNKNOWN}, never stale: an absolute path outside the project, a path under the
 * home directory ({@code ~/}) or above the project ({@code ../}), a missing path under build output
 * ({@code target/}, {@code node_modules/}...), which a build makes, and a slashed path with no extension
 * whose first segment is not in the project ({@code and/or}, {@code feature/login}: words, branches).
 *
 * <p>One bounded walk serves all references ({@link ProjectWalk}); it skips {@code .git} and other tool directories and build
 * output, reads sources for symbols outside hidden directories only, does not follow links, and reads at
 * most {@code maxFiles} files of at most {@code maxFileBytes} each. A reference not found before the bound
 * is {@link PathFinding.Status#UNKNOWN}.
 */
final class StalenessCheck {
  static final Set<String> SKIPPED_DIRS =
      Set.of("target", "build", "out", "dist", "node_modules", "__pycache__", "venv", "coverage", "vendor",
          "bin", "obj");
  /** Hidden directories of tools and caches, never walked; other hidden directories ({@code .github}) are. */
  static final Set<String> SKIPPED_HIDDEN_DIRS =
      Set.of(".git", ".hg", ".svn", ".idea", ".gradle", ".venv", ".tox", ".cache", ".next", ".nuxt", ".m2", ".npm",
          ".yarn", ".pnpm-store", ".terraform", ".dart_tool", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".turbo",
          ".parcel-cache", ".angular", ".svelte-kit", ".engram");
  static final Set<String> SOURCE_EXTENSIONS =
      Set.of("java", "kt", "kts", "scala", "groovy", "ts", "tsx", "js", "jsx", "mjs", "cjs", "py", "rb", "go", "rs",
          "c", "h", "cc", "cpp", "hpp", "cs", "swift", "m", "php", "lua", "dart", "ex", "exs", "clj", "sql", "sh",
          "bash", "zsh", "ps1", "vue", "svelte", "proto", "graphql", "gradle", "xml", "json", "yaml", "yml", "toml",
          "properties", "md", "html", "css", "scss");
  private static final Set<String> OTHER_FILE_EXTENSIONS =
      Set.of("txt", "lock", "cfg", "ini", "conf", "env", "dockerfile", "jar", "png", "svg", "csv", "jsonl", "pdf",
          "tf", "tfvars", "hcl", "nix", "cmake", "mk", "bat", "cmd", "ipynb", "hs", "erl", "jl", "ml", "mod", "sbt",
          "less", "sass", "mdx", "rst", "adoc", "tsv", "jpg", "jpeg", "gif", "webp", "ico", "sqlite", "db", "pem",
          "crt", "template", "tpl", "j2", "hbs", "ejs", "erb", "pug", "ftl", "vm", "feature", "http", "graphqls",
          "avsc", "thrift", "wasm", "zip", "gz", "tgz", "sol", "gemspec", "podspec", "plist", "xcconfig",
          "xib", "storyboard", "csproj", "sln", "fsproj", "vbproj", "props", "targets", "cabal", "nimble", "zig",
          "sv", "vhd", "asm", "f90", "tcl", "vim", "fish", "awk", "editorconfig");
  private static final Pattern LOCATION = Pattern.compile("(?::\\d+(?::\\d+)?|#L\\d+(?:-L?\\d+)?)$");
  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*");

  private final Path projectDir;
  private final int maxFiles;
  private final long maxFileBytes;

  /** A check against {@code projectDir} with the bounds {@code staleScanMaxFiles} and {@code staleScanMaxFileBytes}. */
  public static StalenessCheck of(Path projectDir, DreamSettings settings) {
    return new StalenessCheck(projectDir, settings.staleScanMaxFiles(), settings.staleScanMaxFileBytes());
  }

  /** A check against {@code projectDir} reading at most {@code maxFiles} files of {@code maxFileBytes}. */
  public StalenessCheck(Path projectDir, int maxFiles, long maxFileBytes) {
    this.projectDir = projectDir.toAbsolutePath().normalize();
    this.maxFiles = maxFiles;
    this.maxFileBytes = maxFileBytes;
  }

  /** Checks one memory's references, in their order. */
  public List<PathFinding> check(List<String> references) throws IOException {
    return checkAll(Map.of("", references)).get("");
  }

  /** Checks the references of many memories (memory id to references) with one walk of the project. */
  public Map<String, List<PathFinding>> checkAll(Map<String, List<String>> referencesByMemory) throws IOException {
    ProjectWalk.Wanted wanted = new ProjectWalk.Wanted();
    for (List<String> refs : referencesByMemory.values()) {
      for (String ref : refs) {
        classify(ref.strip(), wanted);
      }
    }
    ProjectWalk walk = new ProjectWalk(projectDir, maxFiles, maxFileBytes, wanted);
    if (!wanted.names.isEmpty() || !wanted.suffixes.isEmpty() || !wanted.symbols.isEmpty()) {
      Files.walkFileTree(projectDir, walk);
    }
    Map<String, List<PathFinding>> out = new LinkedHashMap<>();
    referencesByMemory.forEach((memory, refs) -> {
      List<PathFinding> findings = new ArrayList<>();
      for (String ref : refs) {
        findings.add(finding(ref, wanted, walk));
      }
      out.put(memory, List.copyOf(findings));
    });
    return out;
  }

  private void classify(String ref, ProjectWalk.Wanted wanted) {
    String path = LOCATION.matcher(ref).replaceFirst("");
    if (!isFile(path)) {
      wanted.symbols.addAll(symbolParts(ref));
      return;
    }
    Optional<String> relative = relativeToProject(path);
    if (relative.isEmpty()) {
      wanted.direct.put(ref, new PathFinding(ref, PathFinding.Kind.FILE, PathFinding.Status.UNKNOWN));
      return;
    }
    String rel = relative.get();
    if (rel.isEmpty() || Files.exists(projectDir.resolve(rel))) {
      wanted.direct.put(ref, new PathFinding(ref, PathFinding.Kind.FILE, PathFinding.Status.PRESENT));
      return;
    }
    String first = rel.contains("/") ? rel.substring(0, rel.indexOf('/')) : rel;
    boolean slashed = rel.contains("/") || path.endsWith("/") || path.endsWith("\\");
    boolean strong = PathReferences.lastSegmentHasExtension(path) || path.endsWith("/") || path.endsWith("\\")
        || path.startsWith("./") || path.startsWith(".\\");
    if (slashed && underBuildOutput(rel) || slashed && !strong && !Files.exists(projectDir.resolve(first))) {
      wanted.direct.put(ref, new PathFinding(ref, PathFinding.Kind.FILE, PathFinding.Status.UNKNOWN));
    } else if (slashed && strong) {
      wanted.suffixes.add(rel);
    } else if (slashed) {
      wanted.direct.put(ref, new PathFinding(ref, PathFinding.Kind.FILE, PathFinding.Status.MISSING));
    } else {
      wanted.names.add(rel);
    }
  }

  /** True when a directory of the path is build output ({@code target/}, {@code frontend/dist/}). */
  private static boolean underBuildOutput(String rel) {
    String[] parts = rel.split("/");
    for (int i = 0; i < parts.length - 1; i++) {
      if (SKIPPED_DIRS.contains(parts[i])) {
        return true;
      }
    }
    return false;
  }

  /**
   * The path relative to the project, separators as {@code /}, without a leading {@code ./} or a trailing
   * separator; empty when it points outside the project (absolute elsewhere, {@code ~}, above it).
   */
  Optional<String> relativeToProject(String path) {
    String p = path.replace('\\', '/');
    if (p.startsWith("~") || p.matches("^[A-Za-z]:/.*")) {
      return Optional.empty();
    }
    Path resolved;
    try {
      resolved = p.startsWith("/") ? Path.of(p).normalize() : projectDir.resolve(p).normalize();
    } catch (java.nio.file.InvalidPathException e) {
      return Optional.empty();
    }
    if (!resolved.startsWith(projectDir)) {
      return Optional.empty();
    }
    return Optional.of(projectDir.relativize(resolved).toString().replace('\\', '/'));
  }

  private PathFinding finding(String ref, ProjectWalk.Wanted wanted, ProjectWalk walk) {
    String trimmed = ref.strip();
    PathFinding settled = wanted.direct.get(trimmed);
    if (settled != null) {
      return new PathFinding(ref, settled.kind(), settled.status());
    }
    String path = LOCATION.matcher(trimmed).replaceFirst("");
    if (isFile(path)) {
      String rel = relativeToProject(path).orElse(path);
      boolean found = rel.contains("/") || path.endsWith("/") || path.endsWith("\\")
          ? walk.foundSuffixes.contains(rel) : walk.foundNames.contains(rel);
      return new PathFinding(ref, PathFinding.Kind.FILE, walk.status(found));
    }
    List<String> parts = symbolParts(trimmed);
    boolean all = !parts.isEmpty() && walk.foundSymbols.containsAll(parts);
    return new PathFinding(ref, PathFinding.Kind.SYMBOL, walk.status(all));
  }

  /** True when a reference names a file or directory rather than a code symbol. */
  static boolean isFile(String ref) {
    return ref.contains("/") || ref.contains("\\") || PathReferences.isPath(ref);
  }

  /** True for the extension of a file name ({@code java}, {@code yml}, {@code lock}...), in any case. */
  static boolean isFileExtension(String extension) {
    String e = extension.toLowerCase(Locale.ROOT);
    return SOURCE_EXTENSIONS.contains(e) || OTHER_FILE_EXTENSIONS.contains(e);
  }

  static List<String> symbolParts(String ref) {
    List<String> parts = new ArrayList<>();
    Matcher m = IDENTIFIER.matcher(ref.replace("()", ""));
    while (m.find()) {
      parts.add(m.group());
    }
    return parts;
  }
}
