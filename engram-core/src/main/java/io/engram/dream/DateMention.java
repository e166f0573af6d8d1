package io.engram.dream;

import io.engram.dates.DatePrecision;
import java.time.LocalDate;

/**
 * One relative date found in a text and the absolute date it stands for.
 *
 * @param phrase the relative phrase as written ("yesterday", "上周五")
 * @param start its offset in the original text
 * @param precision whether it names a day, a week, a month or a year
 * @param date the day, or the first day of the week (Monday), month or year
 * @param annotation the text inserted after the phrase, such as {@code " (2026-05-11)"}
 */
public record DateMention(String phrase, int start, DatePrecision precision, LocalDate date, String annotation) {}
