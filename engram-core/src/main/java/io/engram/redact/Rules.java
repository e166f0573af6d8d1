package io.engram.redact;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** The patterns of the standard redactor, most specific first so that generic rules see markers only. */
final class Rules {
  private Rules() {}

  private static final Set<String> PLACEHOLDER_WORDS =
      Set.of("null", "none", "true", "false", "nil", "undefined", "changeme", "xxx", "xxxx", "...", "redacted",
          "required", "optional", "string", "example");

  private static final String KEY_WORDS =
      "(?:password|passwd|passphrase|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|secret[_-]?key"
          + "|private[_-]?key|client[_-]?secret|auth[_-]?token|_pass|credentials?)";

  static final List<SecretRedactor.Rule> ALL =
      List.of(
          rule(SecretKind.PRIVATE_SPAN, "(?is)<private>.*?(?:</private>|\\z)", 0, 0),
          rule(SecretKind.PRIVATE_KEY,
              "-----BEGIN ([A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?)-----[\\s\\S]*?(?:-----END \\1-----|\\z)", 0, 0),
          rule(SecretKind.ANTHROPIC_KEY, "\\bsk-ant-[A-Za-z0-9_-]{20,}", 0, 0),
          rule(SecretKind.OPENAI_KEY, "\\bsk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}", 0, 0),
          rule(SecretKind.AWS_ACCESS_KEY, "\\b(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA)[0-9A-Z]{16}\\b", 0, 0),
          rule(SecretKind.AWS_SECRET_KEY,
              "(?i)(aws_?secret_?(?:access_?)?key[\"']?\\s*[=:]\\s*[\"']?)[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+])", 1, 0),
          rule(SecretKind.GITHUB_TOKEN, "\\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\\b", 0, 0),
          rule(SecretKind.SLACK_TOKEN,
              "(?:\\bxox[abposre]-[A-Za-z0-9-]{10,}|https://hooks\\.slack\\.com/services/[A-Za-z0-9/_-]{20,})", 0, 0),
          rule(SecretKind.GOOGLE_KEY, "(?:\\bAIza[0-9A-Za-z_-]{35}|\\bya29\\.[0-9A-Za-z_-]{20,})", 0, 0),
          rule(SecretKind.JWT, "\\beyJ[A-Za-z0-9_-]{5,}\\.eyJ[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]{5,}", 0, 0),
          rule(SecretKind.BEARER_TOKEN, "(?i)(\\bbearer\\s+)([A-Za-z0-9._~+/-]{16,}=*)", 1, 2),
          rule(SecretKind.CONNECTION_STRING,
              "\\b([a-zA-Z][a-zA-Z0-9+.-]*://[^\\s:/@\\[\\]]+:)([^\\s@/]+)(?=@)", 1, 2),
          rule(SecretKind.PASSWORD_ASSIGNMENT,
              "(?i)((?<![A-Za-z0-9])[A-Za-z0-9_.-]*?" + KEY_WORDS
                  + "[\"']?\\s*=\\s*)(\"[^\"\\n]+\"|'[^'\\n]+'|[^\\s\"',;]+)", 1, 2),
          rule(SecretKind.PASSWORD_ASSIGNMENT,
              "(?i)((?<![A-Za-z0-9])[A-Za-z0-9_.-]*?" + KEY_WORDS
                  + "[\"']?\\s*:\\s*)(\"[^\"\\n]+\"|'[^'\\n]+'|(?=[^\\s\"',;]*[0-9])(?=[^\\s\"',;]*[A-Za-z])"
                  + "[^\\s\"',;]{8,})", 1, 2));

  private static SecretRedactor.Rule rule(SecretKind kind, String regex, int keep, int guard) {
    return new SecretRedactor.Rule(kind, Pattern.compile(regex), keep, guard);
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
