package io.engram.redact;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Every detector runs in time linear in its input: each one, on its own, over 128 K-character inputs built to
 * make a backtracking regular expression engine go quadratic or worse (long runs of word characters, its
 * keywords repeated back to back, near-matches, assignments without values), measured against a plain linear
 * pass of the same engine over the same input, and against itself on a quarter of the input. Java's engine
 * backtracks where gitleaks' RE2 does not, so a rule translated carelessly would show up here.
 */
class RuleTimingTest {
  private static final int SIZE = 1 << 17;
  /**
   * How many plain passes a detector may cost: the rules that retry a bounded pattern at every keyword (up to
   * 300 characters each) cost up to about 100 at any length; a quadratic rule costs in proportion to the input's
   * length, thousands here (gitlab-pat-routable without its possessive bound, on its keyword repeated, reached the
   * cut-off of 1,200).
   */
  private static final int MAX_RATIO = 400;
  /** How many times its cost on a quarter of the input a detector may cost on the whole: linear 4, quadratic 16. */
  private static final double MAX_GROWTH = 10;
  /** Below this many plain passes growth is not judged: a detector that finds no keyword costs next to nothing. */
  private static final int GROWTH_FLOOR = 20;
  /** Where a run is given up as hopeless, in plain passes. */
  private static final int CUT_OFF = 3 * MAX_RATIO;
  /**
   * Times are this thread's CPU time, which another process on a busy machine does not stretch (wall time did, up to
   * tenfold at a load of 20 on 2 cores, and the small runs a growth is judged against came out near zero); the
   * cut-off is in wall time, so it gets this much room beyond the CPU time it stands for.
   */
  private static final int WALL_ROOM = 10;
  /**
   * Inputs timed against one measure of the yardstick before it is measured again. A plain pass costs the same per
   * character on any text (one match each), so measuring it on every one of the 1,995 inputs was a sixth of the
   * test's processor time for the same figure; measured again this often, it still follows the compiler's work.
   */
  private static final int YARDSTICK_EVERY = 64;
  private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();
  /** The yardstick's pattern: one match per character, so that no input (a run of one class) makes it trivial. */
  private static final java.util.regex.Pattern PLAIN = java.util.regex.Pattern.compile("(?s).");

  @Test
  void everyDetectorRunsInLinearTimeOnAdversarialInput() {
    SecretRedactor redactor = SecretRedactor.standard();
    // Most inputs serve several detectors (the first three serve every one; a keyword is shared by several
    // rules), so each input is built and indexed for keywords once, then every detector it serves runs on it.
    Map<Input, List<Detector>> served = new LinkedHashMap<>();
    for (Detector d : redactor.detectors()) {
      for (Input input : inputs(d)) {
        served.computeIfAbsent(input, i -> new ArrayList<>()).add(d);
      }
    }
    List<String> failures = new ArrayList<>();
    double worst = 0;
    String worstCase = "";
    scanMillis(new Input(Shape.WORD_CHARACTERS, "").text()); // warms up the yardstick's pattern, else measured cold
    double perCharacter = 0;
    int timed = 0;
    for (Map.Entry<Input, List<Detector>> entry : served.entrySet()) {
      String text = entry.getKey().text();
      ScannedText whole = redactor.scan(text);
      ScannedText sixteenth = redactor.scan(text.substring(0, text.length() / 16));
      ScannedText quarter = null; // indexed when a detector first needs it
      // The yardstick: one linear pass of the same engine over as many characters. Ratios hold on a busy machine,
      // where absolute times stretch tenfold; a run over the limit is retried next to a fresh yardstick of its text.
      if (timed++ % YARDSTICK_EVERY == 0) {
        perCharacter = scanMillis(text) / text.length();
      }
      double scan = perCharacter * text.length();
      for (Detector d : entry.getValue()) {
        millis(d, sixteenth, Double.POSITIVE_INFINITY); // warms up the JIT
        double ms = millis(d, whole, scan);
        double small = Double.POSITIVE_INFINITY; // growth not judged
        // Growth is judged only where the cost is worth judging (most detectors find no keyword and cost nothing),
        // and only against a quarter that holds one of the detector's keywords: on a quarter without any (a sparse
        // hit in random text) the detector skips the text, so the quarter measures another path than the whole.
        if (ms > GROWTH_FLOOR * scan) {
          if (quarter == null) {
            quarter = redactor.scan(text.substring(0, text.length() / 4));
          }
          if (d.keywords().isEmpty() || quarter.mentions(d.keywords())) {
            small = millis(d, quarter, scan);
          }
        }
        for (int retry = 0; retry < 2 && tooSlow(ms, small, scan); retry++) {
          scan = scanMillis(text);
          if (small != Double.POSITIVE_INFINITY) {
            small = Math.max(small, millis(d, quarter, scan));
          }
          ms = Math.min(ms, millis(d, whole, scan));
        }
        String what = name(d) + " on " + entry.getKey().describe();
        if (ms / scan > worst) {
          worst = ms / scan;
          worstCase = what + String.format(" (%.0f ms, a plain pass %.1f ms)", ms, scan);
        }
        if (tooSlow(ms, small, scan)) {
          failures.add(String.format("%s: %.0f ms on %d characters, %.0f times a plain pass; %s", what, ms, SIZE,
              ms / scan, small == Double.POSITIVE_INFINITY ? "growth not judged"
                  : String.format("%.0f ms on a quarter", small)));
        }
      }
    }
    System.out.printf("redaction rules on %d-character adversarial inputs: %d detectors, %d inputs, slowest %.0f times"
        + " a plain regex pass: %s%n", SIZE, redactor.detectors().size(), served.size(), worst, worstCase);
    failures.forEach(f -> System.out.println("  too slow: " + f));
    assertThat(failures).as("detectors over %d times a plain pass on %d characters of adversarial input, or growing"
        + " more than %.0f times from a quarter of it", MAX_RATIO, SIZE, MAX_GROWTH).isEmpty();
  }

