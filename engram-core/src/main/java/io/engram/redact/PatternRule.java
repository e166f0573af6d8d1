package io.engram.redact;

import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A rule given by a regular expression: the secret is group {@code secretGroup} of each match (0: the whole
 * match; {@link #FIRST_GROUP}: as gitleaks decides, the first group that matched anything, else the whole match). The pattern runs
 * only on the lines where one of its keywords occurs (plus {@code extraLines} lines after each), or on the
 * whole text when {@code wholeText}; {@code check} then decides whether what it matched is a secret. An
 * {@code anchored} rule's matches always start with one of its keywords: it is tried only where one occurs,
 * which spares a scan of every position of long lines that merely mention a keyword.
 */
record PatternRule(SecretKind kind, Pattern pattern, int secretGroup, List<String> keywords, int extraLines,
    boolean wholeText, boolean anchored, SecretCheck check) implements Detector {
  /** The secret is the first group that matched anything (gitleaks' rule when a rule names no group). */
  static final int FIRST_GROUP = -1;

  PatternRule {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(pattern, "pattern");
    keywords = List.copyOf(keywords);
    if (secretGroup > pattern.matcher("").groupCount()) {
      throw new IllegalArgumentException(kind.label() + ": secret group " + secretGroup + " is not in " + pattern);
    }
  }

  /** A rule run on the lines that hold one of {@code keywords}. */
  static PatternRule onLines(SecretKind kind, String regex, int secretGroup, SecretCheck check, String... keywords) {
    return new PatternRule(kind, Pattern.compile(regex), secretGroup, List.of(keywords), 0, false, false, check);
  }

  /** A rule whose every match starts with one of {@code keywords}: it is tried only where they occur. */
  static PatternRule atKeywords(SecretKind kind, String regex, int secretGroup, SecretCheck check, String... keywords) {
    return new PatternRule(kind, Pattern.compile(regex), secretGroup, List.of(keywords), 0, false, true, check);
  }

  /** A rule whose matches may span lines: it runs on the whole text when one of {@code keywords} occurs. */
  static PatternRule onText(SecretKind kind, String regex, String... keywords) {
    return onText(kind, regex, SecretCheck.ANY, keywords);
  }

  static PatternRule onText(SecretKind kind, String regex, SecretCheck check, String... keywords) {
    return new PatternRule(kind, Pattern.compile(regex), 0, List.of(keywords), 0, true, false, check);
  }

  @Override
  public void find(ScannedText text, int priority, List<Finding> out) {
    String s = text.text();
    if (!keywords.isEmpty() && !text.mentions(keywords)) {
      return;
    }
    if (anchored) {
      findAtKeywords(text, priority, out);
      return;
    }
    List<int[]> regions = wholeText || keywords.isEmpty()
        ? List.<int[]>of(new int[] {0, s.length()}) : text.regions(keywords, extraLines);
    Matcher m = pattern.matcher(text.subject()).useTransparentBounds(true).useAnchoringBounds(false);
    int last = 0;
    for (int[] region : regions) {
      // The line feed is part of the region: rules end a secret with \s or $ and must see it.
      int end = Math.min(s.length(), region[1] + 1);
      if (last >= end) {
        continue;
      }
      m.region(Math.max(region[0], last), end);
      while (m.find()) {
        last = Math.max(last, m.end());
        add(m, text, priority, out);
        if (m.end() == m.start()) {
          break;
        }
      }
    }
  }

  private void findAtKeywords(ScannedText text, int priority, List<Finding> out) {
    int[] starts = keywords.stream().flatMapToInt(k -> java.util.Arrays.stream(text.hits(k))).sorted().distinct().toArray();
    String s = text.text();
    Matcher m = pattern.matcher(text.subject()).useTransparentBounds(true).useAnchoringBounds(false);
    int last = 0;
    int lineEnd = -1;
    for (int at : starts) {
      if (at < last) {
        continue;
      }
      if (at >= lineEnd) {
        lineEnd = Math.min(s.length(), text.lineEnd(text.lineOf(at) + extraLines) + 1);
      }
      m.region(at, lineEnd);
      // A match that is no secret ("secrets-env: DB_PASSWORD=...") hides nothing: the keywords inside it are tried.
      if (m.lookingAt() && m.end() > m.start() && add(m, text, priority, out)) {
        last = m.end();
      }
    }
  }

  /** Adds the match's secret when it is one; true when it was. */
  private boolean add(Matcher m, ScannedText text, int priority, List<Finding> out) {
    int g = group(m);
    int start = m.start(g);
    if (start < 0 || start == m.end(g)) {
      return false;
    }
    String secret = m.group(g);
    if (!secret.contains("[REDACTED") && check.accepts(secret, m, text)) {
      int quote = quoteWidth(secret);
      out.add(new Finding(start + quote, m.end(g) - quote, kind, priority));
      return true;
    }
    return false;
  }

  /** How many characters of quoting surround {@code secret} (they are kept, so JSON and code stay valid). */
  private static int quoteWidth(String secret) {
    int n = secret.length();
    if (n > 4 && secret.startsWith("\\\"") && secret.endsWith("\\\"")) {
      return 2;
    }
    char q = n > 2 ? secret.charAt(0) : ' ';
    return (q == '"' || q == '\'' || q == '`') && secret.charAt(n - 1) == q ? 1 : 0;
  }

  private int group(Matcher m) {
    if (secretGroup >= 0) {
      return secretGroup;
    }
    for (int g = 1; g <= m.groupCount(); g++) {
      if (m.start(g) >= 0 && m.end(g) > m.start(g)) {
        return g;
      }
    }
    return 0;
  }
}
