package io.engram.dream;

/**
 * Two memories similar enough to merge.
 *
 * @param olderId the memory updated earlier (merged into the newer one)
 * @param newerId the memory updated later
 * @param similarity Jaccard similarity of their word-bigram shingles, 0 to 1
 */
public record DuplicatePair(String olderId, String newerId, double similarity) {}
