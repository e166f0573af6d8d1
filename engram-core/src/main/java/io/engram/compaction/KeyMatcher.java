package io.engram.compaction;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Decides whether one item of key information is preserved in a summary.
 *
 * <ul>
 *   <li>File names: exact. The summary contains the whole path or just the base name, as a token of
 *       its own (not glued to a longer name: no letter, digit, '_', '-' or '.' before it, no letter, digit,
 *       '_' or '-' after it; a '/' before it is allowed, so a shortened path counts).
 *   <li>Technical keywords: exact and case-sensitive, as a token of its own (no letter, digit or '_'
 *       on either side); commands and other keywords with spaces match with whitespace collapsed.
 *   <li>Error messages and user instructions: first an exact match, case-insensitive with whitespace
 *       collapsed. Failing that, an item with at least {@value #SHORT_TOKENS} content words is preserved
 *       when at least {@code fuzzyShare} (default 0.6) of its distinct content words occur in the
 *       summary; a shorter item needs the exact match. An error message (its key lines, the one that carries
 *       its message first) is preserved when any of its lines is, by these rules or when the line names
 *       identifiers and the summary names the most telling of them (a function with its arity such as
 *       {@code with_span/3} or a snake_case name such as {@code secret_key_base}, else a {@code CamelCase}
 *       name, else an exception class such as {@code BadMapError}): that is how a person retells an error. Content words are lower-cased runs of letters
 *       and digits of at least 3 characters minus common English stop words; runs of CJK characters
 *       become overlapping character pairs, so Chinese text is compared too.
 *   <li>User instructions also: a quotation the summary marks as cut, by an ellipsis at its start or end, keeps the
 *       message it is taken from when its text is the message's word for word and holds at least {@value
 *       #SHORT_TOKENS} content words: a summary quotes a long message by its opening. And a message in Latin letters
 *       in another language than the summary's own words is kept by its first line quoted and half of
 *       its content words (its language's function words aside) held as they are or as cognates ({@link
 *       Cognates}): a summary in English quotes a French answer and retells the question it answers in its own words.
 * </ul>
 */
