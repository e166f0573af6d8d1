package io.engram.history;

/**
 * One past turn found by {@link SessionHistory#search}.
 *
 * @param turn the turn
 * @param score its score in recall's ranking without vectors (BM25 and the last stage's features), above 0
 */
public record HistoryHit(PastTurn turn, double score) {}
