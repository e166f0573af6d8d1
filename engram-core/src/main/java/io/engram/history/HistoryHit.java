package io.engram.history;

/**
 * One past turn found by {@link SessionHistory#search}.
 *
 * @param turn the turn
 * @param score its BM25 score for the query
 */
public record HistoryHit(PastTurn turn, double score) {}
