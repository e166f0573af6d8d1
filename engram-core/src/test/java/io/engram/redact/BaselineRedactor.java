package io.engram.redact;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The redactor as it was before gitleaks' rules were adopted (its 14 patterns, unchanged), kept in the tests
 * as the baseline that throughput is measured against in the same run.
 */
final class BaselineRedactor {

  private static final Set<String> PLACEHOLDER_WORDS =
      Set.of("null", "none", "true", "false", "nil", "undefined", "changeme", "xxx", "xxxx", "...", "redacted",
          "required", "optional", "string", "example");

  private static final String KEY_WORDS =
      "(?:password|passwd|passphrase|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|secret[_-]?key"
          + "|private[_-]?key|client[_-]?secret|auth[_-]?token|_pass|credentials?)";

  private static final String[] KEY_TRIGGERS = {"pass", "pwd", "secret", "token", "key", "credential"};

  static final List<Rule> ALL =
      List.of(
          whole(SecretKind.PRIVATE_SPAN, "(?is)<private>.*?(?:</private>|\\z)", "<private>"),
          whole(SecretKind.PRIVATE_KEY,
              "-----BEGIN ([A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?)-----[\\s\\S]*?(?:-----END \\1-----|\\z)",
              "private key"),
          rule(SecretKind.ANTHROPIC_KEY, "\\bsk-ant-[A-Za-z0-9_-]{20,}", 0, 0, "sk-ant-"),
          rule(SecretKind.OPENAI_KEY, "\\bsk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}", 0, 0, "sk-"),
          rule(SecretKind.AWS_ACCESS_KEY, "\\b(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA)[0-9A-Z]{16}\\b", 0, 0,
              "akia", "asia", "abia", "acca", "agpa", "aida", "aroa"),
          rule(SecretKind.AWS_SECRET_KEY,
              "(?i)(aws_?secret_?(?:access_?)?key[\"']?[ \\t]*[=:][ \\t]*[\"']?)[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+])", 1, 0,
              "secret"),
          rule(SecretKind.GITHUB_TOKEN, "\\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\\b", 0, 0,
              "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
          rule(SecretKind.SLACK_TOKEN,
              "(?:\\bxox[abposre]-[A-Za-z0-9-]{10,}|https://hooks\\.slack\\.com/services/[A-Za-z0-9/_-]{20,})", 0, 0,
              "xox", "hooks.slack.com"),
          rule(SecretKind.GOOGLE_KEY, "(?:\\bAIza[0-9A-Za-z_-]{35}|\\bya29\\.[0-9A-Za-z_-]{20,})", 0, 0,
              "aiza", "ya29."),
          rule(SecretKind.JWT, "\\beyJ[A-Za-z0-9_-]{5,}\\.eyJ[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]{5,}", 0, 0, "eyj"),
          rule(SecretKind.BEARER_TOKEN, "(?i)(\\bbearer[ \\t]+)([A-Za-z0-9._~+/-]{16,}=*)", 1, 2, "bearer"),
          // Starts with the literal "://" so the matcher can skip ahead; the scheme before it is kept as is.
          rule(SecretKind.CONNECTION_STRING, "(://[^\\s:/@\\[\\]]+:)([^\\s@/]+)(?=@)", 1, 2, "://"),
          rule(SecretKind.PASSWORD_ASSIGNMENT,
              "(?i)(" + KEY_WORDS + "[\"']?[ \\t]*=[ \\t]*)(\"[^\"\\n]+\"|'[^'\\n]+'|[^\\s\"',;]+)", 1, 2, KEY_TRIGGERS),
          rule(SecretKind.PASSWORD_ASSIGNMENT,
              "(?i)(" + KEY_WORDS + "[\"']?[ \\t]*:[ \\t]*)(\"[^\"\\n]+\"|'[^'\\n]+'|(?=[^\\s\"',;]*[0-9])"
                  + "(?=[^\\s\"',;]*[A-Za-z])[^\\s\"',;]{8,})", 1, 2, KEY_TRIGGERS));

  /** A rule whose matches stay within one line: it runs only on lines that hold a trigger. */
  private static Rule rule(SecretKind kind, String regex, int keep, int guard, String... triggers) {
    return new Rule(kind, Pattern.compile(regex), keep, guard, List.of(triggers), true);
  }

  /** A rule whose matches may span lines: it runs on the whole text when a trigger occurs. */
  private static Rule whole(SecretKind kind, String regex, String... triggers) {
    return new Rule(kind, Pattern.compile(regex), 0, 0, List.of(triggers), false);
  }

  /** True for values that stand for a secret rather than being one: markers, variables, blanks. */
  static boolean isPlaceholder(String value) {
    String v = value;
    if (v.length() >= 2 && (v.startsWith("\"") || v.startsWith("'"))) {
      v = v.substring(1, v.length() - 1);
    }
    v = v.strip();
    if (v.isEmpty() || v.startsWith("[REDACTED") || v.startsWith("$") || v.startsWith("<")
        || v.startsWith("{") || v.startsWith("%") || v.startsWith("#") || v.chars().allMatch(c -> c == '*')) {
      return true;
    }
    return PLACEHOLDER_WORDS.contains(v.toLowerCase(Locale.ROOT));
  }

  private static final BaselineRedactor STANDARD = new BaselineRedactor(ALL);

  private final List<Rule> rules;

  private BaselineRedactor(List<Rule> rules) {
    this.rules = rules;
  }

  /** The redactor with every rule Engram knows. */
  public static BaselineRedactor standard() {
    return STANDARD;
  }

  /** Redacts {@code text}; the result says what kinds of secret were removed. */
  public Redaction redact(String text) {
    String current = text;
    String lower = lowerSameLength(text);
    Set<SecretKind> kinds = new LinkedHashSet<>();
    int count = 0;
    for (Rule rule : rules) {
      List<int[]> regions = rule.regions(current, lower);
      if (regions.isEmpty()) {
        continue;
      }
      Matcher m = rule.pattern().matcher(current).useTransparentBounds(true).useAnchoringBounds(false);
      StringBuilder out = null;
      int last = 0;
      for (int[] region : regions) {
        if (last >= region[1]) {
          continue;
        }
        m.region(Math.max(region[0], last), region[1]);
        while (m.find()) {
          String kept = rule.keptPrefix(m);
          if (kept == null) {
            continue;
          }
          if (out == null) {
            out = new StringBuilder(current.length());
          }
          out.append(current, last, m.start()).append(kept);
          if (rule.kind() != SecretKind.PRIVATE_SPAN) {
            out.append(rule.kind().marker());
          }
          last = m.end();
          kinds.add(rule.kind());
          count++;
        }
      }
      if (out != null) {
        current = out.append(current, last, current.length()).toString();
        lower = lowerSameLength(current);
      }
    }
    return new Redaction(current, new ArrayList<>(kinds), count);
  }

  /** True when {@code text} holds anything this redactor would remove. */
  public boolean containsSecret(String text) {
    return redact(text).changed();
  }

  /** Lower-cases char by char, so that indexes in the result are indexes in the input. */
  private static String lowerSameLength(String s) {
    char[] c = s.toCharArray();
    for (int i = 0; i < c.length; i++) {
      c[i] = Character.toLowerCase(c[i]);
    }
    return new String(c);
  }

  /**
   * One pattern. The secret is the part of the match after group {@code keep} (all of it when
   * {@code keep} is 0); a {@code guard} group, when present, must not look like a placeholder. The
   * pattern runs only where a lower-case {@code trigger} occurs: on those lines when {@code lineBound},
   * else on the whole text.
   */
  record Rule(SecretKind kind, Pattern pattern, int keep, int guard, List<String> triggers, boolean lineBound) {
    String keptPrefix(Matcher m) {
      if (guard > 0 && isPlaceholder(m.group(guard))) {
        return null;
      }
      return keep == 0 ? "" : m.group(keep);
    }

    /** Sorted, disjoint {@code [start, end)} ranges of {@code text} worth matching. */
    List<int[]> regions(String text, String lower) {
      List<int[]> lines = new ArrayList<>();
      for (String trigger : triggers) {
        for (int at = lower.indexOf(trigger); at >= 0; at = lower.indexOf(trigger, at + 1)) {
          if (!lineBound) {
            return List.<int[]>of(new int[] {0, text.length()});
          }
          int start = text.lastIndexOf('\n', at) + 1;
          int end = text.indexOf('\n', at);
          lines.add(new int[] {start, end < 0 ? text.length() : end});
          at = end < 0 ? text.length() : end;
        }
      }
      lines.sort((a, b) -> Integer.compare(a[0], b[0]));
      List<int[]> merged = new ArrayList<>();
      for (int[] r : lines) {
        if (!merged.isEmpty() && r[0] <= merged.get(merged.size() - 1)[1]) {
          merged.get(merged.size() - 1)[1] = Math.max(merged.get(merged.size() - 1)[1], r[1]);
        } else {
          merged.add(r);
        }
      }
      return merged;
    }
  }
}
