package io.engram.redact;

import io.engram.redact.CredentialOptions.Argument;
import io.engram.redact.CredentialOptions.Tool;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Credentials given on command lines, wherever a command stands (a shell line, a backtick span in prose, a JSON
 * string): where a tool of {@link CredentialOptions} is named as a word, its command is split into words as the
 * shell would ({@link ShellWords}) and the tool's credential arguments are cut out of the text, quotes kept. A value
 * that stands for a secret is left alone ({@code -p"$PASS"}, {@code --password=<pw>}, {@code @file}, {@code pass:}
 * absent from {@code -passin file:x}), and so is a next word that is prose ({@code redis-cli -a is deprecated}).
 */
final class CommandLines implements Detector {
  private static final List<String> KEYWORDS = CredentialOptions.names();

  @Override
  public List<String> keywords() {
    return KEYWORDS;
  }

  @Override
  public void find(ScannedText scanned, int priority, List<Finding> out) {
    String text = scanned.text();
    BitSet seen = new BitSet();
    for (String name : KEYWORDS) {
      for (int at : scanned.hits(name)) {
        // Most hits are inside other words (http in a URL, gh in light): only a word that is the tool is read on.
        if (!endsWord(text, at + name.length())) {
          continue;
        }
        int start = wordStart(text, at);
        if (start < 0 || seen.get(start) || at != start && text.charAt(at - 1) != '/') {
          continue;
        }
        List<ShellWords.Word> words = ShellWords.from(text, start);
        if (words.isEmpty() || !baseName(words.get(0).value()).equals(name)) {
          continue;
        }
        seen.set(start);
        String tool = name;
        for (Tool t : CredentialOptions.forName(tool)) {
          new Command(text, words, priority, out).apply(t);
        }
      }
    }
  }

  /** How far back a tool's path may reach ({@code /usr/local/bin/mysql}): bounds the work per occurrence. */
  private static final int MAX_PATH = 256;

  /**
   * Where the word holding offset {@code at} starts: back over a path ({@code /usr/bin/mysql}), not over quotes; -1
   * when it starts more than {@link #MAX_PATH} characters back.
   */
  private static int wordStart(String text, int at) {
    int i = at;
    while (i > 0 && !Character.isWhitespace(text.charAt(i - 1)) && "'\"`;|&(".indexOf(text.charAt(i - 1)) < 0) {
      if (at - --i > MAX_PATH) {
        return -1;
      }
    }
    return i;
  }

  /** True when a word ends at {@code end} (or after {@code .exe} there). */
  private static boolean endsWord(String text, int end) {
    if (end < text.length() && text.regionMatches(true, end, ".exe", 0, 4)) {
      end += 4;
    }
    return end >= text.length() || Character.isWhitespace(text.charAt(end)) || "'\";|&)`".indexOf(text.charAt(end)) >= 0;
  }

