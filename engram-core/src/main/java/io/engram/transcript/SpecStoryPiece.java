package io.engram.transcript;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One piece of a SpecStory Markdown file: a role line, a {@code ---} separator, a fenced block, a {@code <tool-use>},
 * {@code <think>} or {@code <details>} block, or a line of text. A block runs to its closing line; fences inside a
 * block are followed, so a closing tag quoted in code does not end it, and a block still open at a role line outside
 * any fence ends there (an unfinished tag never swallows the turns after it).
 *
 * @param kind what the piece is
 * @param line the 1-based line it starts on
 * @param lines its lines as written
 */
record SpecStoryPiece(Kind kind, int line, List<String> lines) {
  enum Kind { ROLE, SEPARATOR, FENCE, TOOL, THINK, DETAILS, TEXT }

  private static final Pattern TOOL_TAG = Pattern.compile("<tool-use[\\s>]");
  private static final Pattern DETAILS_TAG = Pattern.compile("<details[\\s>]");
  private static final Pattern THINK_TAG = Pattern.compile("<think>");

  SpecStoryPiece {
    lines = List.copyOf(lines);
  }

  boolean blank() {
    return kind == Kind.TEXT && lines.get(0).isBlank();
  }

  /** The units of {@code lines}; a block left open at the end is reported in {@code problems}. */
  static List<SpecStoryPiece> split(List<String> lines, List<ReadProblem> problems) {
    List<SpecStoryPiece> units = new ArrayList<>();
    // Where each closing tag is last seen, and which fences are known to close nowhere further on: a file of
    // blocks that never close is still read in one pass, not one pass per block.
    Map<String, Integer> lastClose = new HashMap<>();
    for (int j = 0; j < lines.size(); j++) {
      for (String close : List.of("</tool-use>", "</think>", "</details>")) {
        if (lines.get(j).contains(close)) {
          lastClose.put(close, j);
        }
      }
    }
    Set<String> unclosed = new HashSet<>();
    int i = 0;
    while (i < lines.size()) {
      String line = lines.get(i);
      String lead = line.stripLeading();
      Optional<String> fence = SpecStoryMarkdown.fenceOpened(line);
      Kind kind;
      if (SpecStoryMarkdown.ROLE.matcher(line).matches()) {
        kind = Kind.ROLE;
      } else if (line.strip().equals("---")) {
        kind = Kind.SEPARATOR;
      } else if (fence.isPresent()) {
        int end = unclosed.stream().anyMatch(u -> reaches(u, fence.get())) ? lines.size()
            : fenceEnd(lines, i + 1, fence.get());
        int turn = turn(lines, i + 1, end);
        if (end < lines.size() && turn < 0) {
          units.add(new SpecStoryPiece(Kind.FENCE, i + 1, lines.subList(i, end + 1)));
          i = end + 1;
          continue;
        }
        // Never closed, or closed only after a new turn (code that itself held a fence, cut short): read on as
        // text, so that the turns after it are not taken for code.
        if (end == lines.size()) {
          unclosed.add(fence.get());
        }
        problems.add(new ReadProblem(i + 1, "a " + fence.get() + " block opened here is "
            + (turn < 0 ? "never closed" : "still open at the turn on line " + (turn + 1)) + "; read as text"));
        kind = Kind.TEXT;
      } else if (TOOL_TAG.matcher(lead).lookingAt()) {
        i = block(lines, i, Kind.TOOL, TOOL_TAG, "</tool-use>", lastClose.getOrDefault("</tool-use>", -1),
            units, problems);
        continue;
      } else if (lead.startsWith("<think>")) {
        i = block(lines, i, Kind.THINK, THINK_TAG, "</think>", lastClose.getOrDefault("</think>", -1),
            units, problems);
        continue;
      } else if (DETAILS_TAG.matcher(lead).lookingAt()) {
        i = block(lines, i, Kind.DETAILS, DETAILS_TAG, "</details>", lastClose.getOrDefault("</details>", -1),
            units, problems);
        continue;
      } else {
        kind = Kind.TEXT;
      }
      units.add(new SpecStoryPiece(kind, i + 1, List.of(line)));
      i++;
    }
    return units;
  }

