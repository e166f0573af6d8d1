package io.engram.redact;

import java.util.List;

/**
 * Random-looking tokens with no other context, such as an AWS secret key pasted into prose: a run of at
 * least {@code minLength} base64-alphabet characters holding letters and digits whose Shannon entropy
 * reaches {@code minBits} bits per character and of which less than {@code maxWordShare} lies in
 * word-like runs ({@code Word}, {@code word}: four letters or more), as in random text and not in
 * identifiers such as {@code Base64UrlSafeEncoderV2Test} or {@code test_redacts_every_secret_2024}. A long part in
 * lower case whose letters and digits keep changing places has no words, whatever its letters spell by chance.
 *
 * <p>Left alone on purpose: hexadecimal runs (git hashes, UUIDs, checksums: a hex secret is caught only by an
 * assignment or a provider rule), and what {@link LookAlikeTokens} says is no secret (ids, digests, public keys,
 * file and resource names, base64 of readable text). Secret formats with a prefix are the provider rules' job. A
 * random token that is a file's name, or a part of a path, is left too: judged alone, such parts redacted hundreds of
 * package, wheel and asset names in real text for every secret they would catch.
 */
final class HighEntropyTokens implements Detector {
  // A part of a token shorter than this is never judged random by its digits alone: identifiers that join words and
  // numbers ("square70x70logo", "libsecp256k1") are shorter (docs/BENCHMARKS.md, "Random lower-case tokens").
  private static final int ALTERNATING_MIN_PART = 16;
  // A lower-case part whose letters and digits change places at least once every this many characters reads as
  // random (a random run of lower case and digits changes about once in 2.5), so its letter runs are no words.
  private static final int ALTERNATING_EVERY = 3;
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
    if (alternates(t, from, to)) {
      return 0;
    }
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

  /**
   * A long part without capitals whose letters and digits keep changing places, as in random lower case and digits
   * ({@code k3x9...}): its runs of four letters are chance, not words. Without this, half of such tokens read as
   * words and were kept.
   */
  private static boolean alternates(CharSequence t, int from, int to) {
    if (to - from < ALTERNATING_MIN_PART) {
      return false;
    }
    int changes = 0;
    for (int i = from; i < to; i++) {
      char c = t.charAt(i);
      if (isUpper(c)) {
        return false;
      }
      if (i > from && Character.isDigit(c) != Character.isDigit(t.charAt(i - 1))) {
        changes++;
      }
    }
    return changes * ALTERNATING_EVERY >= to - from;
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
