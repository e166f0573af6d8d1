package io.engram.tokens;

import io.engram.config.ContextSettings;
import java.util.Map;

/** Counts tokens with the o200k_base encoding (jtokkit), scaled by a per-model correction factor. */
public final class JtokkitTokenCounter implements TokenCounter {
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

  /**
   * A counter corrected for {@code model}: the factor of the longest key of
   * {@code modelTokenCorrections} the model name starts with, else {@code tokenCorrection}.
   */
  public static JtokkitTokenCounter forModel(String model, ContextSettings settings) {
    return new JtokkitTokenCounter(correctionFor(model, settings));
  }

  /** The correction factor the settings give {@code model}. */
  public static double correctionFor(String model, ContextSettings settings) {
    String best = "";
    double factor = settings.tokenCorrection();
    for (Map.Entry<String, Double> e : settings.modelTokenCorrections().entrySet()) {
      if (model.startsWith(e.getKey()) && e.getKey().length() > best.length()) {
        best = e.getKey();
        factor = e.getValue();
      }
    }
    return factor;
  }

  /** The factor raw counts are multiplied by. */
  public double correction() {
    return correction;
  }

  @Override
  public int count(String text) {
    if (text.isEmpty()) {
      return 0;
    }
    int raw = O200k.ENCODING.countTokensOrdinary(text);
    return correction == 1.0 ? raw : (int) Math.ceil(raw * correction);
  }
}
