package io.engram.redact;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Removes secrets from text before it is written anywhere: API keys and tokens of the common providers,
 * JWTs, private key blocks, {@code password=}-style assignments, credentials in connection strings, and
 * whole {@code <private>...</private>} spans.
 *
 * <p>Each secret is replaced by {@link SecretKind#marker()}; a private span is dropped without a trace.
 * Redaction is idempotent: redacting an already redacted text changes nothing. Instances are immutable
 * and thread-safe; {@link #standard()} is the shared default. Large texts are cheap: a rule's pattern
 * runs only on the lines that contain one of its literal triggers.
 */
public final class SecretRedactor {
  private static final SecretRedactor STANDARD = new SecretRedactor(SecretPatterns.ALL);

  private final List<Rule> rules;

  private SecretRedactor(List<Rule> rules) {
    this.rules = rules;
  }

  /** The redactor with every rule Engram knows. */
  public static SecretRedactor standard() {
    return STANDARD;
  }

  /** Redacts {@code text}; the result says what kinds of secret were removed. */
  public Redaction redact(String text) {
    String current = text;
    String lower = lowerSameLength(text);
    Set<SecretKind> kinds = new LinkedHashSet<>();
    int count = 0;
    for (Rule rule : rules) {
      List<int[]> regions = rule.regions(current, lower);
      if (regions.isEmpty()) {
        continue;
      }
      Matcher m = rule.pattern().matcher(current).useTransparentBounds(true).useAnchoringBounds(false);
      StringBuilder out = null;
      int last = 0;
      for (int[] region : regions) {
        if (last >= region[1]) {
          continue;
        }
        m.region(Math.max(region[0], last), region[1]);
        while (m.find()) {
          String kept = rule.keptPrefix(m);
          if (kept == null) {
            continue;
          }
          if (out == null) {
            out = new StringBuilder(current.length());
          }
          out.append(current, last, m.start()).append(kept);
          if (rule.kind() != SecretKind.PRIVATE_SPAN) {
            out.append(rule.kind().marker());
          }
          last = m.end();
          kinds.add(rule.kind());
          count++;
        }
      }
      if (out != null) {
        current = out.append(current, last, current.length()).toString();
        lower = lowerSameLength(current);
      }
    }
    return new Redaction(current, new ArrayList<>(kinds), count);
  }

  /** True when {@code text} holds anything this redactor would remove. */
  public boolean containsSecret(String text) {
    return redact(text).changed();
  }

  /** Lower-cases char by char, so that indexes in the result are indexes in the input. */
  private static String lowerSameLength(String s) {
    char[] c = s.toCharArray();
    for (int i = 0; i < c.length; i++) {
      c[i] = Character.toLowerCase(c[i]);
    }
    return new String(c);
  }

  /**
   * One pattern. The secret is the part of the match after group {@code keep} (all of it when
   * {@code keep} is 0); a {@code guard} group, when present, must not look like a placeholder. The
   * pattern runs only where a lower-case {@code trigger} occurs: on those lines when {@code lineBound},
   * else on the whole text.
   */
  record Rule(SecretKind kind, Pattern pattern, int keep, int guard, List<String> triggers, boolean lineBound) {
    String keptPrefix(Matcher m) {
      if (guard > 0 && SecretPatterns.isPlaceholder(m.group(guard))) {
        return null;
      }
      return keep == 0 ? "" : m.group(keep);
    }

    /** Sorted, disjoint {@code [start, end)} ranges of {@code text} worth matching. */
    List<int[]> regions(String text, String lower) {
      List<int[]> lines = new ArrayList<>();
      for (String trigger : triggers) {
        for (int at = lower.indexOf(trigger); at >= 0; at = lower.indexOf(trigger, at + 1)) {
          if (!lineBound) {
            return List.<int[]>of(new int[] {0, text.length()});
          }
          int start = text.lastIndexOf('\n', at) + 1;
          int end = text.indexOf('\n', at);
          lines.add(new int[] {start, end < 0 ? text.length() : end});
          at = end < 0 ? text.length() : end;
        }
      }
      lines.sort((a, b) -> Integer.compare(a[0], b[0]));
      List<int[]> merged = new ArrayList<>();
      for (int[] r : lines) {
        if (!merged.isEmpty() && r[0] <= merged.get(merged.size() - 1)[1]) {
          merged.get(merged.size() - 1)[1] = Math.max(merged.get(merged.size() - 1)[1], r[1]);
        } else {
          merged.add(r);
        }
      }
      return merged;
    }
  }
}
