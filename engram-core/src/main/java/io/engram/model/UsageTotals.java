package io.engram.model;

/** Token totals of a group of model calls in the usage ledger. */
public record UsageTotals(long input, long output, long cacheRead, long cacheWrite, long calls) {

  /** No calls. */
  public static final UsageTotals ZERO = new UsageTotals(0, 0, 0, 0, 0);

  /** Every token counted against a cap: the sum of the four token fields. */
  public long total() {
    return input + output + cacheRead + cacheWrite;
  }

  /** These totals with one more call of {@code usage}. */
  public UsageTotals plus(TokenUsage usage) {
    return new UsageTotals(
        input + usage.input(),
        output + usage.output(),
        cacheRead + usage.cacheRead(),
        cacheWrite + usage.cacheWrite(),
        calls + 1);
  }

  /** The field-wise sum of two totals. */
  public UsageTotals plus(UsageTotals other) {
    return new UsageTotals(
        input + other.input,
        output + other.output,
        cacheRead + other.cacheRead,
        cacheWrite + other.cacheWrite,
        calls + other.calls);
  }
}
