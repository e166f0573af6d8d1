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
    List<String> failures = new ArrayList<>();
    double worst = 0;
    String worstCase = "";
    for (Detector d : redactor.detectors()) {
      for (Map.Entry<String, String> input : inputs(d).entrySet()) {
        String text = input.getValue();
        millis(redactor, d, text.substring(0, text.length() / 16), Long.MAX_VALUE); // warms up the JIT
        // The yardstick, measured next to each run: one linear pass of the same engine over the same text.
        // Ratios hold on a busy machine, where absolute times stretch tenfold.
        double scan = scanMillis(text);
        double ms = millis(redactor, d, text, (long) (CUT_OFF * scan * 1_000_000));
        for (int retry = 0; retry < 2 && ms > MAX_RATIO * scan; retry++) {
          scan = Math.min(scan, scanMillis(text));
          ms = Math.min(ms, millis(redactor, d, text, (long) (CUT_OFF * scan * 1_000_000)));
        }
        String what = name(d) + " on " + input.getKey();
        if (ms / scan > worst) {
          worst = ms / scan;
          worstCase = what + String.format(" (%.0f ms, a plain pass %.1f ms)", ms, scan);
        }
        if (ms > MAX_RATIO * scan) {
          failures.add(String.format("%s: %.0f ms on 1 MB, %.0f times a plain pass", what, ms, ms / scan));
        }
      }
    }
    System.out.printf("redaction rules on 1 MB adversarial inputs: %d detectors, slowest %.0f times a plain regex"
        + " pass: %s%n", redactor.detectors().size(), worst, worstCase);
    failures.forEach(f -> System.out.println("  too slow: " + f));
    assertThat(failures).as("detectors over %d times a plain pass on 1 MB of adversarial input", MAX_RATIO).isEmpty();
  }

  /** Milliseconds {@code d} takes on {@code text}; gives up after {@code cutOffNanos}. */
  private static double millis(SecretRedactor redactor, Detector d, String text, long cutOffNanos) {
    ScannedText scanned = redactor.scan(text);
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

  /** The adversarial inputs for one detector, each about 1 MB on a single line. */
  static Map<String, String> inputs(Detector d) {
    Map<String, String> in = new LinkedHashMap<>();
    in.put("word characters", "a".repeat(MB));
    in.put("a= repeated", "a=".repeat(MB / 2));
    in.put("random base64", random(MB, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", 1));
    List<String> keywords = d.keywords().isEmpty() ? List.of("key", "://", "sk_live_") : d.keywords();
    for (String k : keywords.subList(0, Math.min(2, keywords.size()))) {
      in.put("'" + k + "' repeated", fill(k));
      in.put("'" + k + "' then word characters", k + "a".repeat(MB));
      in.put("'" + k + "=' repeated", fill(k + "="));
      in.put("'" + k + "' near-matches", fill(k + random(12, "abcdef0123456789", k.hashCode()) + " "));
      in.put("'" + k + "' in quotes repeated", fill("\"" + k + "\": \"" + k + "x"));
    }
    return in;
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
