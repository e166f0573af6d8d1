package io.engram.redact;

/**
 * Tokens that read as random and are no secret, as {@link HighEntropyTokens} tells them apart. By their place or
 * shape, cheap to tell: base64 data and subresource-integrity hashes, ids (a public object id's type prefix, the value
 * of a key that names an id, a ULID, an id in upper case and digits, a hexadecimal number), a digest named by its
 * algorithm, a file's name, an SSH or PEM public key, a line of a public key's or certificate's armored block, a
 * value encrypted by sops, and a key said to be public ("PublicKey =", "the public key is", "公钥"). By their meaning,
 * for the few that read as random: the name of a resource, and base64 of readable text that holds no credential and
 * no secret the redactor finds in it.
 */
final class LookAlikeTokens {
  // A key blob says what it is at its start: its first 64 base64 characters (48 bytes) hold an SSH key's type name.
  private static final int KEY_HEAD_CHARS = 64;
  // A PEM block's base64 holds its header line ("-----BEGIN ... PRIVATE KEY-----") in its first 120 characters.
  private static final int PEM_HEADER_CHARS = 120;
  // An upper-case id is shorter than 32 characters; an upper-case key that long has a provider's prefix its rule reads.
  private static final int SHORTEST_UPPER_CASE_KEY = 32;
  // A ULID's length, by its specification: 26 characters of Crockford's base32.
  private static final int ULID_LENGTH = 26;
  // A resource name's later parts are words of at most 10 letters ("subnet", "linux") or hexadecimal; a longer
  // part that is neither is random text.
  private static final int LONGEST_NAME_PART = 10;
  private LookAlikeTokens() {}

  /** True when {@code s[start, end)} is no secret by its place in {@code s} or its shape. */
  static boolean byPlaceOrShape(String s, int start, int end) {
    if (start >= 7 && s.regionMatches(true, start - 7, "base64,", 0, 7)) {
      return true;
    }
    for (String integrity : INTEGRITY) {
      if (s.regionMatches(true, start, integrity, 0, integrity.length())) {
        return true;
      }
    }
    return isIdPrefixed(s, start, end) || isIdValue(s, start) || isPublicKey(s, start, end) || isUlid(s, start, end)
        || isUpperCaseId(s, start, end) || isHexNumber(s, start, end) || isDigest(s, start) || isFileName(s, end);
  }

  /** True when {@code s[start, end)}, which reads as random, is no secret by what it is or what surrounds it. */
  static boolean byMeaning(String s, int start, int end) {
    return PublicBlocks.inArmor(s, start) || PublicBlocks.saidPublic(s, start) || PublicBlocks.inSopsValue(s, start)
        || isResourceName(s, start, end) || encodesText(s, start, end);
  }

  /**
   * Upper-case letters and digits, shorter than a key: an id (an AWS hosted zone {@code Z26PYEB...}, a CloudFront
   * distribution, an order number). Keys in upper case have a provider's prefix, which its rule reads.
   */
  private static boolean isUpperCaseId(String s, int start, int end) {
    if (end - start >= SHORTEST_UPPER_CASE_KEY) {
      return false;
    }
    for (int i = start; i < end; i++) {
      char c = s.charAt(i);
      if (!(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9')) {
        return false;
      }
    }
    return true;
  }

  /** {@code 0x} and hexadecimal digits: an address, a transaction's hash, a number. A key in hex needs its name. */
  private static boolean isHexNumber(String s, int start, int end) {
    if (end - start < 3 || s.charAt(start) != '0' || s.charAt(start + 1) != 'x') {
      return false;
    }
    for (int i = start + 2; i < end; i++) {
      if (Character.digit(s.charAt(i), 16) < 0) {
        return false;
      }
    }
    return true;
  }

  private static final String[] INTEGRITY = {"sha1-", "sha256-", "sha384-", "sha512-"};

  /** Type prefixes of public object ids (Anthropic, OpenAI, Stripe objects, Claude Code sessions), and nonces. */
  private static final java.util.Set<String> ID_PREFIXES = java.util.Set.of("toolu", "srvtoolu", "msg", "msgbatch",
      "req", "call", "chatcmpl", "run", "asst", "thread", "file", "batch", "resp", "evt", "cus", "ch", "pi", "in",
      "sub", "prod", "price", "acct", "txn", "ses", "sess", "usr", "user", "org", "proj", "ws", "step", "vs", "ft",
      "ftjob", "modr", "cmpl", "item", "fc", "rs", "conv", "compact", "agent", "ord", "order", "inv", "pm", "card",
      "src", "seti", "sku", "ref", "job", "task", "doc", "obj", "nonce");

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
    if (end - start != ULID_LENGTH || s.charAt(start) > '7') {
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
        if (p.isEmpty() || (first ? !word : p.length() > LONGEST_NAME_PART && !hex)) {
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
    // readable text that holds a secret encodes it: "export REDIS_PASSWORD=..." in base64 is a secret
    return spaced && !CREDENTIAL_PAIR.matcher(decoded).matches() && !SecretRedactor.standard().containsSecret(decoded);
  }

  private static final java.util.regex.Pattern CREDENTIAL_PAIR = java.util.regex.Pattern.compile("[^\\s:\"'{}<>]{1,64}:\\S+");

  /** An SSH public key blob ({@code AAAAC3NzaC1lZDI1NTE5...}) or the base64 of a PEM block that is not a private key. */
  private static boolean isPublicKey(String s, int start, int end) {
    String t = s.substring(start, Math.min(end, start + KEY_HEAD_CHARS));
    if (t.startsWith(CredentialFiles.BASE64_PEM)) {
      return !CredentialFiles.decodesTo(s.substring(start, Math.min(end, start + PEM_HEADER_CHARS)), "PRIVATE");
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
}
