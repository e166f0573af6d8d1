package io.engram.compaction;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lines of a typed message that the person pasted rather than wrote: what a program printed (a log, a stack
 * trace, a browser console, a test run, a build), a code frame, JSON, and the XML a plug-in wraps its data in. What
 * is left is the person's own lines ({@link #own}).
 *
 * <p>A line looks printed when it carries a mark no one types: a stack frame ({@code at f (app.js:12:3)}, {@code File
 * "x.py", line 3}), a {@code file.ext:line} location, a timestamp to the minute, a log level, a browser console's
 * {@code fn @ bundle.js:37}, a code frame's {@code 12 |}, a test run's ✓ ✗ ✅ ❌, a build tool's step prefix ({@code --
 * }, {@code ==> }, {@code [3/20]}), a JSON member, object or bracket, an escape code, or fewer letters than other
 * characters, or a box-drawing character (a table's frame, a tool's rule or bullet: {@code ── R CMD check ──}). One
 * such line among the person's words stays theirs (a question that names {@code Foo.java:42}); a run of two or more is
 * pasted, and so is a line of the person's shape between two printed ones (a test run's heading between its results),
 * a line indented under a printed one (a tool's detail under its step) and the prompt line just before the run (the
 * command that printed it: {@code $ npm test}, {@code > rcmdcheck::rcmdcheck()}). A fenced block is pasted whole, and so is an element whose tag has a hyphen or an underscore
 * in its name ({@code <observed_from_primary_session>}), as a harness's and a plug-in's tags have.
 */
final class PastedLines {
  // A run of this many printed-looking lines is pasted output; a single one may be a person naming a location.
  static final int RUN = 2;
  private static final Pattern TIMESTAMP =
      Pattern.compile("\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}|\\b\\d{2}:\\d{2}:\\d{2}\\b");
  private static final Pattern FRAME = Pattern.compile(
      "^\\s*(?:at [\\w.$<>/\\[\\]]+ ?\\(|at [\\w.$/-]+:\\d|File \".*\", line \\d+|\\.\\.\\. \\d+ more|Caused by:|Traceback)");
  private static final Pattern LEVEL = Pattern.compile("\\b(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL)\\b");
  // A file.ext:line location; the path before the dot is one character of it and the extension possessive, so it
  // costs a linear pass over a long word (see recall's pasted text).
  private static final Pattern LOCATION = Pattern.compile("[\\w./-]\\.\\w++:\\d");
  // A browser console's call site ("get @ index-DOLE0__o.js:393") and a code frame's gutter ("  12 | x", ">> 3 ┊").
  private static final Pattern CONSOLE_OR_GUTTER =
      Pattern.compile("\\S @ \\S|^\\s*(?:>>?\\s*)?\\d{1,6}\\s*[|│┊]");
  // A test runner's marks and a build tool's step prefixes: cmake's "-- ", a deploy's "==> ", ninja's "[3/20]".
  private static final Pattern TOOL_MARK =
      Pattern.compile("[✓✗✔✘✅❌]|^\\s*(?:--|==>|>>>)\\s\\S|^\\s*\\[\\d{1,6}/\\d{1,6}]|^\\s*(?:PASS|FAIL)\\s");
  // A JSON member ("key": value) opening a line, an object opening inside one, or a line of brackets alone.
  private static final Pattern JSON =
      Pattern.compile("^\\s*\"[^\"]{1,200}\"\\s*:\\s*\\S|^\\s*[\\[\\]{}],?\\s*$|\\{\\s*\"[\\w-]{1,60}\"\\s*:");
  private static final Pattern ESCAPE = Pattern.compile("\u001b|\\[\\d{1,3}(?:;\\d{1,3})*[mGKhl]");
  // Box-drawing characters: a table's frame, a tree's branches, a command-line tool's rule or bullet ("── R CMD check
  // ──", "─  checking for file ..."). No one types them; a program draws them.
  private static final Pattern BOX_DRAWING = Pattern.compile("[\\u2500-\\u257f]");
  // A shell's or an interpreter's prompt opening the line whose output follows: "$ npm test", "> rcmdcheck(...)".
  private static final Pattern PROMPT = Pattern.compile("^\\s*(?:[$%>]|>>>|PS [^>]{0,200}>)\\s+\\S");
  private static final Pattern MACHINE_TAG = Pattern.compile("^\\s*<([a-z][a-z0-9]*[-_][a-z0-9_-]*)(?:\\s[^>]*)?>");
  // A line shorter than this is a word or two, never judged printed by its share of letters.
  private static final int SHORT_LINE = 8;

