package io.engram.dates;

/** How precise a date a phrase names: a day, a week (its Monday), a month (its first day) or a year. */
public enum DatePrecision {
  DAY,
  WEEK,
  MONTH,
  YEAR
}
