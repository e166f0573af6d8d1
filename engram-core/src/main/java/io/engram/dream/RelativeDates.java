package io.engram.dream;

import io.engram.dream.DateMention.Precision;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Pins relative dates ("yesterday", "last Friday", 昨天, 上周五, 3天前) to the calendar, given the date
 * of the session the text came from.
 *
 * <p>The phrase is kept and the absolute date is added after it: {@code "yesterday"} becomes {@code
 * "yesterday (2026-05-11)"} and {@code "昨天"} becomes {@code "昨天（2026-05-11）"}. Keeping the words
 * loses nothing (a wrong reading stays visible next to the original), and the text reads naturally.
 * Weeks render as {@code (week of <Monday>)} / {@code （<Monday> 起的一周）}, months as {@code
 * (2026-04)}, years as {@code (2025)}.
 *
 * <p>Guarantees: only insertions, never deletions (every character of the input survives, in order);
 * text in fenced code blocks, inline code spans and URLs is never touched; a phrase already followed
 * by a date in parentheses, or preceded by an ISO date, is left alone, so the operation is idempotent.
 * Bare weekdays ("on Friday", 周五) are ambiguous and left alone. "last X" means the latest X before
 * the session day, "next X" the first X after it, "this X" the X of the session's Monday-first week;
 * 上周X, 这周X, 下周X are the X of the previous, current and next week.
 */
public final class RelativeDates {
  private static final Pattern ALREADY_AFTER = Pattern.compile("\\s*[(（]\\s*(?:week of\\s+)?\\d{4}");
  private static final Pattern ALREADY_BEFORE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}\\s*[(（]?\\s*$");

  /** The rewritten text and the phrases that were pinned. */
  public record Resolution(String text, List<DateMention> mentions) {
    public Resolution {
      mentions = List.copyOf(mentions);
    }

    /** True when at least one date was added. */
    public boolean changed() {
      return !mentions.isEmpty();
    }
  }

  private RelativeDates() {}

  /** Adds the absolute date after every relative date phrase of {@code text}, seen from {@code sessionDate}. */
  public static Resolution absolutize(String text, LocalDate sessionDate) {
    List<DateMention> mentions = new ArrayList<>();
    for (MarkdownProse.Span span : MarkdownProse.split(text)) {
      if (span.prose()) {
        mentions.addAll(find(text, span.start(), span.end(), sessionDate));
      }
    }
    if (mentions.isEmpty()) {
      return new Resolution(text, List.of());
    }
    StringBuilder out = new StringBuilder(text.length() + mentions.size() * 14);
    int cursor = 0;
    for (DateMention m : mentions) {
      int end = m.start() + m.phrase().length();
      out.append(text, cursor, end).append(m.annotation());
      cursor = end;
    }
    out.append(text, cursor, text.length());
    return new Resolution(out.toString(), mentions);
  }

  private static List<DateMention> find(String text, int from, int to, LocalDate sessionDate) {
    List<Candidate> candidates = new ArrayList<>();
    String lower = text.substring(from, to).toLowerCase(Locale.ROOT);
    for (DateRules.Rule rule : DateRules.RULES) {
      if (!rule.mayMatch(lower)) {
        continue;
      }
      Matcher m = rule.pattern().matcher(text);
      int pos = from;
      while (pos < to && m.region(pos, to).useTransparentBounds(true).find()) {
        Optional<DateRules.Resolved> resolved = meaning(rule, m, sessionDate);
        resolved.ifPresent(r -> candidates.add(new Candidate(m.start(), m.end(), rule.chinese(), r)));
        // Overlapping matches are all kept: a match that loses to an earlier phrase ("上周五十三个月前")
        // or means nothing ("五三个月前") may hide a shorter one that wins ("十三个月前").
        pos = m.start() + 1;
      }
    }
    candidates.sort(Comparator.comparingInt(Candidate::start).thenComparing(c -> -(c.end() - c.start())));
    List<DateMention> out = new ArrayList<>();
    int taken = from;
    for (Candidate c : candidates) {
      if (c.start() < taken) {
        continue;
      }
      if (alreadyPinned(text, c, to)) {
        taken = c.end();
        continue;
      }
      String phrase = text.substring(c.start(), c.end());
      out.add(new DateMention(phrase, c.start(), c.resolved().precision(), c.resolved().date(), render(c)));
      taken = c.end();
    }
    return out;
  }

  private static Optional<DateRules.Resolved> meaning(DateRules.Rule rule, Matcher m, LocalDate d) {
    try {
      return rule.meaning().apply(m.toMatchResult(), d);
    } catch (ArithmeticException | java.time.DateTimeException | NumberFormatException e) {
      // A number too large for the calendar ("999 years ago" near the limits) is not a date.
      return Optional.empty();
    }
  }

  private static boolean alreadyPinned(String text, Candidate c, int to) {
    if (ALREADY_AFTER.matcher(text).region(c.end(), to).lookingAt()) {
      return true;
    }
    int back = Math.max(0, c.start() - 16);
    return ALREADY_BEFORE.matcher(text.substring(back, c.start())).find();
  }

  private static String render(Candidate c) {
    LocalDate d = c.resolved().date();
    Precision p = c.resolved().precision();
    String value;
    switch (p) {
      case WEEK:
        value = c.chinese() ? d + " 起的一周" : "week of " + d;
        break;
      case MONTH:
        value = d.toString().substring(0, 7);
        break;
      case YEAR:
        value = Integer.toString(d.getYear());
        break;
      default:
        value = d.toString();
    }
    return c.chinese() ? "（" + value + "）" : " (" + value + ")";
  }

  private record Candidate(int start, int end, boolean chinese, DateRules.Resolved resolved) {}
}