  /** Whether a detector that took {@code ms} on an input and {@code small} on its quarter is not linear. */
  private static boolean tooSlow(double ms, double small, double scan) {
    return ms > MAX_RATIO * scan || (ms > GROWTH_FLOOR * scan && ms > MAX_GROWTH * small);
  }

  /**
   * Milliseconds of CPU {@code d} takes on {@code scanned}; a run given up at the cut-off ({@link #CUT_OFF} plain
   * passes of {@code scan} milliseconds, with {@link #WALL_ROOM}) counts as the cut-off.
   */
  private static double millis(Detector d, ScannedText scanned, double scan) {
    long start = System.nanoTime();
    long cpu = THREADS.getCurrentThreadCpuTime();
    long deadline = scan == Double.POSITIVE_INFINITY ? Long.MAX_VALUE
        : start + (long) (CUT_OFF * WALL_ROOM * scan * 1_000_000);
    try {
      d.find(scanned.withDeadline(deadline), 0, new ArrayList<>());
    } catch (ScannedText.OutOfTime e) {
      return CUT_OFF * scan;
    }
    return Math.max(0.01, (THREADS.getCurrentThreadCpuTime() - cpu) / 1e6);
  }

  /** Milliseconds of one plain linear regex pass over {@code text} (every character matched on its own). */
  private static double scanMillis(String text) {
    long start = THREADS.getCurrentThreadCpuTime();
    java.util.regex.Matcher m = PLAIN.matcher(text);
    int n = 0;
    while (m.find()) {
      n++;
    }
    assertThat(n).isPositive();
    return Math.max(0.5, (THREADS.getCurrentThreadCpuTime() - start) / 1e6);
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
    List<String> chosen = new ArrayList<>(keywords.subList(0, Math.min(2, keywords.size())));
    if (keywords.size() > 10) {
      // A detector with many keywords (tool names, nouns of ten languages): its shortest ones hit most often,
      // inside other words too (http in a URL, gh in light).
      keywords.stream().sorted(java.util.Comparator.comparingInt(String::length)).filter(k -> !chosen.contains(k))
          .limit(2).forEach(chosen::add);
    }
    for (String k : chosen) {
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
    KEYWORD_IN_QUOTES_REPEATED(true), KEYWORD_COLON_REPEATED(true), KEYWORD_OPEN_QUOTE_REPEATED(true),
    KEYWORD_JOINED_REPEATED(true);

    final boolean perKeyword;

    Shape(boolean perKeyword) {
      this.perKeyword = perKeyword;
    }
  }

  /** One adversarial input: a shape, built around a keyword for the shapes that take one. */
  record Input(Shape shape, String keyword) {
    /** The input, about {@link #SIZE} characters on a single line. */
    String text() {
      String k = keyword;
      return switch (shape) {
        case WORD_CHARACTERS -> "a".repeat(SIZE);
        case A_EQUALS -> "a=".repeat(SIZE / 2);
        case RANDOM_BASE64 -> random(SIZE, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", 1);
        case KEYWORD_REPEATED -> fill(k);
        case KEYWORD_THEN_WORD_CHARACTERS -> k + "a".repeat(SIZE);
        case KEYWORD_EQUALS_REPEATED -> fill(k + "=");
        case KEYWORD_NEAR_MATCHES -> fill(k + random(12, "abcdef0123456789", k.hashCode()) + " ");
        case KEYWORD_IN_QUOTES_REPEATED -> fill("\"" + k + "\": \"" + k + "x");
        case KEYWORD_COLON_REPEATED -> fill(k + ":");
        case KEYWORD_OPEN_QUOTE_REPEATED -> fill(k + " -p \"");
        case KEYWORD_JOINED_REPEATED -> fill(k + " is a / ");
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
        case KEYWORD_COLON_REPEATED -> "'" + keyword + ":' repeated";
        case KEYWORD_OPEN_QUOTE_REPEATED -> "'" + keyword + " -p \"' repeated";
        case KEYWORD_JOINED_REPEATED -> "'" + keyword + " is a / ' repeated";
      };
    }
  }

  private static String fill(String unit) {
    StringBuilder b = new StringBuilder(SIZE + unit.length());
    while (b.length() < SIZE) {
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
