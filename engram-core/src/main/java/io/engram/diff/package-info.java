/**
 * Unified diffs ({@code diff -u}) of two texts, for showing people what a rewrite changes.
 *
 * <p>{@link UnifiedDiff} matches lines by a longest common subsequence and prints hunks with the
 * requested context; inputs too large for that fall back to replacing the whole text, so a diff is
 * always produced.
 *
 * <p>Where to start: {@link UnifiedDiff#diff}.
 */
package io.engram.diff;
