package io.engram.redact;

import java.util.List;

/**
 * Engram's own rules, beside the adopted gitleaks ones: the providers Engram's users meet most (matched
 * leniently, so older and newer key formats are caught too), private key blocks, bearer and basic
 * credentials, and assignments of secret-looking names in code, configuration and prose
 * ({@link Assignments}).
 */
final class EngramRules {
  // A run of 16 base64 characters is a key's armor; a block where one is pasted holds "..." or a placeholder.
  private static final int ARMOR_RUN = 16;
  // 48 base64 characters decode to 36 bytes: "-----BEGIN " and the longest label Engram knows ("ENCRYPTED PRIVATE KEY").
  private static final int ENCODED_LABEL = 48;
  /**
   * A quote around a header's name or value, as written or escaped inside a JSON string, once or twice (a tool's
   * input quoted in a request: {@code \\"Authorization\\": \\"Token ...\\"}).
   */
  private static final String QUOTE = "\\\\{0,3}[\"']?";
  private EngramRules() {}

  /** A private key block holds a key's worth of armor, not "..." where one is pasted (a run of 16 base64 characters). */
  private static boolean holdsArmor(String block) {
    int run = 0;
    int label = block.indexOf("-----", 11); // the end of the BEGIN line, also where a text's lines were joined
    for (int i = label < 0 ? block.length() : label + 5; i < block.length(); i++) {
      char c = block.charAt(i);
      run = Character.isLetterOrDigit(c) || c == '+' || c == '/' ? run + 1 : 0;
      if (run >= ARMOR_RUN) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a base64 run that starts as an encoded "-----BEGIN" block says it holds a private or secret key: a
   * certificate's block (certificate-authority-data, client-certificate-data) is public and left alone.
   */
  private static boolean encodesAPrivateKey(String run) {
    int length = Math.min(run.length(), ENCODED_LABEL) / 4 * 4; // base64 decodes in groups of four characters
    try {
      String label = new String(java.util.Base64.getDecoder().decode(run.substring(0, length)),
          java.nio.charset.StandardCharsets.ISO_8859_1);
      return label.contains("PRIVATE KEY") || label.contains("SECRET KEY");
    } catch (IllegalArgumentException notBase64) {
      return false;
    }
  }

  static List<PatternRule> all() {
    List<PatternRule> providers = List.of(
        // a block of any label that says private, secret or static key (OpenVPN's), holding a key's worth of armor
        PatternRule.onText(SecretKind.PRIVATE_KEY,
            "-----BEGIN ([A-Za-z0-9 ]{0,40}(?:PRIVATE KEY(?: BLOCK)?|SECRET KEY|[Ss]tatic [Kk]ey V\\d))-----"
                + "[^\"]*?(?:-----END \\1-----|(?=\")|\\z)",
            (block, m, t) -> holdsArmor(block), "-----begin"),
        // the same block base64-encoded whole (a kubeconfig's client-key-data, a Helm value, a CI variable):
        // "-----BEGIN" encodes as LS0tLS1CRUdJTi, and the label decoded from what follows must say private key
        PatternRule.onLines(SecretKind.PRIVATE_KEY, "\\bLS0tLS1CRUdJTi[A-Za-z0-9+/]{16,}+={0,2}", 0,
            (run, m, t) -> encodesAPrivateKey(run), "ls0tls1crudjti"),
        // a Kubernetes bootstrap token (kubeadm join --token, a kubeconfig's token:), six and sixteen of [a-z0-9]:
        // its dot makes it read as a qualified name to the assignment rules; a name holds no digit, a token does
        PatternRule.onLines(new SecretKind("kubernetes-bootstrap-token"),
            "(?<![\\w.-])[a-z0-9]{6}\\.[a-z0-9]{16}(?![\\w.-])", 0,
            (token, m, t) -> token.chars().anyMatch(Character::isDigit), "token"),
        PatternRule.onLines(SecretKind.ANTHROPIC_KEY, "\\bsk-ant-[A-Za-z0-9_-]{20,}", 0, SecretCheck.ANY, "sk-ant-"),
        PatternRule.onLines(SecretKind.OPENAI_KEY, "\\bsk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}", 0,
            SecretCheck.ANY, "sk-"),
        PatternRule.onLines(SecretKind.AWS_ACCESS_KEY, "\\b(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA)[0-9A-Z]{16}\\b", 0,
            SecretCheck.ANY, "akia", "asia", "abia", "acca", "agpa", "aida", "aroa"),
        PatternRule.onLines(SecretKind.AWS_SECRET_KEY,
            "(?i)aws_?secret_?(?:access_?)?key[\"']?[ \\t]*[=:][ \\t]*[\"']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])", 1,
            SecretCheck.ANY, "secret"),
        PatternRule.onLines(SecretKind.GITHUB_TOKEN,
            // also cut short (a name or a description clipped inside it): sixteen characters after the prefix
            "\\b(?:gh[pousr]_[A-Za-z0-9]{16,255}|github_pat_[A-Za-z0-9_]{16,255})\\b", 0, SecretCheck.ANY,
            "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
        PatternRule.onLines(SecretKind.SLACK_TOKEN,
            "\\bxox[abposre]-[A-Za-z0-9-]{10,}|https://hooks\\.slack\\.com/services/[A-Za-z0-9/_-]{20,}", 0,
            SecretCheck.ANY, "xox", "hooks.slack.com"),
        PatternRule.onLines(SecretKind.GOOGLE_KEY, "\\bAIza[0-9A-Za-z_-]{35}|\\bya29\\.[0-9A-Za-z_-]{20,}", 0,
            SecretCheck.ANY, "aiza", "ya29."),
        PatternRule.onLines(new SecretKind("stripe-webhook-secret"), "\\bwhsec_[A-Za-z0-9+/]{24,}", 0, SecretCheck.ANY,
            "whsec_"),
        // Mailgun's private API key and Braintree's access token: their published formats
        PatternRule.onLines(new SecretKind("mailgun-key"), "\\bkey-[0-9a-z]{32}\\b", 0, SecretCheck.ANY, "key-"),
        PatternRule.onLines(new SecretKind("braintree-token"),
            "\\baccess_token\\$(?:production|sandbox)\\$[0-9a-z]{16}\\$[0-9a-f]{32}\\b", 0, SecretCheck.ANY,
            "access_token$"),
        PatternRule.onLines(SecretKind.JWT, "\\beyJ[A-Za-z0-9_-]{5,}+\\.eyJ[A-Za-z0-9_-]{5,}+\\.[A-Za-z0-9_-]{5,}", 0,
            SecretCheck.ANY, "eyj"),
        PatternRule.onLines(SecretKind.BEARER_TOKEN, "(?i)\\bbearer[ \\t]+([A-Za-z0-9._~+/-]{16,}=*)", 1,
            (secret, m, t) -> !Placeholders.isPlaceholder(secret), "bearer"),
        PatternRule.onLines(SecretKind.BASIC_AUTH,
            "(?i)authorization" + QUOTE + "[ \\t]*[:=][ \\t]*" + QUOTE + "basic[ \\t]+([A-Za-z0-9+/]{6,}={0,2})", 1,
            (secret, m, t) -> !Placeholders.isPlaceholder(secret), "authorization"),
        // a Cloudflare Origin CA key, also cut short (gitleaks' rule wants all 146 digits of its last part)
        PatternRule.onLines(new SecretKind("cloudflare-origin-ca-key"), "\\bv1\\.0-[a-f0-9]{24}-[a-f0-9]{16,}+", 0,
            SecretCheck.ANY, "v1.0-"));
    List<PatternRule> prose = List.of(
        // a value said before its noun: "use Xk29!aa$zz as the password", "set it to ... with hQ8... as the api key";
        // the value must look like a password or a random key on its own, as a word before "as the key" rarely does
        PatternRule.onLines(SecretKind.PASSWORD_ASSIGNMENT,
            "(?i)\\b(?:use|using|set|with|try|enter|type|paste|put)[ \\t]+[\"'`]?([^\\s\"'`]{6,128}+)[\"'`]?[ \\t]+as[ \\t]+"
                + "(?:(?:the|my|our|your|a|its|their)[ \\t]+)?(?:[\\w-]{1,20}[ \\t]+)?"
                + "(?:password|passphrase|passcode|passwd|pwd|token|secret|api[ _-]?key|key)s?\\b", 1,
            (value, m, t) -> ProseValues.looksLikePassword(value) || ProseValues.looksLikeKey(value),
            "password", "passphrase", "passcode", "passwd", "pwd", "token", "secret", "key"));
    List<PatternRule> headers = List.of(
        // Authorization and Proxy-Authorization with any scheme, or none: the credential after it
        PatternRule.onLines(SecretKind.BEARER_TOKEN,
            "(?i)\\b(?:proxy-)?authorization" + QUOTE + "[ \\t]*[:=][ \\t]*" + QUOTE
                + "(?!digest\\b)(?:[a-z][\\w-]{1,20}[ \\t]+)?([^\\s\"',;\\\\]{8,}+)",
            1, (secret, m, t) -> !Placeholders.isPlaceholder(secret), "authorization"),
        // Digest: everything after the scheme, to the end of its line (not only of the text: "$" is the text's end)
        PatternRule.onLines(SecretKind.BEARER_TOKEN,
            "(?i)\\b(?:proxy-)?authorization" + QUOTE + "[ \\t]*[:=][ \\t]*" + QUOTE + "digest[ \\t]+([^\\r\\n]+?)[\"']?[ \\t]*"
                + "(?=[\\r\\n]|\\z)", 1,
            SecretCheck.ANY, "authorization"),
        // headers named for a credential: X-Auth-Token, X-API-Key, X-Auth-User-Service-Key, PRIVATE-TOKEN
        PatternRule.onLines(SecretKind.BEARER_TOKEN,
            "(?i)(?<![\\w-])(?:x-[\\w-]{0,40}?(?:token|key|secret|auth|password)[\\w-]{0,20}+|private-token|api-key|apikey)"
                + QUOTE + "[ \\t]*:[ \\t]*" + QUOTE + "([^\\s\"',;\\\\]{8,}+)",
            1, (secret, m, t) -> !ProseValues.namesSomethingElse(secret) && !secret.contains("://"),
            "x-", "private-token", "api-key", "apikey"),
        // cookies that hold a session: Cookie: session=...; sid=...
        PatternRule.onLines(SecretKind.BEARER_TOKEN,
            "(?i)(?:\\bcookie[\"']?[ \\t]*:[ \\t]*|;[ \\t]*)[\\w.-]*?(?:sess|sid|token|auth|jwt|remember|login)[\\w.-]*+"
                + "=([^;\\s\"']{8,}+)",
            1, (secret, m, t) -> !Placeholders.isPlaceholder(secret), "cookie"));
    return java.util.stream.Stream.of(providers, prose, headers, CredentialFiles.rules(), Assignments.rules(), NamedPairs.rules())
        .flatMap(List::stream).toList();
  }
}
