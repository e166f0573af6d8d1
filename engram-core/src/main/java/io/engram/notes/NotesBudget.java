package io.engram.notes;

import io.engram.config.NotesSettings;
import io.engram.tokens.TokenCounter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Keeps session notes within their token caps: each section at most {@code sectionTokenCap}, the
 * whole rendering at most {@code totalTokenCap} (by default about 2,000 and 12,000).
 *
 * <p>The worklog loses its oldest entries first, because the newest work matters most after a
 * compaction. A free-text section that is too long keeps its leading lines and ends with a marker
 * saying how many lines were cut; only a single line longer than the whole cap is cut inside the line.
 */
final class NotesBudget {
  static final String MARKER = "[… %d more lines trimmed to fit the notes budget]";

  private final NotesSettings settings;
  private final TokenCounter tokens;

  /** A budget with the caps of {@code settings}, counted by {@code tokens}. */
  public NotesBudget(NotesSettings settings, TokenCounter tokens) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.tokens = Objects.requireNonNull(tokens, "tokens");
    if (settings.sectionTokenCap() <= 0 || settings.totalTokenCap() <= 0) {
      throw new IllegalArgumentException("notes token caps must be positive: " + settings);
    }
  }

  /** Tokens of {@code notes} as rendered. */
  public int tokens(SessionNotes notes) {
    return tokens.count(notes.render());
  }

  /** Tokens of one section's text (without its heading). */
  public int tokens(SessionNotes notes, NotesSection section) {
    return tokens.count(notes.text(section));
  }

  /** {@code notes} trimmed to the caps; notes already within them are returned unchanged. */
  public SessionNotes fit(SessionNotes notes) {
    int cap = settings.sectionTokenCap();
    SessionNotes out = notes;
    for (NotesSection s : NotesSection.values()) {
      if (s != NotesSection.WORKLOG && tokens(out, s) > cap) {
        out = out.with(s, shorten(out.text(s), cap));
      }
    }
    out = out.withWorklog(dropOldest(out.worklog(), cap));
    int excess = tokens(out) - settings.totalTokenCap();
    if (excess > 0 && !out.worklog().isEmpty()) {
      out = out.withWorklog(dropOldest(out.worklog(), Math.max(0, tokens(out, NotesSection.WORKLOG) - excess)));
      while (tokens(out) > settings.totalTokenCap() && !out.worklog().isEmpty()) {
        out = out.withWorklog(out.worklog().subList(1, out.worklog().size()));
      }
    }
    while (tokens(out) > settings.totalTokenCap()) {
      NotesSection largest = largestTextSection(out);
      int have = tokens(out, largest);
      if (have == 0) {
        break;
      }
      int over = tokens(out) - settings.totalTokenCap();
      out = out.with(largest, shorten(out.text(largest), Math.max(0, have - over)));
    }
    return out.equals(notes) ? notes : out;
  }

  /**
   * The newest entries whose rendering fits in {@code cap}. Entry costs are summed from the newest
   * backwards to find the cut in one pass; the exact rendering is then checked, since tokens at the
   * joins need not add up.
   */
  private List<String> dropOldest(List<String> worklog, int cap) {
    if (tokens.count(SessionNotes.renderWorklog(worklog)) <= cap) {
      return worklog;
    }
    int from = worklog.size() - 1;
    long sum = tokens.count(SessionNotes.renderWorklog(worklog.subList(from, worklog.size())));
    while (from > 0) {
      long next = sum + tokens.count(SessionNotes.renderWorklog(worklog.subList(from - 1, from)));
      if (next > cap) {
        break;
      }
      sum = next;
      from--;
    }
    List<String> entries = new ArrayList<>(worklog.subList(from, worklog.size()));
    while (entries.size() > 1 && tokens.count(SessionNotes.renderWorklog(entries)) > cap) {
      entries.remove(0);
    }
    if (entries.size() == 1 && tokens.count(SessionNotes.renderWorklog(entries)) > cap) {
      entries.set(0, shorten(entries.get(0), Math.max(0, cap - tokens.count("- "))));
    }
    return entries;
  }

  private NotesSection largestTextSection(SessionNotes notes) {
    NotesSection best = NotesSection.CURRENT_STATE;
    for (NotesSection s : List.of(NotesSection.FILES_AND_FUNCTIONS, NotesSection.ERRORS_AND_CORRECTIONS)) {
      if (tokens(notes, s) > tokens(notes, best)) {
        best = s;
      }
    }
    return best;
  }

  /** The longest run of leading lines of {@code text} that, with the trim marker, fits in {@code cap}. */
  String shorten(String text, int cap) {
    if (tokens.count(text) <= cap) {
      return text;
    }
    String[] lines = text.split("\n", -1);
    int lo = 0;
    int hi = lines.length - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (tokens.count(withMarker(lines, mid)) <= cap) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    if (lo > 0) {
      return withMarker(lines, lo);
    }
    String marker = String.format(MARKER, lines.length - 1);
    return tokens.count(marker) <= cap ? cutLine(lines[0], cap - tokens.count(marker + "\n"), marker) : "";
  }

  private static String withMarker(String[] lines, int keep) {
    return String.join("\n", java.util.Arrays.copyOf(lines, keep)) + "\n" + String.format(MARKER, lines.length - keep);
  }

  /** A single over-long line cut by characters (code-point safe), followed by the marker. */
  private String cutLine(String line, int cap, String marker) {
    int lo = 0;
    int hi = line.codePointCount(0, line.length());
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      String head = line.substring(0, line.offsetByCodePoints(0, mid));
      if (tokens.count(head + "…") <= cap) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    String head = line.substring(0, line.offsetByCodePoints(0, lo));
    return head.isEmpty() ? marker : head + "…\n" + marker;
  }
}
