package io.engram.redact;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Every detector runs in time linear in its input: each one, on its own, over 1 MB inputs built to make a
 * backtracking regular expression engine go quadratic or worse, measured against a plain linear pass of the
 * same engine over the same input (long runs of word characters, its keywords
 * repeated back to back, near-matches, assignments without values). Java's engine backtracks where gitleaks'
 * RE2 does not, so a rule translated carelessly would show up here.
 */
class RuleTimingTest {
  private static final int MB = 1 << 20;
  /**
   * How many plain passes a detector may cost: the rules that retry a bounded pattern at every keyword (up to
   * 300 characters each) cost up to about 100; a quadratic rule on 1 MB costs tens of thousands.
   */
  private static final int MAX_RATIO = 400;
  /** Where a run is given up as hopeless, in plain passes. */
  private static final int CUT_OFF = 3 * MAX_RATIO;
  private static final java.util.regex.Pattern PLAIN = java.util.regex.Pattern.compile("\\w+|\\W+");

  @Test
  void everyDetectorRunsInLinearTimeOnAdversarialInput() {
    SecretRedactor redactor = SecretRedactor.standard();
    // Most inputs serve several detectors (the first three serve every one; a keyword is shared by several
    // rules), so each input is built, indexed for keywords and measured with the yardstick once, then every
    // detector it serves runs on it.
    Map<Input, List<Detector>> served = new LinkedHashMap<>();
    for (Detector d : redactor.detectors()) {
      for (Input input : inputs(d)) {
        served.computeIfAbsent(input, i -> new ArrayList<>()).add(d);
      }
    }
    List<String> failures = new ArrayList<>();
    double worst = 0;
    String worstCase = "";
    for (Map.Entry<Input, List<Detector>> entry : served.entrySet()) {
      String text = entry.getKey().text();
      ScannedText whole = redactor.scan(text);
      ScannedText sixteenth = redactor.scan(text.substring(0, text.length() / 16));
      // The yardstick: one linear pass of the same engine over the same text. Ratios hold on a busy machine,
      // where absolute times stretch tenfold; a run over the limit is retried next to a fresh yardstick.
      double scan = scanMillis(text);
      for (Detector d : entry.getValue()) {
        millis(d, sixteenth, Long.MAX_VALUE); // warms up the JIT
        double ms = millis(d, whole, (long) (CUT_OFF * scan * 1_000_000));
        for (int retry = 0; retry < 2 && ms > MAX_RATIO * scan; retry++) {
          scan = scanMillis(text);
          ms = Math.min(ms, millis(d, whole, (long) (CUT_OFF * scan * 1_000_000)));
        }
        String what = name(d) + " on " + entry.getKey().describe();
        if (ms / scan > worst) {
          worst = ms / scan;
          worstCase = what + String.format(" (%.0f ms, a plain pass %.1f ms)", ms, scan);
        }
        if (ms > MAX_RATIO * scan) {
          failures.add(String.format("%s: %.0f ms on 1 MB, %.0f times a plain pass", what, ms, ms / scan));
        }
      }
    }
    System.out.printf("redaction rules on 1 MB adversarial inputs: %d detectors, %d inputs, slowest %.0f times a plain"
        + " regex pass: %s%n", redactor.detectors().size(), served.size(), worst, worstCase);
    failures.forEach(f -> System.out.println("  too slow: " + f));
    assertThat(failures).as("detectors over %d times a plain pass on 1 MB of adversarial input", MAX_RATIO).isEmpty();
  }

  /** Milliseconds {@code d} takes on {@code scanned}; gives up after {@code cutOffNanos}. */
  private static double millis(Detector d, ScannedText scanned, long cutOffNanos) {
    long start = System.nanoTime();
    try {
      d.find(scanned.withDeadline(cutOffNanos == Long.MAX_VALUE ? Long.MAX_VALUE : start + cutOffNanos), 0,
          new ArrayList<>());
    } catch (ScannedText.OutOfTime e) {
      // reported as too slow
    }
    return Math.max(0.01, (System.nanoTime() - start) / 1e6);
  }

