package io.engram.memory;

/** The directory-name forms of project identities: Claude Code's exact sanitizing, and Engram's key. */
final class ProjectKeys {
  // Claude Code's own sanitizing of a project's path: cut at 200 characters, then a hash of the whole.
  private static final int MAX_SANITIZED = 200;

  private ProjectKeys() {}

  /**
   * Claude Code's {@code sanitizePath}: every UTF-16 unit that is not an ASCII letter or digit becomes
   * {@code -}; above 200 characters, the first 200 plus {@code -} and a base-36 djb2 hash of the input.
   */
  static String claudeSanitize(String path) {
    StringBuilder s = new StringBuilder(path.length());
    for (int i = 0; i < path.length(); i++) {
      char c = path.charAt(i);
      boolean alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
      s.append(alnum ? c : '-');
    }
    if (s.length() <= MAX_SANITIZED) {
      return s.toString();
    }
    return s.substring(0, MAX_SANITIZED) + "-" + Long.toString(Math.abs((long) djb2(path)), 36);
  }

  /** JavaScript's {@code ((h << 5) - h + charCode) | 0} over UTF-16 units, as Claude Code computes it. */
  static int djb2(String s) {
    int h = 0;
    for (int i = 0; i < s.length(); i++) {
      h = (h << 5) - h + s.charAt(i);
    }
    return h;
  }
}
