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
 * and thread-safe; {@link #standard()} is the shared default.
 */
public final class SecretRedactor {
  private static final SecretRedactor STANDARD = new SecretRedactor(Rules.ALL);

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
    Set<SecretKind> kinds = new LinkedHashSet<>();
    int count = 0;
    for (Rule rule : rules) {
      Matcher m = rule.pattern().matcher(current);
      StringBuilder out = null;
      int last = 0;
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
      if (out != null) {
        current = out.append(current, last, current.length()).toString();
      }
    }
    return new Redaction(current, new ArrayList<>(kinds), count);
  }

  /** True when {@code text} holds anything this redactor would remove. */
  public boolean containsSecret(String text) {
    return redact(text).changed();
  }

  /**
   * One pattern. The secret is the part of the match after group {@code keep} (group 0 start when
   * {@code keep} is 0); a {@code guard} group, when present, must not look like a placeholder.
   */
  record Rule(SecretKind kind, Pattern pattern, int keep, int guard) {
    String keptPrefix(Matcher m) {
      if (guard > 0 && Rules.isPlaceholder(m.group(guard))) {
        return null;
      }
      return keep == 0 ? "" : m.group(keep);
    }
  }
}