  /** The units' lines as one text. */
  static String text(List<SpecStoryPiece> units) {
    StringBuilder text = new StringBuilder();
    for (SpecStoryPiece unit : units) {
      unit.lines().forEach(l -> text.append(l).append('\n'));
    }
    return text.toString();
  }

  /**
   * The first turn SpecStory opened between {@code from} and {@code to}, or -1: a role line after a separator and a
   * blank line, as SpecStory starts every exchange (a quoted session inside a tool's block is never looked at here).
   */
  private static int turn(List<String> lines, int from, int to) {
    for (int j = Math.max(from, 2); j < to; j++) {
      if (SpecStoryMarkdown.ROLE.matcher(lines.get(j)).matches() && lines.get(j - 1).isBlank()
          && lines.get(j - 2).strip().equals("---")) {
        return j;
      }
    }
    return -1;
  }

  private static int fenceEnd(List<String> lines, int from, String opener) {
    for (int j = from; j < lines.size(); j++) {
      if (SpecStoryMarkdown.closes(lines.get(j), opener)) {
        return j;
      }
    }
    return lines.size();
  }

  /**
   * Adds the block opened at {@code start} and returns the index after it: up to its closing tag, fences followed;
   * a block never closed ends before the first role line outside a fence, else at the end.
   */
  private static int block(List<String> lines, int start, Kind kind, Pattern open, String close, int lastClose,
      List<SpecStoryPiece> units, List<ReadProblem> problems) {
    int end = lastClose < start ? -1 : end(lines, start, open, close, false, true);
    if (end < 0) {
      end = end(lines, start, open, close, true, true);
      problems.add(new ReadProblem(start + 1, "a " + close.replace("/", "") + " block opened here is never closed"
          + (end < lines.size() ? "; it ends at the turn on line " + (end + 1) : "")));
    } else {
      end++;
    }
    units.add(new SpecStoryPiece(kind, start + 1, lines.subList(start, end)));
    return end;
  }

  /**
   * The line that closes the block, or -1; with {@code atTurn}, the first role line, else the end. Fences are followed
   * while they hold what they quote: a fence inside one as long, which SpecStory's first versions wrote (a Markdown
   * answer quoted in a {@code ```} block), means the block's fences cannot be told apart, and only its tags count.
   */
  private static int end(List<String> lines, int start, Pattern open, String close, boolean atTurn,
      boolean followFences) {
    int depth = 0;
    String fence = null;
    for (int j = start; j < lines.size(); j++) {
      String line = lines.get(j);
      if (fence != null) {
        if (SpecStoryMarkdown.nests(line, fence)) {
          return end(lines, start, open, close, atTurn, false); // fences here do not hold what they quote
        }
        fence = SpecStoryMarkdown.closes(line, fence) ? null : fence;
      } else if (atTurn && j > start && SpecStoryMarkdown.ROLE.matcher(line).matches()) {
        return j;
      } else {
        depth += (int) open.matcher(line).results().count() - occurrences(line, close);
        if (depth <= 0 && !atTurn) {
          return j;
        }
        if (j > start && followFences) {
          fence = SpecStoryMarkdown.fenceOpened(line).orElse(null);
        }
      }
    }
    return atTurn ? lines.size() : -1;
  }

  // A fence known to close nowhere after one point closes nowhere after a later one either, nor does a longer one.
  private static boolean reaches(String unclosed, String opener) {
    String marks = opener.stripLeading();
    String known = unclosed.stripLeading();
    return unclosed.length() - known.length() == opener.length() - marks.length()
        && known.charAt(0) == marks.charAt(0) && known.length() <= marks.length();
  }

  private static int occurrences(String line, String tag) {
    int n = 0;
    for (int at = line.indexOf(tag); at >= 0; at = line.indexOf(tag, at + tag.length())) {
      n++;
    }
    return n;
  }
}
