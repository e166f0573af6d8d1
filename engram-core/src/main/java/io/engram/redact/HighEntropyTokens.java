package io.engram.redact;

import java.util.List;

/**
 * Random-looking tokens with no other context, such as an AWS secret key pasted into prose: a run of at
 * least {@code minLength} base64-alphabet characters holding letters and digits whose Shannon entropy
 * reaches {@code minBits} bits per character and of which less than {@code maxWordShare} lies in
 * word-like runs ({@code Word}, {@code word}: four letters or more), as in random text and not in
 * identifiers such as {@code Base64UrlSafeEncoderV2Test} or {@code test_redacts_every_secret_2024}.
 *
 * <p>Left alone on purpose: hexadecimal runs (git hashes, UUIDs, checksums: a hex secret is caught only by an
 * assignment or a provider rule), and what {@link LookAlikeTokens} says is no secret (ids, digests, public keys,
 * file and resource names, base64 of readable text). Secret formats with a prefix are the provider rules' job.
 */
final class HighEntropyTokens implements Detector {
  private final int minLength;
  private final double minBits;
  private final double maxWordShare;

  HighEntropyTokens(int minLength, double minBits, double maxWordShare) {
    this.minLength = minLength;
    this.minBits = minBits;
    this.maxWordShare = maxWordShare;
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
    if (LookAlikeTokens.byPlaceOrShape(s, start, end)) {
      return false;
    }
    CharSequence t = s.subSequence(start, end);
    if (slash && looksLikePath(t.toString())) {
      return false;
    }
    // the costlier looks last, for the few tokens that read as random
    return wordShare(t) < maxWordShare && Entropy.of(t) >= minBits && !LookAlikeTokens.byMeaning(s, start, end);
  }

  /**
   * The share of characters that read as words: whole parts (between {@code - _ / +}) that are all lower-case
   * or all digits ({@code claude-sonnet-4-5-20250929}), and inside other parts runs of four or more letters
   * shaped like a word, lower-case or with one capital first ({@code Base64UrlSafeEncoderV2Test}).
   */
  static double wordShare(CharSequence t) {
    int inWords = 0;
    int n = t.length();
    int part = 0;
    for (int i = 0; i <= n; i++) {
      if (i == n || "-_/+".indexOf(t.charAt(i)) >= 0) {
        inWords += wordChars(t, part, i);
        part = i + 1;
      }
    }
    return n == 0 ? 0 : (double) inWords / n;
  }

  private static int wordChars(CharSequence t, int from, int to) {
    boolean lower = true;
    boolean digits = true;
    for (int i = from; i < to; i++) {
      lower &= isLower(t.charAt(i));
      digits &= t.charAt(i) >= '0' && t.charAt(i) <= '9';
    }
    if (lower || digits) {
      return to - from;
    }
    int inWords = 0;
    int i = from;
    while (i < to) {
      int start = i;
      if (isUpper(t.charAt(i))) {
        i++;
      }
      while (i < to && isLower(t.charAt(i))) {
        i++;
      }
      if (i - start >= 4) {
        inWords += i - start;
      }
      if (i == start) {
        i++;
      }
    }
    return inWords;
  }

  private static boolean isUpper(char c) {
    return c >= 'A' && c <= 'Z';
  }

  private static boolean isLower(char c) {
    return c >= 'a' && c <= 'z';
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
