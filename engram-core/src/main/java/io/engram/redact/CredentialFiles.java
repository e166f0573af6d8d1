package io.engram.redact;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

/**
 * Credentials in the files that hold them, beside what the assignment rules already read (AWS credentials,
 * {@code .pypirc}, {@code .my.cnf}, kubeconfig {@code token:} and {@code password:}): registry {@code auth} values in docker's {@code config.json} and npm's
 * {@code _auth} (base64 of {@code user:password}), private keys given as base64 of their PEM text (kubeconfig's
 * {@code client-key-data}, Kubernetes secrets), and configuration directives of the form {@code NAME VALUE} on a
 * line of their own ({@code requirepass}, {@code masterauth}, {@code wpa-psk}, a {@code password} line of a
 * {@code .netrc}). {@link NetrcEntries} reads {@code .netrc} entries, {@link PgpassLines} {@code .pgpass} lines.
 */
final class CredentialFiles {
  // A credential file decoded from base64 opens with text: its first 64 characters are printable.
  private static final int PRINTABLE_HEAD = 64;
  private CredentialFiles() {}

  /** Base64 of {@code -----BEGIN}: a PEM block encoded once more. */
  static final String BASE64_PEM = "LS0tLS1CRUdJTi";

  static List<PatternRule> rules() {
    return List.of(
        // docker's config.json "auth", npm's _auth: base64 of user:password
        PatternRule.onLines(SecretKind.PASSWORD_ASSIGNMENT,
            "(?i)(?<![\\w-])[\"']?_?auth[\"']?[ \\t]*[:=][ \\t]*[\"']?([A-Za-z0-9+/]{12,}+={0,2})(?![\\w+/=])", 1,
            (secret, m, t) -> decodesTo(secret, ":"), "auth"),
        // a private key as base64 of its PEM text
        PatternRule.onLines(SecretKind.PRIVATE_KEY, BASE64_PEM + "[A-Za-z0-9+/]{20,}+={0,2}", 0,
            (secret, m, t) -> decodesTo(secret, "PRIVATE KEY"), BASE64_PEM.toLowerCase(java.util.Locale.ROOT)),
        // a directive on a line of its own: requirepass VALUE, wpa-psk VALUE, password VALUE
        PatternRule.onLines(SecretKind.PASSWORD_ASSIGNMENT,
            "(?im)^[ \\t]*+(?:requirepass|masterauth|masterpass|auth_pass|wpa-psk|psk|password|passwd|passphrase"
                + "|rpcpassword|secret)[ \\t]++([^\\s]++)[ \\t]*+$",
            1, (secret, m, t) -> ProseValues.couldBeSecret(ProseValues.stripTrailing(secret)),
            "pass", "psk", "secret", "masterauth"));
  }

  /** True when {@code base64}, decoded, holds {@code prefix} after a four-byte length (as SSH's key blobs do). */
  static boolean decodesPrefix(String base64, String prefix) {
    String whole = base64.substring(0, base64.length() - base64.length() % 4);
    try {
      byte[] b = Base64.getDecoder().decode(whole);
      return b.length >= 4 + prefix.length()
          && new String(b, 4, prefix.length(), StandardCharsets.ISO_8859_1).equals(prefix);
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /** True when {@code base64} decodes (as far as it is whole) to text holding {@code needle}. */
  static boolean decodesTo(String base64, String needle) {
    String whole = base64.replace("=", "");
    whole = whole.substring(0, whole.length() - whole.length() % 4);
    try {
      String decoded = new String(Base64.getDecoder().decode(whole), StandardCharsets.ISO_8859_1);
      return decoded.contains(needle) && decoded.chars().limit(PRINTABLE_HEAD).allMatch(c -> c >= 32 && c < 127 || c == '\n');
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}
