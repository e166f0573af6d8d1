package io.engram.mcp.transport;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * The secret every HTTP request must carry ({@code Authorization: Bearer <token>}, the scheme in any
 * case). A token is refused when its entropy, estimated from its length and alphabet and cut down by
 * repetition, is below the bound (32 random bytes by default), or when it is visibly not random.
 */
public final class BearerToken {
  /** How to make a token, for messages. */
  public static final String HOW_TO_MAKE_ONE = "make one with `openssl rand -base64 32` or `engram mcp --new-token`";

  // A weak-token check, not a preference: ten repeated or consecutive characters (aaaaaaaaaa, 0123456789) do not come
  // by chance in a random token of 32 bytes.
  private static final int LONGEST_RUN = 10;

  private final byte[] value;

  private BearerToken(String value) {
    this.value = value.getBytes(StandardCharsets.UTF_8);
  }

  /** A new random token: 32 bytes from {@link SecureRandom}, hex. */
  public static BearerToken generate() {
    byte[] bytes = new byte[32];
    new SecureRandom().nextBytes(bytes);
    return new BearerToken(HexFormat.of().formatHex(bytes));
  }

  /**
   * {@code value} as a token, if it has at least {@code minBits} bits of entropy.
   *
   * @throws IllegalArgumentException saying why it is too weak and how to make a strong one
   */
  public static BearerToken of(String value, int minBits) {
    String v = value.strip();
    double bits = estimatedBits(v);
    String problem = bits < minBits ? String.format(Locale.ROOT, "%d character%s, about %.0f bits of entropy; it"
        + " needs at least %d bits (%d random bytes)", v.length(), v.length() == 1 ? "" : "s", bits, minBits,
        minBits / 8)
        : longestRun(v) >= LONGEST_RUN ? "it holds a run of " + longestRun(v) + " repeated or consecutive characters"
        : distinctShare(v) < 0.5 ? "it repeats a few characters" : "";
    if (!problem.isEmpty()) {
      throw new IllegalArgumentException("the bearer token is too weak: " + problem + "; " + HOW_TO_MAKE_ONE);
    }
    return new BearerToken(v);
  }

  /** The token, to print once for the user who has to pass it on. */
  public String reveal() {
    return new String(value, StandardCharsets.UTF_8);
  }

  /** Whether one {@code Authorization} field value carries this token; the comparison takes constant time. */
  boolean accepts(List<String> authorization) {
    if (authorization.size() != 1) {
      return false;
    }
    String field = authorization.get(0).strip();
    int space = field.indexOf(' ');
    if (space < 0 || !field.substring(0, space).equalsIgnoreCase("Bearer")) {
      return false;
    }
    return MessageDigest.isEqual(field.substring(space + 1).strip().getBytes(StandardCharsets.UTF_8), value);
  }

  @Override
  public String toString() {
    return "BearerToken[redacted]";
  }

  /** Length times the bits of the alphabet the token draws on, capped by its shortest repeating period. */
  static double estimatedBits(String token) {
    if (token.isEmpty()) {
      return 0;
    }
    double perChar = Math.log(alphabet(token)) / Math.log(2);
    return Math.min(token.length(), period(token)) * perChar;
  }

  private static int alphabet(String token) {
    if (token.chars().allMatch(c -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))
        || token.chars().allMatch(c -> (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F'))) {
      return 16;
    }
    boolean lower = token.chars().anyMatch(c -> c >= 'a' && c <= 'z');
    boolean upper = token.chars().anyMatch(c -> c >= 'A' && c <= 'Z');
    boolean base64 = token.chars().allMatch(c -> Character.isLetterOrDigit(c) && c < 128 || "+/=-_".indexOf(c) >= 0);
    if (base64 && lower && upper) {
      return 64;
    }
    int size = 0;
    size += lower ? 26 : 0;
    size += upper ? 26 : 0;
    size += token.chars().anyMatch(c -> c >= '0' && c <= '9') ? 10 : 0;
    size += token.chars().anyMatch(c -> !Character.isLetterOrDigit(c) || c >= 128) ? 33 : 0;
    return Math.max(size, 2);
  }

  /** The shortest p such that the token is its first p characters repeated. */
  private static int period(String token) {
    for (int p = 1; p <= token.length() / 2; p++) {
      if (token.regionMatches(p, token, 0, token.length() - p)) {
        return p;
      }
    }
    return token.length();
  }

  private static int longestRun(String token) {
    int longest = 1;
    int run = 1;
    for (int i = 1; i < token.length(); i++) {
      int step = token.charAt(i) - token.charAt(i - 1);
      boolean continues = i >= 2 ? step == token.charAt(i - 1) - token.charAt(i - 2) && Math.abs(step) <= 1
          : Math.abs(step) <= 1;
      run = continues ? run + 1 : (Math.abs(step) <= 1 ? 2 : 1);
      longest = Math.max(longest, run);
    }
    return longest;
  }

  private static double distinctShare(String token) {
    long distinct = token.chars().distinct().count();
    return (double) distinct / Math.min(token.length(), alphabet(token));
  }
}
