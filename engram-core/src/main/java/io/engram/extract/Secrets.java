package io.engram.extract;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Recognises secrets so that a sentence holding one is never proposed as memory.
 *
 * <p>The store redacts too; skipping here means a secret is not even sent on to it.
 */
final class Secrets {
  private static final List<Pattern> PATTERNS =
      List.of(
          Pattern.compile("\\bAKIA[0-9A-Z]{16}\\b"),
          Pattern.compile("\\bgh[pousr]_[A-Za-z0-9]{30,}"),
          Pattern.compile("\\bgithub_pat_[A-Za-z0-9_]{30,}"),
          Pattern.compile("\\bsk-(ant-)?[A-Za-z0-9_-]{20,}"),
          Pattern.compile("\\bxox[abprs]-[A-Za-z0-9-]{10,}"),
          Pattern.compile("\\beyJ[A-Za-z0-9_-]{10,}\\.[A-Za-z0-9_-]{10,}"),
          Pattern.compile("-----BEGIN [A-Z ]*PRIVATE KEY-----"),
          Pattern.compile(
              "(?i)\\b[a-z_]{0,40}?(password|passwd|pwd|secret|token|api[_-]?key|access[_-]?key)[a-z_]{0,40}\\s{0,8}[=:]\\s{0,8}\\S{4,}"),
          Pattern.compile("(?i)\\b(my|the|our)\\s+(password|passphrase|api key|token|secret)\\s+is\\s+\\S+"),
          Pattern.compile("(密码|口令|密钥|令牌)\\s*(是|为|[:：=])\\s*\\S+"),
          Pattern.compile("://[^/\\s:@]+:[^/\\s@]+@"));

  private Secrets() {}

  static boolean contains(String text) {
    if (text.contains("[REDACTED:")) {
      return true; // the turn held a secret: the sentence around it is not memory either
    }
    for (Pattern p : PATTERNS) {
      if (p.matcher(text).find()) {
        return true;
      }
    }
    return false;
  }
}
