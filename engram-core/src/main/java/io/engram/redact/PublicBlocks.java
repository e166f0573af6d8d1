package io.engram.redact;

import java.util.Locale;

/**
 * Where a random-looking token is public or sealed by what surrounds it: a line of an armored block whose label says
 * it is public ({@code -----BEGIN PUBLIC KEY-----}, {@code CERTIFICATE}, {@code PGP PUBLIC KEY BLOCK}), a key said to
 * be public just before it on its line ({@code PublicKey = ...}, "the peer's public key is ...", "公钥"), and a value
 * sops encrypted ({@code ENC[AES256_GCM,data:...,iv:...,tag:...]}). Each look is bounded: a block's lines are walked
 * back only while they are armor, a line only {@link #SAID_WITHIN} characters back.
 */
final class PublicBlocks {
  private static final String BEGIN = "-----BEGIN ";
  private PublicBlocks() {}

  /** How many lines of armor are walked back to the block's first line: a 4096-bit key's block has some 60. */
  private static final int MAX_ARMOR_LINES = 96;
  // Armor lines are at most 76 characters (RFC 4880) and its header lines short: a line past 100 is text.
  private static final int MAX_ARMOR_LINE = 100;
  /** How far before a token its being public is said. */
  private static final int SAID_WITHIN = 48;
  /** How far back on its line a sops value may open. */
  private static final int MAX_SOPS_VALUE = 4096;

  /** True when the token at {@code start} is on a line of armor in a block whose label says it is public. */
  static boolean inArmor(String s, int start) {
    if (start > 0 && s.charAt(start - 1) != '\n') {
      return false; // armor fills its lines
    }
    int line = start;
    for (int lines = 0; lines < MAX_ARMOR_LINES && line > 0; lines++) {
      int previous = s.lastIndexOf('\n', line - 2) + 1;
      if (s.startsWith(BEGIN, previous)) {
        int labelEnd = s.indexOf("-----", previous + BEGIN.length());
        String label = labelEnd < 0 || labelEnd > line ? "" : s.substring(previous + BEGIN.length(), labelEnd);
        return !label.contains("PRIVATE") && !label.contains("SECRET")
            && (label.contains("PUBLIC") || label.contains("CERTIFICATE"));
      }
      if (!isArmor(s, previous, line - 1)) {
        return false;
      }
      line = previous;
    }
    return false;
  }

  /** A line of base64 armor, or a header line inside a block ({@code Comment: ...}). */
  private static boolean isArmor(String s, int from, int to) {
    if (to - from > MAX_ARMOR_LINE) {
      return false;
    }
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      if (!(Character.isLetterOrDigit(c) || c == '+' || c == '/' || c == '=' || c == '\r')) {
        return false;
      }
    }
    return true;
  }

  /** True when "public" stands before the token at {@code start} on its line, and no word of a secret between. */
  static boolean saidPublic(String s, int start) {
    int from = start;
    while (from > 0 && start - from < SAID_WITHIN && s.charAt(from - 1) != '\n') {
      from--;
    }
    String before = s.substring(from, start);
    int publicAt = Math.max(before.toLowerCase(Locale.ROOT).lastIndexOf("public"), before.lastIndexOf("公钥"));
    if (publicAt < 0) {
      return false;
    }
    String between = before.substring(publicAt).toLowerCase(Locale.ROOT);
    return !between.contains("private") && !between.contains("secret") && !between.contains("私钥");
  }

  /** True when the token at {@code start} is inside a sops-encrypted value on its line. */
  static boolean inSopsValue(String s, int start) {
    for (int i = start - 1; i >= 3 && start - i < MAX_SOPS_VALUE; i--) {
      char c = s.charAt(i);
      if (c == ']' || c == '\n') {
        return false;
      }
      if (c == '[' && s.startsWith("ENC", i - 3)) {
        return true;
      }
    }
    return false;
  }
}
