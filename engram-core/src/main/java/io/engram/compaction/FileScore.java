package io.engram.compaction;

import io.engram.transcript.FileOperation;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.Locale;
import java.util.Set;

/**
 * How useful a file is to restore after compaction:
 * {@code total = 0.35 TS + 0.25 FS + 0.2 OS + 0.15 FTS + 0.05 RS}. The formula and every number in it (each part's
 * below) are the seed's file-restoration score, written as the seed writes it: definitions of that score, not
 * settings.
 *
 * @param time TS, from the hours since the last operation ({@link #timeScore})
 * @param frequency FS ({@link #frequencyScore})
 * @param operations OS ({@link #operationScore})
 * @param fileType FTS ({@link FileTypes}: code 75-100, config 50-70, docs 20-45, unknown 30)
 * @param relevance RS ({@link #relevanceScore})
 * @param total the weighted sum
 */
record FileScore(
    double time, double frequency, double operations, double fileType, double relevance, double total) {

  private static final Set<String> SOURCE_DIRS =
      Set.of("src", "source", "sources", "lib", "pkg", "internal", "app", "cmd");
  private static final Set<String> COMPONENT_DIRS =
      Set.of("components", "component", "modules", "packages", "services", "controllers", "views", "widgets",
          "features", "handlers", "hooks", "pages", "plugins");
  private static final Set<String> TEST_DIRS =
      Set.of("test", "tests", "__tests__", "spec", "specs", "testing", "e2e");
  /** Entry points and manifests, matched on the base name (lower case) or on its stem. */
  private static final Set<String> KEY_NAMES =
      Set.of("readme.md", "claude.md", "agents.md", "pom.xml", "build.gradle", "build.gradle.kts",
          "settings.gradle", "package.json", "cargo.toml", "go.mod", "pyproject.toml", "setup.py", "makefile",
          "dockerfile", "docker-compose.yml", "tsconfig.json", "mix.exs");
  private static final Set<String> KEY_STEMS =
      Set.of("main", "index", "app", "application", "server", "__init__", "lib", "mod");

  /** Scores {@code usage} as of {@code now}. */
  public static FileScore of(FileUsage usage, Instant now) {
    DatedOperation last =
        usage.operations().stream().max(Comparator.comparing(DatedOperation::at)).orElseThrow();
    double hours = Math.max(0, Duration.between(last.at(), now).toMillis() / 3_600_000.0);
    Instant hourAgo = now.minus(Duration.ofHours(1));
    int lastHour = (int) usage.operations().stream().filter(o -> !o.at().isBefore(hourAgo)).count();
    int writes = count(usage, FileOperation.WRITE);
    int edits = count(usage, FileOperation.EDIT);
    int reads = count(usage, FileOperation.READ);
    double ts = timeScore(hours);
    double fs = frequencyScore(usage.operations().size(), lastHour);
    double os = operationScore(writes, edits, reads, lastKind(usage, last));
    double fts = FileTypes.score(usage.path());
    double rs = relevanceScore(usage.path());
    return new FileScore(ts, fs, os, fts, rs, 0.35 * ts + 0.25 * fs + 0.2 * os + 0.15 * fts + 0.05 * rs);
  }

  /** TS: 100 within 1 h, 90 within 6 h, 75 within 24 h, else max(10, 75 e^(-0.1 (hours - 24))). */
  public static double timeScore(double hours) {
    if (hours <= 1) {
      return 100;
    }
    if (hours <= 6) {
      return 90;
    }
    if (hours <= 24) {
      return 75;
    }
    return Math.max(10, 75 * Math.exp(-0.1 * (hours - 24)));
  }

  /** FS: min(100, min(80, 5 x all operations) + min(20, 10 x operations in the last hour)). */
  public static double frequencyScore(int all, int lastHour) {
    return Math.min(100, Math.min(80, 5 * all) + Math.min(20, 10 * lastHour));
  }

  /**
   * OS: 15 + writes + 10 x edits + 3 x reads, plus 25 when the last operation was a write or 15 when
   * it was an edit. Literally as the formula is written: no cap at 100.
   */
  public static double operationScore(int writes, int edits, int reads, FileOperation last) {
    int bonus = switch (last) {
      case WRITE -> 25;
      case EDIT -> 15;
      case READ, DELETE -> 0;
    };
    return 15 + writes + 10 * edits + 3 * reads + bonus;
  }

  /** FTS of {@code path}; the table and its reasons are in {@link FileTypes}. */
  public static double fileTypeScore(String path) {
    return FileTypes.score(path);
  }

  /**
   * RS: min(100, 50 + 30 under a source directory + 20 under a component directory + 10 under a test
   * directory + 25 for a key file name). Directories are the path's segments before the base name,
   * compared in lower case: source {@code src, source, sources, lib, pkg, internal, app, cmd};
   * component {@code components, component, modules, packages, services, controllers, views, widgets,
   * features, handlers, hooks, pages, plugins}; test {@code test, tests, __tests__, spec, specs,
   * testing, e2e}. Key file names are build manifests and instruction files ({@code pom.xml},
   * {@code package.json}, {@code README.md}, {@code CLAUDE.md}, ...) and entry points whose stem is
   * {@code main, index, app, application, server, __init__, lib, mod}. Each bonus counts once.
   */
  public static double relevanceScore(String path) {
    String[] segments = path.replace('\\', '/').toLowerCase(Locale.ROOT).split("/");
    String name = FileTypes.baseName(path).toLowerCase(Locale.ROOT);
    boolean source = false;
    boolean component = false;
    boolean test = false;
    for (int i = 0; i < segments.length - 1; i++) {
      source |= SOURCE_DIRS.contains(segments[i]);
      component |= COMPONENT_DIRS.contains(segments[i]);
      test |= TEST_DIRS.contains(segments[i]);
    }
    int dot = name.indexOf('.');
    boolean key = KEY_NAMES.contains(name) || KEY_STEMS.contains(dot > 0 ? name.substring(0, dot) : name);
    return Math.min(100, 50 + (source ? 30 : 0) + (component ? 20 : 0) + (test ? 10 : 0) + (key ? 25 : 0));
  }

  private static int count(FileUsage usage, FileOperation kind) {
    return (int) usage.operations().stream().filter(o -> o.operation() == kind).count();
  }

  /** The kind of the latest operation; among operations at the same instant, the last listed wins. */
  private static FileOperation lastKind(FileUsage usage, DatedOperation latest) {
    FileOperation kind = latest.operation();
    for (DatedOperation o : usage.operations()) {
      if (o.at().equals(latest.at())) {
        kind = o.operation();
      }
    }
    return kind;
  }
}
