package io.engram.instructions;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Code;
import org.commonmark.node.HardLineBreak;
import org.commonmark.node.Heading;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.Node;
import org.commonmark.node.Paragraph;
import org.commonmark.node.SoftLineBreak;
import org.commonmark.node.Text;
import org.commonmark.parser.IncludeSourceSpans;
import org.commonmark.parser.Parser;

/**
 * Finds {@code @path} imports in Markdown by parsing it (commonmark-java), so that an {@code @} inside
 * an inline code span, a fenced or indented code block or raw HTML is never taken for an import.
 *
 * <p>Only the text of paragraphs and headings is scanned, which is where the parser puts prose; code
 * blocks and HTML blocks are never visited. Within that text an import is an {@code @} at the start of
 * a line or after whitespace, followed by a path ({@code \ } escapes a space); so {@code a@b.com} is
 * not one. A trailing sentence punctuation mark and a {@code #fragment} are dropped.
 */
final class ImportParser {
  /** Stands in for a code span or inline HTML: not whitespace, so it cannot start an import. */
  private static final char OPAQUE = '\u0000';

  private static final Pattern PATH_START = Pattern.compile("^(?:\\./|\\.\\./|~/|/|[A-Za-z0-9._-])");
  private static final Parser PARSER =
      Parser.builder().includeSourceSpans(IncludeSourceSpans.BLOCKS).build();

  private ImportParser() {}

  /** One import found: the path as written (unescaped) and the 1-based line it sits on. */
  record ImportRef(String path, int line) {}

  /** The imports of {@code markdown} in document order; never throws on any input. */
  static List<ImportRef> parse(String markdown) {
    if (markdown.indexOf('@') < 0) {
      return List.of();
    }
    Node document = PARSER.parse(markdown);
    List<ImportRef> found = new ArrayList<>();
    document.accept(
        new AbstractVisitor() {
          @Override
          public void visit(Paragraph paragraph) {
            scan(paragraph, found);
          }

          @Override
          public void visit(Heading heading) {
            scan(heading, found);
          }
        });
    return found;
  }

  // Scanned by hand, not with a pattern: a repeated group over every character of a long path (or of
  // a run of escaped spaces) overflows the regex engine's stack, and counting the lines before each
  // match from the start of the block would make many imports quadratic.
  private static void scan(Node block, List<ImportRef> found) {
    StringBuilder text = new StringBuilder();
    flatten(block, text);
    int firstLine = block.getSourceSpans().isEmpty() ? 0 : block.getSourceSpans().get(0).getLineIndex();
    int line = firstLine + 1;
    int counted = 0;
    for (int at = text.indexOf("@"); at >= 0; at = text.indexOf("@", at + 1)) {
      if (at > 0 && !isSpace(text.charAt(at - 1))) {
        continue;
      }
      int end = at + 1;
      while (end < text.length()) {
        char c = text.charAt(end);
        if (c == '\\' && end + 1 < text.length() && text.charAt(end + 1) == ' ') {
          end += 2;
        } else if (isSpace(c) || c == '\\') {
          break;
        } else {
          end++;
        }
      }
      String raw = text.substring(at + 1, end);
      if (raw.isEmpty() || raw.indexOf(OPAQUE) >= 0) {
        continue;
      }
      String path = clean(raw);
      if (!path.isEmpty() && PATH_START.matcher(path).find()) {
        for (; counted < at; counted++) {
          line += text.charAt(counted) == '\n' ? 1 : 0;
        }
        found.add(new ImportRef(path, line));
      }
      at = end - 1;
    }
  }

  /** What {@code \s} matches in a pattern. */
  private static boolean isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
  }

  private static void flatten(Node node, StringBuilder text) {
    for (Node child = node.getFirstChild(); child != null; child = child.getNext()) {
      if (child instanceof Text t) {
        text.append(t.getLiteral());
      } else if (child instanceof Code || child instanceof HtmlInline) {
        text.append(OPAQUE);
      } else if (child instanceof SoftLineBreak || child instanceof HardLineBreak) {
        text.append('\n');
      } else {
        flatten(child, text);
      }
    }
  }

  private static String clean(String raw) {
    String path = raw.replace("\\ ", " ");
    int hash = path.indexOf('#');
    if (hash >= 0) {
      path = path.substring(0, hash);
    }
    while (!path.isEmpty() && ".,;:!?)]}'\"".indexOf(path.charAt(path.length() - 1)) >= 0) {
      path = path.substring(0, path.length() - 1);
    }
    return path;
  }
}
