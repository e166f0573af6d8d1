package io.engram.tokens;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;

/** Counts tokens with the o200k_base encoding (jtokkit), scaled by a per-model correction factor. */
public final class JtokkitTokenCounter implements TokenCounter {
  private static final Encoding O200K =
      Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.O200K_BASE);

  private final double correction;

  /** A counter with no correction: raw o200k_base counts. */
  public JtokkitTokenCounter() {
    this(1.0);
  }

  /** A counter whose raw count is multiplied by {@code correction} (and rounded up). */
  public JtokkitTokenCounter(double correction) {
    if (!(correction > 0)) {
      throw new IllegalArgumentException("correction must be positive, was " + correction);
    }
    this.correction = correction;
  }

  @Override
  public int count(String text) {
    if (text.isEmpty()) {
      return 0;
    }
    int raw = O200K.countTokensOrdinary(text);
    return correction == 1.0 ? raw : (int) Math.ceil(raw * correction);
  }
}
