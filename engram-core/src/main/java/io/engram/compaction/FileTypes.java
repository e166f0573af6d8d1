package io.engram.compaction;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The file-type score FTS of {@link FileScore} (code 75-100, config 50-70, docs 20-45, unknown 30).
 *
 * <p>The concrete values inside each band, and why:
 * <ul>
 *   <li>code 100: general-purpose languages, where behaviour lives (java, kt, py, ts, js, go, rs, c,
 *       cpp, cs, rb, ex, swift, scala, php, ...);
 *   <li>code 90: query and schema languages (sql, proto, graphql, thrift, avdl);
 *   <li>code 85: shell and batch scripts;
 *   <li>code 75: markup and stylesheets that are still code (html, css, scss, less, xsl, templates);
 *   <li>config 70: build and dependency manifests by name (pom.xml, build.gradle(.kts), package.json,
 *       Cargo.toml, go.mod, pyproject.toml, Makefile, Dockerfile, ...), which steer the build;
 *   <li>config 60: other configuration formats (yaml, yml, toml, json, xml, properties, ini, cfg,
 *       conf, gradle, env, editorconfig);
 *   <li>config 50: lock files (package-lock.json, yarn.lock, *.lock), generated and rarely read whole;
 *   <li>docs 45: README and instruction files (CLAUDE.md, AGENTS.md), read for orientation;
 *       docs 40: other Markdown, reStructuredText, AsciiDoc, Org; docs 30: plain text;
 *       docs 20: LICENSE, NOTICE, COPYING, CHANGELOG;
 *   <li>unknown 30: anything else (images, data files, no extension).
 * </ul>
 * Names are matched case-insensitively on the base name before the extension is looked at.
 */
final class FileTypes {
  // The file-type score of the table above for anything it does not name.
  static final int UNKNOWN = 30;

  private static final Map<String, Integer> BY_NAME = new HashMap<>();
  private static final Map<String, Integer> BY_EXTENSION = new HashMap<>();

  static {
    extensions(100, "java", "kt", "kts", "scala", "groovy", "go", "rs", "c", "h", "cc", "cpp", "cxx", "hpp", "hh",
        "cs", "fs", "swift", "m", "mm", "py", "pyi", "rb", "php", "js", "jsx", "mjs", "cjs", "ts", "tsx", "mts",
        "cts", "vue", "svelte", "ex", "exs", "erl", "hrl", "clj", "cljs", "hs", "ml", "mli", "dart", "lua", "r",
        "jl", "zig", "nim", "pl", "pm", "elm", "f90", "sol");
    extensions(90, "sql", "proto", "graphql", "gql", "thrift", "avdl", "prisma");
    extensions(85, "sh", "bash", "zsh", "fish", "ps1", "bat", "cmd");
    extensions(75, "html", "htm", "css", "scss", "sass", "less", "xsl", "xslt", "heex", "eex", "erb", "hbs",
        "mustache", "jinja", "j2", "jsp");
    extensions(60, "yaml", "yml", "toml", "json", "jsonc", "json5", "xml", "properties", "ini", "cfg", "conf",
        "gradle", "env", "editorconfig", "tf", "hcl", "nix", "plist");
    extensions(50, "lock");
    extensions(40, "md", "mdx", "markdown", "rst", "adoc", "asciidoc", "org", "tex");
    extensions(30, "txt");
    names(70, "pom.xml", "build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts",
        "package.json", "cargo.toml", "go.mod", "pyproject.toml", "setup.py", "setup.cfg", "requirements.txt",
        "gemfile", "mix.exs", "makefile", "cmakelists.txt", "dockerfile", "docker-compose.yml",
        "docker-compose.yaml", "tsconfig.json", "build.sbt", "justfile");
    names(50, "package-lock.json", "yarn.lock", "pnpm-lock.yaml", "cargo.lock", "go.sum", "poetry.lock",
        "gemfile.lock", "mix.lock", "composer.lock");
    names(45, "readme.md", "readme", "readme.rst", "readme.txt", "claude.md", "claude.local.md", "agents.md",
        "gemini.md");
    names(60, ".env", ".editorconfig", ".gitignore", ".gitattributes", ".npmrc", ".prettierrc", ".eslintrc");
    names(20, "license", "license.md", "license.txt", "notice", "copying", "changelog.md", "changelog");
  }

  private FileTypes() {}

  /** The FTS of {@code path}: by base name first, then by extension, else {@link #UNKNOWN}. */
  static int score(String path) {
    String name = baseName(path).toLowerCase(Locale.ROOT);
    Integer byName = BY_NAME.get(name);
    if (byName != null) {
      return byName;
    }
    return extension(name).map(BY_EXTENSION::get).orElse(UNKNOWN);
  }

  /** Whether {@code extension} (lower case, no dot) is one this table knows. */
  static boolean knownExtension(String extension) {
    return BY_EXTENSION.containsKey(extension.toLowerCase(Locale.ROOT));
  }

  /** The last segment of a '/' or '\' separated path, trailing separators ignored. */
  static String baseName(String path) {
    String p = path.replace('\\', '/');
    while (p.endsWith("/") && p.length() > 1) {
      p = p.substring(0, p.length() - 1);
    }
    return p.substring(p.lastIndexOf('/') + 1);
  }

  private static java.util.Optional<String> extension(String name) {
    int dot = name.lastIndexOf('.');
    return dot <= 0 || dot == name.length() - 1
        ? java.util.Optional.empty()
        : java.util.Optional.of(name.substring(dot + 1));
  }

  private static void extensions(int score, String... extensions) {
    for (String e : extensions) {
      BY_EXTENSION.put(e, score);
    }
  }

  private static void names(int score, String... names) {
    for (String n : names) {
      BY_NAME.put(n, score);
    }
  }
}
