package io.engram.extract;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a turn a person typed is a standing correction: a logistic regression over language-neutral features of
 * the turn, learnt from labelled real turns (English, Chinese and others) rather than written as rules.
 *
 * <p>Features are binary: the turn's words and word pairs (a Han character is a word, so Chinese needs no segmenter),
 * its first word (an imperative or a "no"), whether it asks a question, its length, whether the agent spoke just
 * before it, and what the phrasing rules ({@link CorrectionClauses}, {@link Corrections}) and a plain keyword list say
 * of it (a correction's clauses, a request, a preference, a rule said to hold on): the rules are features among
 * others, so the model learns how far to trust them. Code a person pastes and
 * others' words they pass on are blanked first ({@link CodeLines}, {@link PastedVoices}).
 *
 * <p>The weights are a resource of this package, fitted by the lab ({@code CorrectionTraining}, in engram-bench)
 * on the labelled sets;
 * one {@code feature<TAB>weight} a line, the bias first.
 */
final class CorrectionClassifier {
  static final String RESOURCE = "correction-classifier.tsv";
  // The bias's name among the features' weights (one a line, the bias first).
  static final String BIAS = "__bias";
  // A turn's length as a feature, in four buckets (up to 40, 150, 400 characters, longer): the shipped weights were
  // trained on these bounds, so a new bound needs the model trained again (the lab's CorrectionTraining).
  private static final int SHORT_TURN = 40;
  // The second bucket's bound: see SHORT_TURN.
  private static final int MID_TURN = 150;
  // The third bucket's bound: see SHORT_TURN.
  private static final int LONG_TURN = 400;
  private static final Pattern WORD = Pattern.compile("\\p{IsHan}|[\\p{L}\\p{N}][\\p{L}\\p{N}'’_-]*");
  private static final Pattern KEYWORD =
      Pattern.compile("(?i)\\b(remember|always|never|don'?t|from now on|note that)\\b|记住|以后|不要|别忘了|下次");

  private final Map<String, Double> weights;

  CorrectionClassifier(Map<String, Double> weights) {
    this.weights = Map.copyOf(weights);
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
    return new CorrectionClassifier(w);
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
    return probability(features(turn, previousAssistant));
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

  /** The turn's features. */
  static Set<String> features(String turn, Optional<String> previousAssistant) {
    String text = PastedVoices.blank(CodeLines.blank(turn)).toLowerCase(Locale.ROOT);
    Set<String> f = new LinkedHashSet<>();
    List<String> words = new ArrayList<>();
    Matcher m = WORD.matcher(text);
    while (m.find()) {
      words.add(m.group().replace('’', '\''));
    }
    for (int i = 0; i < words.size(); i++) {
      f.add("w:" + words.get(i));
      if (i > 0) {
        f.add("b:" + words.get(i - 1) + " " + words.get(i));
      }
    }
    if (!words.isEmpty()) {
      f.add("first:" + words.get(0));
    }
    int len = text.strip().length();
    f.add(len <= SHORT_TURN ? "len:short" : len <= MID_TURN ? "len:mid" : len <= LONG_TURN ? "len:long" : "len:longer");
    if (text.indexOf('?') >= 0 || text.indexOf('？') >= 0) {
      f.add("cue:question");
    }
    if (previousAssistant.filter(p -> !p.isBlank()).isPresent()) {
      f.add("cue:after-agent");
    }
    if (KEYWORD.matcher(text).find()) {
      f.add("cue:keyword");
    }
    for (Sentence s : Sentences.of(text)) {
      if (CorrectionClauses.isCore(s.text()) || Corrections.read(s.text()).isPresent()) {
        f.add("cue:rule-clause");
      }
      Intents.read(s.text()).ifPresent(i -> f.add("cue:intent-" + i.kind().name().toLowerCase(Locale.ROOT)));
    }
    return f;
  }
}
