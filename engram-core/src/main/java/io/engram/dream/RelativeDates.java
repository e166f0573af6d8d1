package io.engram.dream;

import io.engram.dates.DateLanguage;
import io.engram.dates.PinnedDate;
import io.engram.dates.RelativeDate;
import io.engram.dates.RelativeDatePhrases;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Pins relative dates ("yesterday", "last Friday", 昨天, 上周五, 3天前, 先週の金曜日, "el viernes pasado", "letzten
 * Freitag", "vendredi dernier") to the calendar, given the date of the session the text came from. What each phrase
 * means comes from one table per language, and one arithmetic pins them all ({@link RelativeDate#on}): weeks are ISO
 * weeks, Monday first, in every language, so "last Friday" and 上周五 said on the same Sunday name the same day.
 *
 * <p>The phrase is kept and the absolute date is added after it: {@code "yesterday"} becomes {@code
 * "yesterday (2026-05-11)"} and {@code "昨天"} becomes {@code "昨天（2026-05-11）"}. Keeping the words
 * loses nothing (a wrong reading stays visible next to the original), and the text reads naturally.
 * Weeks render as {@code (week of <Monday>)} in the language's words, months as {@code (2026-04)}, years as
 * {@code (2025)}.
 *
 * <p>Guarantees: only insertions, never deletions (every character of the input survives, in order);
 * text in fenced code blocks, inline code spans and URLs is never touched; a phrase already followed
 * by a date in parentheses, or preceded by an ISO date, is left alone, so the operation is idempotent.
 * Bare weekdays ("on Friday", 周五) are ambiguous and left alone.
 */
public final class RelativeDates {
  // A date already pinned is written just before the phrase: 16 characters hold an ISO date and its joiner.
  private static final int PINNED_BEFORE_CHARS = 16;
  private static final Pattern ALREADY_AFTER =
      Pattern.compile("\\s*[(（]\\s*(?:week of\\s+|semana del\\s+|Woche ab\\s+|semaine du\\s+)?\\d{4}");
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
    List<DateLanguage> languages = RelativeDatePhrases.languagesOf(text);
    for (MarkdownProse.Span span : MarkdownProse.split(text)) {
      if (span.prose()) {
        mentions.addAll(find(text, span.start(), span.end(), languages, sessionDate));
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

  private static List<DateMention> find(String text, int from, int to, List<DateLanguage> languages,
      LocalDate sessionDate) {
    List<DateMention> out = new ArrayList<>();
    for (RelativeDatePhrases.Found f : RelativeDatePhrases.find(text, from, to, languages)) {
      if (alreadyPinned(text, f, to)) {
        continue;
      }
      Optional<PinnedDate> pinned = pin(f.meaning(), sessionDate);
      if (pinned.isPresent()) {
        out.add(new DateMention(text.substring(f.start(), f.end()), f.start(), pinned.get().precision(),
            pinned.get().date(), f.language().annotation(pinned.get())));
      }
    }
    return out;
  }

  private static Optional<PinnedDate> pin(RelativeDate meaning, LocalDate sessionDate) {
    try {
      return Optional.of(meaning.on(sessionDate));
    } catch (ArithmeticException | java.time.DateTimeException e) {
      // A number too large for the calendar ("999 years ago" near the limits) is not a date.
      return Optional.empty();
    }
  }

  private static boolean alreadyPinned(String text, RelativeDatePhrases.Found f, int to) {
    if (ALREADY_AFTER.matcher(text).region(f.end(), to).lookingAt()) {
      return true;
    }
    int back = Math.max(0, f.start() - PINNED_BEFORE_CHARS);
    return ALREADY_BEFORE.matcher(text.substring(back, f.start())).find();
  }
}