final class KeyMatcher {
  // The matching rule's definition (above): an item of fewer content words must match exactly.
  static final int SHORT_TOKENS = 4;
  private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}_]+");
  private static final Pattern IDENTIFIER = Pattern.compile(
      "(?<![\\w.])(?:\\w*(?:Error|Exception)|[a-z]\\w*_\\w+(?:/\\d)?|\\w+/\\d|[a-z]+[A-Z]\\w*|[A-Z][a-z0-9]+[A-Z]\\w*)"
          + "(?![\\w])");
  private static final Pattern CJK = Pattern.compile("[\\p{IsHan}\\p{IsHiragana}\\p{IsKatakana}\\p{IsHangul}]+");
  // A quotation the summary marks as cut: an ellipsis at its start or end, inside the quote marks.
  private static final Pattern CUT_QUOTE = Pattern.compile(
      "[\"“「『]((?:\\.\\.\\.|…)[^\"“”「」『』\\n]{1,2000}?|[^\"“”「」『』\\n]{1,2000}?(?:\\.\\.\\.|…))[\"”」』]");
  private static final Pattern ELLIPSIS = Pattern.compile("\\.\\.\\.|…|\\[\\.\\.\\.]");
  private static final Set<String> STOP =
      Set.of("the", "and", "for", "are", "but", "not", "you", "all", "any", "can", "has", "had", "her", "was",
          "one", "our", "out", "his", "how", "its", "may", "who", "did", "get", "let", "put", "say", "she", "too",
          "use", "that", "this", "with", "from", "have", "they", "will", "what", "when", "your", "into", "then",
          "than", "them", "there", "their", "were", "been", "would", "could", "should", "about", "which",
          "please", "just", "also", "some", "because");

  private final String text;
  private final String folded;
  private final Set<String> words;
  private final double fuzzyShare;
  private final List<List<String>> cutQuotes;
  // Read when first asked (a message in another language than English), then kept.
  private WrittenLanguage language;
  private Cognates cognates;

  KeyMatcher(String summary, double fuzzyShare) {
    this.text = summary;
    this.folded = collapse(summary).toLowerCase(Locale.ROOT);
    this.words = new HashSet<>(contentWords(summary));
    this.fuzzyShare = fuzzyShare;
    this.cutQuotes = cutQuotes(summary);
  }

  boolean preserved(KeyKind kind, String item) {
    return switch (kind) {
      case FILE_NAMES -> fileName(item);
      case TECHNICAL_KEYWORDS -> keyword(item);
      case ERROR_MESSAGES -> item.lines().anyMatch(line -> fuzzy(line) || identifiers(line));
      case USER_INSTRUCTIONS -> fuzzy(item) || quotedCut(item) || retold(item);
    };
  }

  /**
   * Whether the summary, in another language than {@code message}, quotes its first line and retells the rest: the
   * message in Latin letters in a language the summary's own words are not in ({@link WrittenLanguage}), its first
   * line in the summary word for word, and half of its distinct content words in Latin letters, its language's
   * function words aside, held as they are or as cognates ({@link Cognates#restates}), of at least {@value
   * #SHORT_TOKENS} such words. The quote ties it to this session: another session's summary of the same project
   * holds as many of a long request's words, and quotes none of its lines: "oui" bound to "Tu veux que je fasse le commit de ces
   * changements ?" by '"oui" (to commit the changes)'.
   */
  private boolean retold(String message) {
    String[] lines = message.strip().split("\\R", 2);
    if (lines.length < 2 || !LatinLanguage.differ(WrittenLanguage.latin(message), summaryLanguage().latin())
        || !folded.contains(collapse(lines[0]).toLowerCase(Locale.ROOT))) {
      return false;
    }
    if (cognates == null) {
      cognates = new Cognates(words);
    }
    return cognates.restates(message, SHORT_TOKENS);
  }

  // The summary's language, read once and only for a message in another language than English.
  private WrittenLanguage summaryLanguage() {
    if (language == null) {
      language = WrittenLanguage.of(text);
    }
    return language;
  }

  /**
   * Whether the summary quotes {@code message} cut short, as a person quotes a long message by its opening: a
   * quotation with an ellipsis at its start or end ("分析故障问题，确认根因..."), whose pieces between ellipses each
   * occur in the message word for word (case-insensitive, whitespace collapsed) and hold at least {@value
   * #SHORT_TOKENS} distinct content words together, so a quoted word or two keeps nothing.
   */
  private boolean quotedCut(String message) {
    String f = collapse(message).toLowerCase(Locale.ROOT);
    return cutQuotes.stream().anyMatch(pieces -> pieces.stream().allMatch(f::contains)
        && new HashSet<>(contentWords(String.join(" ", pieces))).size() >= SHORT_TOKENS);
  }

  private static List<List<String>> cutQuotes(String summary) {
    List<List<String>> quotes = new ArrayList<>();
    Matcher m = CUT_QUOTE.matcher(summary);
    while (m.find()) {
      List<String> pieces = new ArrayList<>();
      for (String piece : ELLIPSIS.split(m.group(1))) {
        String p = collapse(piece).toLowerCase(Locale.ROOT);
        if (!p.isEmpty()) {
          pieces.add(p);
        }
      }
      if (!pieces.isEmpty()) {
        quotes.add(List.copyOf(pieces));
      }
    }
    return List.copyOf(quotes);
  }

  private boolean fileName(String path) {
    // A whole path in the summary always contains its base name after a '/', so one check covers both.
    return token(FileTypes.baseName(path), "[\\w.-]", "[\\w-]");
  }

  private boolean keyword(String keyword) {
    String k = collapse(keyword);
    return k.contains(" ") ? collapse(text).contains(k) : token(k, "\\w", "\\w");
  }

  private boolean fuzzy(String item) {
    String f = collapse(item).toLowerCase(Locale.ROOT);
    if (f.isEmpty() || folded.contains(f)) {
      return true;
    }
    Set<String> mine = new HashSet<>(contentWords(item));
    if (mine.size() < SHORT_TOKENS) {
      return false;
    }
    long kept = mine.stream().filter(words::contains).count();
    return kept >= fuzzyShare * mine.size();
  }

  /**
   * Whether the summary retells {@code line}, where a templated prompt's own ask opens: half of its distinct content
   * words (two at least), as a person retells a prompt by what it asks ("Invocation of the /plan-ceo-review skill"
   * for "You MUST run the `/plan-ceo-review` skill to complete this task.").
   */
  boolean opens(String line) {
    Set<String> mine = new HashSet<>(contentWords(line));
    if (mine.size() < 2) {
      return false;
    }
    long kept = mine.stream().filter(words::contains).count();
    return kept >= Math.max(2, Math.ceil(mine.size() / 2.0));
  }

  // An error named by what only it names: its most telling identifier (a function with its arity or a
  // snake_case name before a CamelCase name before an exception class) is kept.
  private boolean identifiers(String item) {
    Matcher m = IDENTIFIER.matcher(item);
    String best = "";
    int bestRank = -1;
    while (m.find()) {
      String name = m.group();
      int rank = name.contains("/") || name.contains("_") ? 2 : name.endsWith("Error") || name.endsWith("Exception") ? 0 : 1;
      if (rank > bestRank) {
        best = name;
        bestRank = rank;
      }
    }
    return !best.isEmpty() && token(best, "\\w", "\\w");
  }

  private boolean token(String needle, String notBefore, String notAfter) {
    if (needle.isEmpty()) {
      return false;
    }
    String regex = "(?<!" + notBefore + ")" + Pattern.quote(needle) + "(?!" + notAfter + ")";
    return Pattern.compile(regex).matcher(text).find();
  }

  static List<String> contentWords(String text) {
    List<String> out = new ArrayList<>();
    Matcher m = WORD.matcher(text.toLowerCase(Locale.ROOT));
    while (m.find()) {
      String word = m.group();
      Matcher cjk = CJK.matcher(word);
      if (cjk.find()) {
        cjkPairs(word, out);
      } else if (word.length() >= 3 && !STOP.contains(word)) {
        out.add(word);
      }
    }
    return out;
  }

  private static void cjkPairs(String word, List<String> out) {
    Matcher cjk = CJK.matcher(word);
    int last = 0;
    while (cjk.find()) {
      String rest = word.substring(last, cjk.start());
      if (rest.length() >= 3) {
        out.add(rest);
      }
      String run = cjk.group();
      if (run.length() == 1) {
        out.add(run);
      }
      for (int i = 0; i + 1 < run.length(); i++) {
        out.add(run.substring(i, i + 2));
      }
      last = cjk.end();
    }
    if (word.length() - last >= 3) {
      out.add(word.substring(last));
    }
  }

  private static String collapse(String s) {
    return s.strip().replaceAll("\\s+", " ");
  }
}
