package io.engram.extract;

import io.engram.recall.Embedder;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A turn as a sentence embedder reads it, for the correction model that weighs its meaning ({@link
 * CorrectionClassifier}): the vector of the person's own words (pasted code and others' words blanked, as the word
 * features blank them) by the model of the turn's script, Chinese turns by a Chinese model and every other turn by
 * the Latin one, since a model that does not read a script sees its text as unknown pieces.
 *
 * @param script the turn's script as the thresholds tell it: {@code han} or {@code other}
 * @param model the name of the embedding model that read it
 * @param values the vector, as the model gives it (unit length)
 */
record TurnVector(String script, String model, float[] values) {
  /** The scripts a vector is read per: Chinese, and every other. */
  static final List<String> SCRIPTS = List.of("han", "other");
  private static final Pattern SPACES = Pattern.compile("\\s+");

  TurnVector {
    Objects.requireNonNull(script, "script");
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(values, "values");
  }

  /** The script whose model reads the turn: {@code han} for a turn written mostly in Han characters. */
  static String scriptOf(String turn) {
    return CorrectionFeatures.han(turn) ? "han" : "other";
  }

  /** What of the turn is embedded: the person's own words, code and pasted voices blanked, spaces made one. */
  static String textOf(String turn) {
    return SPACES.matcher(PastedVoices.blank(CodeLines.blank(turn))).replaceAll(" ").strip()
        .toLowerCase(Locale.ROOT);
  }

  /**
   * The turn read by {@code embedder} as the model of its script, or none when the turn holds no words of its own (a
   * blank vector says nothing).
   */
  static Optional<TurnVector> read(String turn, Embedder embedder) {
    String text = textOf(turn);
    if (text.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new TurnVector(scriptOf(turn), embedder.name(), embedder.embed(text)));
  }
}
