package io.engram.redact;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** The patterns of the standard redactor, most specific first so that generic rules see markers only. */
final class SecretPatterns {
  private SecretPatterns() {}

  private static final Set<String> PLACEHOLDER_WORDS =
      Set.of("null", "none", "true", "false", "nil", "undefined", "changeme", "xxx", "xxxx", "...", "redacted",
          "required", "optional", "string", "example");

  private static final String KEY_WORDS =
      "(?:password|passwd|passphrase|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|secret[_-]?key"
          + "|private[_-]?key|client[_-]?secret|auth[_-]?token|_pass|credentials?)";

  private static final String[] KEY_TRIGGERS = {"pass", "pwd", "secret", "token", "key", "credential"};

  static final List<SecretRedactor.Rule> ALL =
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
  private static SecretRedactor.Rule rule(SecretKind kind, String regex, int keep, int guard, String... triggers) {
    return new SecretRedactor.Rule(kind, Pattern.compile(regex), keep, guard, List.of(triggers), true);
  }

  /** A rule whose matches may span lines: it runs on the whole text when a trigger occurs. */
  private static SecretRedactor.Rule whole(SecretKind kind, String regex, String... triggers) {
    return new SecretRedactor.Rule(kind, Pattern.compile(regex), 0, 0, List.of(triggers), false);
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
}
