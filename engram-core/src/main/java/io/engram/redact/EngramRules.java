package io.engram.redact;

import java.util.List;

/**
 * Engram's own rules, beside the adopted gitleaks ones: the providers Engram's users meet most (matched
 * leniently, so older and newer key formats are caught too), private key blocks, bearer and basic
 * credentials, and assignments of secret-looking names in code, configuration and prose
 * ({@link Assignments}).
 */
final class EngramRules {
  private EngramRules() {}

  static List<PatternRule> all() {
    List<PatternRule> providers = List.of(
        PatternRule.onText(SecretKind.PRIVATE_KEY,
            "-----BEGIN ([A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?)-----[^\"]*?(?:-----END \\1-----|(?=\")|\\z)",
            "-----begin"),
        PatternRule.onLines(SecretKind.ANTHROPIC_KEY, "\\bsk-ant-[A-Za-z0-9_-]{20,}", 0, SecretCheck.ANY, "sk-ant-"),
        PatternRule.onLines(SecretKind.OPENAI_KEY, "\\bsk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}", 0,
            SecretCheck.ANY, "sk-"),
        PatternRule.onLines(SecretKind.AWS_ACCESS_KEY, "\\b(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA)[0-9A-Z]{16}\\b", 0,
            SecretCheck.ANY, "akia", "asia", "abia", "acca", "agpa", "aida", "aroa"),
        PatternRule.onLines(SecretKind.AWS_SECRET_KEY,
            "(?i)aws_?secret_?(?:access_?)?key[\"']?[ \\t]*[=:][ \\t]*[\"']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])", 1,
            SecretCheck.ANY, "secret"),
        PatternRule.onLines(SecretKind.GITHUB_TOKEN,
            "\\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\\b", 0, SecretCheck.ANY,
            "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
        PatternRule.onLines(SecretKind.SLACK_TOKEN,
            "\\bxox[abposre]-[A-Za-z0-9-]{10,}|https://hooks\\.slack\\.com/services/[A-Za-z0-9/_-]{20,}", 0,
            SecretCheck.ANY, "xox", "hooks.slack.com"),
        PatternRule.onLines(SecretKind.GOOGLE_KEY, "\\bAIza[0-9A-Za-z_-]{35}|\\bya29\\.[0-9A-Za-z_-]{20,}", 0,
            SecretCheck.ANY, "aiza", "ya29."),
        PatternRule.onLines(new SecretKind("stripe-webhook-secret"), "\\bwhsec_[A-Za-z0-9+/]{24,}", 0, SecretCheck.ANY,
            "whsec_"),
        PatternRule.onLines(SecretKind.JWT, "\\beyJ[A-Za-z0-9_-]{5,}+\\.eyJ[A-Za-z0-9_-]{5,}+\\.[A-Za-z0-9_-]{5,}", 0,
            SecretCheck.ANY, "eyj"),
        PatternRule.onLines(SecretKind.BEARER_TOKEN, "(?i)\\bbearer[ \\t]+([A-Za-z0-9._~+/-]{16,}=*)", 1,
            (secret, m, t) -> !Placeholders.isPlaceholder(secret), "bearer"),
        PatternRule.onLines(SecretKind.BASIC_AUTH,
            "(?i)authorization[\"']?[ \\t]*[:=][ \\t]*[\"']?basic[ \\t]+([A-Za-z0-9+/]{6,}={0,2})", 1,
            (secret, m, t) -> !Placeholders.isPlaceholder(secret), "authorization"));
    return java.util.stream.Stream.concat(providers.stream(), Assignments.rules().stream()).toList();
  }
}
