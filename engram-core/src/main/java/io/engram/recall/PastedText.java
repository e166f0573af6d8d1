package io.engram.recall;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A prompt's own words apart from what was pasted into it. People paste a log, a stack trace or a command's output
 * into a prompt and ask about it in a line; searched whole, the pasted lines outnumber the question's words, so no
 * memory covers enough of the prompt's words to clear the relevance floor, and the model's vector of the prompt is the
 * vector of the log. On coding sets whose questions had a real pasted block (taken from real prompts) put before,
 * after or fenced after them, the expected memories sent fell from 78 to 31 % in English and from 38 to 3 % in
 * Chinese (docs/BENCHMARKS.md, "Prompts with pasted output").
 *
 * <p>Pasted: the lines of a fenced block, and runs of at least {@value #RUN} lines that no one types: a timestamp, a
 * stack frame, a log level, a {@code file:line} location, or fewer letters than other characters. A single such
 * line stays the person's (a question naming {@code Foo.java:42}). What is searched is the person's lines and the
 * first {@value #KEY_LINES} pasted lines that say what went wrong (an error, an exception, a failure), each cut at
 * {@value #KEY_LINE_CHARS} characters: the question, with what it asks about. A prompt with no words of its own keeps
 * its key lines, or, with none, is searched as it is.
 */
final class PastedText {
  /** Consecutive machine-looking lines that make a run of pasted output; fewer could be a person's list of paths. */
  static final int RUN = 3;
  /** Error lines of the pasted part searched with the question: the first few name what a log is about. */
  static final int KEY_LINES = 3;
  /** Longest key line searched: an error line past this is a dump, not a message. */
  static final int KEY_LINE_CHARS = 200;

  private static final Pattern TIMESTAMP = Pattern.compile("\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}|\\b\\d{2}:\\d{2}:\\d{2}\\b");
  private static final Pattern FRAME = Pattern.compile(
      "^\\s*(?:at [\\w.$<>/]+\\(|File \".*\", line \\d+|\\.\\.\\. \\d+ more|Caused by:|Traceback)");
  private static final Pattern LEVEL = Pattern.compile("\\b(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL)\\b");
  /**
   * A {@code file.ext:line} location. Only whether one is found matters, so the path before the dot is one character
   * of it and the line number one digit, and the extension is possessive (a colon is no word character): the pattern
   * "[\\w./-]+\\.\\w+:\\d+" ran its path over the rest of a word from every position, quadratic in one long word.
   */
  private static final Pattern LOCATION = Pattern.compile("[\\w./-]\\.\\w++:\\d");
  private static final Pattern TELLING = Pattern.compile("(?i)\\w(?:error|exception)\\b|\\berror\\b|\\bfail|fatal"
      + "|cannot|can't|could not|denied|not found|no such|refused|panic|timed? ?out|undefined|does not exist"
      + "|错误|失败|异常|超时|找不到|拒绝|エラー|失敗|例外");

  private PastedText() {}

  /** What of {@code prompt} is searched: all of it when nothing was pasted, else its own words and key lines. */
  static String focus(String prompt) {
    String[] lines = prompt.split("\n", -1);
    if (lines.length < RUN) {
      return prompt; // too short to hold a run of pasted output: most prompts, at no cost
    }
    boolean[] pasted = pastedLines(lines);
    List<String> own = new ArrayList<>();
    Set<String> keys = new LinkedHashSet<>();
    boolean any = false;
    for (int i = 0; i < lines.length; i++) {
      if (!pasted[i]) {
        own.add(lines[i]);
      } else {
        any = true;
        if (keys.size() < KEY_LINES && TELLING.matcher(lines[i]).find()) {
          String line = lines[i].strip();
          keys.add(line.length() > KEY_LINE_CHARS ? line.substring(0, KEY_LINE_CHARS) : line);
        }
      }
    }
    if (!any) {
      return prompt;
    }
    String words = String.join("\n", own).strip();
    if (words.codePoints().filter(Character::isLetter).count() < 2 && keys.isEmpty()) {
      return prompt;
    }
    List<String> parts = new ArrayList<>();
    if (!words.isEmpty()) {
      parts.add(words);
    }
    parts.addAll(keys);
    return String.join("\n", parts);
  }

  private static boolean[] pastedLines(String[] lines) {
    boolean[] pasted = new boolean[lines.length];
    boolean fenced = false;
    int runStart = -1;
    for (int i = 0; i <= lines.length; i++) {
      boolean fence = i < lines.length && isFence(lines[i]);
      if (i < lines.length && (fence || fenced)) {
        pasted[i] = true;
        fenced = fence != fenced;
        closeRun(pasted, runStart, i);
        runStart = -1;
        continue;
      }
      boolean machine = i < lines.length && looksPasted(lines[i]);
      if (machine && runStart < 0) {
        runStart = i;
      } else if (!machine) {
        closeRun(pasted, runStart, i);
        runStart = -1;
      }
    }
    return pasted;
  }

  private static void closeRun(boolean[] pasted, int start, int end) {
    if (start >= 0 && end - start >= RUN) {
      for (int j = start; j < end; j++) {
        pasted[j] = true;
      }
    }
  }

  private static boolean isFence(String line) {
    String s = line.stripLeading();
    return s.startsWith("```") || s.startsWith("~~~");
  }

  static boolean looksPasted(String line) {
    String s = line.strip();
    if (s.length() < 8) {
      return false;
    }
    long letters = s.codePoints().filter(Character::isLetter).count();
    long visible = s.codePoints().filter(c -> !Character.isWhitespace(c)).count();
    return letters * 2 < visible || TIMESTAMP.matcher(s).find() || FRAME.matcher(s).find()
        || LEVEL.matcher(s).find() || LOCATION.matcher(s).find();
  }
}
