package io.engram.hooks;

import io.engram.config.EngramSettings;
import io.engram.memory.StoredMemory;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Interim recall for the hooks and the MCP server: BM25 keyword scoring over each memory's name,
 * description and body (name and description count double), within the per-turn budgets of
 * {@link EngramSettings.Recall}. Superseded memories and names already surfaced are left out.
 *
 * <p>It is deliberately simple and replaceable: the hybrid recall of issue 8 (BM25 + vectors + decay)
 * takes its place behind the same call sites.
 */
public final class KeywordRecall {
  private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}_]+");
  private static final Set<String> STOP = Set.of(
      "a", "an", "and", "are", "as", "at", "be", "but", "by", "can", "do", "does", "for", "from", "how",
      "i", "if", "in", "is", "it", "me", "my", "of", "on", "or", "our", "so", "that", "the", "this", "to",
      "we", "what", "when", "where", "which", "who", "why", "with", "you", "your", "should", "would", "will");
  private static final double K1 = 1.2;
  private static final double B = 0.75;

  private final EngramSettings.Recall budgets;

  /** Recall within {@code budgets} (files, bytes per file, bytes per turn). */
  public KeywordRecall(EngramSettings.Recall budgets) {
    this.budgets = budgets;
  }

  /** One memory chosen for a query, its body cut to the per-file budget. */
  public record Recalled(StoredMemory stored, double score, String text, boolean truncated) {
    /** The bytes this recall costs against the budgets. */
    public int bytes() {
      return text.getBytes(StandardCharsets.UTF_8).length;
    }
  }

  /**
   * The memories that best match {@code query}, best first: at most {@code limit} (capped by the
   * files-per-turn budget), each at most the per-file bytes, together at most {@code bytesLeft} and the
   * per-turn bytes; {@code exclude} names (already surfaced in the session) are skipped.
   */
  public List<Recalled> recall(
      String query, Collection<StoredMemory> memories, Set<String> exclude, int limit, int bytesLeft, Instant now) {
    List<String> queryTerms = new ArrayList<>(new LinkedHashSet<>(terms(query)));
    if (queryTerms.isEmpty() || memories.isEmpty()) {
      return List.of();
    }
    List<StoredMemory> live = memories.stream()
        .filter(m -> !m.memory().isSuperseded(now) && !exclude.contains(m.name()))
        .toList();
    Map<StoredMemory, Map<String, Integer>> tf = new HashMap<>();
    Map<String, Integer> df = new HashMap<>();
    double totalLength = 0;
    for (StoredMemory m : live) {
      Map<String, Integer> counts = new HashMap<>();
      List<String> head = terms(m.name().replace('-', ' ') + " " + m.memory().description());
      head.forEach(t -> counts.merge(t, 2, Integer::sum));
      terms(m.memory().body()).forEach(t -> counts.merge(t, 1, Integer::sum));
      tf.put(m, counts);
      counts.keySet().forEach(t -> df.merge(t, 1, Integer::sum));
      totalLength += counts.values().stream().mapToInt(Integer::intValue).sum();
    }
    double avg = live.isEmpty() ? 1 : Math.max(1, totalLength / live.size());
    List<Recalled> ranked = new ArrayList<>();
    for (StoredMemory m : live) {
      Map<String, Integer> counts = tf.get(m);
      double length = counts.values().stream().mapToInt(Integer::intValue).sum();
      double score = 0;
      for (String t : queryTerms) {
        int f = counts.getOrDefault(t, 0);
        if (f > 0) {
          double idf = Math.log(1 + (live.size() - df.get(t) + 0.5) / (df.get(t) + 0.5));
          score += idf * f * (K1 + 1) / (f + K1 * (1 - B + B * length / avg));
        }
      }
      if (score > 0) {
        ranked.add(new Recalled(m, score, "", false));
      }
    }
    ranked.sort(Comparator.comparingDouble(Recalled::score).reversed().thenComparing(r -> r.stored().name()));
    return fit(ranked, Math.min(limit, budgets.filesPerTurn()), Math.min(bytesLeft, budgets.bytesPerTurn()));
  }

  private List<Recalled> fit(List<Recalled> ranked, int files, int bytes) {
    List<Recalled> chosen = new ArrayList<>();
    int used = 0;
    for (Recalled r : ranked) {
      if (chosen.size() >= files) {
        break;
      }
      String body = r.stored().memory().body();
      String cut = cutToBytes(body, budgets.bytesPerFile());
      int size = cut.getBytes(StandardCharsets.UTF_8).length;
      if (used + size > bytes) {
        continue;
      }
      used += size;
      chosen.add(new Recalled(r.stored(), r.score(), cut, cut.length() < body.length()));
    }
    return List.copyOf(chosen);
  }

  /** Lower-case words without stop words; runs of Han characters also give their bigrams. */
  static List<String> terms(String text) {
    List<String> out = new ArrayList<>();
    Matcher m = WORD.matcher(text.toLowerCase(Locale.ROOT));
    while (m.find()) {
      String w = m.group();
      if (w.codePoints().anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN)) {
        int[] cps = w.codePoints().toArray();
        for (int i = 0; i + 1 < cps.length; i++) {
          out.add(new String(cps, i, 2));
        }
        if (cps.length == 1) {
          out.add(w);
        }
      } else if (w.length() > 1 && !STOP.contains(w)) {
        out.add(w);
      }
    }
    return out;
  }

  /** The longest prefix of {@code text} within {@code maxBytes} UTF-8 bytes, not splitting a character. */
  static String cutToBytes(String text, int maxBytes) {
    if (text.getBytes(StandardCharsets.UTF_8).length <= maxBytes) {
      return text;
    }
    int bytes = 0;
    int i = 0;
    while (i < text.length()) {
      int cp = text.codePointAt(i);
      int size = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
      if (bytes + size > maxBytes) {
        break;
      }
      bytes += size;
      i += Character.charCount(cp);
    }
    return text.substring(0, i);
  }
}
