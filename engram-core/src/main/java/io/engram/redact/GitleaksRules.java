package io.engram.redact;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The provider rules adopted from gitleaks, read from the data file {@code gitleaks-rules.toml} beside this
 * class (gitleaks' own format: id, regex, secretGroup, entropy, keywords, allowlists, stopwords; its MIT
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
    JsonNode root;
    try (InputStream in = GitleaksRules.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("the secret rules " + RESOURCE + " are missing from the class path");
      }
      root = new TomlMapper().readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the secret rules " + RESOURCE, e);
    }
    Allowlist global = allowlist(root.path("allowlist"), "global allowlist");
    List<PatternRule> rules = new ArrayList<>();
    for (JsonNode r : root.path("rules")) {
      String id = r.path("id").asText();
      SecretCheck check = entropy(r.path("entropy").asDouble(0)).and(global.asCheck());
      for (JsonNode a : r.path("allowlists")) {
        check = check.and(allowlist(a, id).asCheck());
      }
      List<String> keywords = new ArrayList<>();
      r.path("keywords").forEach(k -> keywords.add(k.asText().toLowerCase(Locale.ROOT)));
      rules.add(new PatternRule(new SecretKind(id), compile(r.path("regex").asText(), id), 
          r.path("secretGroup").asInt(PatternRule.FIRST_GROUP), keywords, r.path("extraLines").asInt(0),
          r.path("span").asText("lines").equals("text"), r.path("anchor").asBoolean(false), check));
    }
    return new Loaded(List.copyOf(rules), global);
  }

  private static SecretCheck entropy(double threshold) {
    return threshold <= 0 ? SecretCheck.ANY : (secret, match, text) -> Entropy.of(secret) > threshold;
  }

  private static Allowlist allowlist(JsonNode a, String where) {
    // One alternation, as gitleaks joins them: one pass over the subject instead of one per regex.
    List<String> regexes = new ArrayList<>();
    a.path("regexes").forEach(x -> regexes.add("(?:" + compile(x.asText(), where).pattern() + ")"));
    List<String> stopwords = new ArrayList<>();
    a.path("stopwords").forEach(x -> stopwords.add(x.asText().toLowerCase(Locale.ROOT)));
    return new Allowlist(a.path("regexTarget").asText("secret"),
        regexes.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(compile(String.join("|", regexes), where)),
        List.copyOf(stopwords));
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
