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
 * backtracking regular expression engine go quadratic or worse (long runs of word characters, its keywords
 * repeated back to back, near-matches, assignments without values). Java's engine backtracks where gitleaks'
 * RE2 does not, so a rule translated carelessly would show up here.
 */
class RuleTimingTest {
  private static final int MB = 1 << 20;
  /** Under a second on 1 MB: far above what the linear rules need, far below a quadratic one (minutes). */
  private static final long BUDGET_MS = 1000;

  @Test
  void everyDetectorRunsInLinearTimeOnAdversarialInput() {
    SecretRedactor redactor = SecretRedactor.standard();
    List<String> failures = new ArrayList<>();
    long worst = 0;
    String worstCase = "";
    for (Detector d : redactor.detectors()) {
      for (Map.Entry<String, String> input : inputs(d).entrySet()) {
        String text = input.getValue();
        millis(redactor, d, text.substring(0, text.length() / 16)); // warms up the JIT
        long ms = millis(redactor, d, text);
        // A busy machine (other builds) can stall one run; a slow rule is slow every time.
        for (int retry = 0; retry < 2 && ms > BUDGET_MS; retry++) {
          ms = Math.min(ms, millis(redactor, d, text));
        }
        String what = name(d) + " on " + input.getKey();
        if (ms > worst) {
          worst = ms;
          worstCase = what;
        }
        if (ms > BUDGET_MS) {
          failures.add(what + ": " + ms + " ms on 1 MB");
        }
      }
    }
    System.out.printf("redaction rules on 1 MB adversarial inputs: %d detectors, slowest %d ms (%s)%n",
        redactor.detectors().size(), worst, worstCase);
    failures.forEach(f -> System.out.println("  too slow: " + f));
    assertThat(failures).as("detectors over %d ms on 1 MB of adversarial input", BUDGET_MS).isEmpty();
  }

  /** Milliseconds {@code d} takes on {@code text}; gives up a little over twice the budget. */
  private static long millis(SecretRedactor redactor, Detector d, String text) {
    ScannedText scanned = redactor.scan(text);
    long start = System.nanoTime();
    try {
      d.find(scanned.withDeadline(start + 2 * BUDGET_MS * 1_000_000), 0, new ArrayList<>());
    } catch (ScannedText.OutOfTime e) {
      // reported as over the budget
    }
    return (System.nanoTime() - start) / 1_000_000;
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
