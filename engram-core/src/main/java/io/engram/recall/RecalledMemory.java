package io.engram.recall;

/**
 * One memory recall chose for this turn.
 *
 * @param id the document's key
 * @param name the memory's name
 * @param type the memory's type
 * @param content the body to inject, clipped to the budgets (a closing line says so when clipped)
 * @param score the ranking score: fused retrieval score scaled by hotness
 * @param bytes UTF-8 size of {@code content}
 * @param truncated whether {@code content} is shorter than the body
 * @param reason why it was chosen, e.g. {@code bm25 #2 + vector #1, hot}
 */
public record RecalledMemory(
    String id, String name, String type, String content, double score, int bytes, boolean truncated, String reason) {}
