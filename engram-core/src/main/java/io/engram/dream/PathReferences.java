package io.engram.dream;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The file paths a memory's text names, wherever they are written: in prose, in inline code and as the
 * targets of Markdown links ({@code [text](docs/setup.md)}); fenced code blocks are not read (they hold
 * commands and output, which name files they create). A reference is returned as written, location
 * suffix included ({@code src/App.java:42}), for {@link StalenessCheck} to look up.
 *
 * <p>What reads as a path: a word with a directory separator whose segments are path characters, or a
 * file name with a known extension ({@code pom.xml}), a well-known extension-less name ({@code
 * Makefile}) or a known dotfile ({@code .env}). What does not: URLs and domains ({@code github.com/x},
 * {@code docs.rs}), dotted package and class names ({@code io.engram.dream}), versions ({@code 1.2.3}),
 * abbreviations ({@code e.g.}), bare extensions ({@code .js}), product names ({@code Node.js}), slashed
 * word pairs' numbers ({@code 2026/05/12}, {@code 1/2}), globs and placeholders ({@code src/**}, {@code
 * path/to/file}, {@code <dir>/x}). Slashed words without an extension ({@code and/or}, {@code
 * feature/login}) are returned; {@link StalenessCheck} checks them only where the project anchors them.
 */
final class PathReferences {
  // A word over 1,000 characters is pasted data (base64, minified code), never a path: it is not looked at.
  private static final int MAX_WORD = 1_000;
  private static final Pattern LINK = Pattern.compile("\\[[^\\[\\]\\n]*]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
  private static final Pattern CODE = Pattern.compile("(?<!`)(`++)([^`\\n]+?)\\1(?!`)");
  private static final Pattern URL = Pattern.compile(MarkdownProse.URL_REGEX + "|\\bwww\\.\\S+|mailto:\\S+");
  private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:(?!\\d)");
  private static final Pattern LOCATION = Pattern.compile("(?::\\d+(?::\\d+)?|#L\\d+(?:-L?\\d+)?)$");
  private static final Pattern BLANKS = Pattern.compile("\\s+");
  /** What cannot be in a path: it ends one, so paths inside Chinese text are found. */
  private static final Pattern NOT_PATH_CHARS = Pattern.compile("[^A-Za-z0-9_.\\-/\\\\~@+:#]+");
  private static final Pattern PLACEHOLDER_CHAR = Pattern.compile("[*?<>{}$%\\[\\]]");
  private static final Pattern PATH_CHARS = Pattern.compile("[A-Za-z0-9_.\\-/\\\\~@+]+");
  private static final Pattern FILE_NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.\\-+@]*\\.([A-Za-z0-9]{1,10})");
  private static final Pattern DOTFILE = Pattern.compile("\\.[a-z][a-z0-9_\\-]*+(?:\\.[a-z0-9_\\-]++)*+");
  private static final Pattern DOTFILE_KIND = Pattern.compile("\\.(?:env(?:\\..+)?|.*rc(?:\\..+)?|.*ignore|.*-version|"
      + "gitattributes|gitmodules|editorconfig|tool-versions|sdkmanrc|mvn|github|gitlab-ci\\.yml|travis\\.yml|"
      + "circleci|devcontainer|vscode|claude|husky|pre-commit-config\\.yaml|golangci\\.ya?ml|mailmap)");
  private static final Set<String> WELL_KNOWN =
      Set.of("Dockerfile", "Containerfile", "Makefile", "GNUmakefile", "Jenkinsfile", "Procfile", "Gemfile", "Rakefile",
          "Vagrantfile", "Brewfile", "Justfile", "Podfile", "Pipfile", "CODEOWNERS", "Earthfile", "Tiltfile");
  /** Names with a file extension that are products or sites, not files ("Node.js", "docs.rs"). */
  private static final Set<String> NOT_FILES =
      Set.of("node.js", "vue.js", "next.js", "nuxt.js", "react.js", "express.js", "chart.js", "three.js", "d3.js",
          "ember.js", "backbone.js", "angular.js", "alpine.js", "p5.js", "anime.js", "moment.js", "day.js", "pdf.js",
          "video.js", "nest.js", "solid.js", "deno.js", "ext.js", "knockout.js", "docs.rs", "rustup.rs", "bun.sh",
          "asp.net");
  private static final Set<String> CREATING_COMMANDS =
      Set.of("mkdir", "touch", "cp", "mv", "tee", "ln", "rm", "rmdir", "wget", "curl", "git");

  private PathReferences() {}

  /** The path-like references of a memory body, each once, in order of appearance. */
  static List<String> of(String body) {
    // A word longer than any path a person writes (a blob, a minified line) is no reference, and skipping it
    // keeps the per-word patterns from scanning it again and again.
    Set<String> out = new LinkedHashSet<>();
    String text = FencedCode.replaceClosed(body, "\n");
    Matcher link = LINK.matcher(text);
    while (link.find()) {
      linkTarget(link.group(1)).ifPresent(out::add);
    }
    text = LINK.matcher(text).replaceAll(" ");
    Matcher code = CODE.matcher(text);
    while (code.find()) {
      String span = code.group(2).strip();
      if (span.contains(" ")) {
        command(span, out);
      } else if (isPath(span)) {
        out.add(span);
      }
    }
    String prose = URL.matcher(CODE.matcher(text).replaceAll(" ")).replaceAll(" ");
    for (String word : BLANKS.split(prose)) {
      if (word.length() > MAX_WORD || template(word)) {
        continue;
      }
      for (String part : NOT_PATH_CHARS.split(word)) {
        String token = trim(part);
        if (isPath(token)) {
          out.add(token);
        }
      }
    }
    return List.copyOf(out);
  }

