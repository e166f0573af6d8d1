package io.engram.compaction;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The key information of the original conversation, by kind: what a summary is checked against for
 * KP.
 *
 * <p>{@link #extract} builds it from plain inputs:
 * <ul>
 *   <li>file names: the given paths (the files the session changed), plus path-like tokens with a known
 *       extension found in what the person said ({@link OwnWords}) but the instruction files Claude Code loads itself ({@link
 *       Continuity#LOADED_BY_THE_HARNESS}); one entry per base name (the first path seen), since
 *       preservation is judged by base name;
 *   <li>error messages: the line that says what went wrong of each error (the compactor gives one per
 *       distinct error, see {@link Problem}), cut to 300 characters; errors whose first lines differ only by words
 *       that hold a digit (ids, codes, counts) are one;
 *   <li>user instructions: what the person said in each message ({@link OwnWords}), stripped, duplicates removed (a
 *       message that fills a template by its own lines, {@link PromptTemplate});
 *   <li>technical keywords: {@link TechnicalKeywords} over what the person said and the assistant's prose
 *       (never tool output, nor what the person pasted), the {@code maxKeywords} most frequent.
 * </ul>
 *
 * @param items the items of each kind, in order of first appearance (keywords: by frequency)
 * @param openings for each user instruction that fills a template, the line its own ask opens with ({@link
 *     #opening})
 * @param optionalOn the optional errors, in order, each with the base names of the files a summary must name with it:
 *     an error a summary may keep but is not asked to (one it keeps counts as kept, one it leaves out is no loss). The
 *     harness refusing a call on a file ("File has not been read yet") has the harness's words, the same in every
 *     session, so a summary keeps it only by naming one of the files it refused too ({@link #keepsOptional}); noise
 *     around the work ({@link ToolNoise}: a helper not installed, a look at a missing path) is kept by its words
 *     alone (no file)
 */
record KeyInformation(Map<KeyKind, List<String>> items, Map<String, String> openings,
    Map<String, java.util.Set<String>> optionalOn) {
  // Key information's definition: an error is its message line, cut at 300 characters at a word; the score matches on
  // it.
  private static final int MAX_ERROR_CHARS = 300;
  // And its key lines, at most three: the message, then the lines that say where.
  private static final int ERROR_LINES = 3;
  private static final Pattern ERROR_WORD =
      Pattern.compile("(?i)error|exception|failed|failure|fatal|cannot|can't|denied|not found|panic|traceback");
  private static final Pattern WITH_A_DIGIT = Pattern.compile("(?<![\\p{L}\\d_])[\\p{L}_]*+\\d[\\p{L}\\d_]*+");
  private static final Pattern PATH_TOKEN =
      Pattern.compile("(?<![\\w./-])(?:[\\w.@-]+/){0,40}[\\w@-][\\w.@-]*\\.([A-Za-z0-9]{1,10})(?![\\w/-])");

  public KeyInformation {
    EnumMap<KeyKind, List<String>> copy = new EnumMap<>(KeyKind.class);
    for (KeyKind kind : KeyKind.values()) {
      copy.put(kind, List.copyOf(items.getOrDefault(kind, List.of())));
    }
    items = java.util.Collections.unmodifiableMap(copy);
    openings = Map.copyOf(openings);
    Map<String, java.util.Set<String>> on = new LinkedHashMap<>();
    optionalOn.forEach((error, files) -> on.put(error, java.util.Set.copyOf(files)));
    optionalOn = java.util.Collections.unmodifiableMap(on);
  }

  /** Key information with nothing optional. */
  KeyInformation(Map<KeyKind, List<String>> items, Map<String, String> openings) {
    this(items, openings, Map.of());
  }

  /** Key information with no user message that fills a template. */
  KeyInformation(Map<KeyKind, List<String>> items) {
    this(items, Map.of());
  }

  /** The optional items of one kind: the harness's refusals and the noise among the errors, none of any other kind. */
  List<String> optional(KeyKind kind) {
    return kind == KeyKind.ERROR_MESSAGES ? List.copyOf(optionalOn.keySet()) : List.of();
  }

  /**
   * The same key information with {@code refusals} (the text of each refusal of the harness, as {@link
   * KeySources#toolErrors}, with the files it refused it on) as optional errors, each read as the required ones are
   * ({@link #errorLines}) and none that is already required. A refusal on no file (a plan, a question, a task id) is
   * left out: its words are the harness's and name nothing of the session, so no summary keeps anything by them.
   */
  KeyInformation withOptionalErrors(Map<String, java.util.Set<String>> refusals) {
    Map<String, java.util.Set<String>> on = new LinkedHashMap<>(optionalOn);
    refusals.forEach((text, files) -> {
      if (!files.isEmpty()) {
        addOptional(on, text, files);
      }
    });
    return new KeyInformation(items, openings, on);
  }

  /**
   * The same key information with {@code noise} (errors around the work, {@link ToolNoise}) as optional errors kept by
   * their words alone, each read as the required ones are and none that is already required or optional.
   */
  KeyInformation withNoiseErrors(List<String> noise) {
    Map<String, java.util.Set<String>> on = new LinkedHashMap<>(optionalOn);
    noise.forEach(text -> addOptional(on, text, java.util.Set.of()));
    return new KeyInformation(items, openings, on);
  }

  private void addOptional(Map<String, java.util.Set<String>> on, String text, java.util.Set<String> files) {
    String lines = errorLines(text);
    java.util.Set<String> required = items.get(KeyKind.ERROR_MESSAGES).stream().map(KeyInformation::errorIdentity)
        .collect(Collectors.toSet());
    if (lines.isEmpty() || required.contains(errorIdentity(lines))) {
      return;
    }
    if (files.isEmpty()) {
      on.putIfAbsent(lines, java.util.Set.of());
    } else {
      on.computeIfAbsent(lines, k -> new java.util.TreeSet<>()).addAll(files);
    }
  }

  /**
   * Whether a summary {@code matcher} reads keeps the optional {@code error}: it keeps its words and, for the harness's
   * refusal, names a file the harness refused them on (another session's summary tells the same words of its own
   * files).
   */
  boolean keepsOptional(KeyMatcher matcher, String error) {
    java.util.Set<String> files = optionalOn.getOrDefault(error, java.util.Set.of());
    return matcher.preserved(KeyKind.ERROR_MESSAGES, error)
        && (files.isEmpty() || files.stream().anyMatch(f -> matcher.preserved(KeyKind.FILE_NAMES, f)));
  }

  /**
   * For a user instruction that fills a template (its own lines, {@link PromptTemplate}), the line its ask opens
   * with: a summary that retells that opening keeps it, as it retells a prompt ("the /plan-ceo-review skill").
   */
  Optional<String> opening(String userInstruction) {
    return Optional.ofNullable(openings.get(userInstruction));
  }

  /** No key information at all (every kind empty). */
  public static KeyInformation none() {
    return new KeyInformation(Map.of());
  }

  /** The items of one kind. */
  public List<String> of(KeyKind kind) {
    return items.get(kind);
  }

  /** Extracts key information from {@code sources}, keeping at most {@code maxKeywords} keywords. */
  public static KeyInformation extract(KeySources sources, int maxKeywords) {
    Map<KeyKind, List<String>> items = new EnumMap<>(KeyKind.class);
    items.put(KeyKind.FILE_NAMES, fileNames(sources));
    // Repeats of one error that differ only by an id, a code or a number ("... for code: QGG4QJ2H", "... RQ8QJFSU")
    // are one error: a summary tells it once.
    Map<String, String> byIdentity = new LinkedHashMap<>();
    sources.toolErrors().stream().map(KeyInformation::errorLines).filter(e -> !e.isEmpty())
        .forEach(e -> byIdentity.putIfAbsent(errorIdentity(e), e));
    List<String> errors = List.copyOf(byIdentity.values());
    items.put(KeyKind.ERROR_MESSAGES, errors);
    items.put(KeyKind.USER_INSTRUCTIONS,
        sources.instructions().stream().map(String::strip).filter(m -> !m.isEmpty()).distinct().toList());
    String all = String.join("\n", sources.userMessages()) + "\n" + sources.freeText();
    items.put(KeyKind.TECHNICAL_KEYWORDS, TechnicalKeywords.extract(all, maxKeywords));
    Map<String, String> openings = new java.util.HashMap<>(sources.openings());
    openings.keySet().retainAll(items.get(KeyKind.USER_INSTRUCTIONS));
    return new KeyInformation(items, openings);
  }

  /**
   * The lines of an error, the one that carries its message ({@link #errorLine}) first, then up to two others,
   * each at most 300 characters: a summary keeps the error when it keeps any of them ({@link KeyMatcher}).
   */
  static String errorLines(String toolError) {
    String first = errorLine(toolError);
    List<String> lines = new ArrayList<>(List.of(first));
    toolError.replace("\\n", "\n").lines().map(String::strip).filter(l -> !l.isEmpty())
        .map(KeyInformation::errorLine).filter(l -> !l.isEmpty() && !lines.contains(l)).limit(ERROR_LINES - 1)
        .forEach(lines::add);
    return first.isEmpty() ? "" : String.join("\n", lines);
  }

  /**
   * What repeats of one error share: its first line without the words that hold a digit (ids, codes, counts, times)
   * and without the numbers, paths and punctuation {@link Problem#identity} leaves out.
   */
  static String errorIdentity(String errorLines) {
    String first = errorLines.lines().findFirst().orElse("");
    return Problem.identity(WITH_A_DIGIT.matcher(first).replaceAll(" "));
  }

  /** The line of a tool error that carries its message, at most 300 characters. */
  static String errorLine(String toolError) {
    // Tool output that embeds escaped JSON carries "\\n" as two characters: treat it as a line break.
    List<String> lines = toolError.replace("\\n", "\n").lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    String line = lines.stream().filter(l -> ERROR_WORD.matcher(l).find()).findFirst()
        .orElse(lines.isEmpty() ? "" : lines.get(0));
    if (line.length() <= MAX_ERROR_CHARS) {
      return line;
    }
    line = io.engram.redact.SecretRedactor.standard().head(line, MAX_ERROR_CHARS); // redacted before the cut
    if (line.length() <= MAX_ERROR_CHARS) {
      return line;
    }
    int cut = line.lastIndexOf(' ', MAX_ERROR_CHARS);
    return line.substring(0, cut > MAX_ERROR_CHARS / 2 ? cut : MAX_ERROR_CHARS);
  }

  /**
   * The file names {@code text} mentions: path-like tokens with a known extension, one per base name (what a
   * summary names, to compare with another's).
   */
  static List<String> fileNamesIn(String text) {
    List<String> paths = new ArrayList<>();
    pathTokens(text, paths);
    return byBaseName(paths);
  }

  private static List<String> fileNames(KeySources sources) {
    List<String> paths = new ArrayList<>();
    sources.filePaths().stream().map(String::strip).filter(p -> !p.isEmpty()).forEach(paths::add);
    // A file the person names counts, but not an instruction file Claude Code loads itself, again after the
    // compaction ("read and follow the project's CLAUDE.md"): a summary need not carry it (one the session changed is
    // among the changed files above).
    List<String> named = new ArrayList<>();
    for (String text : sources.userMessages()) {
      pathTokens(text, named);
    }
    named.stream().filter(p -> !Continuity.LOADED_BY_THE_HARNESS.contains(
        FileTypes.baseName(p.replace('\\', '/')).toLowerCase(java.util.Locale.ROOT))).forEach(paths::add);
    return byBaseName(paths);
  }

  private static List<String> byBaseName(List<String> paths) {
    Map<String, String> byBaseName = new LinkedHashMap<>();
    for (String path : paths) {
      String normal = path.replace('\\', '/');
      byBaseName.putIfAbsent(FileTypes.baseName(normal), normal);
    }
    byBaseName.remove("");
    return byBaseName.values().stream().collect(Collectors.toList());
  }

  private static void pathTokens(String text, List<String> into) {
    Matcher m = PATH_TOKEN.matcher(text);
    while (m.find()) {
      if (FileTypes.knownExtension(m.group(1)) && !m.group().contains("://")) {
        into.add(m.group());
      }
    }
  }
}
