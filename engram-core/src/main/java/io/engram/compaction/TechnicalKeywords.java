package io.engram.compaction;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds technical keywords in free text: the identifiers, names and commands a summary must keep.
 *
 * <p>A candidate counts when it is one of:
 * <ul>
 *   <li>a command: the inside of an inline code span that is a lower-case word followed by arguments,
 *       where the word is a well-known tool ({@code git}, {@code mvn}, {@code npm}, {@code cargo}, ...)
 *       or some argument is a flag or a path (`mvn -q test`, `mytool --fast`); or the text after a
 *       {@code $ } shell prompt at the start of a line;
 *   <li>a command-line flag ({@code --dry-run});
 *   <li>a version ({@code 1.9.3}, {@code v2.0-beta1});
 *   <li>a dotted name of at least two parts that is not a file name ({@code io.engram.compaction},
 *       {@code settings.compaction}), where a file name is one whose last part is a known extension;
 *   <li>CamelCase or camelCase ({@code FileScore}, {@code getUser}, {@code JSONParser});
 *   <li>snake_case or SCREAMING_SNAKE ({@code max_tokens}, {@code MAX_FILES});
 *   <li>a name directly followed by {@code (} ({@code compact(}), at least 3 characters long.
 * </ul>
 * Plain acronyms (API, SDK, POST) are not keywords: on real sessions they were mostly generic words
 * and shouting that a good summary rightly leaves out. A name right after a backslash is skipped
 * ({@code \nRun} in escaped output is not "nRun"). URLs are removed first. Candidates are ranked by
 * how often they occur (ties: first seen first) and the {@code limit} most frequent are kept, so
 * one-off noise does not dilute the keyword score.
 */
final class TechnicalKeywords {
  // Every pattern here reads outside text in time linear in its length: no unbounded repetition of a
  // group (a long dotted or snake_case token would overflow the stack) and no '\s' that can run across
  // line ends at the start of a multi-line pattern (a run of blank lines would be rescanned from each).
  private static final Pattern URL = Pattern.compile("\\b(?:https?|file)://\\S+");
  private static final Pattern CODE_SPAN = Pattern.compile("`([^`\\n]{3,80})`");
  private static final Pattern COMMAND = Pattern.compile("([a-z][\\w.-]*|\\./[\\w.-]+)((?: +\\S+)+)");
  private static final Pattern PATH_OR_FLAG_ARGUMENT = Pattern.compile(" (?:-|\\S*/)");
  private static final Set<String> TOOLS =
      Set.of("git", "mvn", "./mvnw", "mvnw", "gradle", "./gradlew", "npm", "npx", "yarn", "pnpm", "node", "python",
          "python3", "pip", "uv", "cargo", "go", "make", "docker", "kubectl", "mix", "gh", "curl", "java", "javac",
          "ls", "cat", "grep", "rg", "sed", "find", "cd", "rm", "mkdir", "cp", "mv", "bash", "sh", "engram",
          "claude", "pytest", "jq", "tar", "iex", "elixir", "bundle", "rake", "rails", "dotnet", "deno", "bun",
          "bd", "just", "terraform", "helm", "psql", "sqlite3", "brew", "apt", "apt-get");
  private static final Pattern PROMPT_LINE = Pattern.compile("(?m)^[ \\t]*\\$ +(\\S[^\\n]{0,78})");
  private static final Pattern FLAG = Pattern.compile("(?<![\\w-])--[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?![\\w$-])");
  private static final Pattern VERSION =
      Pattern.compile("(?<![\\w.$])v?\\d+(?:\\.\\d+){1,3}(?:-[A-Za-z0-9]+(?:\\.[A-Za-z0-9]+)*)?(?![\\w$]|\\.+[\\w$])");
  private static final Pattern NAME =
      Pattern.compile("(?<![\\w$.\\\\])[A-Za-z_]\\w*(?:\\.[A-Za-z_]\\w*){0,15}(\\()?");
  private static final Pattern CAMEL = Pattern.compile(".*(?:[a-z0-9][A-Z]|[A-Z]{2}[a-z]{2}).*");
  private static final Pattern SNAKE = Pattern.compile("_*[A-Za-z][A-Za-z0-9]*_+[A-Za-z0-9][A-Za-z0-9_]*");
  private static final Set<String> NOT_DOTTED = Set.of("e.g", "i.e", "etc", "vs", "a.m", "p.m");

  private TechnicalKeywords() {}

  /** The {@code limit} most frequent technical keywords of {@code text}, most frequent first. */
  static List<String> extract(String text, int limit) {
    // A URL becomes a line break, so no command or code span can run across where it was.
    String plain = URL.matcher(text).replaceAll("\n");
    Map<String, Candidate> found = new LinkedHashMap<>();
    Matcher span = CODE_SPAN.matcher(plain);
    while (span.find()) {
      String inside = span.group(1).strip().replaceAll("\\s+", " ");
      Matcher command = COMMAND.matcher(inside);
      if (command.matches()
          && (TOOLS.contains(command.group(1)) || PATH_OR_FLAG_ARGUMENT.matcher(command.group(2)).find())) {
        add(found, inside);
      }
    }
    Matcher prompt = PROMPT_LINE.matcher(plain);
    while (prompt.find()) {
      add(found, prompt.group(1).strip().replaceAll("\\s+", " "));
    }
    all(FLAG, plain, found);
    all(VERSION, plain, found);
    Matcher name = NAME.matcher(plain);
    while (name.find()) {
      String token = name.group().endsWith("(") ? name.group().substring(0, name.group().length() - 1) : name.group();
      if (isKeyword(token, name.group(1) != null)) {
        add(found, token);
      }
    }
    return found.values().stream()
        .sorted(Comparator.comparingInt(Candidate::count).reversed().thenComparingInt(Candidate::order))
        .limit(Math.max(0, limit))
        .map(Candidate::text)
        .toList();
  }

  static boolean isKeyword(String token, boolean called) {
    if (token.indexOf('.') > 0) {
      return dottedName(token);
    }
    if (token.length() < 3) {
      return false;
    }
    return called || CAMEL.matcher(token).matches() || SNAKE.matcher(token).matches();
  }

  private static boolean dottedName(String token) {
    String[] parts = token.split("\\.");
    String last = parts[parts.length - 1];
    return parts.length >= 2
        && token.length() >= 5
        && !FileTypes.knownExtension(last)
        && !NOT_DOTTED.contains(token.toLowerCase(Locale.ROOT));
  }

  private static void all(Pattern pattern, String text, Map<String, Candidate> found) {
    Matcher m = pattern.matcher(text);
    while (m.find()) {
      add(found, m.group());
    }
  }

  private static void add(Map<String, Candidate> found, String keyword) {
    found.merge(
        keyword, new Candidate(keyword, 1, found.size()), (a, b) -> new Candidate(a.text(), a.count() + 1, a.order()));
  }

  private record Candidate(String text, int count, int order) {}
}
