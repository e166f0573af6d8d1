package io.engram.extract;

import io.engram.config.ExtractionSettings;
import io.engram.recall.Embedder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Which learnt correction model weighs a turn, and at which thresholds: the one that also reads the turn's sentence
 * vector ({@link TurnVector}) where its thresholds for the turn's script are on and the embedding model it was fitted
 * with is installed; else the model of words alone at its own thresholds, the rules' path as it was. Without the
 * embedding model (offline, the Chinese model never added) nothing fails: {@link #withoutVectors} says what fell back.
 */
final class CorrectionModels {
  /**
   * The probability a model gives the turn and the thresholds it is read at: {@code over} is the bar from which a turn
   * is kept whole although a sentence of it asks for an edit (1 for none).
   */
  record Judgement(double probability, double min, double keep, double over) {}

  private final ExtractionSettings settings;
  private final CorrectionClassifier words;
  private final CorrectionClassifier vectors;
  private final Optional<Supplier<Embedder>> embedder;
  // per script, the embedding model found for it or why none was: resolved on first use, the model loaded once
  private final Map<String, Optional<Embedder>> models = new HashMap<>();
  private final List<String> missing = new ArrayList<>();

  CorrectionModels(ExtractionSettings settings, CorrectionClassifier words, CorrectionClassifier vectors,
      Optional<Supplier<Embedder>> embedder) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.words = Objects.requireNonNull(words, "words");
    this.vectors = Objects.requireNonNull(vectors, "vectors");
    this.embedder = Objects.requireNonNull(embedder, "embedder");
  }

  /** The judgement of a turn, or none where no model weighs turns of its script (every threshold off). */
  Optional<Judgement> judge(String turn, Optional<String> previousAssistant, boolean han) {
    double vectorMin = han ? settings.vectorCorrectionMinHan() : settings.vectorCorrectionMin();
    double vectorKeep = han ? settings.vectorCorrectionKeepHan() : settings.vectorCorrectionKeep();
    if (!vectors.isEmpty() && (vectorMin < 1 || vectorKeep > 0)) {
      String script = han ? "han" : "other";
      // weights that read no vector of this script judge its turns by their words, at the same bars
      Optional<Embedder> model = vectors.vectorModel(script).isEmpty() ? Optional.empty() : model(script);
      if (model.isPresent() || vectors.vectorModel(script).isEmpty()) {
        Optional<TurnVector> v = model.flatMap(m -> TurnVector.read(turn, m));
        return Optional.of(new Judgement(vectors.probability(vectors.featuresOf(turn, previousAssistant), v),
            vectorMin, vectorKeep, han ? settings.vectorCorrectionOverEditHan() : settings.vectorCorrectionOverEdit()));
      }
    }
    double min = han ? settings.learntCorrectionMinHan() : settings.learntCorrectionMin();
    double keep = han ? settings.learntCorrectionKeepHan() : settings.learntCorrectionKeep();
    if (words.isEmpty() || min >= 1 && keep <= 0) {
      return Optional.empty();
    }
    return Optional.of(new Judgement(words.probability(turn, previousAssistant), min, keep, 1));
  }

  /**
   * Why the model that weighs a turn's vector was on for a script but did not run, for each script a turn of which was
   * judged without it: its embedding model is not installed, or could not be loaded.
   */
  synchronized List<String> withoutVectors() {
    return List.copyOf(missing);
  }

  private synchronized Optional<Embedder> model(String script) {
    return models.computeIfAbsent(script, s -> {
      String name = vectors.vectorModel(s).orElseThrow();
      if (embedder.isEmpty()) {
        missing.add("no embedding model here for the correction model of " + label(s) + " turns (" + name
            + "): the rules and the model of words judged them");
        return Optional.empty();
      }
      try {
        Optional<Embedder> found = embedder.get().get().models().stream().filter(m -> m.name().equals(name))
            .findFirst();
        if (found.isEmpty()) {
          missing.add("the embedding model " + name + " the correction model of " + label(s) + " turns reads is not"
              + " installed: the rules and the model of words judged them");
        }
        return found;
      } catch (RuntimeException e) {
        missing.add("the embedding model for the correction model of " + label(s) + " turns could not be loaded ("
            + e.getMessage() + "): the rules and the model of words judged them");
        return Optional.empty();
      }
    });
  }

  private static String label(String script) {
    return script.equals("han") ? "Chinese" : "non-Chinese";
  }
}
