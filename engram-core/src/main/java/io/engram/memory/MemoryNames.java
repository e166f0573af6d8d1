package io.engram.memory;

import java.text.Normalizer;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Turns a memory name into its file name, and refuses names that could escape the memory directory.
 *
 * <p>The file name is always derived (a slug), never the raw input: lower-case letters and digits of
 * any script are kept, every run of other characters becomes one {@code -}, at most
 * {@value #MAX_SLUG} characters, then {@code .md}. Refused: blank names, NUL or other control
 * characters, invisible and text-direction characters (bidirectional overrides such as U+202E, zero-width
 * characters), absolute paths ({@code /x}, {@code \x}, {@code C:x}, {@code ~/x}), {@code ..} path
 * segments, names whose slug is empty, and reserved names (Windows device names such as {@code CON}
 * or {@code NUL}, and {@code MEMORY} and {@code MEMORY.md}, the index).
 */
public final class MemoryNames {
  /** Longest slug, in characters. */
  public static final int MAX_SLUG = 80;

  /** Longest accepted name, in characters. */
  public static final int MAX_NAME = 200;

  private static final Pattern DRIVE = Pattern.compile("^[A-Za-z]:.*");
  private static final Pattern DOT_SEGMENT = Pattern.compile("(^|[/\\\\])\\.\\.?([/\\\\]|$)");
  private static final Set<String> RESERVED =
      Set.of("con", "prn", "aux", "nul", "memory", "memory-md",
          "com1", "com2", "com3", "com4", "com5", "com6", "com7", "com8", "com9",
          "lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6", "lpt7", "lpt8", "lpt9");

  private MemoryNames() {}

  /** The file name ({@code slug.md}) for {@code name}; throws {@link InvalidMemoryNameException}. */
  public static String fileName(String name) {
    return slug(name) + ".md";
  }

  /** The slug of {@code name}; throws {@link InvalidMemoryNameException} when the name is refused. */
  public static String slug(String name) {
    check(name);
    String normal = Normalizer.normalize(name, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
    StringBuilder slug = new StringBuilder();
    boolean dash = false;
    for (int i = 0; i < normal.length(); ) {
      int cp = normal.codePointAt(i);
      i += Character.charCount(cp);
      if (Character.isLetterOrDigit(cp)) {
        if (dash && slug.length() > 0) {
          slug.append('-');
        }
        dash = false;
        slug.appendCodePoint(cp);
      } else {
        dash = true;
      }
    }
    String s = slug.length() > MAX_SLUG ? trimDashes(slug.substring(0, MAX_SLUG)) : slug.toString();
    if (s.isEmpty()) {
      throw new InvalidMemoryNameException(name, "it has no letters or digits to make a file name from");
    }
    if (RESERVED.contains(s)) {
      throw new InvalidMemoryNameException(name, "'" + s + "' is a reserved file name");
    }
    return s;
  }

  /** True when {@code name} would be accepted by {@link #slug(String)}. */
  public static boolean isValid(String name) {
    try {
      slug(name);
      return true;
    } catch (InvalidMemoryNameException e) {
      return false;
    }
  }

  private static void check(String name) {
    if (name == null || name.isBlank()) {
      throw new InvalidMemoryNameException(String.valueOf(name), "a name must not be blank");
    }
    if (name.length() > MAX_NAME) {
      throw new InvalidMemoryNameException(name, "longer than " + MAX_NAME + " characters");
    }
    if (name.indexOf('\0') >= 0) {
      throw new InvalidMemoryNameException(name, "it contains a NUL character");
    }
    if (name.chars().anyMatch(c -> Character.isISOControl(c))) {
      throw new InvalidMemoryNameException(name, "it contains a control character");
    }
    int hidden = name.codePoints().filter(MemoryNames::invisible).findFirst().orElse(-1);
    if (hidden >= 0) {
      throw new InvalidMemoryNameException(name, String.format(
          "it contains the invisible or text-direction character U+%04X, which would make the name read "
              + "differently from what it is", hidden));
    }
    String s = name.strip();
    if (s.startsWith("/") || s.startsWith("\\") || s.startsWith("~") || DRIVE.matcher(s).matches()) {
      throw new InvalidMemoryNameException(name, "it is an absolute path; a name is not a path");
    }
    if (DOT_SEGMENT.matcher(s).find()) {
      throw new InvalidMemoryNameException(name, "it contains a '.' or '..' path segment");
    }
  }

  // Format characters (bidirectional overrides and isolates such as U+202E, zero-width spaces and
  // joiners, the BOM), line and paragraph separators, and the Hangul fillers that render as blanks.
  private static boolean invisible(int cp) {
    int type = Character.getType(cp);
    return type == Character.FORMAT || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR
        || cp == 0x115F || cp == 0x1160 || cp == 0x3164 || cp == 0xFFA0;
  }

  private static String trimDashes(String s) {
    int end = s.length();
    while (end > 0 && s.charAt(end - 1) == '-') {
      end--;
    }
    return s.substring(0, end);
  }
}
