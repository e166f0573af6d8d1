package io.engram.dream;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The specifics a memory names, which two memories about different things differ in even when they
 * read alike: numbers (ports, versions, limits), inline code, paths and identifiers ({@code
 * deploy-staging.yml}, {@code LD_SDK_KEY}, {@code orders.v1}), names written with a capital inside a
 * sentence ({@code Redis}, {@code Stripe}) and the members of exclusive-choice families ({@code npm},
 * {@code maven}).
 *
 * <p>A secret's redaction marker is a specific of its own that no other text mentions: its value is hidden.
 *
 * <p>Two texts {@link #conflict} when each names a specific the other does not mention at all: "tests need
 * Redis on 6379" and "tests need Postgres on 5432" say alike things about different services. A
 * paraphrase may drop a specific or add one, but it does not swap one for another.
 */
final class Specifics {
  private static final Pattern CODE = Pattern.compile("`([^`\\n]+)`");
  // A secret's redaction marker hides a value: two memories that each hold one are not known to hold the same value
  // (a staging and a production password read alike once both are redacted), so each marker is a specific no other
  // text mentions, written with a character that no text's words hold.
  private static final Pattern REDACTED = Pattern.compile("\\[REDACTED:[a-z0-9-]+\\]");
  private static final String HIDDEN = "\u0000hidden value ";
  private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}][\\p{L}\\p{N}_.\\-/:@+]*[\\p{L}\\p{N}]|[\\p{L}\\p{N}]");
  private static final Set<String> COMMON_CAPITALISED =
      Set.of("i", "the", "a", "an", "use", "never", "always", "don't", "do", "run", "when", "for", "before", "after",
          "every", "each", "ask", "api", "ui", "ci", "cd", "pr", "prs", "ok", "id", "url", "http", "https", "json", "utc",
          "vpn", "sdk", "dto", "dtos", "orm", "jvm", "pdf", "pdfs", "csv", "sql", "os", "qa", "cli", "mb", "gb", "ms");

  private Specifics() {}

  /** The specifics of a text, lower case. */
  static Set<String> of(String text) {
    Set<String> out = new LinkedHashSet<>();
    Matcher redacted = REDACTED.matcher(text);
    for (int n = 0; redacted.find(); n++) {
      out.add(HIDDEN + n);
    }
    text = redacted.replaceAll(" ");
    Matcher code = CODE.matcher(text);
    while (code.find()) {
      out.add(normalise(code.group(1)));
    }
    String prose = CODE.matcher(text).replaceAll(" ");
    Matcher w = WORD.matcher(prose);
    while (w.find()) {
      String word = w.group();
      String lower = normalise(word);
      boolean number = word.chars().anyMatch(Character::isDigit);
      boolean identifier = word.length() > 2 && (camelCase(word) || joinedParts(word));
      boolean capitalised = Character.isUpperCase(word.codePointAt(0)) && word.length() > 1
          && !startsSentence(prose, w.start()) && !COMMON_CAPITALISED.contains(lower);
      boolean choice = Alternatives.family(lower) >= 0;
      if (number || identifier || capitalised || choice) {
        out.add(Alternatives.family(lower) >= 0 ? Alternatives.canonical(lower) : lower);
      }
    }
    return out;
  }

  /** The words of a text as {@link #of} writes them, to tell whether a specific is mentioned at all. */
  static String mentions(String text) {
    StringBuilder out = new StringBuilder(" ");
    Matcher w = WORD.matcher(text);
    while (w.find()) {
      String lower = normalise(w.group());
      out.append(Alternatives.family(lower) >= 0 ? Alternatives.canonical(lower) : lower).append(' ');
    }
    Matcher code = CODE.matcher(text);
    while (code.find()) {
      out.append(normalise(code.group(1))).append(' ');
    }
    return out.toString();
  }

  /** True when each text names a specific the other never mentions. */
  static boolean conflict(String a, String b) {
    return namesMissingFrom(of(a), mentions(b)) && namesMissingFrom(of(b), mentions(a));
  }

  /** True when one of {@code specifics} is not in {@code mentions} ({@link #mentions}). */
  static boolean namesMissingFrom(Set<String> specifics, String mentions) {
    for (String s : specifics) {
      if (!mentions.contains(" " + s + " ") && !(s.length() > 3 && mentions.contains(s))) {
        return true;
      }
    }
    return false;
  }

  /** A lower-case letter followed by an upper-case one: {@code orderId}. */
  private static boolean camelCase(String word) {
    for (int i = 1; i < word.length(); i++) {
      if (Character.isUpperCase(word.charAt(i)) && Character.isLowerCase(word.charAt(i - 1))) {
        return true;
      }
    }
    return false;
  }

  /** Parts joined by {@code _ . / - : @} and ending in a word character: {@code deploy-staging.yml}. */
  private static boolean joinedParts(String word) {
    char last = word.charAt(word.length() - 1);
    if (!(last < 128 && (Character.isLetterOrDigit(last) || last == '_'))) {
      return false;
    }
    for (int i = 0; i < word.length() - 1; i++) {
      if ("_./-:@".indexOf(word.charAt(i)) >= 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * True when the word at {@code at} opens a sentence, a line, a list item or a parenthesis, where a capital
   * says nothing. Walks back over the blanks before it only, so the scan stays linear in the text.
   */
  private static boolean startsSentence(String prose, int at) {
    int j = at - 1;
    while (j >= 0 && (prose.charAt(j) == ' ' || prose.charAt(j) == '\t')) {
      j--;
    }
    if (j < 0 || prose.charAt(j) == '\n' || "(\"“".indexOf(prose.charAt(j)) >= 0) {
      return true;
    }
    if (".!?:;".indexOf(prose.charAt(j)) >= 0) {
      return j < at - 1;
    }
    if ("-*+>".indexOf(prose.charAt(j)) >= 0 && j < at - 1) {
      int k = j - 1;
      while (k >= 0 && (prose.charAt(k) == ' ' || prose.charAt(k) == '\t')) {
        k--;
      }
      return k < 0 || prose.charAt(k) == '\n';
    }
    return false;
  }

  /**
   * Lower case, blanks folded to one space, trailing punctuation dropped. By hand: a regex would backtrack,
   * and {@code String.split} with a pattern compiles it again for every word.
   */
  private static String normalise(String s) {
    StringBuilder out = BodyMerge.lowerWithSingleSpaces(s, "");
    int end = out.length();
    while (end > 0 && ".,;:!?".indexOf(out.charAt(end - 1)) >= 0) {
      end--;
    }
    return out.substring(0, end);
  }
}
