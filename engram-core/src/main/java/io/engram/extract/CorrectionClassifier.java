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
  // The weights of the model that weighs a turn's sentence vector beside its words ({@link TurnVector}).
  static final String VECTORS_RESOURCE = "correction-classifier-vectors.tsv";
  // The bias's name among the features' weights (one a line, the bias first).
  static final String BIAS = "__bias";
  // A line naming a feature option the weights were fitted with ({@link CorrectionFeatures.Option}); its weight is
  // 0, so no turn's probability reads it as a feature.
  static final String OPTION = "__option:";
  // A line naming the embedding model whose vectors the weights read for one script ({@code __vector:han:MODEL}); its
  // weight is 0. Weights with such lines weigh the turn's meaning too ({@link TurnVector}).
  static final String VECTOR = "__vector:";
  // The prefix of a vector component's weight: {@code v:SCRIPT:INDEX}.
  static final String COMPONENT = "v:";
  private final Map<String, Double> weights;
  private final Set<CorrectionFeatures.Option> options;
  // per script, the model whose vectors the weights read and the weight of each of its components
  private final Map<String, String> vectorModels;
  private final Map<String, double[]> vectorWeights;

  CorrectionClassifier(Map<String, Double> weights) {
    this.weights = Map.copyOf(weights);
    Set<String> keys = new java.util.HashSet<>();
    for (String f : weights.keySet()) {
      if (f.startsWith(OPTION)) {
        keys.add(f.substring(OPTION.length()));
      }
    }
    this.options = Set.copyOf(CorrectionFeatures.options(keys));
    Map<String, String> models = new HashMap<>();
    for (String f : weights.keySet()) {
      if (f.startsWith(VECTOR)) {
        String rest = f.substring(VECTOR.length());
        int colon = rest.indexOf(':');
        if (colon <= 0 || !TurnVector.SCRIPTS.contains(rest.substring(0, colon))) {
          throw new IllegalArgumentException("not a script and a model: " + f);
        }
        models.put(rest.substring(0, colon), rest.substring(colon + 1));
      }
    }
    this.vectorModels = Map.copyOf(models);
    Map<String, double[]> vw = new HashMap<>();
    for (Map.Entry<String, Double> e : weights.entrySet()) {
      if (e.getKey().startsWith(COMPONENT)) {
        String rest = e.getKey().substring(COMPONENT.length());
        int colon = rest.indexOf(':');
        String script = colon < 0 ? "" : rest.substring(0, colon);
        if (!models.containsKey(script)) {
          throw new IllegalArgumentException("a vector weight of no model's script: " + e.getKey());
        }
        int i = Integer.parseInt(rest.substring(colon + 1));
        double[] w = vw.computeIfAbsent(script, k -> new double[0]);
        if (i >= w.length) {
          w = java.util.Arrays.copyOf(w, i + 1);
          vw.put(script, w);
        }
        w[i] = e.getValue();
      }
    }
    this.vectorWeights = Map.copyOf(vw);
  }

  /** Weights fitted with these feature options and, per script, the vectors of this embedding model. */
  CorrectionClassifier(Map<String, Double> weights, Set<CorrectionFeatures.Option> options,
      Map<String, String> vectorModels) {
    this(withVectors(withOptions(weights, options), vectorModels));
  }

  private static Map<String, Double> withVectors(Map<String, Double> weights, Map<String, String> models) {
    Map<String, Double> w = new HashMap<>(weights);
    models.forEach((script, model) -> w.put(VECTOR + script + ":" + model, 0.0));
    return w;
  }

  /** The embedding model whose vectors these weights read for turns of {@code script}, if they read any. */
  Optional<String> vectorModel(String script) {
    return Optional.ofNullable(vectorModels.get(script));
  }

  /** The models, per script, whose vectors these weights read (none for weights of words alone). */
  Map<String, String> vectorModels() {
    return vectorModels;
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
    return shipped(RESOURCE);
  }

  /** The weights of the model that weighs sentence vectors too, or none when the resource is absent. */
  static CorrectionClassifier shippedWithVectors() {
    return shipped(VECTORS_RESOURCE);
  }

  private static CorrectionClassifier shipped(String resource) {
    try (InputStream in = CorrectionClassifier.class.getResourceAsStream(resource)) {
      return in == null ? new CorrectionClassifier(Map.of()) : read(in);
    } catch (IOException e) {
      throw new UncheckedIOException("reading the correction classifier's weights " + resource, e);
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
    return probability(features, Optional.empty());
  }

  /**
   * The probability from the turn's features and its vector; a vector of a script or model these weights were not
   * fitted on adds nothing.
   */
  double probability(Set<String> features, Optional<TurnVector> vector) {
    if (weights.isEmpty()) {
      return 0;
    }
    double z = weights.getOrDefault(BIAS, 0.0);
    for (String f : features) {
      z += weights.getOrDefault(f, 0.0);
    }
    if (vector.isPresent() && vector.get().model().equals(vectorModels.get(vector.get().script()))) {
      double[] w = vectorWeights.getOrDefault(vector.get().script(), new double[0]);
      float[] v = vector.get().values();
      double scale = scale(v.length);
      for (int i = 0; i < Math.min(w.length, v.length); i++) {
        z += w[i] * v[i] * scale;
      }
    }
    return 1 / (1 + Math.exp(-z));
  }

  /**
   * What a unit vector's components are multiplied by before they are weighed: the square root of its length, so that a
   * component is about as large as a word's feature (1) and one penalty and one step size suit both.
   */
  static double scale(int dimension) {
    return Math.sqrt(dimension);
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
