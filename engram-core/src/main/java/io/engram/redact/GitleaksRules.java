package io.engram.redact;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The provider rules adopted from gitleaks, read ({@link RuleFile}) from the data file {@code gitleaks-rules.toml}
 * beside this class (gitleaks' own format: id, regex, secretGroup, entropy, keywords, allowlists, stopwords; its MIT
 * licence is {@code gitleaks-LICENSE.txt}). A match is a secret when its entropy is above the rule's
 * threshold and neither the global allowlist nor the rule's own allowlists accept it, as gitleaks decides.
 */
final class GitleaksRules {
  static final String RESOURCE = "gitleaks-rules.toml";

  private GitleaksRules() {}

  /** True when the data file's global allowlist (placeholders, variables, system paths) accepts {@code secret}. */
  static boolean globallyAllowed(String secret) {
    return LOADED.global.allows(secret, secret);
  }

  /** Every rule of the data file, in its order. */
  static List<PatternRule> rules() {
    return LOADED.rules;
  }

  private record Loaded(List<PatternRule> rules, Allowlist global) {}

  /** An allowlist: what one of its regexes finds in its target, or what holds one of its stopwords, is no secret. */
  private record Allowlist(String target, java.util.Optional<Pattern> regexes, List<String> stopwords) {
    boolean allows(String subject, String secret) {
      if (regexes.isPresent() && regexes.get().matcher(subject).find()) {
        return true;
      }
      if (!stopwords.isEmpty()) {
        String lower = secret.toLowerCase(Locale.ROOT);
        for (String w : stopwords) {
          if (lower.contains(w)) {
            return true;
          }
        }
      }
      return false;
    }

    SecretCheck asCheck() {
      return (secret, match, text) -> {
        String subject = switch (target) {
          case "match" -> match.group();
          case "line" -> line(match, text);
          default -> secret;
        };
        return !allows(subject, secret);
      };
    }
  }

  private static final Loaded LOADED = load();

  private static Loaded load() {
    RuleFile file;
    try (InputStream in = GitleaksRules.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("the secret rules " + RESOURCE + " are missing from the class path");
      }
      file = RuleFile.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the secret rules " + RESOURCE, e);
    }
    Allowlist global = allowlist(file.allowlist, "global allowlist");
    List<PatternRule> rules = new ArrayList<>();
    for (Map<String, Object> r : file.rules) {
      String id = text(r, "id", "");
      SecretCheck check = entropy(((Number) r.getOrDefault("entropy", 0.0)).doubleValue()).and(global.asCheck());
      for (Map<String, Object> a : RuleFile.allowlistsOf(r)) {
        check = check.and(allowlist(a, id).asCheck());
      }
      List<String> keywords = strings(r, "keywords").stream().map(k -> k.toLowerCase(Locale.ROOT)).toList();
      rules.add(new PatternRule(new SecretKind(id), compile(endingInNames(text(r, "regex", "")), id),
          number(r, "secretGroup", PatternRule.FIRST_GROUP), keywords, number(r, "extraLines", 0),
          text(r, "span", "lines").equals("text"), Boolean.TRUE.equals(r.get("anchor")), check));
    }
    return new Loaded(List.copyOf(rules), global);
  }

  /** How gitleaks' rules end a token: a quote, a space, a semicolon, an escaped line break or the end. */
  private static final String GITLEAKS_END = "(?:[\\x60'\"\\s;]|\\\\[nr]|$)";
  /**
   * Gitleaks' end and where a token ends in a name or a structure: a file's extension or a path's next part
   * ({@code sk_live_....txt}, {@code keys/npm_.../}), a slug's next word ({@code key-npm_...-notes}), a bracket, a comma
   * or an ampersand. Gitleaks scans files a token is written in; Engram also writes the names of files a token names.
   */
  private static final String NAME_OR_GITLEAKS_END = "(?:[\\x60'\"\\s;.,/)\\]}>|&#?:<-]|\\\\[nr]|$)";

  /** {@code regex} with gitleaks' end of a token widened to {@link #NAME_OR_GITLEAKS_END}. */
  private static String endingInNames(String regex) {
    return regex.replace(GITLEAKS_END, NAME_OR_GITLEAKS_END);
  }

  private static String text(Map<String, Object> table, String key, String otherwise) {
    return table.get(key) instanceof String s ? s : otherwise;
  }

  private static int number(Map<String, Object> table, String key, int otherwise) {
    return table.get(key) instanceof Number n ? n.intValue() : otherwise;
  }

  @SuppressWarnings("unchecked")
  private static List<String> strings(Map<String, Object> table, String key) {
    return table.get(key) instanceof List<?> list ? (List<String>) list : List.of();
  }

  private static SecretCheck entropy(double threshold) {
    return threshold <= 0 ? SecretCheck.ANY : (secret, match, text) -> Entropy.of(secret) > threshold;
  }

  private static Allowlist allowlist(Map<String, Object> a, String where) {
    // One alternation, as gitleaks joins them: one pass over the subject instead of one per regex.
    List<String> regexes = strings(a, "regexes").stream().map(x -> "(?:" + compile(x, where).pattern() + ")").toList();
    List<String> stopwords = strings(a, "stopwords").stream().map(x -> x.toLowerCase(Locale.ROOT)).toList();
    return new Allowlist(text(a, "regexTarget", "secret"),
        regexes.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(compile(String.join("|", regexes), where)),
        stopwords);
  }

  private static String line(MatchResult match, ScannedText text) {
    int line = text.lineOf(match.start());
    return text.text().substring(text.lineStart(line), Math.max(text.lineStart(line), text.lineEnd(text.lineOf(match.end()))));
  }

  private static Pattern compile(String regex, String where) {
    try {
      return Pattern.compile(regex);
    } catch (PatternSyntaxException e) {
      throw new IllegalStateException(RESOURCE + ": rule " + where + ": " + e.getDescription(), e);
    }
  }
}