  private PastedLines() {}

  /**
   * The person's own lines of {@code typed}, in order, without the pasted ones; runs of blank lines left where
   * pasted lines were are kept to one.
   */
  static String own(String typed) {
    String[] lines = typed.split("\\R", -1);
    boolean[] pasted = pasted(lines);
    StringBuilder out = new StringBuilder();
    boolean blank = false;
    for (int i = 0; i < lines.length; i++) {
      if (pasted[i]) {
        continue;
      }
      boolean empty = lines[i].isBlank();
      if (empty && (blank || out.length() == 0)) {
        continue;
      }
      out.append(lines[i]).append('\n');
      blank = empty;
    }
    return out.toString().strip();
  }

  /** Which of {@code lines} were pasted. */
  static boolean[] pasted(String[] lines) {
    boolean[] pasted = new boolean[lines.length];
    boolean[] printed = new boolean[lines.length];
    String closing = null;
    boolean fenced = false;
    for (int i = 0; i < lines.length; i++) {
      String s = lines[i].strip();
      if (closing != null || fenced) {
        pasted[i] = true;
        if (fenced && isFence(s)) {
          fenced = false;
        } else if (closing != null && s.contains(closing)) {
          closing = null;
        }
        continue;
      }
      if (isFence(s)) {
        pasted[i] = true;
        fenced = true;
        continue;
      }
      Matcher tag = MACHINE_TAG.matcher(s);
      if (tag.find()) {
        pasted[i] = true;
        String close = "</" + tag.group(1) + ">";
        closing = s.contains(close) ? null : close;
        continue;
      }
      printed[i] = looksPrinted(s);
    }
    runs(lines, printed, pasted);
    return pasted;
  }

  // Printed lines in runs of RUN or more are pasted, from the first to the last, with the prompt line that ran them
  // just before: blank lines do not break a run, nor does one line of the person's shape between two printed ones (a
  // test run's heading between its results), nor lines indented deeper than the printed line before them (a tool's
  // detail under its step: "─  checking for empty directories" then "   Removed empty directory 'x/bin'"); two
  // others do.
  private static void runs(String[] lines, boolean[] printed, boolean[] pasted) {
    int first = -1;
    int last = -1;
    // The last printed line's indent, read once: each line after it is compared with it.
    int lastIndent = 0;
    int count = 0;
    int between = 0;
    for (int i = 0; i <= lines.length; i++) {
      boolean end = i == lines.length || pasted[i];
      if (!end && printed[i]) {
        first = first < 0 ? i : first;
        last = i;
        lastIndent = indent(lines[i]);
        count++;
        between = 0;
        continue;
      }
      if (!end && (lines[i].isBlank() || first < 0 || indent(lines[i]) > lastIndent || ++between < 2)) {
        continue;
      }
      if (count >= RUN) {
        boolean prompted = first > 0 && !pasted[first - 1] && PROMPT.matcher(lines[first - 1]).find();
        java.util.Arrays.fill(pasted, prompted ? first - 1 : first, last + 1, true);
      }
      first = -1;
      last = -1;
      count = 0;
      between = 0;
    }
  }

  /** Whether a line carries a mark of a program's output (see the class comment). */
  static boolean looksPrinted(String line) {
    String s = line.strip();
    if (s.isEmpty()) {
      return false;
    }
    if (FRAME.matcher(s).find() || CONSOLE_OR_GUTTER.matcher(line).find() || TOOL_MARK.matcher(line).find()
        || JSON.matcher(s).find() || ESCAPE.matcher(s).find() || BOX_DRAWING.matcher(s).find()) {
      return true;
    }
    if (s.length() < SHORT_LINE) {
      return false;
    }
    long letters = s.codePoints().filter(Character::isLetter).count();
    long visible = s.codePoints().filter(c -> !Character.isWhitespace(c)).count();
    return letters * 2 < visible || TIMESTAMP.matcher(s).find() || LEVEL.matcher(s).find()
        || LOCATION.matcher(s).find();
  }

  // The leading blanks of a line: how deep a tool's detail sits under its step.
  private static int indent(String line) {
    int n = 0;
    while (n < line.length() && Character.isWhitespace(line.charAt(n))) {
      n++;
    }
    return n;
  }

  private static boolean isFence(String stripped) {
    return stripped.startsWith("```") || stripped.startsWith("~~~");
  }
}
