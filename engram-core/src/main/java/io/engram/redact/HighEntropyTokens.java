package io.engram.redact;

import java.util.List;

/**
 * Random-looking tokens with no other context, such as an AWS secret key pasted into prose: a run of at
 * least {@code minLength} base64-alphabet characters holding letters and digits whose Shannon entropy
 * reaches {@code minBits} bits per character and whose characters change class (lower, upper, digit,
 * symbol) often, as random text does and identifiers do not.
 *
 * <p>Left alone on purpose: hexadecimal runs (git hashes, UUIDs, checksums: a hex secret is caught only by an
 * assignment or a provider rule), subresource-integrity hashes ({@code sha512-...}), {@code base64,} data,
 * file paths, and identifiers (camelCase, snake_case, dotted names).
 */
final class HighEntropyTokens implements Detector {
  private final int minLength;
  private final double minBits;
  private final double minSwitches;

  HighEntropyTokens(int minLength, double minBits, double minSwitches) {
    this.minLength = minLength;
    this.minBits = minBits;
    this.minSwitches = minSwitches;
  }

  @Override
  public List<String> keywords() {
    return List.of();
  }

  @Override
  public void find(ScannedText scanned, int priority, List<Finding> out) {
    String s = scanned.text();
    int n = s.length();
    int i = 0;
    while (i < n) {
      if (!isTokenChar(s.charAt(i))) {
        i++;
        continue;
      }
      int start = i;
      while (i < n && isTokenChar(s.charAt(i))) {
        i++;
      }
      int end = i;
      while (i < n && s.charAt(i) == '=') {
        i++; // base64 padding ends a token
      }
      if (end - start >= minLength && isSecret(s, start, end)) {
        out.add(new Finding(start, end, SecretKind.HIGH_ENTROPY, priority));
      }
    }
  }

  /** True when {@code s[start, end)} reads as a random token. */
  boolean isSecret(String s, int start, int end) {
    boolean digit = false;
    boolean letter = false;
    boolean nonHex = false;
    boolean slash = false;
    for (int k = start; k < end; k++) {
      char c = s.charAt(k);
      digit |= c >= '0' && c <= '9';
      boolean isLetter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
      letter |= isLetter;
      nonHex |= isLetter && Character.digit(c, 16) < 0;
      slash |= c == '/';
    }
    if (!digit || !letter || !nonHex) {
      return false;
    }
    if (start >= 7 && s.regionMatches(true, start - 7, "base64,", 0, 7)) {
      return false;
    }
    for (String integrity : INTEGRITY) {
      if (s.regionMatches(true, start, integrity, 0, integrity.length())) {
        return false;
      }
    }
    CharSequence t = s.subSequence(start, end);
    if (slash && looksLikePath(t.toString())) {
      return false;
    }
    return switches(t) >= minSwitches && Entropy.of(t) >= minBits;
  }

  private static final String[] INTEGRITY = {"sha1-", "sha256-", "sha384-", "sha512-"};

  /** The share of neighbouring characters of different classes (lower, upper, digit, other). */
  static double switches(CharSequence t) {
    int changes = 0;
    for (int k = 1; k < t.length(); k++) {
      if (charClass(t.charAt(k)) != charClass(t.charAt(k - 1))) {
        changes++;
      }
    }
    return t.length() < 2 ? 0 : (double) changes / (t.length() - 1);
  }

  private static int charClass(char c) {
    if (c >= 'a' && c <= 'z') {
      return 0;
    }
    if (c >= 'A' && c <= 'Z') {
      return 1;
    }
    return c >= '0' && c <= '9' ? 2 : 3;
  }

  /** A path: it starts with a slash, or one of its slash-separated parts is a lower-case word. */
  private static boolean looksLikePath(String t) {
    if (t.indexOf('/') < 0) {
      return false;
    }
    if (t.startsWith("/")) {
      return true;
    }
    for (String part : t.split("/")) {
      if (part.length() >= 3 && part.chars().allMatch(c -> (c >= 'a' && c <= 'z') || c == '-' || c == '_')) {
        return true;
      }
    }
    return false;
  }

  private static boolean isTokenChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '+' || c == '/'
        || c == '_' || c == '-';
  }
}
