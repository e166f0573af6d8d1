/**
 * Relative dates ("yesterday", "last Friday", 上周五, 3天前, 先週の金曜日, "el viernes pasado", "letzten Freitag",
 * "vendredi dernier") read in six languages and pinned to the calendar one way.
 *
 * <p>{@link io.engram.dates.RelativeDatePhrases} finds the phrases of a text with one table per language (English,
 * Spanish, German and French in {@code LatinDatePhrases}, Chinese and Japanese in {@code HanDatePhrases}, each phrase a
 * {@code DatePhrase}: its pattern, the words that must be there for it to match, and its meaning); the language of Han
 * text is told by its kana, that of Latin text by its common words ({@link io.engram.dates.DateLanguage}), so a word
 * that means a date in one language and something else in another is read only in its own. Each phrase is read into
 * a {@link io.engram.dates.RelativeDate}: a shift of days, a weekday of a week, a week, a month, a year, a count before
 * or after, the first weekday on or after, the end of a month or a year.
 *
 * <p>{@link io.engram.dates.RelativeDate#on} is the one date arithmetic ({@code java.time}) every phrase is pinned
 * with. Weeks are ISO weeks, Monday first, in every language: "last", 上, 先週, pasado, letzten and dernier name the
 * week before the week of the day said, so "last Friday" and 上周五 said on a Sunday are both the Friday nine days back,
 * and "next Friday" and 下周五 the Friday of the week after. The dream's pinning ({@code io.engram.dream.RelativeDates})
 * and extraction's deadlines both go through it, and a {@link io.engram.dates.PinnedDate} is written after its phrase
 * in the phrase's language ({@link io.engram.dates.DateLanguage#annotation}).
 *
 * <p>Where to start: {@link io.engram.dates.RelativeDatePhrases#find}.
 */
package io.engram.dates;
