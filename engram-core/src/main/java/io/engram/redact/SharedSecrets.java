package io.engram.redact;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The secrets found in one of several texts redacted together ({@link SecretRedactor#redactTogether}), taken out of
 * each of them: a whole copy wherever it stands, and a copy cut short, a run of the secret's first characters that
 * the text ends, or a word break ends, before the secret does (a memory's name clipped inside the password its body
 * holds). Without the words around it in the body, no rule would know such a copy for a secret.
 */
record SharedSecrets(Map<String, SecretKind> found) {
  /**
   * The fewest of a secret's first characters a cut copy must keep to be taken out: eight random characters are some
   * 48 bits of a token, and a shorter run is as likely an ordinary word's start.
   */
  static final int MIN_CUT_COPY = 8;

  SharedSecrets {
    found = Map.copyOf(found);
  }

  /** {@code r} with every whole and cut copy of the secrets taken out, each replaced by its kind's marker. */
  Redaction takenOutOf(Redaction r) {
    List<String> longestFirst = found.keySet().stream().sorted(Comparator.comparingInt(String::length).reversed())
        .toList();
    String text = r.text();
    Set<SecretKind> kinds = new LinkedHashSet<>(r.kinds());
    int count = r.count();
    for (String secret : longestFirst) {
      SecretKind kind = found.get(secret);
      for (int at = text.indexOf(secret); at >= 0; at = text.indexOf(secret, at + kind.marker().length())) {
        text = text.substring(0, at) + kind.marker() + text.substring(at + secret.length());
        kinds.add(kind);
        count++;
      }
    }
    for (String secret : longestFirst) {
      if (secret.length() <= MIN_CUT_COPY) {
        continue;
      }
      SecretKind kind = found.get(secret);
      String start = secret.substring(0, MIN_CUT_COPY);
      for (int at = text.indexOf(start); at >= 0; at = text.indexOf(start, at + 1)) {
        int run = MIN_CUT_COPY;
        while (at + run < text.length() && run < secret.length() && text.charAt(at + run) == secret.charAt(run)) {
          run++;
        }
        if (startsWord(text, at) && endsWord(text, at + run)) {
          text = text.substring(0, at) + kind.marker() + text.substring(at + run);
          kinds.add(kind);
          count++;
        }
      }
    }
    return new Redaction(text, new ArrayList<>(kinds), count);
  }

  private static boolean startsWord(String text, int at) {
    return at == 0 || !Character.isLetterOrDigit(text.charAt(at - 1));
  }

  private static boolean endsWord(String text, int at) {
    return at == text.length() || !Character.isLetterOrDigit(text.charAt(at));
  }
}
