package io.engram.recall;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Whether a question asks when (or how long), and whether a text says when something happened: a relative day
 * or period ("yesterday", "last week", "two months ago", "next Friday"), a month, a year or a date. Recall's last
 * stage ({@link FeatureRescoring}) lifts a document whose own words answer the "when" a question asks.
 */
final class TimeExpressions {
  private static final Pattern ASKS_WHEN = Pattern.compile(
      "\\bwhen\\b|\\bhow long\\b|\\bsince when\\b|\\bwhat (?:year|month|day|date|time|week)\\b"
          + "|\\bhow many (?:days|weeks|months|years)\\b|\\bwhich (?:year|month|day|week)\\b");

  private static final String UNITS = "(?:day|week|weekend|month|year|night|morning|evening|summer|winter|spring"
      + "|autumn|fall|monday|tuesday|wednesday|thursday|friday|saturday|sunday)";
  private static final Pattern SAYS_WHEN = Pattern.compile(
      "\\b(?:yesterday|today|tonight|tomorrow|recently|lately)\\b"
          + "|\\b(?:last|next|this|past|coming)\\s+(?:few\\s+|couple\\s+of\\s+)?" + UNITS + "s?\\b"
          + "|\\b(?:\\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|few|couple of|several)\\s+"
          + "(?:days?|weeks?|months?|years?)\\s+(?:ago|back|now)\\b"
          + "|\\b(?:" + QueryDates.MONTHS.replace("may|", "") + ")\\b"
          + "|\\b(?:in|of|since|early|late|mid)[- ]may\\b"
          + "|\\b(?:19|20)\\d\\d\\b|\\b\\d{4}-\\d{2}-\\d{2}\\b");

  private TimeExpressions() {}

  /** Whether {@code question} asks when something happened or how long it took. */
  static boolean asksWhen(String question) {
    return ASKS_WHEN.matcher(question.toLowerCase(Locale.ROOT)).find();
  }

  /** Whether {@code text} says when: a relative day or period, a month, a year or a date. */
  static boolean saysWhen(String text) {
    return SAYS_WHEN.matcher(text.toLowerCase(Locale.ROOT)).find();
  }
}
