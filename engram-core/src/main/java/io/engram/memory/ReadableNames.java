package io.engram.memory;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A memory's name made from its text: a short slug of what it says, in the words and the script the text is
 * written in. Chinese stays Chinese ({@code 别用css背景}), English keeps its content words ({@code
 * dont-use-npm-view}). A URL never becomes a run of glued letters: it is left out, and only when the text has
 * nothing else its host and last path segment name it; a file path is named by its last segment. The slug is cut
 * at a word, never inside one, and never becomes a hash.
 *
 * <p>Words: runs of Latin letters and digits (English function words left out, {@link #STOP}); runs of Han
 * characters and kana (one run, as Japanese mixes them), or of Hangul, trailing particles ({@code 的了吧呢啊吗})
 * dropped, and so is what opens an instruction in Chinese without saying what it is about (以后, 请, 记得) at the start of
 * the first and a particle at the start of a later one: the first kept up to {@code CJK_RUN} characters, a later one
 * only when it fits whole. The result goes
 * through {@link MemoryNames#slug} unchanged, so the name is also its file name.
 */
public final class ReadableNames {
  /** Longest name made from text, in characters. */
  public static final int MAX_CHARS = 48;

  // A name's form for Chinese, Japanese and Korean: a run of up to 10 characters says as much as a few Latin words.
  private static final int CJK_RUN = 10;
  // And at most 14 of them in all: the first run whole and a short later one, well within MAX_CHARS.
  private static final int CJK_TOTAL = 14;
  private static final Pattern URL = Pattern.compile("(?i)\\b(?:https?|ftp|file)://[^\\s)>\\]\"'`]+|\\bwww\\.[^\\s)>\\]\"'`]+");
  private static final Pattern SLASHED = Pattern.compile("[^\\s/]*(?:/[^\\s/]*)+");
  private static final Pattern WORD = Pattern.compile(
      "[\\p{IsLatin}\\p{Nd}]+(?:['’][\\p{IsLatin}]+)?|[\\p{IsHan}\\p{IsHiragana}\\p{IsKatakana}ー]+|[\\p{IsHangul}]+"
          + "|[\\p{IsCyrillic}\\p{IsGreek}\\p{Nd}]+");
  private static final Pattern CJK = Pattern.compile("[\\p{IsHan}\\p{IsHiragana}\\p{IsKatakana}\\p{IsHangul}]");
  /** English words that say nothing about what a memory is: articles, pronouns, auxiliaries, fillers. */
  static final Set<String> STOP = Set.of(
      "a", "an", "the", "and", "or", "but", "so", "to", "of", "in", "on", "at", "for", "with", "by", "from", "as",
      "is", "are", "was", "were", "be", "been", "it", "its", "this", "that", "these", "those", "there", "here", "i",
      "me", "my", "we", "our", "you", "your", "they", "them", "he", "she", "please", "remember", "note", "now", "then",
      "also", "just", "really", "very", "all", "any", "some", "when", "what", "which", "who", "how", "why", "do",
      "does", "did", "will", "would", "should", "can", "could", "ok", "okay", "yes", "yeah", "if", "than", "into",
      "about", "up", "out", "have", "has", "had", "get", "got", "sure", "s", "t", "re", "ll", "d", "let's", "lets",
      "i'd", "i'm", "we're", "it's", "that's", "think", "like", "want", "going", "keep", "mind", "alright", "well",
      "hey", "oh", "no", "nope", "nah", "actually", "user", "wants");
  private static final String PARTICLES = "的了吧呢啊吗呀哦嘛";
  // What opens a Chinese instruction without saying what it is about: "from now on", "please", "remember to". A name
  // made of it would start every standing rule the same way (以后..., 请...), as "please" and "remember" would in
  // English (STOP); a text that is nothing else keeps it, so a name is never lost to this.
  private static final Pattern CJK_OPENING = Pattern.compile(
      "^(?:(?:从现在开始|从现在起|从今以后|以后|今后|往后|请你|请|麻烦你|麻烦|记得|记住|注意|务必|一定要|你要)[，,、]?)+");

  private ReadableNames() {}

  /** A name for {@code text} of at most {@code maxWords} words; empty when the text has no word to make one of. */
  public static String of(String text, int maxWords) {
    String normal = Normalizer.normalize(text, Normalizer.Form.NFKC);
    List<String> words = words(lastSegments(URL.matcher(normal).replaceAll(" ")), maxWords);
    if (words.isEmpty()) {
      words = words(urlWords(normal), maxWords);
    }
    String name = join(words);
    return MemoryNames.isValid(name) ? name : "";
  }

  /** {@link #of} with {@code prefix} before it ({@code use-pnpm}); the prefix alone when the text has no words. */
  public static String of(String prefix, String text, int maxWords) {
    String name = of(text, maxWords);
    if (prefix.isEmpty()) {
      return name;
    }
    return name.isEmpty() ? prefix : cut(prefix + "-" + name);
  }

  private static List<String> words(String text, int maxWords) {
    List<String> out = new ArrayList<>();
    String opening = "";
    int cjk = 0;
    Matcher m = WORD.matcher(text);
    while (m.find() && out.size() < maxWords) {
      String w = m.group().toLowerCase(Locale.ROOT).replace('’', '\'');
      if (CJK.matcher(w).lookingAt()) {
        if (cjk == 0 && CJK_OPENING.matcher(w).replaceFirst("").isEmpty()) {
          opening = opening.isEmpty() ? w : opening;
          continue;
        }
        w = trimParticles(cjk == 0 ? CJK_OPENING.matcher(w).replaceFirst("") : withoutLeadingParticles(w));
        int room = Math.min(CJK_RUN, CJK_TOTAL - cjk);
        // Only a name's first run is ever cut (it may be a whole sentence: nothing else would name the memory); a
        // later run that does not fit whole is left out, so a name never ends in half a clause ("...-代码注释用英").
        if (w.isEmpty() || room <= 1 || cjk > 0 && w.length() > room) {
          continue;
        }
        w = w.length() > room ? w.substring(0, room) : w;
        cjk += w.length();
      } else if (STOP.contains(w) || w.length() == 1 && Character.isLetter(w.charAt(0))) {
        continue;
      }
      w = w.replace("'", "");
      if (!out.contains(w)) {
        out.add(w);
      }
    }
    if (out.isEmpty() && !opening.isEmpty()) {
      out.add(opening);
    }
    return out;
  }

  /**
   * {@code text} with each file path reduced to its last segment: a token of three segments or more, one that starts
   * at a root ({@code /}, {@code ./}, {@code ~/}), or one whose last segment has an extension. "npm/yarn",
   * "true/false" and "assets/vendor/" are words, not a path.
   */
  private static String lastSegments(String text) {
    Matcher m = SLASHED.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String token = m.group();
      String[] parts = java.util.Arrays.stream(token.split("/+")).filter(p -> !p.isEmpty()).toArray(String[]::new);
      String last = parts.length == 0 ? "" : parts[parts.length - 1];
      boolean path = parts.length >= 3 || token.matches("^(?:\\.{1,2}|~)?/.*")
          || last.matches(".*\\p{L}\\.[A-Za-z0-9]{1,5}");
      m.appendReplacement(out, Matcher.quoteReplacement(path ? last : token.replace('/', ' ')));
    }
    m.appendTail(out);
    return out.toString();
  }

  private static String urlWords(String text) {
    StringBuilder sb = new StringBuilder();
    Matcher m = URL.matcher(text);
    while (m.find()) {
      String url = m.group().replaceFirst("(?i)^(?:https?|ftp|file)://", "").replaceFirst("^www\\.", "");
      String[] parts = url.split("[/?#]+");
      String host = parts[0].replaceFirst("\\.(?:com|org|net|io|dev|cn|co)(?::\\d+)?$", "");
      sb.append(host.replace('.', ' ')).append(' ');
      for (int i = parts.length - 1; i > 0; i--) {
        if (parts[i].matches(".*\\p{L}.*")) {
          sb.append(parts[i]).append(' ');
          break;
        }
      }
    }
    return sb.toString();
  }

  // A later run that starts with a particle ("Node 18 的写法") reads from its content word: "写法".
  private static String withoutLeadingParticles(String run) {
    int start = 0;
    while (start < run.length() - 1 && PARTICLES.indexOf(run.charAt(start)) >= 0) {
      start++;
    }
    return run.substring(start);
  }

  private static String trimParticles(String run) {
    int end = run.length();
    while (end > 0 && PARTICLES.indexOf(run.charAt(end - 1)) >= 0) {
      end--;
    }
    return run.substring(0, end);
  }

  private static String join(List<String> words) {
    StringBuilder sb = new StringBuilder();
    for (String w : words) {
      String next = sb.length() == 0 ? w : sb + "-" + w;
      if (next.length() > MAX_CHARS) {
        if (sb.length() == 0) {
          sb.append(w, 0, MAX_CHARS);
        }
        break;
      }
      sb.setLength(0);
      sb.append(next);
    }
    return sb.toString();
  }

  private static String cut(String name) {
    if (name.length() <= MAX_CHARS) {
      return name;
    }
    int dash = name.lastIndexOf('-', MAX_CHARS);
    return dash > 0 ? name.substring(0, dash) : name.substring(0, MAX_CHARS);
  }
}
