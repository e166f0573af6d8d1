package io.engram.extract;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Whether a turn a person typed is a standing correction: a logistic regression over language-neutral features of
 * the turn, learnt from labelled real turns (English, Chinese and others) rather than written as rules.
 *
 * <p>Features are binary ({@link CorrectionFeatures}): the turn's words and word pairs (a Han character is a word, so
 * Chinese needs no segmenter), its first word (an imperative or a "no"), whether it asks a question, its length,
 * whether the agent spoke just before it, and what the phrasing rules ({@link CorrectionClauses}, {@link Corrections})
 * and a plain keyword list say of it (a correction's clauses, a request, a preference, a rule said to hold on): the
 * rules are features among others, so the model learns how far to trust them; the weights name any further options
 * they were fitted with (the turn's script, kana as characters, the words a negation governs, ...). Code a person
 * pastes and others' words they pass on are blanked first ({@link CodeLines}, {@link PastedVoices}).
 *
 * <p>The weights are a resource of this package, fitted by the lab ({@code CorrectionTraining}, in engram-bench)
 * on the labelled sets;
 * one {@code feature<TAB>weight} a line, the bias first, then any {@code __option:NAME} lines.
 */
final class CorrectionClassifier {
  static final String RESOURCE = "correction-classifier.tsv";
  // The bias's name among the features' weights (one a line, the bias first).
  static final String BIAS = "__bias";
  // A line naming a feature option the weights were fitted with ({@link CorrectionFeatures.Option}); its weight is
  // 0, so no turn's probability reads it as a feature.
  static final String OPTION = "__option:";
  private final Map<String, Double> weights;
  private final Set<CorrectionFeatures.Option> options;

  CorrectionClassifier(Map<String, Double> weights) {
    this.weights = Map.copyOf(weights);
    Set<String> keys = new java.util.HashSet<>();
    for (String f : weights.keySet()) {
      if (f.startsWith(OPTION)) {
        keys.add(f.substring(OPTION.length()));
      }
    }
    this.options = Set.copyOf(CorrectionFeatures.options(keys));
  }

  /** Weights fitted with these feature options: each is written as an {@code __option:} line of weight 0. */
  CorrectionClassifier(Map<String, Double> weights, Set<CorrectionFeatures.Option> options) {
    this(withOptions(weights, options));
  }

  private static Map<String, Double> withOptions(Map<String, Double> weights, Set<CorrectionFeatures.Option> options) {
    Map<String, Double> w = new HashMap<>(weights);
    options.forEach(o -> w.put(OPTION + o.key, 0.0));
    return w;
  }

  /** The weights shipped in this package, or none (a model that never fires) when the resource is absent. */
  static CorrectionClassifier shipped() {
    try (InputStream in = CorrectionClassifier.class.getResourceAsStream(RESOURCE)) {
      return in == null ? new CorrectionClassifier(Map.of()) : read(in);
    } catch (IOException e) {
      throw new UncheckedIOException("reading the correction classifier's weights", e);
    }
  }

  static CorrectionClassifier read(InputStream in) throws IOException {
    Map<String, Double> w = new HashMap<>();
    BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    String line;
    int n = 0;
    while ((line = r.readLine()) != null) {
      n++;
      int tab = line.lastIndexOf('\t');
      if (line.isBlank()) {
        continue;
      }
      try {
        if (tab < 0) {
          throw new NumberFormatException("no tab before the weight");
        }
        w.put(line.substring(0, tab), Double.parseDouble(line.substring(tab + 1)));
      } catch (NumberFormatException e) {
        throw new IOException("correction classifier line " + n + ": not a weight: " + line, e);
      }
    }
    try {
      return new CorrectionClassifier(w);
    } catch (IllegalArgumentException e) {
      throw new IOException("correction classifier: " + e.getMessage() + " (weights fitted by another build)", e);
    }
  }

  // The lab's training writes them in the format read() reads.
  Map<String, Double> weights() {
    return weights;
  }

  boolean isEmpty() {
    return weights.isEmpty();
  }

  /** The probability that the turn is a standing correction. */
  double probability(String turn, Optional<String> previousAssistant) {
    return probability(featuresOf(turn, previousAssistant));
  }

  double probability(Set<String> features) {
    if (weights.isEmpty()) {
      return 0;
    }
    double z = weights.getOrDefault(BIAS, 0.0);
    for (String f : features) {
      z += weights.getOrDefault(f, 0.0);
    }
    return 1 / (1 + Math.exp(-z));
  }

  /** The turn's features with the base options only (the weights' own: {@link #featuresOf}). */
  static Set<String> features(String turn, Optional<String> previousAssistant) {
    return CorrectionFeatures.of(turn, previousAssistant, Set.of());
  }

  /** The turn's features with the options these weights were fitted with. */
  Set<String> featuresOf(String turn, Optional<String> previousAssistant) {
    return CorrectionFeatures.of(turn, previousAssistant, options);
  }

  /** The feature options these weights were fitted with (their {@code __option:} lines). */
  Set<CorrectionFeatures.Option> options() {
    return options;
  }
}
