package io.engram.extract;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Lines of code a person pasted among their words: a statement, a call, an assignment, an entry of an object literal.
 * What a program prints or says to its own users ({@code alert('请不要再减')}, {@code raise Error("not allowed")}) is
 * not the person speaking, nor is a line of a console or a tool's output pasted whole, and a comment beside a
 * statement says what that statement does ("pool_pre_ping=True  #
 * avoid stale connections"), so both are blanked before the rules read a turn. A comment beside code that addresses
 * whoever edits it ("// never change this by hand") is kept, as a comment on a line of its own always is.
 *
 * <p>Blanking replaces characters by spaces, so offsets into the turn stay valid.
 */
final class CodeLines {
  private static final Pattern LINE = Pattern.compile("(?m)^.*$");
  private static final Pattern STATEMENT = Pattern.compile(
      "^\\s*(?:"
          // x = ..., self.name = ..., $data['k'] = ...
          + "[\\w$.]+(?:\\[[^\\]]*\\])*\\s*(?:[-+*/]?=)(?!=)\\s*\\S"
          // f(...), a.b.c(...), await f(...), new F(...): a call whose parentheses close on the line
          + "|(?:await\\s+|new\\s+)?[\\w$]+(?:\\.[\\w$]+)*\\s*\\(.*\\)\\s*[;,]?\\s*(?:(?://|#).*)?$"
          + "|(?:return|raise|throw)\\s+\\S"
          + "|(?:const|let|var)\\s+[\\w$]+\\s*="
          + "|def\\s+\\w+\\s*\\(|function\\s*[\\w$]*\\s*\\(|from\\s+[\\w.]+\\s+import\\s|import\\s+[\\w.{}*, ]+(?:\\s+from\\s|;)"
          + "|(?:public|private|protected)\\s+[\\w<>\\[\\], ]+[\\s(]"
          + "|(?:if|for|while|switch|catch)\\s*\\(|with\\s+[\\w.]+\\("
          // key: 'value',  "key": "value",
          + "|[\"']?[\\w$-]+[\"']?\\s*:\\s*[\"'`].*[\"'`]\\s*,\\s*(?:(?://|#).*)?$"
          + ")");
  /** A line ending as a statement does: a semicolon or a brace, with code punctuation before it. */
  private static final Pattern TERMINATED = Pattern.compile("^[^\\p{IsHan}]*[(=][^\\n]*[;{}]\\s*(?:(?://|#).*)?$");
  /**
   * A line of a program's console or a tool's output pasted whole: a browser console's source location
   * ("settings.js? [sm]:159 请注意 showLoading 与 hideLoading 必须配对使用"), a stack frame ("at f (app.ts:12:3)", "x.js:1:20"),
   * the glyph Claude Code draws before a tool's output (⎿), a linter's or compiler's report line ("2329:40  warning
   * 'event' is defined but never used  no-unused-vars", "src/a.py:208: UserWarning: ..."), a build tool's leveled log
   * line ("[ERROR] Failed to execute goal ..."), a deploy log's step ("==> Docs on specifying a port: ..."), a message's
   * pointer to the program's docs ("Learn more: https://...", "For more information, see https://...") or a log
   * record stamped to the second ("2025-09-27 10:18:54.702 27745-13396 OpenGLRenderer ...": a person writing a date
   * gives no seconds, so the date is not read as a deadline). What it says is the program's, never the person's.
   */
  private static final Pattern CONSOLE = Pattern.compile(
      "⎿|\\b[\\w.-]+\\.(?:js|mjs|cjs|ts|tsx|jsx|vue)\\?\\s*\\[\\w+\\]:\\d+|\\b[\\w./-]+\\.\\w+:\\d+:\\d+\\)?\\s*$"
          + "|^\\s*at\\s+\\S+\\s+\\(\\S+:\\d+"
          + "|^\\s*\\d+:\\d+\\s+(?:warning|error|warn|info)\\s"
          + "|^\\s*\\S*[\\w-]\\.\\w{1,5}:\\d+:(?:\\d+:)?\\s"
          + "|^\\s*\\[(?:ERROR|WARNING|WARN|INFO|DEBUG|FATAL)\\]\\s|^==>\\s"
          // a program's pointer to its own docs after a message ("... awaited. Learn more: https://nextjs.org/...", "For
          // more information, see https://...", "info Visit https://yarnpkg.com/... for documentation about this command")
          + "|(?i:^\\s*(?:(?:info|error|warn(?:ing)?)\\s+)?|[.!)]\\s+)(?i:learn\\s+more|read\\s+more|see\\s+more(?:\\s+info)?(?:\\s+here)?|more\\s+info"
          + "(?:rmation)?(?:\\s+here)?|for\\s+more\\s+information(?:\\s+on\\s+[^,:\\n]{1,80})?,?\\s+see|visit)\\s*:?\\s+https?://"
          // a fence opening on the record's own line ("```2025-09-27 11:25:21.421 ...") counts too
          + "|^\\s*(?:```)?\\d{2,4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}:\\d{2}");
  /**
   * A tool's message opening with a bracketed tag that names an error ("[ app.json 文件内容错误] miniprogram/app.json: ...",
   * "[build error] ..."): the message goes on over the lines after it up to a blank line.
   */
  private static final Pattern TAGGED_ERROR =
      Pattern.compile("(?i)^\\s*\\[[^\\]\\n]{0,40}?(?:错误|警告|异常|error|warning|exception)[^\\]\\n]{0,20}\\]");
  /** Where a comment opens beside code: {@code //} or a {@code #} after a space, outside the simplest quotes. */
  private static final Pattern TRAILING_COMMENT = Pattern.compile("(?://|(?<=\\s)#)(?=[^\"'`]*$)");
  /** A comment that speaks to whoever edits the code rather than describing it. */
  private static final Pattern ADDRESSED = Pattern.compile(
      "(?i)\\b(?:never|always|don'?t|do not|must not|must|should not|shouldn'?t)\\b|不要|别|请勿|切勿|禁止|不能|以后|今后|务必");

  private CodeLines() {}

  /** {@code text} with its lines of code blanked, keeping a comment beside code only when it addresses the reader. */
  static String blank(String text) {
    if (text.indexOf('(') < 0 && text.indexOf('=') < 0 && text.indexOf(':') < 0 && text.indexOf('⎿') < 0) {
      return text;
    }
    StringBuilder out = null;
    Matcher line = LINE.matcher(text);
    boolean toolOutput = false;
    boolean message = false;
    while (line.find()) {
      String l = line.group();
      // a tool's output under its glyph goes on over the indented lines that follow it
      toolOutput = l.indexOf('⎿') >= 0 || toolOutput && !l.isBlank() && Character.isWhitespace(l.charAt(0));
      // a tagged error message goes on, indented or not, until a blank line
      message = TAGGED_ERROR.matcher(l).find() || message && !l.isBlank();
      boolean console = toolOutput || message || CONSOLE.matcher(l).find();
      if (l.isBlank() || !(console || STATEMENT.matcher(l).find() || TERMINATED.matcher(l).find())) {
        continue;
      }
      int keepFrom = l.length();
      Matcher comment = TRAILING_COMMENT.matcher(l);
      if (!console && comment.find() && ADDRESSED.matcher(l.substring(comment.end())).find()) {
        keepFrom = comment.start();
      }
      if (out == null) {
        out = new StringBuilder(text);
      }
      for (int i = line.start(); i < line.start() + keepFrom; i++) {
        out.setCharAt(i, ' ');
      }
    }
    return out == null ? text : out.toString();
  }
}
