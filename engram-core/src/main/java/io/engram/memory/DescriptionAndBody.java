package io.engram.memory;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A memory's description and body as one text for the agent, each said once. By default the description is the
 * body's first line or sentence, so printing both repeats it; a text that the other already holds is left out.
 */
public final class DescriptionAndBody {
  private static final Pattern SPACE = Pattern.compile("\\s+");
  // Markdown list, quote, heading and emphasis marks say nothing a reader compares.
  private static final Pattern MARKUP = Pattern.compile("[#>*_`]+|^[-+] |(?<=\\s)[-+] ");
  private static final Pattern ELLIPSIS = Pattern.compile("(\\.\\.\\.|…)$");

  private DescriptionAndBody() {}

  /**
   * {@code description}, a blank line and {@code body}; only the body when it holds the description, only the
   * description when it holds the body (both compared without case, spacing, Markdown marks or a trailing
   * ellipsis); the body alone for a blank description.
   */
  public static String join(String description, String body) {
    String d = comparable(description);
    String b = comparable(body);
    if (d.isEmpty() || b.contains(d)) {
      return body;
    }
    if (b.isEmpty() || d.contains(b)) {
      return description;
    }
    return description + "\n\n" + body;
  }

  private static String comparable(String text) {
    String plain = SPACE.matcher(MARKUP.matcher(text.strip()).replaceAll("")).replaceAll(" ").strip();
    return ELLIPSIS.matcher(plain).replaceAll("").strip().toLowerCase(Locale.ROOT);
  }
}
