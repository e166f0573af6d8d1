package io.engram.extract;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Fits the learnt correction model's weights ({@link CorrectionClassifier}, which reads them from its resource) and
 * writes them in that resource's format: the lab's half of the model, which the product never runs.
 */
final class CorrectionTraining {
  // Part of the fitted model's format: weights below 0.02 (features seen once or twice) are not written.
  private static final double MIN_WEIGHT = 0.02;

  private CorrectionTraining() {}

  /** One labelled turn, as features and, for weights that weigh meaning too, its vector. */
  record Example(Set<String> features, java.util.Optional<TurnVector> vector, boolean positive) {
    Example(Set<String> features, boolean positive) {
      this(features, java.util.Optional.empty(), positive);
    }
  }

  /**
   * Fits the weights: logistic loss, the two classes weighed equally, an L2 penalty, full-batch gradient descent
   * with AdaGrad steps. Deterministic: the same examples give the same weights.
   */
  static CorrectionClassifier train(List<Example> examples, double l2, int epochs) {
    return train(examples, l2, epochs, new CorrectionClassifier(Map.of()), Set.of());
  }

  /**
   * Fits the weights starting from {@code prior}'s and pulled towards them rather than towards 0 (the L2 penalty on
   * the distance to the prior): a refit on new sets keeps what the prior's sets taught where the new ones say nothing,
   * so sets that were lost still count through the weights fitted on them. The examples' features were read with
   * {@code options}, which the weights then name.
   */
  static CorrectionClassifier train(List<Example> examples, double l2, int epochs, CorrectionClassifier prior,
      Set<CorrectionFeatures.Option> options) {
    Map<String, Integer> index = new HashMap<>();
    index.put(CorrectionClassifier.BIAS, 0);
    Map<String, String> vectorModels = new TreeMap<>();
    List<int[]> rows = new ArrayList<>();
    List<double[]> values = new ArrayList<>();
    for (Example e : examples) {
      int dense = e.vector().map(v -> v.values().length).orElse(0);
      int[] row = new int[e.features().size() + 1 + dense];
      double[] value = new double[row.length];
      int k = 0;
      value[k] = 1;
      row[k++] = 0;
      for (String f : e.features()) {
        value[k] = 1;
        row[k++] = index.computeIfAbsent(f, x -> index.size());
      }
      if (e.vector().isPresent()) {
        TurnVector v = e.vector().get();
        String before = vectorModels.putIfAbsent(v.script(), v.model());
        if (before != null && !before.equals(v.model())) {
          throw new IllegalArgumentException("turns of script " + v.script() + " read by two models: " + before
              + " and " + v.model());
        }
        double scale = CorrectionClassifier.scale(v.values().length);
        for (int i = 0; i < v.values().length; i++) {
          value[k] = v.values()[i] * scale;
          row[k++] = index.computeIfAbsent(CorrectionClassifier.COMPONENT + v.script() + ":" + i,
              x -> index.size());
        }
      }
      rows.add(row);
      values.add(value);
    }
    long positives = examples.stream().filter(Example::positive).count();
    double posWeight = positives == 0 ? 1 : examples.size() / (2.0 * positives);
    double negWeight = positives == examples.size() ? 1 : examples.size() / (2.0 * (examples.size() - positives));
    // the prior's options are its own: the refit names those of its examples' features
    prior.weights().keySet().stream().filter(f -> !f.startsWith(CorrectionClassifier.OPTION)
        && !f.startsWith(CorrectionClassifier.VECTOR)).sorted()
        .forEach(f -> index.computeIfAbsent(f, x -> index.size()));
    double[] w0 = new double[index.size()];
    index.forEach((f, j) -> w0[j] = prior.weights().getOrDefault(f, 0.0));
    double[] w = w0.clone();
    double[] g2 = new double[w.length];
    double rate = 0.5;
    for (int epoch = 0; epoch < epochs; epoch++) {
      double[] grad = new double[w.length];
      for (int i = 0; i < rows.size(); i++) {
        int[] row = rows.get(i);
        double[] value = values.get(i);
        double z = 0;
        for (int k = 0; k < row.length; k++) {
          z += w[row[k]] * value[k];
        }
        double p = 1 / (1 + Math.exp(-z));
        boolean y = examples.get(i).positive();
        double d = (p - (y ? 1 : 0)) * (y ? posWeight : negWeight);
        for (int k = 0; k < row.length; k++) {
          grad[row[k]] += d * value[k];
        }
      }
      for (int j = 0; j < w.length; j++) {
        double g = grad[j] / rows.size() + (j == 0 ? 0 : l2 * (w[j] - w0[j]));
        g2[j] += g * g;
        w[j] -= rate * g / (Math.sqrt(g2[j]) + 1e-8);
      }
    }
    Map<String, Double> weights = new HashMap<>();
    // A weight too small to move a probability is a feature seen once or twice: left out, the file stays small.
    index.forEach((f, j) -> {
      // a vector's component is never left out: every turn has one, and many small weights add up
      if (j == 0 || Math.abs(w[j]) >= MIN_WEIGHT || f.startsWith(CorrectionClassifier.COMPONENT)) {
        weights.put(f, w[j]);
      }
    });
    return new CorrectionClassifier(weights, options, vectorModels);
  }

  /** Writes {@code model}'s weights as its resource holds them: one {@code feature<TAB>weight} a line, the bias first. */
  static void write(CorrectionClassifier model, Writer out) throws IOException {
    Map<String, Double> weights = model.weights();
    out.write(CorrectionClassifier.BIAS + "\t" + weights.getOrDefault(CorrectionClassifier.BIAS, 0.0) + "\n");
    for (Map.Entry<String, Double> e : new TreeMap<>(weights).entrySet()) {
      if (!e.getKey().equals(CorrectionClassifier.BIAS)) {
        out.write(e.getKey().replace('\t', ' ').replace('\n', ' ') + "\t"
            + String.format(Locale.ROOT, "%.4f", e.getValue()) + "\n");
      }
    }
  }
}
