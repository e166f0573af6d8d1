package io.engram.ui;

import java.util.List;
import java.util.Locale;
import org.commonmark.Extension;
import org.commonmark.ext.gfm.tables.TablesExtension;
import java.util.regex.Pattern;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.commonmark.renderer.html.UrlSanitizer;

/**
 * Text made safe for a page: {@link #escape} for plain text, {@link #markdown} for a memory's body, rendered
 * with its raw HTML shown as text (a memory's text is data, often written from tool output, never markup) and
 * links to anything but http, https, mailto and this page dropped (images: http and https, which the page's
 * Content-Security-Policy then keeps from loading unless they are the UI's own).
 */
final class Html {
  private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");
  private static final UrlSanitizer SAFE_URLS = new UrlSanitizer() {
    @Override
    public String sanitizeLinkUrl(String url) {
      return allowed(url, "http:", "https:", "mailto:") ? url : "";
    }

    @Override
    public String sanitizeImageUrl(String url) {
      return allowed(url, "http:", "https:") ? url : "";
    }
  };
  // GitHub's tables: memories written from tool output and by models hold them often.
  private static final List<Extension> EXTENSIONS = List.of(TablesExtension.create());
  private static final Parser PARSER = Parser.builder().extensions(EXTENSIONS).build();
  private static final HtmlRenderer RENDERER = HtmlRenderer.builder().extensions(EXTENSIONS).escapeHtml(true)
      .sanitizeUrls(true).urlSanitizer(SAFE_URLS).build();

  private Html() {}

  static String escape(String text) {
    StringBuilder out = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '&' -> out.append("&amp;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }

  static String markdown(String text) {
    return RENDERER.render(PARSER.parse(text));
  }

  /**
   * A URL without a scheme stays on this page (a fragment, a relative path); one with a scheme needs an allowed
   * one. The URL is judged as a browser reads it: a browser drops tabs and line breaks anywhere in a URL and
   * control characters and spaces around it ({@code java&#9;script:} is {@code javascript:}), and reads a
   * backslash as a slash ({@code /\host} is another host), so all of those are taken out before the scheme is read;
   * a URL holding any other control or invisible format character is refused outright.
   */
  static boolean allowed(String url, String... schemes) {
    StringBuilder b = new StringBuilder(url.length());
    for (int i = 0; i < url.length(); i++) {
      char c = url.charAt(i);
      if (c == '\\') {
        b.append('/');
      } else if (!Character.isWhitespace(c) && !Character.isSpaceChar(c) && !Character.isISOControl(c)
          && Character.getType(c) != Character.FORMAT) {
        b.append(c);
      }
    }
    String u = b.toString().toLowerCase(Locale.ROOT);
    int end = firstOf(u, "/?#");
    if (u.lastIndexOf(':', end - 1) < 0) {
      return !u.startsWith("//");
    }
    if (!SCHEME.matcher(u).find()) {
      return false;
    }
    for (String s : schemes) {
      if (u.startsWith(s)) {
        return true;
      }
    }
    return false;
  }

  private static int firstOf(String s, String chars) {
    for (int i = 0; i < s.length(); i++) {
      if (chars.indexOf(s.charAt(i)) >= 0) {
        return i;
      }
    }
    return s.length();
  }
}
