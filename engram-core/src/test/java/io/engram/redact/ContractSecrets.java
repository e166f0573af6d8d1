package io.engram.redact;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The corpus of the secrets contract ({@code redact/contract-secrets.tsv}): a line per case, its secrets marked in
 * the text and built when the corpus is read from a class of characters and a length, with a fixed seed, so that the
 * repository holds no value a secret scanner would take for a live key. A case's {@link SecretCase#secrets()} are the
 * built values; {@link #needles} are what a search of everything written looks for, so that a secret cut short
 * (a clipped description, a name's slug) is found as surely as a whole one.
 */
public final class ContractSecrets {
  private static final String UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  private static final String LOWER = "abcdefghijklmnopqrstuvwxyz";
  private static final String DIGITS = "0123456789";
  private static final Map<Character, String> CLASSES = Map.of(
      'A', UPPER + LOWER + DIGITS, 'U', UPPER, 'L', LOWER, 'N', LOWER + DIGITS, 'D', DIGITS, 'H', "0123456789abcdef",
      'B', UPPER + LOWER + DIGITS + "+/", 'S', UPPER + LOWER + DIGITS + "-_", 'X', UPPER + "234567", 'W', UPPER + LOWER);
  private static final Pattern MARKED = Pattern.compile("⟦([^⟧]*)⟧");
  private static final Pattern GENERATED = Pattern.compile("\\{([AULNDHBSXW])(\\d+)\\}");
  private static final Pattern REPEAT = Pattern.compile("#(\\d+)");
  /** A secret longer than this is searched for as every run of this many of its characters (at a stride of half). */
  private static final int WINDOW = 12;

  private ContractSecrets() {}

  /** Every case of the contract's corpus, its secrets built with the corpus's fixed seed. */
  public static List<SecretCorpus.SecretCase> cases() {
    Random random = new Random(20261207);
    List<SecretCorpus.SecretCase> out = new ArrayList<>();
    int number = 0;
    for (String line : lines()) {
      number++;
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] f = line.split("\t");
      if (f.length != 2) {
        throw new IllegalArgumentException("contract-secrets.tsv line " + number + ": want family<TAB>text, got " + line);
      }
      List<String> secrets = new ArrayList<>();
      StringBuilder text = new StringBuilder();
      Matcher m = MARKED.matcher(SecretCorpus.unescape(f[1]));
      while (m.find()) {
        Matcher again = REPEAT.matcher(m.group(1));
        String secret = again.matches() ? secrets.get(Integer.parseInt(again.group(1)) - 1) : built(m.group(1), random);
        if (!again.matches()) {
          secrets.add(secret);
        }
        m.appendReplacement(text, Matcher.quoteReplacement(secret));
      }
      m.appendTail(text);
      if (secrets.isEmpty()) {
        throw new IllegalArgumentException("contract-secrets.tsv line " + number + ": no secret marked in " + line);
      }
      out.add(new SecretCorpus.SecretCase(f[0], text.toString(), List.copyOf(secrets)));
    }
    return out;
  }

  /**
   * What a search for {@code secret} looks for: the secret itself when it is short, else each run of twelve of its
   * characters, a stride of six apart (the last run ends where the secret does).
   */
  public static List<String> needles(String secret) {
    if (secret.length() <= WINDOW) {
      return List.of(secret);
    }
    List<String> out = new ArrayList<>();
    for (int at = 0; at + WINDOW < secret.length(); at += WINDOW / 2) {
      out.add(secret.substring(at, at + WINDOW));
    }
    out.add(secret.substring(secret.length() - WINDOW));
    return out;
  }

  private static String built(String spec, Random random) {
    StringBuilder out = new StringBuilder();
    Matcher g = GENERATED.matcher(spec);
    while (g.find()) {
      String chars = CLASSES.get(g.group(1).charAt(0));
      StringBuilder run = new StringBuilder();
      for (int i = 0; i < Integer.parseInt(g.group(2)); i++) {
        run.append(chars.charAt(random.nextInt(chars.length())));
      }
      g.appendReplacement(out, Matcher.quoteReplacement(run.toString()));
    }
    g.appendTail(out);
    return out.toString();
  }

  private static List<String> lines() {
    try (InputStream in = ContractSecrets.class.getResourceAsStream("/redact/contract-secrets.tsv")) {
      if (in == null) {
        throw new IllegalStateException("redact/contract-secrets.tsv is not on the test class path");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