  private static String baseName(String word) {
    String base = word.substring(word.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
    return base.endsWith(".exe") ? base.substring(0, base.length() - 4) : base;
  }

  /** One command's words and what its tool's table line finds in them. */
  private record Command(String text, List<ShellWords.Word> words, int priority, List<Finding> out) {
    void apply(Tool tool) {
      int after = subcommandEnd(tool.subcommand());
      if (after < 0) {
        return;
      }
      int end = tool.wrapper() ? firstPositional(1) : words.size();
      for (Argument a : tool.arguments()) {
        switch (a.form()) {
          case ATTACHED, EQUALS -> attached(a, end);
          case NEXT_WORD -> nextWord(a, end);
          case POSITIONAL -> positional(a, after);
          case NAMED -> named(end);
          case STDIN -> stdin(a);
          default -> throw new IllegalStateException(a.form().toString());
        }
      }
    }

    /** The index after the subcommand's words, 1 when there is none, -1 when they are absent. */
    private int subcommandEnd(List<String> sub) {
      if (sub.isEmpty()) {
        return 1;
      }
      for (int i = 1; i + sub.size() <= words.size(); i++) {
        boolean all = true;
        for (int k = 0; k < sub.size() && all; k++) {
          all = sameWord(words.get(i + k), sub.get(k));
        }
        if (all) {
          return i + sub.size();
        }
      }
      return -1;
    }

    /** Equal (an option's case counts), or a short option in a cluster of them: {@code -b} is in {@code -cb}. */
    private static boolean sameWord(ShellWords.Word w, String expected) {
      String v = w.value();
      if (expected.startsWith("-") ? v.equals(expected) : v.equalsIgnoreCase(expected)) {
        return true;
      }
      return expected.length() == 2 && expected.charAt(0) == '-' && w.isOption() && v.length() > 2
          && v.charAt(1) != '-' && v.chars().skip(1).allMatch(Character::isLetter) && v.indexOf(expected.charAt(1)) > 0;
    }

    private int firstPositional(int from) {
      for (int i = from; i < words.size(); i++) {
        if (!words.get(i).isOption()) {
          return i;
        }
      }
      return words.size();
    }

    private void attached(Argument a, int end) {
      for (int i = 1; i < end; i++) {
        ShellWords.Word w = words.get(i);
        String v = w.value();
        if (w.isOption() == a.option().startsWith("-") && v.length() > a.option().length() && v.startsWith(a.option())) {
          secret(w, a.option().length(), v.length(), a.part(), false);
        }
      }
    }

    /**
     * The word after the option. A short option ({@code -p}) is read as getopt reads it: also with its value
     * attached ({@code -p'PASS'}), and as the last of a cluster of flags ({@code -Lsu user:PASS}).
     */
    private void nextWord(Argument a, int end) {
      String o = a.option();
      boolean shortOption = o.length() == 2 && o.charAt(0) == '-';
      for (int i = 1; i < Math.min(end, words.size()); i++) {
        ShellWords.Word w = words.get(i);
        String v = w.value();
        boolean takesNext = v.equals(o) || shortOption && w.isOption() && v.length() > 2 && v.charAt(1) != '-'
            && v.charAt(v.length() - 1) == o.charAt(1) && v.chars().skip(1).allMatch(Character::isLetter);
        if (takesNext && i + 1 < words.size()) {
          ShellWords.Word next = words.get(i + 1);
          if (!next.isOption() && !isRedirection(next)) {
            secret(next, 0, next.value().length(), a.part(), true);
          }
        } else if (shortOption && w.isOption() && v.length() > 2 && v.startsWith(o) && w.at()[2] > w.at()[1] + 1) {
          secret(w, 2, v.length(), a.part(), false); // -p'PASS': a quote right after the option letter
        }
      }
    }

    private void positional(Argument a, int after) {
      List<ShellWords.Word> args = new ArrayList<>();
      for (int i = after; i < words.size(); i++) {
        ShellWords.Word w = words.get(i);
        if (isRedirection(w)) {
          break;
        }
        if (!w.isOption() && !isSwitch(w.value()) && w.value().indexOf('=') < 0) {
          args.add(w);
        }
      }
      int index = a.position() == Argument.LAST ? args.size() - 1 : a.position();
      if (index >= 0 && index < args.size()) {
        ShellWords.Word w = args.get(index);
        secret(w, 0, w.value().length(), a.part(), true);
      }
    }

    private void named(int end) {
      for (int i = 1; i + 1 < end; i++) {
        ShellWords.Word name = words.get(i);
        ShellWords.Word next = words.get(i + 1);
        if (!name.isOption() && ProseValues.namesSecret(name.value()) && !next.isOption() && !isRedirection(next)
            && ProseValues.looksLikePassword(next.value())) {
          secret(next, 0, next.value().length(), "", true);
        }
      }
    }

    /** A credential read from standard input: a here-string, or what {@code echo} pipes in. */
    private void stdin(Argument a) {
      if (!a.option().isEmpty() && words.stream().noneMatch(w -> w.value().equals(a.option()))) {
        return;
      }
      for (int i = 1; i + 1 < words.size(); i++) {
        if (words.get(i).value().equals("<<<")) {
          ShellWords.Word w = words.get(i + 1);
          secret(w, 0, w.value().length(), "", false);
        }
      }
      int pipe = words.get(0).start() - 1;
      while (pipe >= 0 && (text.charAt(pipe) == ' ' || text.charAt(pipe) == '\t')) {
        pipe--;
      }
      if (pipe <= 0 || text.charAt(pipe) != '|' || text.charAt(pipe - 1) == '|') {
        return;
      }
      int start = pipe;
      while (start > 0 && pipe - start < MAX_PATH * 4 && "\n;&|`(".indexOf(text.charAt(start - 1)) < 0) {
        start--;
      }
      // the echo may follow other words (a prompt, prose, "sudo"): its last argument is what it pipes in
      List<ShellWords.Word> piped = ShellWords.from(text, start);
      int echo = -1;
      for (int i = 0; i < piped.size(); i++) {
        if (Set.of("echo", "printf").contains(baseName(piped.get(i).value()))) {
          echo = i;
        }
      }
      for (int i = piped.size() - 1; echo >= 0 && i > echo; i--) {
        ShellWords.Word w = piped.get(i);
        if (!w.isOption()) {
          secret(w, 0, w.value().length(), "", false);
          return;
        }
      }
    }

    /** Cuts {@code [from, to)} of {@code w}'s value, narrowed to {@code part}, out of the text when it is a secret. */
    private void secret(ShellWords.Word w, int from, int to, String part, boolean separateWord) {
      String v = w.value();
      if (v.contains("[REDACTED")) {
        return;
      }
      switch (part) {
        case "" -> { }
        case ":", "%", "," -> {
          int sep = v.indexOf(part.charAt(0), from);
          if (sep < 0 || sep >= to) {
            return;
          }
          from = sep + 1;
        }
        case "/@" -> {
          int slash = v.indexOf('/', from);
          if (slash < 0) {
            return;
          }
          int at = v.lastIndexOf('@');
          from = slash + 1;
          to = at > from ? at : to;
        }
        default -> {
          if (!v.startsWith(part, from)) {
            return;
          }
          from += part.length();
        }
      }
      if (from >= to) {
        return;
      }
      String secret = v.substring(from, to);
      if (Placeholders.isPlaceholder(secret) || secret.startsWith("@") || secret.equals("-")
          || separateWord && ProseValues.isFunctionWord(secret)) {
        return;
      }
      int[] span = w.span(from, to);
      out.add(new Finding(span[0], span[1], SecretKind.PASSWORD_ASSIGNMENT, priority));
    }

    private static boolean isRedirection(ShellWords.Word w) {
      char c = w.value().isEmpty() ? ' ' : w.value().charAt(0);
      return (c == '<' || c == '>') && w.at()[0] == w.start();
    }

    /** A Windows switch such as {@code /user:CORP\builder}. */
    private static boolean isSwitch(String v) {
      return v.length() > 1 && v.charAt(0) == '/' && Character.isLetter(v.charAt(1)) && v.indexOf('/', 1) < 0;
    }
  }
}