  /** Milliseconds of one plain linear regex pass over {@code text} (words and the gaps between them). */
  private static double scanMillis(String text) {
    long start = System.nanoTime();
    java.util.regex.Matcher m = PLAIN.matcher(text);
    int n = 0;
    while (m.find()) {
      n++;
    }
    assertThat(n).isPositive();
    return Math.max(0.5, (System.nanoTime() - start) / 1e6);
  }

  private static String name(Detector d) {
    return d instanceof PatternRule r ? r.kind().label() + " /" + r.pattern().pattern().substring(0,
        Math.min(60, r.pattern().pattern().length())) + "/" : d.getClass().getSimpleName();
  }

  /** The adversarial inputs for one detector. */
  static List<Input> inputs(Detector d) {
    List<Input> in = new ArrayList<>(List.of(new Input(Shape.WORD_CHARACTERS, ""), new Input(Shape.A_EQUALS, ""),
        new Input(Shape.RANDOM_BASE64, "")));
    List<String> keywords = d.keywords().isEmpty() ? List.of("key", "://", "sk_live_") : d.keywords();
    for (String k : keywords.subList(0, Math.min(2, keywords.size()))) {
      for (Shape shape : Shape.values()) {
        if (shape.perKeyword) {
          in.add(new Input(shape, k));
        }
      }
    }
    return in;
  }

  /** The shapes of adversarial input: long runs, keywords back to back, near-matches, assignments without values. */
  enum Shape {
    WORD_CHARACTERS(false), A_EQUALS(false), RANDOM_BASE64(false), KEYWORD_REPEATED(true),
    KEYWORD_THEN_WORD_CHARACTERS(true), KEYWORD_EQUALS_REPEATED(true), KEYWORD_NEAR_MATCHES(true),
    KEYWORD_IN_QUOTES_REPEATED(true);

    final boolean perKeyword;

    Shape(boolean perKeyword) {
      this.perKeyword = perKeyword;
    }
  }

  /** One adversarial input: a shape, built around a keyword for the shapes that take one. */
  record Input(Shape shape, String keyword) {
    /** The input, about 1 MB on a single line. */
    String text() {
      String k = keyword;
      return switch (shape) {
        case WORD_CHARACTERS -> "a".repeat(MB);
        case A_EQUALS -> "a=".repeat(MB / 2);
        case RANDOM_BASE64 -> random(MB, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", 1);
        case KEYWORD_REPEATED -> fill(k);
        case KEYWORD_THEN_WORD_CHARACTERS -> k + "a".repeat(MB);
        case KEYWORD_EQUALS_REPEATED -> fill(k + "=");
        case KEYWORD_NEAR_MATCHES -> fill(k + random(12, "abcdef0123456789", k.hashCode()) + " ");
        case KEYWORD_IN_QUOTES_REPEATED -> fill("\"" + k + "\": \"" + k + "x");
      };
    }

    String describe() {
      return switch (shape) {
        case WORD_CHARACTERS -> "word characters";
        case A_EQUALS -> "a= repeated";
        case RANDOM_BASE64 -> "random base64";
        case KEYWORD_REPEATED -> "'" + keyword + "' repeated";
        case KEYWORD_THEN_WORD_CHARACTERS -> "'" + keyword + "' then word characters";
        case KEYWORD_EQUALS_REPEATED -> "'" + keyword + "=' repeated";
        case KEYWORD_NEAR_MATCHES -> "'" + keyword + "' near-matches";
        case KEYWORD_IN_QUOTES_REPEATED -> "'" + keyword + "' in quotes repeated";
      };
    }
  }

  private static String fill(String unit) {
    StringBuilder b = new StringBuilder(MB + unit.length());
    while (b.length() < MB) {
      b.append(unit);
    }
    return b.toString();
  }

  private static String random(int n, String alphabet, long seed) {
    Random r = new Random(seed);
    char[] c = new char[n];
    for (int i = 0; i < n; i++) {
      c[i] = alphabet.charAt(r.nextInt(alphabet.length()));
    }
    return new String(c);
  }
}
