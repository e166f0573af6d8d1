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
 * Finds technical keywords in prose: the identifiers and names a summary must keep.
 *
 * <p>A candidate counts when it is one of:
 * <ul>
 *   <li>a dotted name of at least two parts that is not a file name ({@code io.engram.compaction},
 *       {@code settings.compaction}), where a file name is one whose last part is a known extension;
 *   <li>CamelCase or camelCase ({@code FileScore}, {@code getUser}, {@code JSONParser});
 *   <li>snake_case or SCREAMING_SNAKE ({@code max_tokens}, {@code MAX_FILES});
 *   <li>a name directly followed by {@code (} ({@code compact(}), at least 3 characters long, when the call is
 *       code: not a commit's type ({@code feat(api): ...}) or a style sheet's value ({@code var(--gap)}).
 * </ul>
 * A name holding an opaque id (a run of 16 hex digits: a hash, a platform's user id) or mixing letters and digits
 * at random (a key, a pairing code) is no keyword.
 * Command lines, flags ({@code --oneline}) and versions are not concepts and are left out, and so are
 * the agent harness's own words: its tool names ({@code TodoWrite}, {@code GrepTool}, anything CamelCase
 * ending in {@code Tool}) and transcript fields ({@code agentId}, {@code tool_use_id}). Plain acronyms
 * (API, SDK, POST) are not keywords either. A name right after a backslash is skipped ({@code \nRun} in
 * escaped output is not "nRun"). URLs are removed first. Candidates are ranked by how often they occur
 * (ties: first seen first); the key concepts are those said more than once (a name said once comes in
 * only while fewer than five were repeated), and the {@code limit} most frequent are kept.
 */
final class TechnicalKeywords {
  private static final Pattern URL = Pattern.compile("\\b(?:https?|file)://\\S+");
  // No unbounded repetition of a group (a long dotted or snake_case token would overflow the stack).
  private static final Pattern NAME =
      Pattern.compile("(?<![\\w$.\\\\])[A-Za-z_]\\w*(?:\\.[A-Za-z_]\\w*){0,15}(\\()?");
  private static final Pattern CAMEL = Pattern.compile(".*(?:[a-z0-9][A-Z]|[A-Z]{2}[a-z]{2}).*");
  private static final Pattern SNAKE = Pattern.compile("_*[A-Za-z][A-Za-z0-9]*_+[A-Za-z0-9][A-Za-z0-9_]*");
  // Key information's definition: with five names used more than once, a name used once is not a key one.
  private static final int MIN_REPEATED = 5;
  private static final Set<String> HARNESS = Set.of("TodoWrite", "MultiEdit", "NotebookEdit", "NotebookRead",
      "WebFetch", "WebSearch", "TaskOutput", "TaskCreate", "TaskUpdate", "TaskList", "TaskGet", "KillShell",
      "BashOutput", "ExitPlanMode", "EnterPlanMode", "AskUserQuestion", "SlashCommand", "ListMcpResources",
      "ReadMcpResource", "agentId", "sessionId", "parentUuid", "toolUseId", "toolUseResult", "tool_use_id",
      "tool_use", "tool_result", "tool_use_error", "is_error", "file_path", "old_string", "new_string",
      "replace_all", "run_in_background", "subagent_type", "isSidechain", "isMeta", "userType",
      "system_reminder", "isCompactSummary", "gitBranch", "requestId", "stop_reason", "input_tokens",
      "output_tokens", "cache_read_input_tokens", "cache_creation_input_tokens", "activeForm");
  // An opaque id (a hash, a chat platform's user id "ou_5f7c45db..."): a run of this many hex digits is no name a
  // person says. A run that long holds a letter and a digit in all but a sliver of random ids.
  private static final Pattern OPAQUE_ID = Pattern.compile("[0-9a-fA-F]{16}");
  // A token whose letters and digits change places this often is random (a key, a pairing code "MDN5KH3T"): a name
  // that joins words and numbers changes once or twice ("base64Encode", "utf8ToUtf16").
  private static final int RANDOM_CHANGES = 4;
  // What a call's arguments are read for, to tell code from a commit type or a style value: the opening of them.
  private static final int CALL_ARGS_READ = 40;
  // A style sheet's custom property as the argument (var(--gap)), or a commit message's scope and colon.
  private static final Pattern STYLE_OR_SCOPE = Pattern.compile("--|[^()\\s]{1,30}\\)!?:\\s");
  // The types of the Conventional Commits specification: "feat(api): ..." is a commit's type, not a call.
  private static final Set<String> COMMIT_TYPES =
      Set.of("feat", "fix", "chore", "docs", "style", "refactor", "perf", "test", "build", "ci", "revert");
  private static final Set<String> NOT_DOTTED = Set.of("e.g", "i.e", "etc", "vs", "a.m", "p.m");

  private TechnicalKeywords() {}

  /** The {@code limit} most frequent technical keywords of {@code text}, most frequent first. */
  static List<String> extract(String text, int limit) {
    // A URL becomes a line break, so no name can run across where it was.
    String plain = URL.matcher(text).replaceAll("\n");
    Map<String, Candidate> found = new LinkedHashMap<>();
    Matcher name = NAME.matcher(plain);
    while (name.find()) {
      String token = name.group().endsWith("(") ? name.group().substring(0, name.group().length() - 1) : name.group();
      boolean called = name.group(1) != null && calledInCode(token, plain, name.end());
      if (isKeyword(token, called) && !harness(token) && !opaque(token)) {
        add(found, token);
      }
    }
    List<Candidate> ranked = found.values().stream()
        .sorted(Comparator.comparingInt(Candidate::count).reversed().thenComparingInt(Candidate::order)).toList();
    long repeated = ranked.stream().filter(c -> c.count() > 1).count();
    return ranked.stream()
        .filter(c -> c.count() > 1 || repeated < MIN_REPEATED)
        .limit(Math.max(0, limit))
        .map(Candidate::text)
        .toList();
  }

  /**
   * Whether the call of {@code name} whose arguments open at {@code from} is code rather than a commit's type ({@code
   * feat(api): ...}) or a style sheet's value ({@code var(--gap)}).
   */
  private static boolean calledInCode(String name, String text, int from) {
    String args = text.substring(from, Math.min(text.length(), from + CALL_ARGS_READ));
    Matcher m = STYLE_OR_SCOPE.matcher(args);
    return !(m.lookingAt() && (args.startsWith("--") || COMMIT_TYPES.contains(name)));
  }

  /** Whether {@code token} is an opaque id rather than a name: a long hex run, or letters and digits mixed at random. */
  static boolean opaque(String token) {
    if (OPAQUE_ID.matcher(token).find()) {
      return true;
    }
    int changes = 0;
    for (int i = 1; i < token.length(); i++) {
      char a = token.charAt(i - 1);
      char b = token.charAt(i);
      if (Character.isDigit(a) && Character.isLetter(b) || Character.isLetter(a) && Character.isDigit(b)) {
        changes++;
      }
    }
    return changes >= RANDOM_CHANGES;
  }

  /** Whether {@code token} is a word of the agent harness rather than of the work. */
  static boolean harness(String token) {
    return HARNESS.contains(token) || token.length() > 4 && token.endsWith("Tool") && Character.isUpperCase(token.charAt(0));
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

  private static void add(Map<String, Candidate> found, String keyword) {
    found.merge(
        keyword, new Candidate(keyword, 1, found.size()), (a, b) -> new Candidate(a.text(), a.count() + 1, a.order()));
  }

  private record Candidate(String text, int count, int order) {}
}
