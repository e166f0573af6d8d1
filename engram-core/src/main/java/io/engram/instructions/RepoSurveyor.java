package io.engram.instructions;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Looks at a repository the way a newcomer would: build files, the languages its files are written
 * in, its top-level layout, how it is run ({@link RunDetector}), and what its README and CONTRIBUTING say. Best effort: an unreadable file
 * or directory is passed over, never an error.
 */
final class RepoSurveyor {
  /** Directories that hold generated or third-party files, not the project's own. */
  private static final Set<String> SKIP_DIRS =
      Set.of(".git", "node_modules", "target", "build", "dist", "out", ".venv", "venv", "__pycache__",
          ".idea", ".gradle", "vendor", ".mvn", ".tox", ".next");

  // Not a setting: a sample for ranking the languages of engram init's starting file; more files give the same ranking
  // slower.
  private static final int MAX_FILES = 20_000;
  // A project's sources lie within a dozen directories of its root; deeper trees are generated or vendored.
  private static final int MAX_DEPTH = 12;
  // A CONTRIBUTING bullet of 12 characters or fewer is a list's item ("- Java 17", "- macOS"), not a rule.
  private static final int SHORTEST_RULE = 12;

  /**
   * Programming languages by extension. Documentation and data formats (Markdown, JSON, YAML...) are
   * left out: they say little about how to work in the code, and counting them would make init's
   * output depend on whether an instruction file already exists.
   */
  private static final Map<String, String> LANGUAGES =
      Map.ofEntries(
          Map.entry("java", "Java"), Map.entry("kt", "Kotlin"), Map.entry("kts", "Kotlin"),
          Map.entry("scala", "Scala"), Map.entry("groovy", "Groovy"), Map.entry("js", "JavaScript"),
          Map.entry("mjs", "JavaScript"), Map.entry("cjs", "JavaScript"), Map.entry("jsx", "JavaScript"),
          Map.entry("ts", "TypeScript"), Map.entry("tsx", "TypeScript"), Map.entry("py", "Python"),
          Map.entry("rs", "Rust"), Map.entry("go", "Go"), Map.entry("c", "C"), Map.entry("h", "C"),
          Map.entry("cc", "C++"), Map.entry("cpp", "C++"), Map.entry("hpp", "C++"), Map.entry("cs", "C#"),
          Map.entry("rb", "Ruby"), Map.entry("php", "PHP"), Map.entry("swift", "Swift"),
          Map.entry("sh", "Shell"), Map.entry("bash", "Shell"), Map.entry("sql", "SQL"),
          Map.entry("html", "HTML"), Map.entry("css", "CSS"), Map.entry("scss", "CSS"),
          Map.entry("lua", "Lua"), Map.entry("dart", "Dart"), Map.entry("ex", "Elixir"),
          Map.entry("exs", "Elixir"), Map.entry("hs", "Haskell"), Map.entry("ml", "OCaml"),
          Map.entry("zig", "Zig"), Map.entry("vue", "Vue"), Map.entry("svelte", "Svelte"));

  private static final Map<String, String> DIR_NOTES =
      Map.ofEntries(
          Map.entry("src", "sources"), Map.entry("lib", "library code"), Map.entry("test", "tests"),
          Map.entry("tests", "tests"), Map.entry("docs", "documentation"), Map.entry("doc", "documentation"),
          Map.entry("scripts", "scripts"), Map.entry("bin", "executables"), Map.entry("cmd", "entry points"),
          Map.entry("pkg", "packages"), Map.entry("internal", "internal packages"),
          Map.entry("examples", "examples"), Map.entry("config", "configuration"),
          Map.entry(".github", "GitHub workflows and templates"), Map.entry(".ci", "CI scripts"));

  private RepoSurveyor() {}

  /** Surveys the repository rooted at {@code dir}. */
  public static RepoSurvey survey(Path dir) {
    Path root = dir.toAbsolutePath().normalize();
    Path fileName = root.getFileName();
    return new RepoSurvey(
        fileName == null ? root.toString() : fileName.toString(),
        BuildToolDetector.detect(root),
        languages(root),
        layout(root),
        findDoc(root, "README").flatMap(RepoSurveyor::firstParagraph),
        findDoc(root, "CONTRIBUTING").map(RepoSurveyor::contributingHints).orElse(List.of()),
        RunDetector.detect(root));
  }

  static Map<String, Integer> languages(Path root) {
    Map<String, Integer> counts = new HashMap<>();
    int[] seen = {0};
    try {
      Files.walkFileTree(root, Set.of(), MAX_DEPTH, new SimpleFileVisitor<>() {
        @Override
        public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) {
          return !d.equals(root) && SKIP_DIRS.contains(d.getFileName().toString())
              ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) {
          String name = f.getFileName().toString();
          int dot = name.lastIndexOf('.');
          String lang = dot < 0 ? null : LANGUAGES.get(name.substring(dot + 1).toLowerCase(Locale.ROOT));
          if (lang != null && attrs.isRegularFile()) {
            counts.merge(lang, 1, Integer::sum);
          }
          return ++seen[0] >= MAX_FILES ? FileVisitResult.TERMINATE : FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFileFailed(Path f, IOException e) {
          return FileVisitResult.CONTINUE;
        }
      });
    } catch (IOException e) {
      // Best effort: the counts gathered so far stand.
    }
    Map<String, Integer> sorted = new LinkedHashMap<>();
    counts.entrySet().stream()
        .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
        .forEach(e -> sorted.put(e.getKey(), e.getValue()));
    return sorted;
  }

  static Map<String, String> layout(Path root) {
    Map<String, String> layout = new TreeMap<>();
    try (Stream<Path> entries = Files.list(root)) {
      entries.forEach(p -> {
        String name = p.getFileName().toString();
        boolean dir = Files.isDirectory(p);
        if (dir && (SKIP_DIRS.contains(name) || (name.startsWith(".") && !DIR_NOTES.containsKey(name)))) {
          return;
        }
        if (dir) {
          layout.put(name + "/", DIR_NOTES.getOrDefault(name, ""));
        }
      });
    } catch (IOException e) {
      // Best effort: an unlistable root has no layout to show.
    }
    return layout;
  }

  private static Optional<Path> findDoc(Path root, String stem) {
    for (String name : List.of(stem + ".md", stem + ".markdown", stem + ".rst", stem + ".txt", stem)) {
      Path p = root.resolve(name);
      if (Files.isRegularFile(p)) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }

  /** The README's first real paragraph ({@link ReadmeSummary}). */
  static Optional<String> firstParagraph(Path readme) {
    return ReadmeSummary.of(readLines(readme));
  }

  /** Command lines from code blocks, and bullet rules, of CONTRIBUTING: at most eight. */
  static List<String> contributingHints(Path contributing) {
    List<String> hints = new ArrayList<>();
    boolean inFence = false;
    for (String line : readLines(contributing)) {
      String s = line.strip();
      if (s.startsWith("```") || s.startsWith("~~~")) {
        inFence = !inFence;
      } else if (inFence && !s.isEmpty() && !s.startsWith("#")) {
        hints.add("`" + s.replaceFirst("^\\$\\s*", "") + "`");
      } else if (!inFence && (s.startsWith("- ") || s.startsWith("* ")) && s.length() > SHORTEST_RULE) {
        hints.add(s.substring(2).strip());
      }
      if (hints.size() == 8) {
        break;
      }
    }
    return hints;
  }

  private static List<String> readLines(Path file) {
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return List.of();
    }
  }
}