  /** A link's local target without its fragment or query, if it is one. */
  private static java.util.Optional<String> linkTarget(String target) {
    if (target.startsWith("#") || target.startsWith("//") || SCHEME.matcher(target).find()) {
      return java.util.Optional.empty();
    }
    String t = target.replaceFirst("[?#].*$", "").replace("%20", " ");
    return t.isEmpty() || t.contains(" ") || placeholder(t) ? java.util.Optional.empty() : java.util.Optional.of(t);
  }

  /**
   * The paths an inline command reads: words with a separator and a file extension, unless the command
   * makes files (mkdir, cp, ...) or the word follows an output option or a redirection.
   */
  private static void command(String span, Set<String> out) {
    String[] words = BLANKS.split(span);
    if (CREATING_COMMANDS.contains(words[0]) || span.contains("://")) {
      return;
    }
    for (int i = 1; i < words.length; i++) {
      String prev = words[i - 1];
      if (prev.startsWith(">") || prev.equals("-o") || prev.startsWith("--out")) {
        continue;
      }
      String w = trim(words[i].replaceFirst("^-{1,2}[A-Za-z-]+=", ""));
      if ((w.contains("/") || w.contains("\\")) && lastSegmentHasExtension(w) && isPath(w)) {
        out.add(w);
      }
    }
  }

  /** Strips the punctuation prose puts around a word, and a possessive. */
  static String trim(String word) {
    String w = TextEnds.dropTrailing(TextEnds.dropLeading(word, TextEnds.anyOf("([{\"'“‘«*<:#")),
        TextEnds.anyOf(")]}\"'”’»*>"));
    w = w.endsWith("'s") || w.endsWith("’s") ? w.substring(0, w.length() - 2) : w;
    return TextEnds.dropTrailing(w, TextEnds.anyOf(".,;:#!?)]}\"'”’»"));
  }

  /** True when a single word reads as a file or directory path. */
  static boolean isPath(String token) {
    // A plain word (no dot, slash, backslash or location) is a path only as a well-known file name: answered
    // without the patterns, since most words of a memory are plain.
    if (token.chars().noneMatch(c -> c == '.' || c == '/' || c == '\\' || c == ':' || c == '#')) {
      return WELL_KNOWN.contains(token);
    }
    String t = LOCATION.matcher(token).replaceFirst("");
    if (t.length() < 2 || !PATH_CHARS.matcher(t).matches() || placeholder(t)) {
      return false;
    }
    if (t.contains("/") || t.contains("\\")) {
      return slashed(t);
    }
    if (WELL_KNOWN.contains(t)) {
      return true;
    }
    if (t.startsWith(".")) {
      return DOTFILE.matcher(t).matches() && DOTFILE_KIND.matcher(t).matches() && !t.equals(".net");
    }
    Matcher f = FILE_NAME.matcher(t);
    return f.matches() && StalenessCheck.isFileExtension(f.group(1)) && !NOT_FILES.contains(t.toLowerCase(Locale.ROOT));
  }

  private static boolean slashed(String t) {
    String[] segments = t.replace('\\', '/').split("/", -1);
    List<String> named = new ArrayList<>();
    for (int i = 0; i < segments.length; i++) {
      String s = segments[i];
      boolean edge = i == 0 || i == segments.length - 1;
      if (s.isEmpty() && !edge) {
        return false;
      }
      if (!s.isEmpty() && !s.equals(".") && !s.equals("..") && !s.equals("~")) {
        named.add(s);
      }
    }
    if (named.isEmpty() || named.stream().allMatch(s -> s.chars().allMatch(Character::isDigit))) {
      return false;
    }
    String first = named.get(0);
    boolean relativeStart = segments[0].isEmpty() || segments[0].equals(".") || segments[0].equals("..")
        || segments[0].equals("~");
    // "github.com/org/repo": a domain, not a directory.
    String tld = first.substring(first.lastIndexOf('.') + 1);
    boolean domain = !relativeStart && first.contains(".") && !first.startsWith(".")
        && (NOT_FILES.contains(first.toLowerCase(Locale.ROOT))
            || tld.matches("[A-Za-z]{2,}") && !StalenessCheck.isFileExtension(tld));
    return !domain && !first.chars().allMatch(Character::isDigit);
  }

  static boolean lastSegmentHasExtension(String path) {
    String last = path.replace('\\', '/').replaceFirst("/+$", "");
    last = last.substring(last.lastIndexOf('/') + 1);
    Matcher f = FILE_NAME.matcher(LOCATION.matcher(last).replaceFirst(""));
    return f.matches() && f.group(1).chars().anyMatch(Character::isLetter);
  }

  /**
   * A glob or a placeholder in a path-like word ({@code src/**}, {@code <dir>/x}, {@code /orders/{id}}): a
   * separator and one of {@code *{}<>$%}, by hand, since a pattern from each separator to the end of a long
   * word is quadratic in the word.
   */
  private static boolean template(String word) {
    boolean separator = false;
    boolean placeholder = false;
    for (int i = 0; i < word.length() && !(separator && placeholder); i++) {
      char c = word.charAt(i);
      separator |= c == '/' || c == '\\';
      placeholder |= "*{}<>$%".indexOf(c) >= 0;
    }
    return separator && placeholder;
  }

  private static boolean placeholder(String t) {
    String lower = t.toLowerCase(Locale.ROOT);
    return lower.startsWith("path/to/") || lower.contains("/path/to/") || PLACEHOLDER_CHAR.matcher(lower).find()
        || lower.startsWith("foo/") || lower.startsWith("your-") || lower.startsWith("my-project/");
  }
}
