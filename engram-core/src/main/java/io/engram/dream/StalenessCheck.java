package io.engram.dream;

import io.engram.config.EngramSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks the files and symbols that memories name against the project as it is now.
 *
 * <p>A reference with a slash, or ending in a known file extension, is a file: it is present if it
 * exists relative to the project (a bare name may be anywhere below it). Anything else is a symbol
 * (a class or function name; {@code Foo#bar}, {@code Foo.bar()}, {@code Foo::bar} need every part):
 * it is present if it occurs as a whole word in a source file under the project. One bounded walk
 * serves all references; it skips {@code .git}, hidden directories and build output ({@code target},
 * {@code build}, {@code node_modules}...), does not follow links, and reads at most {@code maxFiles}
 * files of at most {@code maxFileBytes} each. A reference not found before the bound is {@link
 * PathFinding.Status#UNKNOWN}, never reported missing.
 */
final class StalenessCheck {
  static final Set<String> SKIPPED_DIRS =
      Set.of("target", "build", "out", "dist", "node_modules", "__pycache__", "venv", "coverage", "vendor",
          "bin", "obj");
  static final Set<String> SOURCE_EXTENSIONS =
      Set.of("java", "kt", "kts", "scala", "groovy", "ts", "tsx", "js", "jsx", "mjs", "cjs", "py", "rb", "go", "rs",
          "c", "h", "cc", "cpp", "hpp", "cs", "swift", "m", "php", "lua", "dart", "ex", "exs", "clj", "sql", "sh",
          "bash", "zsh", "ps1", "vue", "svelte", "proto", "graphql", "gradle", "xml", "json", "yaml", "yml", "toml",
          "properties", "md", "html", "css", "scss");
  private static final Set<String> OTHER_FILE_EXTENSIONS =
      Set.of("txt", "lock", "cfg", "ini", "conf", "env", "dockerfile", "jar", "png", "svg", "csv", "jsonl", "pdf");
  private static final Pattern LOCATION = Pattern.compile("(?::\\d+(?::\\d+)?|#L\\d+(?:-L?\\d+)?)$");
  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*");

  private final Path projectDir;
  private final int maxFiles;
  private final long maxFileBytes;

  /** A check against {@code projectDir} with the bounds {@code staleScanMaxFiles} and {@code staleScanMaxFileBytes}. */
  public static StalenessCheck of(Path projectDir, EngramSettings.Dream settings) {
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
    Set<String> fileNames = new HashSet<>();
    Set<String> symbols = new HashSet<>();
    Map<String, PathFinding> direct = new LinkedHashMap<>();
    for (List<String> refs : referencesByMemory.values()) {
      for (String ref : refs) {
        classify(ref.strip(), fileNames, symbols, direct);
      }
    }
    Walk walk = new Walk(fileNames, symbols);
    if (!fileNames.isEmpty() || !symbols.isEmpty()) {
      Files.walkFileTree(projectDir, walk);
    }
    Map<String, List<PathFinding>> out = new LinkedHashMap<>();
    referencesByMemory.forEach((memory, refs) -> {
      List<PathFinding> findings = new ArrayList<>();
      for (String ref : refs) {
        findings.add(finding(ref, direct, walk));
      }
      out.put(memory, List.copyOf(findings));
    });
    return out;
  }

  private void classify(String ref, Set<String> fileNames, Set<String> symbols, Map<String, PathFinding> direct) {
    String path = LOCATION.matcher(ref).replaceFirst("");
    if (isFile(path)) {
      boolean hasDir = path.contains("/") || path.contains("\\");
      if (hasDir || Files.exists(projectDir.resolve(path))) {
        boolean exists = Files.exists(projectDir.resolve(path));
        direct.put(ref, new PathFinding(ref, PathFinding.Kind.FILE,
            exists ? PathFinding.Status.PRESENT : PathFinding.Status.MISSING));
      } else {
        fileNames.add(path);
      }
    } else {
      symbols.addAll(symbolParts(ref));
    }
  }

  private PathFinding finding(String ref, Map<String, PathFinding> direct, Walk walk) {
    String trimmed = ref.strip();
    if (direct.containsKey(trimmed)) {
      return new PathFinding(ref, direct.get(trimmed).kind(), direct.get(trimmed).status());
    }
    String path = LOCATION.matcher(trimmed).replaceFirst("");
    if (isFile(path)) {
      return new PathFinding(ref, PathFinding.Kind.FILE, walk.status(walk.foundNames.contains(path)));
    }
    List<String> parts = symbolParts(trimmed);
    boolean all = !parts.isEmpty() && walk.foundSymbols.containsAll(parts);
    return new PathFinding(ref, PathFinding.Kind.SYMBOL, walk.status(all));
  }

  static boolean isFile(String ref) {
    if (ref.contains("/") || ref.contains("\\")) {
      return true;
    }
    int dot = ref.lastIndexOf('.');
    if (dot <= 0 && !ref.startsWith(".")) {
      return false;
    }
    String ext = ref.substring(dot + 1);
    return (SOURCE_EXTENSIONS.contains(ext) || OTHER_FILE_EXTENSIONS.contains(ext)) && !ref.contains("(");
  }

  static List<String> symbolParts(String ref) {
    List<String> parts = new ArrayList<>();
    Matcher m = IDENTIFIER.matcher(ref.replace("()", ""));
    while (m.find()) {
      parts.add(m.group());
    }
    return parts;
  }

  /** The single bounded walk: finds bare file names and symbols, stopping when all are found. */
  private final class Walk extends SimpleFileVisitor<Path> {
    final Set<String> wantedNames;
    final Set<String> wantedSymbols;
    final Set<String> foundNames = new HashSet<>();
    final Set<String> foundSymbols = new HashSet<>();
    int filesRead;
    boolean truncated;

    Walk(Set<String> names, Set<String> symbols) {
      this.wantedNames = names;
      this.wantedSymbols = symbols;
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
      return name.startsWith(".") || SKIPPED_DIRS.contains(name)
          ? FileVisitResult.SKIP_SUBTREE
          : FileVisitResult.CONTINUE;
    }

    @Override
    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
      String name = file.getFileName().toString();
      if (wantedNames.contains(name)) {
        foundNames.add(name);
      }
      if (foundSymbols.size() < wantedSymbols.size() && attrs.isRegularFile() && attrs.size() <= maxFileBytes
          && SOURCE_EXTENSIONS.contains(extension(name))) {
        if (filesRead >= maxFiles) {
          truncated = true;
          return FileVisitResult.TERMINATE;
        }
        filesRead++;
        search(file);
      }
      boolean done = foundNames.size() == wantedNames.size() && foundSymbols.size() == wantedSymbols.size();
      return done ? FileVisitResult.TERMINATE : FileVisitResult.CONTINUE;
    }

    @Override
    public FileVisitResult visitFileFailed(Path file, IOException e) {
      return FileVisitResult.CONTINUE;
    }

    private void search(Path file) {
      String text;
      try {
        text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
      } catch (IOException e) {
        // An unreadable file (permissions, vanished mid-walk) is skipped like a binary one.
        return;
      }
      for (String symbol : wantedSymbols) {
        if (!foundSymbols.contains(symbol) && containsWord(text, symbol)) {
          foundSymbols.add(symbol);
        }
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
