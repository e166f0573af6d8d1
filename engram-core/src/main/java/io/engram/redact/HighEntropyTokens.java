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
 * assignment or a provider rule), subresource-integrity hashes ({@code sha512-...}), {@code base64,} data,
 * public keys (an SSH key blob, a certificate or public key in base64 of its PEM text), file paths, identifiers
 * (camelCase, snake_case, dotted names), and ids: tokens with the type prefix of a public object id ({@code
 * toolu_}, {@code msg_}, {@code req_}, {@code ord_}, {@code chatcmpl-}...) and values of keys that name an id
 * ({@code "requestId": "..."}, {@code x-amz-id-2: ...}). Secret formats with a prefix are the provider rules' job.
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
    if (start >= 7 && s.regionMatches(true, start - 7, "base64,", 0, 7)) {
      return false;
    }
    for (String integrity : INTEGRITY) {
      if (s.regionMatches(true, start, integrity, 0, integrity.length())) {
        return false;
      }
    }
    if (isIdPrefixed(s, start, end) || isIdValue(s, start) || isPublicKey(s, start, end) || isUlid(s, start, end)
        || isDigest(s, start) || isFileName(s, end)) {
      return false;
    }
    CharSequence t = s.subSequence(start, end);
    if (slash && looksLikePath(t.toString())) {
      return false;
    }
    // the costlier looks last, for the few tokens that read as random
    return wordShare(t) < maxWordShare && Entropy.of(t) >= minBits && !isResourceName(s, start, end)
        && !encodesText(s, start, end);
  }

  private static final String[] INTEGRITY = {"sha1-", "sha256-", "sha384-", "sha512-"};

  /** Type prefixes of public object ids (Anthropic, OpenAI, Stripe objects, Claude Code sessions). */
  private static final java.util.Set<String> ID_PREFIXES = java.util.Set.of("toolu", "srvtoolu", "msg", "msgbatch",
      "req", "call", "chatcmpl", "run", "asst", "thread", "file", "batch", "resp", "evt", "cus", "ch", "pi", "in",
      "sub", "prod", "price", "acct", "txn", "ses", "sess", "usr", "user", "org", "proj", "ws", "step", "vs", "ft",
      "ftjob", "modr", "cmpl", "item", "fc", "rs", "conv", "compact", "agent", "ord", "order", "inv", "pm", "card",
      "src", "seti", "sku", "ref", "job", "task", "doc", "obj");

  /** A token followed by a file name's extension ({@code aW1hZ2Ut....png}): the name of a file, not a secret. */
  private static boolean isFileName(String s, int end) {
    if (end + 2 > s.length() || s.charAt(end) != '.') {
      return false;
    }
    int i = end + 1;
    while (i < s.length() && i - end <= 6 && (Character.isLowerCase(s.charAt(i)) || Character.isDigit(s.charAt(i)))) {
      i++;
    }
    return i > end + 1 && i - end <= 6 && Character.isLowerCase(s.charAt(end + 1))
        && (i == s.length() || !Character.isLetterOrDigit(s.charAt(i)));
  }

  /** A ULID: 26 characters of Crockford's base32 in upper case, the first a time's (0 to 7). */
  private static boolean isUlid(String s, int start, int end) {
    if (end - start != 26 || s.charAt(start) > '7') {
      return false;
    }
    for (int i = start; i < end; i++) {
      char c = s.charAt(i);
      if (!(c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' && "ILOU".indexOf(c) < 0)) {
        return false;
      }
    }
    return true;
  }

  /** A digest named by its algorithm: {@code SHA256:nThbg6...} (an SSH key's fingerprint), {@code md5:...}. */
  private static boolean isDigest(String s, int start) {
    if (start < 2 || s.charAt(start - 1) != ':') {
      return false;
    }
    int i = start - 1;
    while (i > 0 && Character.isLetterOrDigit(s.charAt(i - 1))) {
      i--;
    }
    String algorithm = s.substring(i, start - 1).toLowerCase(java.util.Locale.ROOT);
    return algorithm.startsWith("sha") || algorithm.equals("md5") || algorithm.startsWith("blake")
        || algorithm.equals("h1"); // Go's go.sum: h1 is its SHA-256 of a module's files
  }

  /** Keys whose value is a digest of something public: Content-MD5, x-amz-checksum-crc32, Sec-WebSocket-Accept. */
  private static final java.util.regex.Pattern DIGEST_KEY =
      java.util.regex.Pattern.compile("(?:md5|sha\\d*+|crc\\d*+c?|checksum|digest|fingerprint|integrity|accept)$");

  /**
   * The name of a resource, lower-case words and digits joined by hyphens, its first part a word: a Kubernetes pod
   * ({@code api-7d9f8b6c5d-x2k4p}), an AWS resource ({@code subnet-0a1b2c3d4e5f6a7b8}), a cache key with a hash ({@code
   * deps-linux-7c2e91f0...}); every later part short or hexadecimal, as a random secret's never all are.
   */
  private static boolean isResourceName(String s, int start, int end) {
    int part = start;
    boolean first = true;
    for (int i = start; i <= end; i++) {
      char c = i < end ? s.charAt(i) : '-';
      if (c == '-') {
        String p = s.substring(part, i);
        boolean word = p.length() >= 2 && p.chars().allMatch(ch -> ch >= 'a' && ch <= 'z');
        boolean hex = p.chars().allMatch(ch -> ch >= '0' && ch <= '9' || ch >= 'a' && ch <= 'f');
        if (p.isEmpty() || (first ? !word : p.length() > 10 && !hex)) {
          return false;
        }
        first = false;
        part = i + 1;
      } else if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9')) {
        return false;
      }
    }
    return !first && part > start;
  }

  /**
   * Base64 of readable text ({@code eyJhbGciOiJSUzI1NiJ9}, a JWT's header, is {@code {"alg":"RS256"}}): text with
   * spaces, quotes or braces, and no {@code user:password} pair, which an encoded credential is.
   */
  private static boolean encodesText(String s, int start, int end) {
    String t = s.substring(start, end).replace('-', '+').replace('_', '/');
    int padding = (4 - t.length() % 4) % 4;
    if (padding == 3) {
      return false;
    }
    byte[] bytes;
    try {
      bytes = java.util.Base64.getDecoder().decode(t + "==".substring(0, padding));
    } catch (IllegalArgumentException e) {
      return false;
    }
    boolean spaced = false;
    for (byte b : bytes) {
      if (b < 0x20 && b != '\n' && b != '\t' && b != '\r' || b > 0x7e) {
        return false;
      }
      spaced |= b == ' ' || b == '"' || b == '{' || b == '<';
    }
    String decoded = new String(bytes, java.nio.charset.StandardCharsets.US_ASCII);
    return spaced && !CREDENTIAL_PAIR.matcher(decoded).matches();
  }

  private static final java.util.regex.Pattern CREDENTIAL_PAIR = java.util.regex.Pattern.compile("[^\\s:\"'{}<>]{1,64}:\\S+");

  /** An SSH public key blob ({@code AAAAC3NzaC1lZDI1NTE5...}) or the base64 of a PEM block that is not a private key. */
  private static boolean isPublicKey(String s, int start, int end) {
    String t = s.substring(start, Math.min(end, start + 64));
    if (t.startsWith(CredentialFiles.BASE64_PEM)) {
      return !CredentialFiles.decodesTo(s.substring(start, Math.min(end, start + 120)), "PRIVATE");
    }
    return t.startsWith("AAAA") && (CredentialFiles.decodesPrefix(t, "ssh-") || CredentialFiles.decodesPrefix(t, "ecdsa-")
        || CredentialFiles.decodesPrefix(t, "sk-"));
  }

  private static boolean isIdPrefixed(String s, int start, int end) {
    int i = start;
    while (i < end && i - start <= 9 && s.charAt(i) >= 'a' && s.charAt(i) <= 'z') {
      i++;
    }
    return i > start && i < end && (s.charAt(i) == '_' || s.charAt(i) == '-')
        && ID_PREFIXES.contains(s.substring(start, i));
  }

  /** True when the token is the value of a JSON or YAML key naming an id: "toolUseID":"...", request_id: ... */
  private static boolean isIdValue(String s, int start) {
    int i = start - 1;
    while (i >= 0 && (s.charAt(i) == '"' || s.charAt(i) == '\\' || s.charAt(i) == ' ')) {
      i--;
    }
    if (i < 0 || s.charAt(i) != ':' && s.charAt(i) != '=') {
      return false;
    }
    i--;
    while (i >= 0 && (s.charAt(i) == '"' || s.charAt(i) == '\\' || s.charAt(i) == ' ')) {
      i--;
    }
    int keyEnd = i + 1;
    while (i >= 0 && i > keyEnd - 40 && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_'
        || s.charAt(i) == '-')) {
      i--;
    }
    // a numbered key (x-amz-id-2) names what its name names
    String key = s.substring(i + 1, keyEnd).toLowerCase(java.util.Locale.ROOT).replaceAll("[-_]\\d+$", "");
    return key.endsWith("id") || key.endsWith("uuid") || key.endsWith("hash") || key.endsWith("etag")
        || key.equals("signature") || DIGEST_KEY.matcher(key).find();
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
