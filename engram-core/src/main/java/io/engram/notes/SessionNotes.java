package io.engram.notes;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The notes kept for one session so that compaction can reuse them: three free-text sections and a
 * worklog of entries, oldest first.
 *
 * <p>Text sections are stored without their heading and without surrounding blank lines; worklog
 * entries are single items (they may span lines) rendered as {@code - entry}.
 */
public record SessionNotes(
    String currentState, String filesAndFunctions, String errorsAndCorrections, List<String> worklog) {

  /** Notes with every section empty. */
  public static final SessionNotes EMPTY = new SessionNotes("", "", "", List.of());

  /**
   * Normalises the text so that render and parse are inverse: line breaks become {@code \n}, a line
   * that would read as a section heading is demoted to {@code ###}, an unclosed code fence is closed,
   * and blank lines inside a worklog entry are dropped.
   */
  public SessionNotes {
    currentState = normalise(Objects.requireNonNull(currentState, "currentState"), false);
    filesAndFunctions = normalise(Objects.requireNonNull(filesAndFunctions, "filesAndFunctions"), false);
    errorsAndCorrections = normalise(Objects.requireNonNull(errorsAndCorrections, "errorsAndCorrections"), false);
    List<String> entries = new ArrayList<>();
    for (String e : Objects.requireNonNull(worklog, "worklog")) {
      // Blank as parseWorklog sees it (String.isBlank): a line of U+3000 or U+2028 would not survive a parse.
      String s = normalise(Objects.requireNonNull(e, "worklog entry"), true).lines()
          .filter(line -> !line.isBlank()).collect(Collectors.joining("\n"));
      if (!s.isEmpty()) {
        entries.add(s);
      }
    }
    worklog = List.copyOf(entries);
  }

  /** The first line of a worklog entry is rendered after "- ", so it never opens a code fence. */
  private static String normalise(String text, boolean entry) {
    String t = text.replaceAll("\\r\\n?", "\n").strip().replaceAll("(?m)^##(?=\\s|$)", "###");
    long fences = t.lines().skip(entry ? 1 : 0).filter(l -> l.strip().startsWith("```")).count();
    return fences % 2 == 0 ? t : t + "\n```";
  }

  /** The text of a free-text section; for {@link NotesSection#WORKLOG}, the rendered entries. */
  public String text(NotesSection section) {
    return switch (section) {
      case CURRENT_STATE -> currentState;
      case FILES_AND_FUNCTIONS -> filesAndFunctions;
      case ERRORS_AND_CORRECTIONS -> errorsAndCorrections;
      case WORKLOG -> renderWorklog(worklog);
    };
  }

  /** A copy with {@code section} replaced by {@code text}; for the worklog, {@code text} is parsed into entries. */
  public SessionNotes with(NotesSection section, String text) {
    return switch (section) {
      case CURRENT_STATE -> new SessionNotes(text, filesAndFunctions, errorsAndCorrections, worklog);
      case FILES_AND_FUNCTIONS -> new SessionNotes(currentState, text, errorsAndCorrections, worklog);
      case ERRORS_AND_CORRECTIONS -> new SessionNotes(currentState, filesAndFunctions, text, worklog);
      case WORKLOG -> withWorklog(parseWorklog(text));
    };
  }

  /** A copy with {@code entries} as the worklog. */
  public SessionNotes withWorklog(List<String> entries) {
    return new SessionNotes(currentState, filesAndFunctions, errorsAndCorrections, entries);
  }

  /** A copy with {@code entry} appended to the worklog (the newest entry is last). */
  public SessionNotes plusWorklogEntry(String entry) {
    List<String> entries = new ArrayList<>(worklog);
    entries.add(entry);
    return withWorklog(entries);
  }

  /** The notes as Markdown: the four headings in template order, each followed by its text. */
  public String render() {
    StringBuilder sb = new StringBuilder();
    for (NotesSection s : NotesSection.values()) {
      if (sb.length() > 0) {
        sb.append('\n');
      }
      sb.append(s.heading()).append('\n');
      String body = text(s);
      if (!body.isEmpty()) {
        sb.append(body).append('\n');
      }
    }
    return sb.toString();
  }

  /**
   * Reads notes written by {@link #render()} or by hand. Text before the first template heading (a
   * title) is ignored; a missing section is empty; a section given twice or any other {@code ## }
   * heading is an error naming its line, because silently merging or dropping it would lose notes.
   */
  public static SessionNotes parse(String markdown) {
    Map<NotesSection, StringBuilder> bodies = new EnumMap<>(NotesSection.class);
    NotesSection current = null;
    // Only \n, \r\n and \r break lines, as in rendering; other separators are text.
    String[] lines = markdown.replaceAll("\\r\\n?", "\n").split("\n", -1);
    boolean inFence = false;
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      if (line.strip().startsWith("```")) {
        inFence = !inFence;
      }
      Optional<NotesSection> heading = inFence ? Optional.empty() : NotesSection.ofHeading(line);
      if (heading.isPresent()) {
        if (bodies.containsKey(heading.get())) {
          throw new IllegalArgumentException("session notes, line " + (i + 1) + ": section '" + line.strip() + "' appears twice");
        }
        current = heading.get();
        bodies.put(current, new StringBuilder());
      } else if (!inFence && line.startsWith("## ")) {
        throw new IllegalArgumentException(
            "session notes, line " + (i + 1) + ": unknown section '" + line.strip() + "' (expected one of the four template sections)");
      } else if (current != null) {
        bodies.get(current).append(line).append('\n');
      }
    }
    SessionNotes notes = EMPTY;
    for (Map.Entry<NotesSection, StringBuilder> e : bodies.entrySet()) {
      notes = notes.with(e.getKey(), e.getValue().toString());
    }
    return notes;
  }

  static String renderWorklog(List<String> entries) {
    StringBuilder sb = new StringBuilder();
    for (String e : entries) {
      if (sb.length() > 0) {
        sb.append('\n');
      }
      sb.append("- ").append(e.replace("\n", "\n  "));
    }
    return sb.toString();
  }

  /** Worklog entries: each {@code - } or {@code * } item, with its indented continuation lines. */
  static List<String> parseWorklog(String text) {
    List<String> entries = new ArrayList<>();
    StringBuilder cur = null;
    for (String line : text.replaceAll("\\r\\n?", "\n").split("\n")) {
      if (line.startsWith("- ") || line.startsWith("* ") || line.equals("-")) {
        if (cur != null) {
          entries.add(cur.toString());
        }
        cur = new StringBuilder(line.length() > 2 ? line.substring(2) : "");
      } else if (line.isBlank()) {
        continue;
      } else if (cur == null) {
        cur = new StringBuilder(line.strip());
      } else {
        cur.append('\n').append(line.startsWith("  ") ? line.substring(2) : line.strip());
      }
    }
    if (cur != null) {
      entries.add(cur.toString());
    }
    return entries;
  }
}
